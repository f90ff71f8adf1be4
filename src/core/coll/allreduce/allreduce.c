/* Allreduce: the algorithm the selection table (or VMPL_COLL_ALLREDUCE) picks. */
#include "../coll_private.h"
#include "../coll_select.h"

vmpl_status_t coll_allreduce(coll_comm_t *c, const void *sendbuf, void *recvbuf, int64_t count,
                             const dt_type_t *dt, const coll_op_t *op)
{
    size_t bytes = 0;

    dt_pack_size(dt, count, &bytes);
    c->seq++;
    return coll_allreduce_pick(c, bytes, op)->run(c, sendbuf, recvbuf, count, dt, op);
}
