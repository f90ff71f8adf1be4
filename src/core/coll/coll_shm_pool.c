/*
 * Where node channels get their memory (coll_shm.h): channel 0 is
 * MPI_COMM_WORLD's, the others come from a bounded per-node pool on a
 * communicator's first collective and go back when its last member frees it.
 */
#include "coll_algs.h"
#include "coll_shm.h"

#include <base/log.h>
#include <base/settings.h>

#include <stdint.h>
#include <stdlib.h>

#define COLL_SHM_CHANNELS_MAX 1024

/* A pool entry: one line of the table in local rank 0's node memory (coll_shm.h). */
typedef struct {
    _Atomic uint32_t owned;   /* 1: a communicator has the channel */
    _Atomic uint32_t refs;    /* its members that did not free it yet */
    _Atomic uint64_t use_end; /* the highest use any owner made: the next one starts above */
    char pad[48];
} coll_shm_entry_t;

_Static_assert(sizeof(coll_shm_entry_t) == 64, "a pool entry is one cache line");

static size_t buf_bytes_setting(void)
{
    long bytes = base_settings()->coll_shm_bytes;

    /* whole lines, and room for at least one line of data */
    return bytes < 64 ? 64 : ((size_t)bytes + 63) & ~(size_t)63;
}

static int channels_setting(void)
{
    long n = base_settings()->coll_shm_channels;

    return n < 0 ? 0 : n > COLL_SHM_CHANNELS_MAX ? COLL_SHM_CHANNELS_MAX : (int)n;
}

size_t coll_shm_area_bytes(void)
{
    return COLL_SHM_LINES * 64 + 64 + COLL_SHM_SLOTS * COLL_SHM_SHORT + 2 * buf_bytes_setting();
}

size_t coll_shm_node_bytes(void)
{
    size_t channels = (size_t)channels_setting();

    return (1 + channels) * coll_shm_area_bytes() + channels * sizeof(coll_shm_entry_t);
}

static coll_shm_entry_t *entry_of(char *node_mem, int entry)
{
    char *table = node_mem + (1 + (size_t)channels_setting()) * coll_shm_area_bytes();

    return (coll_shm_entry_t *)table + entry;
}

/* Channel `index` (0: the world's, 1 + e: pool entry e) for c, starting after use `base`. */
static vmpl_status_t channel_open(coll_comm_t *c, char *node_mem, size_t stride, int index,
                                  uint64_t base)
{
    struct coll_shm *s = calloc(1, sizeof(*s)); /* freed by coll_shm_detach */

    if (!s)
        return VMPL_ERR_NO_MEMORY;
    s->iface = c->channels;
    s->areas = node_mem + (size_t)index * coll_shm_area_bytes();
    s->stride = stride;
    s->entry = -1; /* the world's channel, or a pool entry not agreed on yet */
    s->buf_bytes = buf_bytes_setting();
    s->use = base;
    s->synced = base; /* every use up to base is over: its owner freed the channel */
    c->node = s;
    return VMPL_OK;
}

vmpl_status_t coll_shm_attach(coll_comm_t *c, tl_iface_t *iface)
{
    size_t stride = 0;
    char *node_mem;
    tl_caps_t caps;

    tl_iface_query(iface, &caps);
    if (!(caps.flags & TL_CAP_NODE_MEM) || !(caps.flags & TL_CAP_WAKEUP))
        return VMPL_ERR_UNSUPPORTED;
    node_mem = iface->ops->node_mem(iface, 0, &stride);
    if (!node_mem || stride < coll_shm_node_bytes())
        return VMPL_ERR_INVALID_ARG;
    c->channels = iface; /* for the communicators made from c, even if c gets no channel */
    c->channel_tried = 1;
    return channel_open(c, node_mem, stride, 0, 0);
}

