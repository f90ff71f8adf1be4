/*
 * The node channel: collectives by direct loads and stores in the node
 * memory of a transport (TL_CAP_NODE_MEM, tl.h: the instance hands out
 * the iface that has it), no messages. A channel serves one communicator
 * whose members all live on this node (engine rank = local rank: a
 * one-node job): its counters are that communicator's alone.
 *
 * Node memory of each local rank (coll_shm_node_bytes):
 *
 *   area [1 + channels]: channel 0 is MPI_COMM_WORLD's (coll_shm_attach),
 *                        1..channels the pool's (VMPL_COLL_SHM_CHANNELS)
 *   entry [channels]:    the pool's table, used in local rank 0's memory only:
 *                        { owned (u32), refs (u32), use_end (u64) } (64 bytes each)
 *
 * Any other communicator takes a pool channel on its first collective
 * (coll_shm_join): its rank 0 claims a free entry (owned 0 -> 1, refs =
 * members), and one allreduce over messages tells every member which, and
 * whether every member could attach; with no free entry, or a member
 * without memory, the communicator uses messages for its whole life. Its
 * member of local rank L uses area L of the channel. On free each member
 * raises use_end to its use count and drops a ref; the last one frees the
 * entry. The next owner numbers its uses on from use_end, so a stamp left
 * by the previous owner never looks like one of its own (no clearing).
 * A communicator with a failed member may never give its entry back.
 *
 * Shared layout, per member, in the member's collective area:
 *
 *   line [COLL_SHM_LINES]: { stamp (u64), inline data [COLL_SHM_INLINE], size (u64) }
 *                          (64 bytes each)
 *   progress (u64, a line of its own): the highest stamp this member published
 *   slot [COLL_SHM_SLOTS]: data [COLL_SHM_SHORT]
 *   buffer [2]: data [buf_bytes]
 *
 * Collectives go through numbered uses (u = 1, 2, ...). Use u takes line
 * u % COLL_SHM_LINES; its data goes in that line (up to COLL_SHM_INLINE
 * bytes: one cache-line transfer to a reader), in slot u % COLL_SHM_SLOTS
 * (up to COLL_SHM_SHORT bytes) or in buffer u % 2. A member announces its
 * progress in use u by storing the line's stamp, 4u + phase, with release
 * after its data: COLL_SHM_READY (its data is in place), COLL_SHM_REDUCED
 * (its share is reduced, for the algorithms that reduce in place) and
 * COLL_SHM_DONE (it reads nothing of use u any more). Every member
 * publishes, and rings, in every use it takes part in.
 *
 * A use may end without COLL_SHM_DONE, to save a store and a ring (the
 * short allreduce: everyone waits for everyone in each use, so nobody
 * waits for that stamp soon). Such a member leaves the use with
 * coll_shm_leave instead: it stores 4u + COLL_SHM_DONE in its progress
 * word, a line of its own that no reader polls, without a ring (its next
 * publish rings). A writer waiting for a member to be done with an old use
 * asks the line's stamp, then the progress word; a reader of a use's data
 * asks the line alone. A member may overwrite the
 * memory of use u once every member is done with the last use of that
 * memory: u - COLL_SHM_LINES, u - COLL_SHM_SLOTS or u - 2
 * (coll_shm_writable). A line's size word, where an algorithm sets it, is
 * the packed bytes the writer's arguments describe for the whole
 * collective: a reader whose own arguments describe fewer reports
 * VMPL_ERR_TRUNCATE (mismatched counts) instead of reading past them. It
 * shares the line with the stamp, so it costs no cache-line transfer.
 * With mismatched counts the members must still take the same uses (a
 * member's use count follows its own size only on correct calls): a
 * reader that waits for a writer follows the writer's size word (its
 * pieces, and where they are); where several write, the first use's size
 * words decide for everyone who reads them, and a member that writes more
 * than one piece without reading waits for them in the first use (only
 * calls longer than a buffer). A zero-byte call takes one use too, so a
 * member with count 0 learns what the others send. A writer of short data
 * thus runs many uses ahead of its slowest reader, which is what
 * oversubscribed runs need: each process does many collectives per time
 * slice instead of one (record: docs/perf/coll-node-channel-tuning.md).
 *
 * Waiting spins, yields and sleeps in the transport's wait (tl_ops_t.wait)
 * and keeps the point-to-point engine moving; a publisher rings whoever may
 * sleep. A wait fails with VMPL_ERR_PROC_FAILED as soon as the member it
 * waits for, or the communicator, is known to have failed.
 */
