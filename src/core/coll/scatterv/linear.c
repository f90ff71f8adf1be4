/*
 * Scatter(v) straight from the root, which sends to every rank in turn.
 * Cost = (p - 1) . alpha + n_total . beta at the root
 * A root whose own block is truncated still sends the others theirs.
 */
#include "../coll_algs.h"
#include "../coll_private.h"

vmpl_status_t coll_scatterv_linear(coll_comm_t *c, const void *sendbuf,
                                   const int64_t sendcounts[], const int64_t displs[],
                                   const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                                   const dt_type_t *recvtype, int root)
{
    dt_aint_t lb, extent;
    int truncated = 0;
    vmpl_status_t status = VMPL_OK;

    if (c->rank != root)
        return coll_recv(c, recvbuf, recvcount, recvtype, root, coll_tag(c, 0));
    dt_type_extent(sendtype, &lb, &extent);
    for (int r = 0; r < c->size && status == VMPL_OK; r++) {
        const char *slot = (const char *)sendbuf + displs[r] * extent;
        if (r != root)
            status = coll_send(c, slot, sendcounts[r], sendtype, r, coll_tag(c, 0));
        else if (recvbuf != COLL_IN_PLACE)
            status = coll_go_on(coll_sendrecv(c, slot, sendcounts[r], sendtype, r, recvbuf,
                                              recvcount, recvtype, r, coll_tag(c, 1)),
                                &truncated);
    }
    return coll_end(status, truncated);
}

vmpl_status_t coll_scatterv(coll_comm_t *c, const void *sendbuf, const int64_t sendcounts[],
                            const int64_t displs[], const dt_type_t *sendtype, void *recvbuf,
                            int64_t recvcount, const dt_type_t *recvtype, int root)
{
    c->seq++;
    return coll_scatterv_linear(c, sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount,
                                recvtype, root);
}
