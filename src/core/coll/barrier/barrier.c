/* Barrier: the algorithm the selection table (or VMPL_COLL_BARRIER) picks. */
#include "../coll_private.h"
#include "../coll_select.h"

typedef vmpl_status_t (*barrier_fn_t)(coll_comm_t *c);

vmpl_status_t coll_barrier(coll_comm_t *c)
{
    coll_call_t call = {0};
    barrier_fn_t run = (barrier_fn_t)coll_pick(COLL_BARRIER, c, &call)->run;

    c->seq++;
    return run(c);
}
