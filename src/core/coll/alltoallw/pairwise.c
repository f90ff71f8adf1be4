/*
 * Alltoall(v/w) by pairwise exchange: in step k each process sends to
 * rank + k and receives from rank - k, so every pair meets once.
 * Cost = (p - 1) . alpha + n_total . beta
 */
#include "../coll_private.h"

vmpl_status_t coll_alltoallw(coll_comm_t *c, const void *sendbuf, const int64_t sendcounts[],
                             const int64_t sdispls[], const dt_type_t *const sendtypes[],
                             void *recvbuf, const int64_t recvcounts[], const int64_t rdispls[],
                             const dt_type_t *const recvtypes[])
{
    int p = c->size;
    vmpl_status_t status = VMPL_OK;

    c->seq++;
    for (int k = 0; k < p && status == VMPL_OK; k++) {
        int dest = (c->rank + k) % p, src = (c->rank - k + p) % p;
        status = coll_sendrecv(c, (const char *)sendbuf + sdispls[dest], sendcounts[dest],
                               sendtypes[dest], dest, (char *)recvbuf + rdispls[src],
                               recvcounts[src], recvtypes[src], src, coll_tag(c, k));
    }
    return status;
}