#ifndef VMPL_CORE_COLL_COLL_SHM_H
#define VMPL_CORE_COLL_COLL_SHM_H

#include "coll_private.h"

#include <stdatomic.h>
#include <stdlib.h>

#define COLL_SHM_LINES 256
#define COLL_SHM_INLINE 48 /* data bytes in a line, after the stamp and before the size */
#define COLL_SHM_SLOTS 32
#define COLL_SHM_SHORT 4096 /* bytes of a slot: the longest short data */
#define COLL_SHM_ALL (-1)

enum { COLL_SHM_READY = 1, COLL_SHM_REDUCED = 2, COLL_SHM_DONE = 3 };

struct coll_shm {
    tl_iface_t *iface; /* the node memory's transport: its wait and ring */
    char *areas;       /* this channel's area of local rank 0; local rank r's at + r * stride */
    size_t stride;     /* bytes of a local rank's node memory */
    int entry;         /* the pool's entry, -1: the world's channel */
    size_t buf_bytes;  /* data bytes of one buffer */
    uint64_t use;      /* buffer uses made: the same at every member between collectives */
    uint64_t synced;   /* every member is known to be done with this use */
};

/* Bytes of one member's collective area in one channel. */
size_t coll_shm_area_bytes(void);
/* Bytes of node memory per local rank: every channel's area and the pool's table. */
size_t coll_shm_node_bytes(void);
/*
 * Gives c (MPI_COMM_WORLD) channel 0 over the node memory of iface
 * (TL_CAP_NODE_MEM); c's members must be the iface's local ranks (engine
 * rank = local rank). Communicators made from c inherit c->channels and
 * join the pool. Freed by coll_shm_detach.
 */
vmpl_status_t coll_shm_attach(coll_comm_t *c, tl_iface_t *iface);
/*
 * Collective over c, once, on its first collective (coll_pick): a pool
 * channel for c, or none for good. Costs one allreduce over messages.
 */
void coll_shm_join(coll_comm_t *c);
/* Leaves c's channel (a pool entry goes back when its last member left). */
void coll_shm_detach(coll_comm_t *c);

/*
 * VMPL_ERR_PROC_FAILED once the communicator failed (a member failed
 * before, as far as the runtime has told): its collectives fail at once,
 * as they do over messages, even where this member would wait for nobody.
 */
static inline vmpl_status_t coll_shm_check(const coll_comm_t *c)
{
    p2p_failures_update(c->p2p);
    return p2p_context_is_failed(c->p2p, c->ctx) ? VMPL_ERR_PROC_FAILED : VMPL_OK;
}

/* The next buffer use (every member calls this the same number of times). */
static inline uint64_t coll_shm_next(coll_comm_t *c)
{
    return ++c->node->use;
}

/* Waits until this member may write len bytes for use u (coll_shm_buf). */
vmpl_status_t coll_shm_writable(coll_comm_t *c, uint64_t u, size_t len);

/*
 * Where member r's data of use u is when the use carries len bytes (a
 * slot's short data, or a buffer); writer and readers pass the same len.
 */
static inline char *coll_shm_buf(const coll_comm_t *c, int r, uint64_t u, size_t len)
{
    const struct coll_shm *s = c->node;
    char *area = s->areas + (size_t)coll_peer(c, r) * s->stride;

    if (len <= COLL_SHM_INLINE)
        return area + (u % COLL_SHM_LINES) * 64 + 8;
    area += COLL_SHM_LINES * 64 + 64; /* past the lines and the progress word */
    if (len <= COLL_SHM_SHORT)
        return area + (u % COLL_SHM_SLOTS) * COLL_SHM_SHORT;
    return area + COLL_SHM_SLOTS * COLL_SHM_SHORT + (u & 1) * s->buf_bytes;
}

