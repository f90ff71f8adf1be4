/*
 * Allreduce in the node channel (coll_shm.h): loads and stores, no messages.
 *
 * Short vectors: every member copies its vector into its slot and, once
 * all did, reduces all p copies itself, in rank order, straight into the
 * result. One synchronization; p.n bytes read per member.
 * Longer vectors go through in blocks of one buffer: each member reduces
 * its 1/p share of the block from every member's copy into its own buffer
 * (reduce-scatter), then copies every member's reduced share (allgather).
 * Two synchronizations per block; per member about 2n bytes copied and
 * n.(p+1)/p read and reduced.
 * Cost (short) = sync + n.beta + p.n.(beta + gamma)
 * Cost (long)  = ceil(n / B).2.sync + 2n.beta + n.gamma   (B: buffer bytes)
 * Predefined operations on contiguous data; operand order is kept. Every
 * member records its vector's size in its line; when they differ
 * (mismatched counts) every member gets VMPL_ERR_TRUNCATE after the first
 * use and reduces nothing. An empty vector takes one use.
 */
#include "../coll_algs.h"
#include "../coll_shm.h"

#include <string.h>

/*
 * Longest vector every member reduces whole (bytes; it fits a slot). Up to
 * 64 KiB at 2 members this was level with the blocks here, no better.
 */
#define ALLREDUCE_SHM_WHOLE_MAX 4096
_Static_assert(ALLREDUCE_SHM_WHOLE_MAX <= COLL_SHM_SHORT, "a short vector fits a slot");

static vmpl_status_t allreduce_whole(coll_comm_t *c, const char *src, char *dst, size_t n,
                                     size_t elem, const coll_op_t *op, int in_place)
{
    const void *stack_srcs[COLL_SHM_STACK_SOURCES], **srcs;
    uint64_t u = coll_shm_next(c);
    size_t bytes = n * elem;
    char *mine = coll_shm_buf(c, c->rank, u, bytes);
    int larger = 0;
    vmpl_status_t status;

    if ((status = coll_shm_writable(c, u, bytes)) != VMPL_OK)
        return status;
    if (bytes)
        memcpy(mine, src, bytes);
    coll_shm_size_set(c, u, bytes);
    coll_shm_publish(c, u, COLL_SHM_READY);
    if ((status = coll_shm_wait(c, COLL_SHM_ALL, u, COLL_SHM_READY)) != VMPL_OK)
        return status;
    if (!coll_shm_sizes_agree(c, u, bytes, &larger)) { /* mismatched counts: nobody reduces */
        coll_shm_leave(c, u);
        return VMPL_ERR_TRUNCATE;
    }
    if (!n) {
        coll_shm_leave(c, u);
        return VMPL_OK;
    }
    if (!(srcs = coll_shm_sources(c, stack_srcs)))
        return VMPL_ERR_NO_MEMORY;
    for (int r = 0; r < c->size; r++)
        srcs[r] = r == c->rank && !in_place ? src : coll_shm_buf(c, r, u, bytes);
    vmpl_reduce_localn(srcs, c->size, dst, n, op->elem, op->op);
    coll_shm_sources_free(srcs, stack_srcs);
    coll_shm_leave(c, u); /* no COLL_SHM_DONE: docs/perf/coll-channel-progress-word.md */
    return VMPL_OK;
}

vmpl_status_t coll_allreduce_shm(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                 int64_t count, const dt_type_t *dt, const coll_op_t *op)
{
    coll_shm_vector_t v;
    size_t block;
    vmpl_status_t status = VMPL_OK;

    if (coll_shm_check(c) != VMPL_OK)
        return VMPL_ERR_PROC_FAILED;
    coll_shm_vector(sendbuf, recvbuf, count, dt, op, &v);
    if (v.n * v.elem <= ALLREDUCE_SHM_WHOLE_MAX) /* an empty one too: counts may differ */
        return allreduce_whole(c, v.src, v.dst, v.n, v.elem, op, sendbuf == COLL_IN_PLACE);
    block = c->node->buf_bytes / v.elem;
    for (size_t done = 0; done < v.n && status == VMPL_OK; done += block) {
        size_t k = v.n - done < block ? v.n - done : block;
        status = coll_shm_reduce_block(c, v.src + done * v.elem, v.dst + done * v.elem, k,
                                       v.elem, v.n * v.elem, op, COLL_SHM_ALL);
    }
    return status;
}
