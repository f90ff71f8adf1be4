/*
 * Allreduce as reduce to rank 0 followed by broadcast.
 * Cost = 2 ceil(lg p) . (alpha + n . beta) + ceil(lg p) . n . gamma
 * The fallback: any operation, any p; rarely the fastest. A truncated
 * reduce still broadcasts (marked, coll_go_on) and returns VMPL_ERR_TRUNCATE.
 */
#include "../coll_algs.h"
#include "../coll_private.h"

vmpl_status_t coll_allreduce_reduce_bcast(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                          int64_t count, const dt_type_t *dt,
                                          const coll_op_t *op)
{
    int truncated = 0;
    vmpl_status_t status = coll_reduce_binomial(c, sendbuf == COLL_IN_PLACE && c->rank != 0
                                                       ? recvbuf : sendbuf,
                                                recvbuf, count, dt, op, 0);

    if ((status = coll_go_on(status, &truncated)) != VMPL_OK)
        return status;
    c->seq++; /* the broadcast's tags */
    return coll_end(coll_bcast_binomial_mark(c, recvbuf, count, dt, 0, truncated), truncated);
}
