/*
 * Gather(v) straight to the root, which receives from every rank in turn.
 * Cost = (p - 1) . alpha + n_total . beta at the root
 * A truncated block does not stop the root (the later senders wait for
 * their receives): the call returns VMPL_ERR_TRUNCATE at the end.
 */
#include "../coll_algs.h"
#include "../coll_private.h"

vmpl_status_t coll_gatherv_linear(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                  const dt_type_t *sendtype, void *recvbuf,
                                  const int64_t recvcounts[], const int64_t displs[],
                                  const dt_type_t *recvtype, int root)
{
    dt_aint_t lb, extent;
    int truncated = 0;
    vmpl_status_t status = VMPL_OK;

    if (c->rank != root)
        return coll_send(c, sendbuf, sendcount, sendtype, root, coll_tag(c, 0));
    dt_type_extent(recvtype, &lb, &extent);
    for (int r = 0; r < c->size && status == VMPL_OK; r++) {
        char *slot = (char *)recvbuf + displs[r] * extent;
        if (r != root)
            status = coll_recv(c, slot, recvcounts[r], recvtype, r, coll_tag(c, 0));
        else if (sendbuf != COLL_IN_PLACE)
            status = coll_sendrecv(c, sendbuf, sendcount, sendtype, r, slot, recvcounts[r],
                                   recvtype, r, coll_tag(c, 1));
        status = coll_go_on(status, &truncated);
    }
    return coll_end(status, truncated);
}

vmpl_status_t coll_gatherv(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                           const dt_type_t *sendtype, void *recvbuf, const int64_t recvcounts[],
                           const int64_t displs[], const dt_type_t *recvtype, int root)
{
    c->seq++;
    return coll_gatherv_linear(c, sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs,
                               recvtype, root);
}
