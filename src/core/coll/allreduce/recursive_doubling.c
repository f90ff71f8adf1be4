/*
 * Allreduce by recursive doubling: in step k every process swaps its
 * partial result with the process whose rank differs in bit k and
 * combines the two, lower rank's operand on the left, so the operand
 * order stays x0 op x1 op ... op x(p-1) and non-commutative operations
 * are served too. With p not a power of two, the first 2r processes
 * (r = p - 2^floor(lg p)) pair up first (coll_fold.h).
 * Cost = (ceil(lg p) + 2 [p not a power of two]) . (alpha + n . beta + n . gamma)
 * Best for short vectors: the fewest steps, each moving the whole vector.
 * A truncated exchange goes on, marked (coll_go_on): VMPL_ERR_TRUNCATE.
 */
#include "../coll_algs.h"
#include "../coll_fold.h"

#include <stdlib.h>

vmpl_status_t coll_allreduce_recursive_doubling(coll_comm_t *c, const void *sendbuf,
                                                void *recvbuf, int64_t count,
                                                const dt_type_t *dt, const coll_op_t *op)
{
    void *acc = recvbuf, *tmp, *mem;
    int step = 1, truncated = 0;
    coll_fold_t f;
    vmpl_status_t status;

    coll_fold_plan(c, &f);
    if (sendbuf != COLL_IN_PLACE)
        coll_copy(sendbuf, recvbuf, count, dt);
    if ((status = coll_temp_alloc(count, dt, &tmp, &mem)) != VMPL_OK)
        return status;
    status = coll_fold_in(c, &f, acc, tmp, count, dt, op, &truncated);
    for (int mask = 1; f.virtual >= 0 && mask < f.pof2 && status == VMPL_OK; mask <<= 1, step++) {
        int partner = coll_fold_real(&f, f.virtual ^ mask);
        status = coll_go_on(coll_sendrecv_mark(c, acc, count, dt, partner, tmp, count, dt,
                                               partner, coll_tag(c, step), truncated),
                            &truncated);
        if (status != VMPL_OK)
            break;
        if (partner < c->rank) {
            coll_combine(op, tmp, acc, count, dt); /* acc = theirs op ours */
        } else {
            void *swap = acc;
            coll_combine(op, acc, tmp, count, dt); /* tmp = ours op theirs */
            acc = tmp;
            tmp = swap;
        }
    }
    if (status == VMPL_OK && acc != recvbuf)
        coll_copy(acc, recvbuf, count, dt);
    if (status == VMPL_OK)
        status = coll_fold_out(c, &f, recvbuf, count, dt, &truncated);
    free(mem);
    return coll_end(status, truncated);
}
