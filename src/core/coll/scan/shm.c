/*
 * Scan and exscan in the node channel (coll_shm.h): every member copies
 * its vector into its slot or buffer (in buffer-sized pieces when longer);
 * member r waits for members 0 .. r-1 only and reduces their copies and
 * its own (inclusive) in rank order straight into its result. No member
 * waits for one after it.
 * Cost = ceil(n / B).sync + n.beta + r.n.(beta + gamma) at member r
 * Predefined operations on contiguous data.
 */
#include "../coll_algs.h"
#include "../coll_shm.h"

#include <string.h>

vmpl_status_t coll_scan_shm(coll_comm_t *c, const void *sendbuf, void *recvbuf, int64_t count,
                            const dt_type_t *dt, const coll_op_t *op, int exclusive)
{
    const void *stack_srcs[COLL_SHM_STACK_SOURCES], **srcs;
    int folded = exclusive ? c->rank : c->rank + 1; /* members whose vectors this one sums */
    coll_shm_vector_t v;
    size_t elem, n, piece;
    const char *src;
    char *dst;
    vmpl_status_t status = VMPL_OK;

    if (coll_shm_check(c) != VMPL_OK)
        return VMPL_ERR_PROC_FAILED;
    coll_shm_vector(sendbuf, recvbuf, count, dt, op, &v);
    src = v.src, dst = v.dst, n = v.n, elem = v.elem;
    if (!(srcs = coll_shm_sources(c, stack_srcs)))
        return VMPL_ERR_NO_MEMORY;
    piece = (n * elem <= COLL_SHM_SHORT ? COLL_SHM_SHORT : c->node->buf_bytes) / elem;
    for (size_t lo = 0; lo < n && status == VMPL_OK; lo += piece) {
        size_t k = n - lo < piece ? n - lo : piece, room = piece * elem;
        uint64_t u = coll_shm_next(c);
        if ((status = coll_shm_writable(c, u, room)) != VMPL_OK)
            break;
        memcpy(coll_shm_buf(c, c->rank, u, room), src + lo * elem, k * elem);
        coll_shm_publish(c, u, COLL_SHM_READY);
        for (int r = 0; r < c->rank && status == VMPL_OK; r++)
            status = coll_shm_wait(c, r, u, COLL_SHM_READY);
        if (status != VMPL_OK)
            break;
        for (int r = 0; r < folded; r++) /* in place: our own copy, not the result */
            srcs[r] = coll_shm_buf(c, r, u, room);
        if (folded)
            vmpl_reduce_localn(srcs, folded, dst + lo * elem, k, op->elem, op->op);
        coll_shm_publish(c, u, COLL_SHM_DONE);
    }
    coll_shm_sources_free(srcs, stack_srcs);
    return status;
}
