/*
 * Allreduce around a ring: a reduce-scatter (p - 1 steps; in step k a
 * process sends block rank - k to its right neighbour and folds block
 * rank - k - 1 from its left one into its own copy), after which process
 * r holds block r + 1 fully reduced, then an allgather of the blocks the
 * same way round. Blocks differ by at most one element. Operands meet in
 * ring order, so commutative operations only.
 * Cost = 2 (p - 1) . alpha + 2 ((p - 1) / p) . n . beta + ((p - 1) / p) . n . gamma
 * Best for long vectors: every process sends and receives 2n (p - 1) / p
 * bytes, the least any allreduce can, at the price of 2 (p - 1) steps.
 * A truncated step goes on, marked (coll_go_on): VMPL_ERR_TRUNCATE.
 */
#include "../coll_algs.h"
#include "../coll_private.h"

#include <stdlib.h>

typedef struct {
    int64_t base, extra; /* count / p and count % p */
    dt_aint_t extent;
} blocks_t;

static int64_t block_count(const blocks_t *b, int i)
{
    return b->base + (i < b->extra);
}

static void *block_at(const blocks_t *b, void *buf, int i)
{
    int64_t first = (int64_t)i * b->base + (i < b->extra ? i : b->extra);
    return (char *)buf + first * b->extent;
}

vmpl_status_t coll_allreduce_ring(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                  int64_t count, const dt_type_t *dt, const coll_op_t *op)
{
    int p = c->size, right = (c->rank + 1) % p, left = (c->rank - 1 + p) % p, truncated = 0;
    blocks_t b = {.base = count / p, .extra = count % p};
    dt_aint_t lb;
    void *tmp, *mem;
    vmpl_status_t status;

    dt_type_extent(dt, &lb, &b.extent);
    if (sendbuf != COLL_IN_PLACE)
        coll_copy(sendbuf, recvbuf, count, dt);
    if ((status = coll_temp_alloc(block_count(&b, 0), dt, &tmp, &mem)) != VMPL_OK)
        return status;
    for (int k = 0; k < p - 1 && status == VMPL_OK; k++) { /* reduce-scatter */
        int out = (c->rank - k + p) % p, in = (c->rank - k - 1 + p) % p;
        status = coll_go_on(coll_sendrecv_mark(c, block_at(&b, recvbuf, out),
                                               block_count(&b, out), dt, right, tmp,
                                               block_count(&b, in), dt, left, coll_tag(c, k),
                                               truncated),
                            &truncated);
        if (status == VMPL_OK)
            coll_combine(op, tmp, block_at(&b, recvbuf, in), block_count(&b, in), dt);
    }
    for (int k = 0; k < p - 1 && status == VMPL_OK; k++) { /* allgather */
        int out = (c->rank + 1 - k + p) % p, in = (c->rank - k + p) % p;
        status = coll_go_on(coll_sendrecv_mark(c, block_at(&b, recvbuf, out),
                                               block_count(&b, out), dt, right,
                                               block_at(&b, recvbuf, in), block_count(&b, in), dt,
                                               left, coll_tag(c, p + k), truncated),
                            &truncated);
    }
    free(mem);
    return coll_end(status, truncated);
}
