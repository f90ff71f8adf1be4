/*
 * Reduce-scatter(v/block) in the node channel (coll_shm.h): every member
 * copies its whole vector into its slot or buffer (in buffer-sized pieces
 * when longer) and, once all did, reduces the part of its own block in
 * the piece from all members' copies, in rank order, straight into its
 * result. In place works: a member reads its own input from its copy, and
 * its result never overtakes input it has not copied yet.
 * Cost = ceil(n / B).sync + n.beta + (p . m).(beta + gamma)   (m: own block)
 * Predefined operations on contiguous data.
 */
#include "../coll_algs.h"
#include "../coll_shm.h"

#include <string.h>

vmpl_status_t coll_reduce_scatterv_shm(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                       const int64_t recvcounts[], const dt_type_t *dt,
                                       const coll_op_t *op)
{
    const void *stack_srcs[COLL_SHM_STACK_SOURCES], **srcs;
    size_t elem = vmpl_type_size(op->elem), per = (size_t)dt_type_size(dt) / elem;
    size_t n = 0, mine_lo = 0, mine_hi, piece;
    dt_aint_t offset = 0;
    const char *src;
    char *dst;
    vmpl_status_t status = VMPL_OK;

    if (coll_shm_check(c) != VMPL_OK)
        return VMPL_ERR_PROC_FAILED;
    for (int r = 0; r < c->size; r++) { /* in elements of op->elem */
        if (r == c->rank)
            mine_lo = n;
        n += (size_t)recvcounts[r] * per;
    }
    mine_hi = mine_lo + (size_t)recvcounts[c->rank] * per;
    dt_type_contiguous_run(dt, recvcounts[c->rank], &offset);
    dst = (char *)recvbuf + offset;
    src = sendbuf == COLL_IN_PLACE ? dst : (const char *)sendbuf + offset;
    if (!(srcs = coll_shm_sources(c, stack_srcs)))
        return VMPL_ERR_NO_MEMORY;
    piece = (n * elem <= COLL_SHM_SHORT ? COLL_SHM_SHORT : c->node->buf_bytes) / elem;
    for (size_t lo = 0; lo < n && status == VMPL_OK; lo += piece) {
        size_t hi = n - lo < piece ? n : lo + piece, bytes = (hi - lo) * elem;
        size_t a = lo > mine_lo ? lo : mine_lo, b = hi < mine_hi ? hi : mine_hi;
        uint64_t u = coll_shm_next(c);
        size_t room = piece * elem; /* every use of this call: the same memory class */
        if ((status = coll_shm_writable(c, u, room)) != VMPL_OK)
            break;
        memcpy(coll_shm_buf(c, c->rank, u, room), src + lo * elem, bytes);
        coll_shm_publish(c, u, COLL_SHM_READY);
        if ((status = coll_shm_wait(c, COLL_SHM_ALL, u, COLL_SHM_READY)) != VMPL_OK)
            break;
        if (a < b) {
            for (int r = 0; r < c->size; r++)
                srcs[r] = coll_shm_buf(c, r, u, room) + (a - lo) * elem;
            vmpl_reduce_localn(srcs, c->size, dst + (a - mine_lo) * elem, b - a, op->elem,
                               op->op);
        }
        coll_shm_publish(c, u, COLL_SHM_DONE);
    }
    coll_shm_sources_free(srcs, stack_srcs);
    return status;
}
