/*
 * Allreduce by Rabenseifner's algorithm: a reduce-scatter by recursive
 * halving (in step k each process swaps half of its current window of
 * blocks with the process whose rank differs in bit k, keeping the half
 * its bit selects, and reduces it), then an allgather by recursive
 * doubling that retraces the steps. With p not a power of two the first
 * 2r processes (r = p - 2^floor(lg p)) pair up first, as in recursive
 * doubling: even ones hand their vector over and get the result back.
 * Cost = 2 lg p . alpha + 2 ((p-1)/p) . n . beta + ((p-1)/p) . n . gamma
 *        (+ 2 (alpha + n . beta) + n . gamma when p is not a power of two)
 * Long vectors in few steps; commutative operations only (the halves are
 * combined in whichever order the exchange gives).
 */
#include "../coll_algs.h"
#include "../coll_private.h"

#include <stdlib.h>

/* The communicator rank of the process that plays `virtual` in the halving. */
static int real_rank(int virtual, int extra)
{
    return virtual < extra ? 2 * virtual + 1 : virtual + extra;
}

/* Elements before block b of pof2 blocks of n elements (blocks differ by at most one). */
static int64_t block_start(int64_t n, int pof2, int b)
{
    int64_t base = n / pof2, extra = n % pof2;
    return b * base + (b < extra ? b : extra);
}

/* Recursive halving then doubling among the pof2 virtual processes; acc holds the vector. */
static vmpl_status_t halve_and_double(coll_comm_t *c, char *acc, char *tmp, int64_t n,
                                      const dt_type_t *dt, const coll_op_t *op, int virtual,
                                      int pof2, int extra, dt_aint_t extent)
{
    int lo = 0, hi = pof2, step = 1;
    vmpl_status_t status = VMPL_OK;

    for (int mask = pof2 / 2; mask > 0 && status == VMPL_OK; mask /= 2, step++) {
        int mid = lo + (hi - lo) / 2, partner = real_rank(virtual ^ mask, extra);
        int keep_lo = virtual & mask ? mid : lo, keep_hi = virtual & mask ? hi : mid;
        int send_lo = virtual & mask ? lo : mid, send_hi = virtual & mask ? mid : hi;
        int64_t ks = block_start(n, pof2, keep_lo), kn = block_start(n, pof2, keep_hi) - ks;
        int64_t ss = block_start(n, pof2, send_lo), sn = block_start(n, pof2, send_hi) - ss;
        status = coll_sendrecv(c, acc + ss * extent, sn, dt, partner, tmp + ks * extent, kn, dt,
                               partner, coll_tag(c, step));
        if (status == VMPL_OK)
            coll_combine(op, tmp + ks * extent, acc + ks * extent, kn, dt);
        lo = keep_lo, hi = keep_hi;
    }
    for (int mask = 1; mask < pof2 && status == VMPL_OK; mask *= 2, step++) {
        int partner = real_rank(virtual ^ mask, extra), size = hi - lo;
        int plo = virtual & mask ? lo - size : hi, phi = plo + size;
        int64_t ms = block_start(n, pof2, lo), mn = block_start(n, pof2, hi) - ms;
        int64_t ps = block_start(n, pof2, plo), pn = block_start(n, pof2, phi) - ps;
        status = coll_sendrecv(c, acc + ms * extent, mn, dt, partner, acc + ps * extent, pn, dt,
                               partner, coll_tag(c, step));
        lo = plo < lo ? plo : lo, hi = phi > hi ? phi : hi;
    }
    return status;
}

vmpl_status_t coll_allreduce_rabenseifner(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                          int64_t count, const dt_type_t *dt,
                                          const coll_op_t *op)
{
    int p = c->size, rank = c->rank, pof2 = 1;
    void *tmp, *mem;
    dt_aint_t lb, extent;
    vmpl_status_t status = VMPL_OK;

    while (pof2 * 2 <= p)
        pof2 *= 2;
    int extra = p - pof2, virtual = rank < 2 * extra ? (rank % 2 ? rank / 2 : -1)
                                                     : rank - extra;

    dt_type_extent(dt, &lb, &extent);
    if (sendbuf != COLL_IN_PLACE)
        coll_copy(sendbuf, recvbuf, count, dt);
    if ((status = coll_temp_alloc(count, dt, &tmp, &mem)) != VMPL_OK)
        return status;
    if (rank < 2 * extra) { /* fold the pairs: even hands its vector to odd */
        if (virtual < 0)
            status = coll_send(c, recvbuf, count, dt, rank + 1, coll_tag(c, 0));
        else if ((status = coll_recv(c, tmp, count, dt, rank - 1, coll_tag(c, 0))) == VMPL_OK)
            coll_combine(op, tmp, recvbuf, count, dt);
    }
    if (status == VMPL_OK && virtual >= 0)
        status = halve_and_double(c, recvbuf, tmp, count, dt, op, virtual, pof2, extra, extent);
    if (status == VMPL_OK && rank < 2 * extra) { /* unfold: odd returns the result */
        int tag = coll_tag(c, 0xffe);
        status = virtual < 0 ? coll_recv(c, recvbuf, count, dt, rank + 1, tag)
                             : coll_send(c, recvbuf, count, dt, rank - 1, tag);
    }
    free(mem);
    return status;
}