/* A free entry, now owned with refs members (-1: none); *use_end_p where its uses start. */
static int pool_claim(char *node_mem, int refs, uint64_t *use_end_p)
{
    for (int e = 0; e < channels_setting(); e++) {
        coll_shm_entry_t *entry = entry_of(node_mem, e);
        uint32_t free_ = 0;
        if (atomic_compare_exchange_strong_explicit(&entry->owned, &free_, 1,
                                                    memory_order_acquire,
                                                    memory_order_relaxed)) {
            atomic_store_explicit(&entry->refs, (uint32_t)refs, memory_order_relaxed);
            *use_end_p = atomic_load_explicit(&entry->use_end, memory_order_relaxed);
            return e;
        }
    }
    return -1;
}

/* A member is done with entry e after `use` uses; the last one gives it back. */
static void pool_put(char *node_mem, int e, uint64_t use)
{
    coll_shm_entry_t *entry = entry_of(node_mem, e);
    uint64_t end = atomic_load_explicit(&entry->use_end, memory_order_relaxed);

    while (end < use && !atomic_compare_exchange_weak_explicit(&entry->use_end, &end, use,
                                                               memory_order_relaxed,
                                                               memory_order_relaxed))
        ;
    if (atomic_fetch_sub_explicit(&entry->refs, 1, memory_order_acq_rel) == 1)
        atomic_store_explicit(&entry->owned, 0, memory_order_release);
}

void coll_shm_join(coll_comm_t *c)
{
    enum { VOTE_OK, VOTE_ENTRY, VOTE_BASE };
    const coll_op_t min = {.op = VMPL_OP_MIN, .elem = VMPL_TYPE_UINT64, .commutative = 1};
    uint64_t vote[3] = {1, UINT64_MAX, UINT64_MAX}, channels = (uint64_t)channels_setting();
    size_t stride = 0;
    char *node_mem;
    int entry = -1;
    vmpl_status_t status;

    c->channel_tried = 1;
    /* the same answer at every member: each inherited channels from the same parent */
    if (!c->channels || c->node || c->size < 2 || !channels)
        return;
    node_mem = c->channels->ops->node_mem(c->channels, 0, &stride);
    if (c->rank == 0 && (entry = pool_claim(node_mem, c->size, &vote[VOTE_BASE])) >= 0)
        vote[VOTE_ENTRY] = (uint64_t)entry;
    /* every member either attaches or lets go: no member may be left out */
    if (channel_open(c, node_mem, stride, 1, 0) != VMPL_OK)
        vote[VOTE_OK] = 0;
    c->seq++;
    status = coll_allreduce_recursive_doubling(c, COLL_IN_PLACE, vote, 3, dt_named(DT_UINT64),
                                               &min);
    if (status != VMPL_OK || !vote[VOTE_OK] || vote[VOTE_ENTRY] >= channels) {
        /* after a failure the entry stays taken: a member may be using it */
        if (status == VMPL_OK && entry >= 0) /* nobody attached: free again at once */
            atomic_store_explicit(&entry_of(node_mem, entry)->owned, 0, memory_order_release);
        coll_shm_detach(c);
        if (c->rank == 0)
            base_info("coll", "a communicator of %d ranks has no node channel (%s): it uses "
                      "messages", c->size, status != VMPL_OK ? vmpl_status_string(status)
                                           : !vote[VOTE_OK] ? "a member has no memory"
                                                            : "all VMPL_COLL_SHM_CHANNELS in use");
        return;
    }
    c->node->areas += (size_t)vote[VOTE_ENTRY] * coll_shm_area_bytes();
    c->node->entry = (int)vote[VOTE_ENTRY];
    c->node->use = c->node->synced = vote[VOTE_BASE];
    if (c->rank == 0)
        base_info("coll", "a communicator of %d ranks takes node channel %d of %llu", c->size,
                  c->node->entry + 1, (unsigned long long)channels);
}

void coll_shm_detach(coll_comm_t *c)
{
    struct coll_shm *s = c->node;

    if (s && s->entry >= 0) {
        size_t stride;
        pool_put(s->iface->ops->node_mem(s->iface, 0, &stride), s->entry, s->use);
    }
    free(s);
    c->node = NULL;
}
