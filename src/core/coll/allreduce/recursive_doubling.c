/*
 * Allreduce by recursive doubling: in step k every process swaps its
 * partial result with the process whose rank differs in bit k and
 * combines the two, lower rank's operand on the left, so the operand
 * order stays x0 op x1 op ... op x(p-1) and non-commutative operations
 * are served too. With p not a power of two, the first 2r processes
 * (r = p - 2^floor(lg p)) pair up first: each even one hands its vector to
 * the odd one above it and waits for the result at the end.
 * Cost = (ceil(lg p) + 2 [p not a power of two]) . (alpha + n . beta + n . gamma)
 * Best for short vectors: the fewest steps, each moving the whole vector.
 */
#include "../coll_algs.h"
#include "../coll_private.h"

#include <stdlib.h>

/* The communicator rank of the process that plays `virtual` in the doubling. */
static int real_rank(int virtual, int extra)
{
    return virtual < extra ? 2 * virtual + 1 : virtual + extra;
}

vmpl_status_t coll_allreduce_recursive_doubling(coll_comm_t *c, const void *sendbuf,
                                                void *recvbuf, int64_t count,
                                                const dt_type_t *dt, const coll_op_t *op)
{
    int p = c->size, rank = c->rank, pof2 = 1, step = 0;
    void *acc = recvbuf, *tmp, *mem;
    vmpl_status_t status;

    while (pof2 * 2 <= p)
        pof2 *= 2;
    int extra = p - pof2, virtual = rank < 2 * extra ? (rank % 2 ? rank / 2 : -1)
                                                     : rank - extra;

    if (sendbuf != COLL_IN_PLACE)
        coll_copy(sendbuf, recvbuf, count, dt);
    if ((status = coll_temp_alloc(count, dt, &tmp, &mem)) != VMPL_OK)
        return status;
    if (rank < 2 * extra) { /* fold the pairs: even hands its vector to odd */
        if (virtual < 0)
            status = coll_send(c, acc, count, dt, rank + 1, coll_tag(c, step));
        else if ((status = coll_recv(c, tmp, count, dt, rank - 1, coll_tag(c, step))) == VMPL_OK)
            coll_combine(op, tmp, acc, count, dt); /* acc = x(rank-1) op x(rank) */
    }
    step++;
    for (int mask = 1; virtual >= 0 && mask < pof2 && status == VMPL_OK; mask <<= 1, step++) {
        int partner = real_rank(virtual ^ mask, extra);
        status = coll_sendrecv(c, acc, count, dt, partner, tmp, count, dt, partner,
                               coll_tag(c, step));
        if (status != VMPL_OK)
            break;
        if (partner < rank) {
            coll_combine(op, tmp, acc, count, dt); /* acc = theirs op ours */
        } else {
            void *swap = acc;
            coll_combine(op, acc, tmp, count, dt); /* tmp = ours op theirs */
            acc = tmp;
            tmp = swap;
        }
    }
    if (status == VMPL_OK && acc != recvbuf)
        coll_copy(acc, recvbuf, count, dt);
    if (status == VMPL_OK && rank < 2 * extra) { /* unfold: odd returns the result */
        int tag = coll_tag(c, 0xffe);
        status = virtual < 0 ? coll_recv(c, recvbuf, count, dt, rank + 1, tag)
                             : coll_send(c, recvbuf, count, dt, rank - 1, tag);
    }
    free(mem);
    return status;
}
