/*
 * Barrier by dissemination: in round k every process signals rank + 2^k
 * and waits for rank - 2^k (mod p). Works for any p.
 * Cost = ceil(lg p) . alpha
 */
#include "../coll_algs.h"
#include "../coll_private.h"

vmpl_status_t coll_barrier_dissemination(coll_comm_t *c)
{
    vmpl_status_t status = VMPL_OK;
    int step = 0;

    for (int dist = 1; dist < c->size && status == VMPL_OK; dist <<= 1, step++)
        status = coll_sendrecv(c, NULL, 0, dt_named(DT_BYTE), (c->rank + dist) % c->size, NULL,
                               0, dt_named(DT_BYTE), (c->rank - dist + c->size) % c->size,
                               coll_tag(c, step));
    return status;
}
