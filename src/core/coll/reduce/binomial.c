/*
 * Reduce up a binomial tree (commutative operations), or in rank order
 * through the root for non-commutative ones, so operands combine as
 * x0 op x1 op ... op x(p-1).
 * Cost (binomial) = ceil(lg p) . (alpha + n . beta + n . gamma)
 * Cost (ordered)  = (p - 1) . (alpha + n . beta + n . gamma) at the root
 * A truncated receive (a longer vector than this process's count) does
 * not stop the reduction: the partial result goes on up, marked
 * (coll_go_on), and the call returns VMPL_ERR_TRUNCATE.
 */
#include "../coll_algs.h"
#include "../coll_private.h"

#include <stdlib.h>

/* Ordered: the root folds x0 .. x(p-1) left to right. */
static vmpl_status_t reduce_ordered(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                    int64_t count, const dt_type_t *dt, const coll_op_t *op,
                                    int root)
{
    void *acc, *acc_mem, *in, *in_mem;
    int truncated = 0;
    vmpl_status_t status;

    if (c->rank != root)
        return coll_send(c, sendbuf, count, dt, root, coll_tag(c, 0));
    if ((status = coll_temp_alloc(count, dt, &acc, &acc_mem)) != VMPL_OK)
        return status;
    if ((status = coll_temp_alloc(count, dt, &in, &in_mem)) != VMPL_OK)
        goto out_acc;
    for (int r = 0; r < c->size && status == VMPL_OK; r++) {
        void *x = r == 0 ? acc : in;
        if (r == root)
            coll_copy(sendbuf == COLL_IN_PLACE ? recvbuf : sendbuf, x, count, dt);
        else
            status = coll_go_on(coll_recv(c, x, count, dt, r, coll_tag(c, 0)), &truncated);
        if (r > 0 && status == VMPL_OK) {
            coll_combine(op, acc, in, count, dt); /* in = acc op x_r */
            coll_copy(in, acc, count, dt);
        }
    }
    if (status == VMPL_OK)
        coll_copy(acc, recvbuf, count, dt);
    free(in_mem);
out_acc:
    free(acc_mem);
    return coll_end(status, truncated);
}

/* Binomial: children fold into the parent's partial result. */
static vmpl_status_t reduce_binomial(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                     int64_t count, const dt_type_t *dt, const coll_op_t *op,
                                     int root)
{
    int p = c->size, rel = (c->rank - root + p) % p, truncated = 0;
    void *acc, *acc_mem, *in, *in_mem;
    vmpl_status_t status;

    if ((status = coll_temp_alloc(count, dt, &acc, &acc_mem)) != VMPL_OK)
        return status;
    if ((status = coll_temp_alloc(count, dt, &in, &in_mem)) != VMPL_OK)
        goto out_acc;
    coll_copy(sendbuf == COLL_IN_PLACE ? recvbuf : sendbuf, acc, count, dt);
    for (int mask = 1; mask < p && status == VMPL_OK; mask <<= 1) {
        if (rel & mask) { /* hand the partial result to the parent and stop */
            status = coll_send_mark(c, acc, count, dt, (c->rank - mask + p) % p,
                                    coll_tag(c, 0), truncated);
            break;
        }
        if (rel + mask < p) {
            status = coll_go_on(coll_recv(c, in, count, dt, (c->rank + mask) % p,
                                          coll_tag(c, 0)),
                                &truncated);
            if (status == VMPL_OK)
                coll_combine(op, in, acc, count, dt);
        }
    }
    if (status == VMPL_OK && c->rank == root)
        coll_copy(acc, recvbuf, count, dt);
    free(in_mem);
out_acc:
    free(acc_mem);
    return coll_end(status, truncated);
}

vmpl_status_t coll_reduce_binomial(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                   int64_t count, const dt_type_t *dt, const coll_op_t *op,
                                   int root)
{
    return op->commutative ? reduce_binomial(c, sendbuf, recvbuf, count, dt, op, root)
                           : reduce_ordered(c, sendbuf, recvbuf, count, dt, op, root);
}
