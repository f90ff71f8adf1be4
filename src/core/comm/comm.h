/*
 * Communicators: a group, this process's rank in it, and two contexts
 * (point-to-point and collective traffic never match each other or any
 * other communicator's). Context ids come from a per-process pool; a new
 * communicator takes the lowest id free in every member, agreed by an
 * allreduce (bitwise AND) of the pools over the parent, so creation costs
 * one collective and ids are reused after free. Disjoint communicators
 * made by one split share an id, which is safe: they have no member in
 * common.
 */
#ifndef VMPL_CORE_COMM_COMM_H
#define VMPL_CORE_COMM_COMM_H

#include <core/coll/coll.h>
#include <core/group/group.h>

#define COMM_CONTEXT_IDS 2048 /* per process; two contexts each */
#define COMM_UNDEFINED GROUP_UNDEFINED

typedef struct comm_pool comm_pool_t;

typedef struct comm {
    int refcount;
    group_t *group;
    int rank, size;
    int id;          /* context id: p2p context 2 id, collective context 2 id + 1 */
    int *peers;      /* engine rank of each member */
    coll_comm_t coll;
    p2p_t *p2p;
    comm_pool_t *pool;
    struct comm *pool_prev, *pool_next; /* the pool's live communicators */
    /*
     * Failed members (ranks in this communicator) in the order this
     * process learned of them; the first `acked` are acknowledged (ULFM).
     * Once a member failed, the collective context is failed for good and
     * is retired with the communicator (never handed out again).
     */
    int *failed;
    int failed_count, failed_cap, acked;
} comm_t;

/* The process's context-id pool; ids 0 (world) and 1 (self) are reserved. */
vmpl_status_t comm_pool_create(comm_pool_t **pool_p);
void comm_pool_destroy(comm_pool_t *pool);

/* The world communicator over every engine rank (job rank r = engine rank r). */
vmpl_status_t comm_world_create(p2p_t *p2p, int rank, int size, comm_pool_t *pool,
                                comm_t **comm_p);
/* The communicator of this process alone (context id 1, reserved in every pool). */
vmpl_status_t comm_self_create(p2p_t *p2p, int rank, comm_pool_t *pool, comm_t **comm_p);
static inline uint32_t comm_p2p_context(const comm_t *c)
{
    return (uint32_t)c->id * 2;
}

/* Collective over parent: a copy with a new context. */
vmpl_status_t comm_dup(comm_t *parent, comm_t **comm_p);
/* Collective over parent: color COMM_UNDEFINED gives *comm_p = NULL. */
vmpl_status_t comm_split(comm_t *parent, int color, int key, comm_t **comm_p);
/* Collective over parent: members of group get the new communicator, others NULL. */
vmpl_status_t comm_create(comm_t *parent, group_t *group, comm_t **comm_p);
void comm_release(comm_t *c);

/*
 * Job rank world_rank failed: every communicator of the pool it belongs
 * to records it and fails its collective context in the engine, so every
 * pending and later collective there ends with VMPL_ERR_PROC_FAILED at
 * every live member. Slow path (the runtime's failure listener).
 */
void comm_pool_peer_failed(comm_pool_t *pool, int world_rank);

#endif
