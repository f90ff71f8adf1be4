/*
 * Allgather(v) around a ring: in step k every process passes on the block
 * it received in step k - 1 (its own first), right to left neighbours.
 * Cost = (p - 1) . alpha + ((p - 1) / p) . n_total . beta
 * A block larger than its recvcount (this process's own too) does not stop
 * the ring: what follows goes on marked (coll_go_on), so every process
 * after it returns VMPL_ERR_TRUNCATE too.
 */
#include "../coll_algs.h"
#include "../coll_private.h"

vmpl_status_t coll_allgatherv_ring(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                              const dt_type_t *sendtype, void *recvbuf,
                              const int64_t recvcounts[], const int64_t displs[],
                              const dt_type_t *recvtype)
{
    int p = c->size, right = (c->rank + 1) % p, left = (c->rank - 1 + p) % p, truncated = 0;
    dt_aint_t lb, extent;
    vmpl_status_t status = VMPL_OK;

    dt_type_extent(recvtype, &lb, &extent);
    if (sendbuf != COLL_IN_PLACE)
        status = coll_go_on(coll_sendrecv(c, sendbuf, sendcount, sendtype, c->rank,
                                          (char *)recvbuf + displs[c->rank] * extent,
                                          recvcounts[c->rank], recvtype, c->rank,
                                          coll_tag(c, 0xfff)),
                            &truncated);
    for (int k = 0; k < p - 1 && status == VMPL_OK; k++) {
        int out = (c->rank - k + p) % p, in = (c->rank - k - 1 + p) % p;
        status = coll_go_on(coll_sendrecv_mark(c, (char *)recvbuf + displs[out] * extent,
                                               recvcounts[out], recvtype, right,
                                               (char *)recvbuf + displs[in] * extent,
                                               recvcounts[in], recvtype, left, coll_tag(c, k),
                                               truncated),
                            &truncated);
    }
    return coll_end(status, truncated);
}
