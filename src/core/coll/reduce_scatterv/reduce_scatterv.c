/* Reduce-scatter(v/block): the algorithm the table (or VMPL_COLL_REDUCE_SCATTER) picks. */
#include "../coll_private.h"
#include "../coll_select.h"

typedef vmpl_status_t (*reduce_scatterv_fn_t)(coll_comm_t *c, const void *sendbuf,
                                              void *recvbuf, const int64_t recvcounts[],
                                              const dt_type_t *dt, const coll_op_t *op);

vmpl_status_t coll_reduce_scatterv(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                   const int64_t recvcounts[], const dt_type_t *dt,
                                   const coll_op_t *op)
{
    coll_call_t call = {.dt = dt, .op = op};
    reduce_scatterv_fn_t run;

    for (int r = 0; r < c->size; r++) /* the call is about the whole vector */
        call.count += recvcounts[r];
    dt_pack_size(dt, call.count, &call.bytes);
    run = (reduce_scatterv_fn_t)coll_pick(COLL_REDUCE_SCATTER, c, &call)->run;
    c->seq++;
    return run(c, sendbuf, recvbuf, recvcounts, dt, op);
}
