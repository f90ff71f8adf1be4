/*
 * Broadcast down a binomial tree rooted at root (ranks relative to root):
 * a process receives from the one that differs in its lowest set bit,
 * then sends to rank + 2^k for every 2^k below that bit.
 * Cost = ceil(lg p) . (alpha + n . beta)
 * A process that received more than its count describes still forwards
 * (its own count, marked: coll_go_on) and returns VMPL_ERR_TRUNCATE.
 */
#include "../coll_algs.h"
#include "../coll_private.h"

vmpl_status_t coll_bcast_binomial_mark(coll_comm_t *c, void *buf, int64_t count,
                                       const dt_type_t *dt, int root, int truncated)
{
    int p = c->size, rel = (c->rank - root + p) % p, mask = 1;
    vmpl_status_t status = VMPL_OK;

    while (mask < p) { /* receive from the parent */
        if (rel & mask) {
            status = coll_go_on(coll_recv(c, buf, count, dt, (c->rank - mask + p) % p,
                                          coll_tag(c, 0)),
                                &truncated);
            break;
        }
        mask <<= 1;
    }
    for (mask >>= 1; mask > 0 && status == VMPL_OK; mask >>= 1)
        if (rel + mask < p)
            status = coll_send_mark(c, buf, count, dt, (c->rank + mask) % p, coll_tag(c, 0),
                                    truncated);
    return coll_end(status, truncated);
}

vmpl_status_t coll_bcast_binomial(coll_comm_t *c, void *buf, int64_t count, const dt_type_t *dt,
                                  int root)
{
    return coll_bcast_binomial_mark(c, buf, count, dt, root, 0);
}
