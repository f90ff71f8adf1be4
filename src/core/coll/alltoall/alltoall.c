/* Alltoall (equal blocks): the algorithm the selection table (or VMPL_COLL_ALLTOALL) picks. */
#include "../coll_private.h"
#include "../coll_select.h"

typedef vmpl_status_t (*alltoall_fn_t)(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                       const dt_type_t *sendtype, void *recvbuf,
                                       int64_t recvcount, const dt_type_t *recvtype);

vmpl_status_t coll_alltoall(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                            const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                            const dt_type_t *recvtype)
{
    coll_call_t call = {.count = recvcount, .dt = recvtype};
    alltoall_fn_t run;

    dt_pack_size(recvtype, recvcount, &call.bytes);
    run = (alltoall_fn_t)coll_pick(COLL_ALLTOALL, c, &call)->run;
    c->seq++;
    return run(c, sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype);
}