/* Records the packed bytes of this member's data in the collective of use u (before publishing u). */
static inline void coll_shm_size_set(coll_comm_t *c, uint64_t u, uint64_t bytes)
{
    const struct coll_shm *s = c->node;
    char *line = s->areas + (size_t)coll_peer(c, c->rank) * s->stride + (u % COLL_SHM_LINES) * 64;

    *(uint64_t *)(line + 8 + COLL_SHM_INLINE) = bytes;
}

/* The bytes member r recorded for use u: read after waiting for r's data of u. */
static inline uint64_t coll_shm_size_of(const coll_comm_t *c, int r, uint64_t u)
{
    const struct coll_shm *s = c->node;
    const char *line = s->areas + (size_t)coll_peer(c, r) * s->stride + (u % COLL_SHM_LINES) * 64;

    return *(const uint64_t *)(line + 8 + COLL_SHM_INLINE);
}

/*
 * Whether every other member recorded `bytes` in use u (read after waiting
 * for their data of u); sets *larger_p when one recorded more.
 */
int coll_shm_sizes_agree(const coll_comm_t *c, uint64_t u, uint64_t bytes, int *larger_p);

/* Announces this member's phase of use u (everything written before is visible). */
void coll_shm_publish(coll_comm_t *c, uint64_t u, int phase);
/* Says this member is done with use u, which it ends without COLL_SHM_DONE. */
void coll_shm_leave(coll_comm_t *c, uint64_t u);
/* Waits until member r (COLL_SHM_ALL: every other member) reached phase of use u. */
vmpl_status_t coll_shm_wait(coll_comm_t *c, int r, uint64_t u, int phase);

/* Room for p source pointers: `stack` (COLL_SHM_STACK_SOURCES) when p fits, else the heap. */
#define COLL_SHM_STACK_SOURCES 64
static inline const void **coll_shm_sources(const coll_comm_t *c, const void **stack)
{
    return c->size <= COLL_SHM_STACK_SOURCES ? stack
                                             : malloc((size_t)c->size * sizeof(*stack));
}

static inline void coll_shm_sources_free(const void **srcs, const void **stack)
{
    if (srcs != stack)
        free((void *)srcs);
}

/*
 * The vector a reduction in the channel works on: n elements of op->elem
 * (elem bytes each) at src (sendbuf, or dst in place) and dst (recvbuf;
 * NULL where recvbuf is). Only for calls coll_shm_reduce_fits accepts.
 */
typedef struct {
    const char *src;
    char *dst;
    size_t n, elem;
} coll_shm_vector_t;

void coll_shm_vector(const void *sendbuf, void *recvbuf, int64_t count, const dt_type_t *dt,
                     const coll_op_t *op, coll_shm_vector_t *v_p);

/* Whether the channel can reduce count elements of dt with op (contiguous, predefined op). */
int coll_shm_reduce_fits(const coll_comm_t *c, int64_t count, const dt_type_t *dt,
                         const coll_op_t *op);

/*
 * Reduces a block of n elements (elem bytes each) that every member holds
 * at src: the members copy what the others need into their buffers, each
 * reduces its share from all members' copies in rank order (so operand
 * order holds), and then every member (root COLL_SHM_ALL) or only the root
 * copies the n results to dst. n * elem must fit a buffer. total is the
 * bytes of the member's whole vector: when the members' differ, every
 * member returns VMPL_ERR_TRUNCATE after the use and reduces nothing.
 */
vmpl_status_t coll_shm_reduce_block(coll_comm_t *c, const char *src, char *dst, size_t n,
                                    size_t elem, size_t total, const coll_op_t *op, int root);

#endif
