/*
 * Alltoall (equal blocks) by pairwise exchange: the alltoallw algorithm
 * (alltoallw/pairwise.c) with every block the same.
 * Cost = (p - 1) . alpha + n_total . beta
 */
#include "../coll_algs.h"
#include "../coll_private.h"

#include <stdlib.h>

vmpl_status_t coll_alltoall_pairwise(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                     const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                                     const dt_type_t *recvtype)
{
    size_t p = (size_t)c->size;
    int64_t *counts = malloc(4 * p * sizeof(*counts)), *sd, *rc, *rd;
    const dt_type_t **types = malloc(2 * p * sizeof(*types));
    dt_aint_t lb, sext = 0, rext;
    vmpl_status_t status = VMPL_ERR_NO_MEMORY;

    if (counts && types) {
        sd = counts + p, rc = sd + p, rd = rc + p;
        if (sendbuf != COLL_IN_PLACE)
            dt_type_extent(sendtype, &lb, &sext);
        dt_type_extent(recvtype, &lb, &rext);
        for (size_t r = 0; r < p; r++) {
            counts[r] = sendcount, sd[r] = (int64_t)r * sendcount * sext;
            rc[r] = recvcount, rd[r] = (int64_t)r * recvcount * rext;
            types[r] = sendtype, types[p + r] = recvtype;
        }
        status = coll_alltoallw_pairwise(c, sendbuf, counts, sd, types, recvbuf, rc, rd,
                                         types + p);
    }
    free(counts);
    free(types);
    return status;
}
