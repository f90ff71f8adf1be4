/*
 * Alltoall(v/w) by pairwise exchange: in step k each process sends to
 * rank + k and receives from rank - k, so every pair meets once. In place,
 * the outgoing blocks are packed aside first. A truncated block does not
 * stop the exchange (the other members' steps wait for this one's): the
 * call returns VMPL_ERR_TRUNCATE at the end.
 * Cost = (p - 1) . alpha + n_total . beta
 */
#include "../coll_algs.h"
#include "../coll_private.h"

#include <base/log.h>

#include <stdlib.h>

/* In place: every block of recvbuf packed into one buffer; *off_p[r] is where block r starts. */
static vmpl_status_t pack_aside(const coll_comm_t *c, const void *recvbuf,
                                const int64_t recvcounts[], const int64_t rdispls[],
                                const dt_type_t *const recvtypes[], char **buf_p, size_t **off_p)
{
    size_t p = (size_t)c->size, *off = malloc((p + 1) * sizeof(*off));
    char *buf;

    if (!off)
        return VMPL_ERR_NO_MEMORY;
    off[0] = 0;
    for (size_t r = 0; r < p; r++) {
        size_t bytes = 0;
        dt_pack_size(recvtypes[r], recvcounts[r], &bytes);
        off[r + 1] = off[r] + bytes;
    }
    if (!(buf = malloc(off[p] ? off[p] : 1))) {
        base_error("coll", "out of memory for a %zu-byte in-place alltoall copy", off[p]);
        free(off);
        return VMPL_ERR_NO_MEMORY;
    }
    for (size_t r = 0; r < p; r++)
        dt_pack(recvtypes[r], recvcounts[r], (const char *)recvbuf + rdispls[r], 0, buf + off[r],
                off[r + 1] - off[r]);
    *buf_p = buf;
    *off_p = off;
    return VMPL_OK;
}

vmpl_status_t coll_alltoallw_pairwise(coll_comm_t *c, const void *sendbuf,
                                      const int64_t sendcounts[], const int64_t sdispls[],
                                      const dt_type_t *const sendtypes[], void *recvbuf,
                                      const int64_t recvcounts[], const int64_t rdispls[],
                                      const dt_type_t *const recvtypes[])
{
    int p = c->size, truncated = 0;
    char *aside = NULL;
    size_t *off = NULL;
    vmpl_status_t status = VMPL_OK;

    if (sendbuf == COLL_IN_PLACE &&
        (status = pack_aside(c, recvbuf, recvcounts, rdispls, recvtypes, &aside, &off)) != VMPL_OK)
        return status;
    for (int k = 0; k < p && status == VMPL_OK; k++) {
        int dest = (c->rank + k) % p, src = (c->rank - k + p) % p;
        if (aside)
            status = coll_sendrecv(c, aside + off[dest], (int64_t)(off[dest + 1] - off[dest]),
                                   dt_named(DT_BYTE), dest, (char *)recvbuf + rdispls[src],
                                   recvcounts[src], recvtypes[src], src, coll_tag(c, k));
        else
            status = coll_sendrecv(c, (const char *)sendbuf + sdispls[dest], sendcounts[dest],
                                   sendtypes[dest], dest, (char *)recvbuf + rdispls[src],
                                   recvcounts[src], recvtypes[src], src, coll_tag(c, k));
        if (status == VMPL_ERR_TRUNCATE) { /* go on: the other members' steps wait for ours */
            truncated = 1;
            status = VMPL_OK;
        }
    }
    free(aside);
    free(off);
    return status == VMPL_OK && truncated ? VMPL_ERR_TRUNCATE : status;
}

vmpl_status_t coll_alltoallw(coll_comm_t *c, const void *sendbuf, const int64_t sendcounts[],
                             const int64_t sdispls[], const dt_type_t *const sendtypes[],
                             void *recvbuf, const int64_t recvcounts[], const int64_t rdispls[],
                             const dt_type_t *const recvtypes[])
{
    c->seq++;
    return coll_alltoallw_pairwise(c, sendbuf, sendcounts, sdispls, sendtypes, recvbuf,
                                   recvcounts, rdispls, recvtypes);
}
