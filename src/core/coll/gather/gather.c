/* Gather (equal blocks): the algorithm the selection table (or VMPL_COLL_GATHER) picks. */
#include "../coll_private.h"
#include "../coll_select.h"

typedef vmpl_status_t (*gather_fn_t)(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                     const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                                     const dt_type_t *recvtype, int root);

vmpl_status_t coll_gather(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                          const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                          const dt_type_t *recvtype, int root)
{
    coll_call_t call = {0};
    gather_fn_t run;

    /* a block's size, known alike at every member (the root's send side may be in place) */
    if (c->rank == root)
        dt_pack_size(recvtype, recvcount, &call.bytes);
    else
        dt_pack_size(sendtype, sendcount, &call.bytes);
    run = (gather_fn_t)coll_pick(COLL_GATHER, c, &call)->run;
    c->seq++;
    return run(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root);
}
