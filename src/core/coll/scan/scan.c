/* Scan and exscan: the algorithm the selection table (or VMPL_COLL_SCAN) picks. */
#include "../coll_private.h"
#include "../coll_select.h"

typedef vmpl_status_t (*scan_fn_t)(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                   int64_t count, const dt_type_t *dt, const coll_op_t *op,
                                   int exclusive);

vmpl_status_t coll_scan(coll_comm_t *c, const void *sendbuf, void *recvbuf, int64_t count,
                        const dt_type_t *dt, const coll_op_t *op, int exclusive)
{
    coll_call_t call = {.count = count, .dt = dt, .op = op};
    scan_fn_t run;

    dt_pack_size(dt, count, &call.bytes);
    run = (scan_fn_t)coll_pick(COLL_SCAN, c, &call)->run;
    c->seq++;
    return run(c, sendbuf, recvbuf, count, dt, op, exclusive);
}
