/*
 * Allgather(v) by Bruck's concatenation: each process keeps the blocks it
 * has in a packed buffer in the order rank, rank + 1, ... (mod p); in step
 * k it sends the first min(h, p - h) of its h blocks to rank - h and
 * appends as many from rank + h, so the count doubles every step; at the
 * end every block is unpacked into place. Any p, any counts.
 * Cost = ceil(lg p) . alpha + ((p - 1) / p) . n_total . beta + n_total . beta (the unpack)
 * Best for short blocks: lg p steps where the ring takes p - 1.
 * A block larger than its recvcount (this process's own too) does not stop
 * the exchange: what follows goes on marked (coll_go_on), so the processes
 * it reaches return VMPL_ERR_TRUNCATE too.
 */
#include "../coll_algs.h"
#include "../coll_private.h"

#include <base/log.h>

#include <stdlib.h>

/* Whether this process's block is longer than its own recvcount describes (room bytes). */
static int own_too_long(int64_t sendcount, const dt_type_t *sendtype, size_t room)
{
    size_t bytes = 0;

    dt_pack_size(sendtype, sendcount, &bytes);
    return bytes > room;
}

vmpl_status_t coll_allgatherv_bruck(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                    const dt_type_t *sendtype, void *recvbuf,
                                    const int64_t recvcounts[], const int64_t displs[],
                                    const dt_type_t *recvtype)
{
    int p = c->size, me = c->rank, have = 1, step = 0, truncated = 0;
    size_t *off = malloc(((size_t)p + 1) * sizeof(*off)); /* off[i]: block me + i in tmp */
    char *tmp = NULL;
    dt_aint_t lb, extent;
    vmpl_status_t status = VMPL_OK;

    if (!off)
        return VMPL_ERR_NO_MEMORY;
    dt_type_extent(recvtype, &lb, &extent);
    off[0] = 0;
    for (int i = 0; i < p; i++) {
        size_t bytes = 0;
        dt_pack_size(recvtype, recvcounts[(me + i) % p], &bytes);
        off[i + 1] = off[i] + bytes;
    }
    if (!(tmp = malloc(off[p] ? off[p] : 1))) {
        base_error("coll", "out of memory for a %zu-byte allgather buffer", off[p]);
        free(off);
        return VMPL_ERR_NO_MEMORY;
    }
    if (sendbuf == COLL_IN_PLACE)
        dt_pack(recvtype, recvcounts[me], (char *)recvbuf + displs[me] * extent, 0, tmp, off[1]);
    else
        dt_pack(sendtype, sendcount, sendbuf, 0, tmp, off[1]); /* what fits of a longer one */
    truncated = sendbuf != COLL_IN_PLACE && own_too_long(sendcount, sendtype, off[1]);
    for (; have < p && status == VMPL_OK; step++) {
        int k = have < p - have ? have : p - have;
        status = coll_go_on(coll_sendrecv_mark(c, tmp, (int64_t)off[k], dt_named(DT_BYTE),
                                               (me - have + p) % p, tmp + off[have],
                                               (int64_t)(off[have + k] - off[have]),
                                               dt_named(DT_BYTE), (me + have) % p,
                                               coll_tag(c, step), truncated),
                            &truncated);
        have += k;
    }
    for (int i = sendbuf == COLL_IN_PLACE; i < p && status == VMPL_OK; i++) {
        int r = (me + i) % p;
        dt_unpack(recvtype, recvcounts[r], (char *)recvbuf + displs[r] * extent, 0,
                  tmp + off[i], off[i + 1] - off[i]);
    }
    free(tmp);
    free(off);
    return coll_end(status, truncated);
}
