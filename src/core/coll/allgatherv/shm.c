/*
 * Allgather(v) in the node channel (coll_shm.h): every member packs its
 * block into its slot or buffer; once all did, every member unpacks all
 * blocks into place. Blocks longer than a buffer go through in
 * buffer-sized pieces (every member makes as many uses as the longest
 * block needs).
 * Cost = ceil(m / B).sync + m.beta + p.m.beta   (m: longest block, B: buffer bytes)
 * Any datatypes, any counts and displacements.
 */
#include "../coll_algs.h"
#include "../coll_shm.h"

/* How many bytes of a block of `block` bytes the piece at `offset` carries. */
static size_t piece_part(size_t block, size_t offset, size_t piece)
{
    return offset >= block ? 0 : block - offset < piece ? block - offset : piece;
}

vmpl_status_t coll_allgatherv_shm(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                  const dt_type_t *sendtype, void *recvbuf,
                                  const int64_t recvcounts[], const int64_t displs[],
                                  const dt_type_t *recvtype)
{
    int in_place = sendbuf == COLL_IN_PLACE;
    size_t longest = 0, piece, mine = 0;
    dt_aint_t lb, extent;
    vmpl_status_t status = VMPL_OK;

    if (coll_shm_check(c) != VMPL_OK)
        return VMPL_ERR_PROC_FAILED;
    dt_type_extent(recvtype, &lb, &extent);
    for (int r = 0; r < c->size; r++) {
        size_t bytes = 0;
        dt_pack_size(recvtype, recvcounts[r], &bytes);
        if (bytes > longest)
            longest = bytes;
        if (r == c->rank)
            mine = bytes;
    }
    piece = longest <= COLL_SHM_SHORT ? longest : c->node->buf_bytes;
    for (size_t done = 0; done < longest && status == VMPL_OK; done += piece) {
        uint64_t u = coll_shm_next(c);
        size_t len = piece_part(mine, done, piece);
        if ((status = coll_shm_writable(c, u, piece)) != VMPL_OK)
            break;
        if (len && in_place) /* no len: this member's block ended in an earlier piece */
            dt_pack(recvtype, recvcounts[c->rank], (char *)recvbuf + displs[c->rank] * extent,
                    done, coll_shm_buf(c, c->rank, u, piece), len);
        else if (len)
            dt_pack(sendtype, sendcount, sendbuf, done, coll_shm_buf(c, c->rank, u, piece), len);
        coll_shm_publish(c, u, COLL_SHM_READY);
        if ((status = coll_shm_wait(c, COLL_SHM_ALL, u, COLL_SHM_READY)) != VMPL_OK)
            break;
        for (int r = 0; r < c->size; r++) {
            size_t bytes = 0, part;
            dt_pack_size(recvtype, recvcounts[r], &bytes);
            if ((r == c->rank && in_place) || !(part = piece_part(bytes, done, piece)))
                continue;
            dt_unpack(recvtype, recvcounts[r], (char *)recvbuf + displs[r] * extent, done,
                      coll_shm_buf(c, r, u, piece), part);
        }
        coll_shm_publish(c, u, COLL_SHM_DONE);
    }
    return status;
}
