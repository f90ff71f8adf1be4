/*
 * Broadcast down a k-nomial tree (radix BCAST_KNOMIAL_RADIX) rooted at
 * root: a process whose relative rank has its lowest nonzero base-k digit
 * d at position m receives from the process with that digit cleared, then
 * sends to rank + j.k^i for every lower position i and j = 1 .. k-1.
 * Cost = ceil(log_k p) . (k - 1) . (alpha + n . beta) at the busiest process
 * Fewer levels than the binomial tree (k = 2): better for short messages
 * when a send costs less than a level, worse for long ones.
 * A process that received more than its count describes still forwards
 * (its own count, marked: coll_go_on) and returns VMPL_ERR_TRUNCATE.
 */
#include "../coll_algs.h"
#include "../coll_private.h"

#define BCAST_KNOMIAL_RADIX 4

vmpl_status_t coll_bcast_knomial(coll_comm_t *c, void *buf, int64_t count, const dt_type_t *dt,
                                 int root)
{
    const int k = BCAST_KNOMIAL_RADIX;
    int p = c->size, rel = (c->rank - root + p) % p, mask = 1, truncated = 0;
    vmpl_status_t status = VMPL_OK;

    while (mask < p) { /* receive from the parent: clear the lowest nonzero digit */
        int digit = (rel / mask) % k;
        if (digit) {
            status = coll_go_on(coll_recv(c, buf, count, dt, (rel - digit * mask + root) % p,
                                          coll_tag(c, 0)),
                                &truncated);
            break;
        }
        mask *= k;
    }
    for (mask /= k; mask > 0 && status == VMPL_OK; mask /= k)
        for (int j = k - 1; j >= 1 && status == VMPL_OK; j--)
            if (rel + j * mask < p)
                status = coll_send_mark(c, buf, count, dt, (rel + j * mask + root) % p,
                                        coll_tag(c, 0), truncated);
    return coll_end(status, truncated);
}
