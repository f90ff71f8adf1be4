/*
 * Gather (equal blocks) straight to the root: the gatherv algorithm
 * (gatherv/linear.c) with every block the same.
 * Cost = (p - 1) . alpha + n_total . beta at the root
 */
#include "../coll_algs.h"
#include "../coll_private.h"

#include <stdlib.h>

vmpl_status_t coll_gather_linear(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                 const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                                 const dt_type_t *recvtype, int root)
{
    int64_t *counts = NULL;
    vmpl_status_t status;

    if (c->rank == root && !(counts = coll_equal_blocks(c->size, recvcount)))
        return VMPL_ERR_NO_MEMORY;
    status = coll_gatherv_linear(c, sendbuf, sendcount, sendtype, recvbuf, counts,
                                 counts ? counts + c->size : NULL, recvtype, root);
    free(counts);
    return status;
}
