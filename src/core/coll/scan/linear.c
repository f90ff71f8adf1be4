/*
 * Inclusive and exclusive scan along the ranks: rank r receives the
 * prefix of ranks 0 .. r-1 from r - 1, combines its own value on the
 * right (operand order kept for non-commutative operations) and passes
 * the new prefix to r + 1.
 * Cost = (p - 1) . (alpha + n . beta + n . gamma)
 */
#include "../coll_algs.h"
#include "../coll_private.h"

#include <stdlib.h>

vmpl_status_t coll_scan_linear(coll_comm_t *c, const void *sendbuf, void *recvbuf, int64_t count,
                        const dt_type_t *dt, const coll_op_t *op, int exclusive)
{
    void *mine, *mine_mem, *prefix, *prefix_mem;
    vmpl_status_t status;

    if ((status = coll_temp_alloc(count, dt, &mine, &mine_mem)) != VMPL_OK)
        return status;
    if ((status = coll_temp_alloc(count, dt, &prefix, &prefix_mem)) != VMPL_OK)
        goto out_mine;
    coll_copy(sendbuf == COLL_IN_PLACE ? recvbuf : sendbuf, mine, count, dt);
    if (c->rank > 0) {
        status = coll_recv(c, prefix, count, dt, c->rank - 1, coll_tag(c, 0));
        if (status == VMPL_OK && exclusive)
            coll_copy(prefix, recvbuf, count, dt); /* prefix of the ranks before */
        if (status == VMPL_OK)
            coll_combine(op, prefix, mine, count, dt); /* mine = prefix op mine */
    }
    if (status == VMPL_OK && !exclusive)
        coll_copy(mine, recvbuf, count, dt);
    if (status == VMPL_OK && c->rank + 1 < c->size)
        status = coll_send(c, mine, count, dt, c->rank + 1, coll_tag(c, 0));
    free(prefix_mem);
out_mine:
    free(mine_mem);
    return status;
}
