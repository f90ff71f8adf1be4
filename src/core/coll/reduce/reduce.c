/*
 * Reduce: the algorithm the selection table (or VMPL_COLL_REDUCE) picks.
 * With mismatched counts only the root, which receives, reports
 * VMPL_ERR_TRUNCATE (a tree's inner member may see the truncation too).
 */
#include "../coll_private.h"
#include "../coll_select.h"

typedef vmpl_status_t (*reduce_fn_t)(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                     int64_t count, const dt_type_t *dt, const coll_op_t *op,
                                     int root);

vmpl_status_t coll_reduce(coll_comm_t *c, const void *sendbuf, void *recvbuf, int64_t count,
                          const dt_type_t *dt, const coll_op_t *op, int root)
{
    coll_call_t call = {.count = count, .dt = dt, .op = op};
    reduce_fn_t run;
    vmpl_status_t status;

    dt_pack_size(dt, count, &call.bytes);
    run = (reduce_fn_t)coll_pick(COLL_REDUCE, c, &call)->run;
    c->seq++;
    status = run(c, sendbuf, recvbuf, count, dt, op, root);
    return status == VMPL_ERR_TRUNCATE && c->rank != root ? VMPL_OK : status;
}
