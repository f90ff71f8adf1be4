/*
 * Reduce-scatter(v/block) as a reduce of the whole vector to rank 0 and a
 * scatterv of the pieces.
 * Cost = ceil(lg p) . (alpha + n . beta + n . gamma) + (p - 1) . alpha + n . beta
 */
#include "../coll_algs.h"
#include "../coll_private.h"

#include <stdlib.h>

vmpl_status_t coll_reduce_scatterv_reduce_then_scatterv(coll_comm_t *c, const void *sendbuf,
                                                       void *recvbuf, const int64_t recvcounts[],
                                                       const dt_type_t *dt, const coll_op_t *op)
{
    int64_t total = 0, *displs = malloc((size_t)c->size * sizeof(int64_t));
    void *all = NULL, *mem = NULL;
    vmpl_status_t status;

    if (!displs)
        return VMPL_ERR_NO_MEMORY;
    for (int r = 0; r < c->size; r++) {
        displs[r] = total;
        total += recvcounts[r];
    }
    status = coll_temp_alloc(total, dt, &all, &mem);
    if (status != VMPL_OK)
        goto out;
    if (sendbuf == COLL_IN_PLACE) /* the input is recvbuf, full length */
        coll_copy(recvbuf, all, total, dt);
    status = coll_reduce(c, sendbuf == COLL_IN_PLACE ? all : sendbuf,
                         c->rank == 0 ? all : NULL, total, dt, op, 0);
    if (status == VMPL_OK)
        status = coll_scatterv(c, all, recvcounts, displs, dt, recvbuf, recvcounts[c->rank], dt,
                               0);
    free(mem);
out:
    free(displs);
    return status;
}
