/*
 * Reduce in the node channel (coll_shm.h).
 * Two members, or short vectors: every other member copies its vector
 * into its slot (short) or buffer and goes on (short: up to
 * COLL_SHM_SLOTS - 1 reduces ahead); the root reduces the p copies in rank
 * order straight into the result.
 * Otherwise, in blocks of one buffer: every member reduces its 1/p
 * share of the block from all members' copies (rank order kept), and the
 * root copies the p reduced shares.
 * Cost (root)   = n.beta + ceil(n / B).sync at each member, p.n.(beta + gamma) at the root
 * Cost (blocks) = ceil(n / B).2.sync + n.beta + n.gamma/p at each member, plus n.beta at the root
 * Predefined operations on contiguous data. Every member records its
 * vector's size in the line of each use. When they differ (mismatched
 * counts), everyone stops after the first use and reduces nothing; the
 * members that saw the sizes differ return VMPL_ERR_TRUNCATE (coll_reduce
 * keeps it for the root alone). Those that wait for everyone anyway
 * (everyone in blocks, the root alone) see them at once; a member that
 * copies more than one piece for the root waits for everyone's first
 * (vectors longer than a buffer only). An empty vector takes one use.
 */
#include "../coll_algs.h"
#include "../coll_shm.h"

#include <string.h>

/*
 * Whether the root reduces alone: with 2 members at every size, else up to
 * 16 KiB; above, sharing the reduction out is faster (record:
 * docs/perf/coll-node-channel-tuning.md).
 */
static int root_reduces_alone(const coll_comm_t *c, size_t bytes)
{
    return c->size == 2 || bytes <= 16 * 1024;
}

/*
 * One piece of n elements of a vector of total bytes (each member's own);
 * first_of_many: the first of several. VMPL_ERR_TRUNCATE when the members'
 * sizes differ, at every member that reads them: all stop.
 */
static vmpl_status_t reduce_piece(coll_comm_t *c, const char *src, char *dst, size_t n,
                                  size_t elem, size_t total, const coll_op_t *op, int root,
                                  int first_of_many)
{
    const void *stack_srcs[COLL_SHM_STACK_SOURCES], **srcs;
    uint64_t u = coll_shm_next(c);
    size_t bytes = n * elem;
    int larger = 0;
    vmpl_status_t status;

    if (c->rank != root) {
        if ((status = coll_shm_writable(c, u, bytes)) != VMPL_OK)
            return status;
        if (bytes)
            memcpy(coll_shm_buf(c, c->rank, u, bytes), src, bytes);
        coll_shm_size_set(c, u, total);
        coll_shm_publish(c, u, COLL_SHM_DONE); /* ready, and reads nothing */
        if (!first_of_many ||
            (status = coll_shm_wait(c, COLL_SHM_ALL, u, COLL_SHM_READY)) != VMPL_OK)
            return status;
        return coll_shm_sizes_agree(c, u, total, &larger) ? VMPL_OK : VMPL_ERR_TRUNCATE;
    }
    coll_shm_size_set(c, u, total);
    if (first_of_many) /* the members that copy more pieces wait for this */
        coll_shm_publish(c, u, COLL_SHM_READY);
    if ((status = coll_shm_wait(c, COLL_SHM_ALL, u, COLL_SHM_READY)) != VMPL_OK)
        return status;
    if (!coll_shm_sizes_agree(c, u, total, &larger)) {
        coll_shm_publish(c, u, COLL_SHM_DONE);
        return VMPL_ERR_TRUNCATE;
    }
    if (!n) {
        coll_shm_publish(c, u, COLL_SHM_DONE);
        return VMPL_OK;
    }
    if (!(srcs = coll_shm_sources(c, stack_srcs)))
        return VMPL_ERR_NO_MEMORY;
    for (int r = 0; r < c->size; r++)
        srcs[r] = r == root ? src : coll_shm_buf(c, r, u, bytes);
    if (src == dst && root != 0) { /* in place: the result may overwrite only the first source */
        srcs[root] = coll_shm_buf(c, root, u, bytes);
        memcpy((void *)srcs[root], src, bytes); /* the root's own buffer: nobody reads it */
    }
    vmpl_reduce_localn(srcs, c->size, dst, n, op->elem, op->op);
    coll_shm_sources_free(srcs, stack_srcs);
    coll_shm_publish(c, u, COLL_SHM_DONE);
    return VMPL_OK;
}

vmpl_status_t coll_reduce_shm(coll_comm_t *c, const void *sendbuf, void *recvbuf, int64_t count,
                              const dt_type_t *dt, const coll_op_t *op, int root)
{
    coll_shm_vector_t v;
    size_t elem, n, block;
    const char *src;
    char *dst;
    vmpl_status_t status = VMPL_OK;

    if (coll_shm_check(c) != VMPL_OK)
        return VMPL_ERR_PROC_FAILED;
    /* the receive buffer means something at the root only */
    coll_shm_vector(sendbuf, c->rank == root ? recvbuf : NULL, count, dt, op, &v);
    src = v.src, dst = v.dst, n = v.n, elem = v.elem;
    block = c->node->buf_bytes / elem;
    if (root_reduces_alone(c, n * elem)) {
        size_t piece = (n * elem <= COLL_SHM_SHORT ? COLL_SHM_SHORT : c->node->buf_bytes) / elem;
        size_t done = 0;
        do {
            status = reduce_piece(c, src + done * elem, dst ? dst + done * elem : NULL,
                                  n - done < piece ? n - done : piece, elem, n * elem, op, root,
                                  done == 0 && n > piece);
            done += piece;
        } while (done < n && status == VMPL_OK);
    } else {
        for (size_t done = 0; done < n && status == VMPL_OK; done += block) {
            size_t k = n - done < block ? n - done : block;
            status = coll_shm_reduce_block(c, src + done * elem, dst ? dst + done * elem : NULL,
                                           k, elem, n * elem, op, root);
        }
    }
    return status; /* VMPL_ERR_TRUNCATE at every member that saw the sizes differ */
}
