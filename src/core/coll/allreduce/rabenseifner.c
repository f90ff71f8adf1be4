/*
 * Allreduce by Rabenseifner's algorithm: a reduce-scatter by recursive
 * halving (in step k each process swaps half of its current window of
 * blocks with the process whose rank differs in bit k, keeping the half
 * its bit selects, and reduces it), then an allgather by recursive
 * doubling that retraces the steps. With p not a power of two the first
 * 2r processes (r = p - 2^floor(lg p)) pair up first (coll_fold.h).
 * Cost = 2 lg p . alpha + 2 ((p-1)/p) . n . beta + ((p-1)/p) . n . gamma
 *        (+ 2 (alpha + n . beta) + n . gamma when p is not a power of two)
 * Long vectors in few steps; commutative operations only (the halves are
 * combined in whichever order the exchange gives). A truncated exchange
 * goes on, marked (coll_go_on): VMPL_ERR_TRUNCATE.
 */
#include "../coll_algs.h"
#include "../coll_fold.h"

#include <stdlib.h>

/* Elements before block b of pof2 blocks of n elements (blocks differ by at most one). */
static int64_t block_start(int64_t n, int pof2, int b)
{
    int64_t base = n / pof2, extra = n % pof2;
    return b * base + (b < extra ? b : extra);
}

/* Recursive halving then doubling among the pof2 virtual processes; acc holds the vector. */
static vmpl_status_t halve_and_double(coll_comm_t *c, char *acc, char *tmp, int64_t n,
                                      const dt_type_t *dt, const coll_op_t *op,
                                      const coll_fold_t *f, dt_aint_t extent, int *truncated_p)
{
    int lo = 0, hi = f->pof2, step = 1, pof2 = f->pof2, virtual = f->virtual;
    vmpl_status_t status = VMPL_OK;

    for (int mask = pof2 / 2; mask > 0 && status == VMPL_OK; mask /= 2, step++) {
        int mid = lo + (hi - lo) / 2, partner = coll_fold_real(f, virtual ^ mask);
        int keep_lo = virtual & mask ? mid : lo, keep_hi = virtual & mask ? hi : mid;
        int send_lo = virtual & mask ? lo : mid, send_hi = virtual & mask ? mid : hi;
        int64_t ks = block_start(n, pof2, keep_lo), kn = block_start(n, pof2, keep_hi) - ks;
        int64_t ss = block_start(n, pof2, send_lo), sn = block_start(n, pof2, send_hi) - ss;
        status = coll_go_on(coll_sendrecv_mark(c, acc + ss * extent, sn, dt, partner,
                                               tmp + ks * extent, kn, dt, partner,
                                               coll_tag(c, step), *truncated_p),
                            truncated_p);
        if (status == VMPL_OK)
            coll_combine(op, tmp + ks * extent, acc + ks * extent, kn, dt);
        lo = keep_lo, hi = keep_hi;
    }
    for (int mask = 1; mask < pof2 && status == VMPL_OK; mask *= 2, step++) {
        int partner = coll_fold_real(f, virtual ^ mask), size = hi - lo;
        int plo = virtual & mask ? lo - size : hi, phi = plo + size;
        int64_t ms = block_start(n, pof2, lo), mn = block_start(n, pof2, hi) - ms;
        int64_t ps = block_start(n, pof2, plo), pn = block_start(n, pof2, phi) - ps;
        status = coll_go_on(coll_sendrecv_mark(c, acc + ms * extent, mn, dt, partner,
                                               acc + ps * extent, pn, dt, partner,
                                               coll_tag(c, step), *truncated_p),
                            truncated_p);
        lo = plo < lo ? plo : lo, hi = phi > hi ? phi : hi;
    }
    return status;
}

vmpl_status_t coll_allreduce_rabenseifner(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                          int64_t count, const dt_type_t *dt,
                                          const coll_op_t *op)
{
    void *tmp, *mem;
    dt_aint_t lb, extent;
    coll_fold_t f;
    int truncated = 0;
    vmpl_status_t status;

    coll_fold_plan(c, &f);
    dt_type_extent(dt, &lb, &extent);
    if (sendbuf != COLL_IN_PLACE)
        coll_copy(sendbuf, recvbuf, count, dt);
    if ((status = coll_temp_alloc(count, dt, &tmp, &mem)) != VMPL_OK)
        return status;
    status = coll_fold_in(c, &f, recvbuf, tmp, count, dt, op, &truncated);
    if (status == VMPL_OK && f.virtual >= 0)
        status = halve_and_double(c, recvbuf, tmp, count, dt, op, &f, extent, &truncated);
    if (status == VMPL_OK)
        status = coll_fold_out(c, &f, recvbuf, count, dt, &truncated);
    free(mem);
    return coll_end(status, truncated);
}
