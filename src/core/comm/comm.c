/* Communicator creation over the context-id pool (comm.h). */
#include "comm_private.h"

#include <base/log.h>
#include <core/coll/coll_shm.h>

#include <stdlib.h>
#include <string.h>

struct comm_pool {
    uint32_t free[COMM_CONTEXT_IDS / 32]; /* bit set: id free in this process */
    comm_t *live;                         /* every communicator not yet released */
};

vmpl_status_t comm_pool_create(comm_pool_t **pool_p)
{
    comm_pool_t *pool = malloc(sizeof(*pool));

    if (!pool)
        return VMPL_ERR_NO_MEMORY;
    memset(pool->free, 0xff, sizeof(pool->free));
    pool->live = NULL;
    pool->free[0] &= ~3u; /* id 0: the world, id 1: self */
    *pool_p = pool;
    return VMPL_OK;
}

void comm_pool_destroy(comm_pool_t *pool)
{
    free(pool);
}

/* Records that member r failed and fails the collective context (slow path). */
static void comm_member_failed(comm_t *c, int r)
{
    for (int i = 0; i < c->failed_count; i++)
        if (c->failed[i] == r)
            return;
    if (c->failed_count == c->failed_cap) {
        int cap = c->failed_cap ? 2 * c->failed_cap : 4;
        int *failed = realloc(c->failed, (size_t)cap * sizeof(*failed));
        if (!failed) { /* the collectives still fail; the failed group misses r */
            base_error("comm", "out of memory recording the failure of rank %d", r);
            p2p_context_failed(c->p2p, c->coll.ctx);
            return;
        }
        c->failed = failed;
        c->failed_cap = cap;
    }
    c->failed[c->failed_count++] = r;
    p2p_context_failed(c->p2p, c->coll.ctx);
}

void comm_pool_peer_failed(comm_pool_t *pool, int world_rank)
{
    for (comm_t *c = pool->live; c; c = c->pool_next) {
        int r = group_rank_of(c->group, world_rank);
        if (r != GROUP_UNDEFINED)
            comm_member_failed(c, r);
    }
}

/* A communicator object over group with this process at rank (ids set by the caller). */
static vmpl_status_t comm_new(p2p_t *p2p, group_t *group, int rank, comm_pool_t *pool, int id,
                              tl_iface_t *channels, comm_t **comm_p)
{
    comm_t *c = calloc(1, sizeof(*c));

    if (!c)
        return VMPL_ERR_NO_MEMORY;
    c->peers = malloc((size_t)(group->size ? group->size : 1) * sizeof(int));
    if (!c->peers) {
        free(c);
        return VMPL_ERR_NO_MEMORY;
    }
    memcpy(c->peers, group->world, (size_t)group->size * sizeof(int)); /* one node: job = engine */
    group_retain(group);
    c->refcount = 1;
    c->group = group;
    c->rank = rank;
    c->size = group->size;
    c->id = id;
    c->p2p = p2p;
    c->pool = pool;
    c->coll = (coll_comm_t){.p2p = p2p, .rank = rank, .size = group->size, .peers = c->peers,
                            .ctx = (uint32_t)id * 2 + 1, .channels = channels};
    c->pool_next = pool->live;
    if (pool->live)
        pool->live->pool_prev = c;
    pool->live = c;
    for (int r = 0; r < c->size; r++) /* members that failed before it was made */
        if (p2p_peer_is_failed(p2p, c->peers[r]))
            comm_member_failed(c, r);
    *comm_p = c;
    return VMPL_OK;
}

vmpl_status_t comm_world_create(p2p_t *p2p, int rank, int size, comm_pool_t *pool,
                                comm_t **comm_p)
{
    int *world = malloc((size_t)size * sizeof(int));
    group_t *group;
    vmpl_status_t status;

    if (!world)
        return VMPL_ERR_NO_MEMORY;
    for (int r = 0; r < size; r++)
        world[r] = r;
    status = group_create(size, world, &group);
    free(world);
    if (status != VMPL_OK)
        return status;
    status = comm_new(p2p, group, rank, pool, 0, NULL, comm_p);
    group_release(group);
    return status;
}

vmpl_status_t comm_self_create(p2p_t *p2p, int rank, comm_pool_t *pool, comm_t **comm_p)
{
    group_t *group;
    vmpl_status_t status = group_create(1, &rank, &group);

    if (status != VMPL_OK)
        return status;
    status = comm_new(p2p, group, 0, pool, 1, NULL, comm_p);
    group_release(group);
    return status;
}

/*
 * The lowest context id free in every process of parent (an allreduce of
 * the pools with BAND), taken from this process's pool. participate = 0:
 * this process offers its pool but takes nothing (not a member).
 */
vmpl_status_t comm_context_agree(comm_t *parent, int participate, int *id_p)
{
    uint32_t mask[COMM_CONTEXT_IDS / 32];
    const coll_op_t band = {.op = VMPL_OP_BAND, .elem = VMPL_TYPE_UINT32, .commutative = 1};
    vmpl_status_t status;

    if (!participate)
        memset(mask, 0xff, sizeof(mask)); /* impose nothing on the members */
    else
        memcpy(mask, parent->pool->free, sizeof(mask));
    status = coll_allreduce(&parent->coll, COLL_IN_PLACE, mask, COMM_CONTEXT_IDS / 32,
                            dt_named(DT_UINT32), &band);
    if (status != VMPL_OK)
        return status;
    for (int w = 0; w < COMM_CONTEXT_IDS / 32; w++)
        if (mask[w]) {
            int bit = __builtin_ctz(mask[w]);
            *id_p = w * 32 + bit;
            if (participate)
                parent->pool->free[w] &= ~(1u << bit);
            return VMPL_OK;
        }
    base_error("comm", "all %d context ids are in use", COMM_CONTEXT_IDS);
    return VMPL_ERR_NO_MEMORY;
}

vmpl_status_t comm_object_new(comm_t *parent, group_t *group, int rank, int id, comm_t **comm_p)
{
    return comm_new(parent->p2p, group, rank, parent->pool, id, parent->coll.channels, comm_p);
}

vmpl_status_t comm_dup(comm_t *parent, comm_t **comm_p)
{
    int id;
    vmpl_status_t status = comm_context_agree(parent, 1, &id);

    return status != VMPL_OK ? status
                             : comm_new(parent->p2p, parent->group, parent->rank, parent->pool,
                                        id, parent->coll.channels, comm_p);
}

vmpl_status_t comm_create(comm_t *parent, group_t *group, comm_t **comm_p)
{
    int rank = group_rank_of(group, parent->group->world[parent->rank]), id;
    vmpl_status_t status = comm_context_agree(parent, rank != GROUP_UNDEFINED, &id);

    if (status != VMPL_OK)
        return status;
    if (rank == GROUP_UNDEFINED) {
        *comm_p = NULL;
        return VMPL_OK;
    }
    return comm_new(parent->p2p, group, rank, parent->pool, id, parent->coll.channels, comm_p);
}

void comm_release(comm_t *c)
{
    if (!c || --c->refcount > 0)
        return;
    if (c->pool_prev)
        c->pool_prev->pool_next = c->pool_next;
    else
        c->pool->live = c->pool_next;
    if (c->pool_next)
        c->pool_next->pool_prev = c->pool_prev;
    /* a failed context id is retired: a late message on it must find it failed */
    if (c->id != 0 && c->failed_count == 0)
        c->pool->free[c->id / 32] |= 1u << (c->id % 32);
    coll_shm_detach(&c->coll);
    group_release(c->group);
    free(c->failed);
    free(c->peers);
    free(c);
}
