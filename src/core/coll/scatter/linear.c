/*
 * Scatter (equal blocks) straight from the root: the scatterv algorithm
 * (scatterv/linear.c) with every block the same.
 * Cost = (p - 1) . alpha + n_total . beta at the root
 */
#include "../coll_algs.h"
#include "../coll_private.h"

#include <stdlib.h>

vmpl_status_t coll_scatter_linear(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                  const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                                  const dt_type_t *recvtype, int root)
{
    int64_t *counts = NULL;
    vmpl_status_t status;

    if (c->rank == root && !(counts = coll_equal_blocks(c->size, sendcount)))
        return VMPL_ERR_NO_MEMORY;
    status = coll_scatterv_linear(c, sendbuf, counts, counts ? counts + c->size : NULL, sendtype,
                                  recvbuf, recvcount, recvtype, root);
    free(counts);
    return status;
}
