/* Broadcast: the algorithm the selection table (or VMPL_COLL_BCAST) picks. */
#include "../coll_private.h"
#include "../coll_select.h"

typedef vmpl_status_t (*bcast_fn_t)(coll_comm_t *c, void *buf, int64_t count,
                                    const dt_type_t *dt, int root);

vmpl_status_t coll_bcast(coll_comm_t *c, void *buf, int64_t count, const dt_type_t *dt, int root)
{
    coll_call_t call = {.count = count, .dt = dt};
    bcast_fn_t run;

    dt_pack_size(dt, count, &call.bytes);
    run = (bcast_fn_t)coll_pick(COLL_BCAST, c, &call)->run;
    c->seq++;
    return run(c, buf, count, dt, root);
}
