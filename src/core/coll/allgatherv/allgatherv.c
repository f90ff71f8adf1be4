/* Allgather(v): the algorithm the selection table (or VMPL_COLL_ALLGATHER) picks. */
#include "../coll_private.h"
#include "../coll_select.h"

typedef vmpl_status_t (*allgatherv_fn_t)(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                         const dt_type_t *sendtype, void *recvbuf,
                                         const int64_t recvcounts[], const int64_t displs[],
                                         const dt_type_t *recvtype);

vmpl_status_t coll_allgatherv(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                              const dt_type_t *sendtype, void *recvbuf,
                              const int64_t recvcounts[], const int64_t displs[],
                              const dt_type_t *recvtype)
{
    coll_call_t call = {.dt = recvtype};
    allgatherv_fn_t run;
    size_t bytes = 0;

    for (int r = 0; r < c->size; r++) { /* the call's size: the longest block */
        dt_pack_size(recvtype, recvcounts[r], &bytes);
        if (bytes > call.bytes)
            call.bytes = bytes;
    }
    run = (allgatherv_fn_t)coll_pick(COLL_ALLGATHER, c, &call)->run;
    c->seq++;
    return run(c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype);
}
