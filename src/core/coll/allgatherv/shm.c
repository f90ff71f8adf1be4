/*
 * Allgather(v) in the node channel (coll_shm.h): every member packs its
 * block into its slot or buffer; once all did, every member unpacks all
 * blocks into place. Blocks longer than a buffer go through in
 * buffer-sized pieces (every member makes as many uses as the longest
 * block needs).
 * Cost = ceil(m / B).sync + m.beta + p.m.beta   (m: longest block, B: buffer bytes)
 * Any datatypes, any counts and displacements. Each member records the
 * size of its own block in its lines; a reader takes each block where
 * that size puts it and learns the uses the longest needs in the first
 * use (where everyone sees every size). A block larger than the reader's
 * recvcounts describe (its own included) makes the reader return
 * VMPL_ERR_TRUNCATE and unpack nothing. Empty blocks take one use.
 */
#include "../coll_algs.h"
#include "../coll_shm.h"

/* Bytes of a block of `bytes` per use: all of it when short, else a buffer's. */
static size_t piece_of(const coll_comm_t *c, size_t bytes)
{
    return bytes <= COLL_SHM_SHORT ? bytes : c->node->buf_bytes;
}

/* How many bytes of a block of `block` bytes the piece at `offset` carries. */
static size_t piece_part(size_t block, size_t offset, size_t piece)
{
    return offset >= block ? 0 : block - offset < piece ? block - offset : piece;
}

/*
 * The uses the longest block recorded in use u needs; *truncated_p when a
 * block is larger than this member's recvcounts describe.
 */
static size_t uses_of(const coll_comm_t *c, uint64_t u, const int64_t recvcounts[],
                      const dt_type_t *recvtype, int *truncated_p)
{
    size_t longest = 0, piece;

    for (int r = 0; r < c->size; r++) {
        size_t bytes = coll_shm_size_of(c, r, u), room = 0;
        longest = bytes > longest ? bytes : longest;
        dt_pack_size(recvtype, recvcounts[r], &room);
        *truncated_p |= bytes > room;
    }
    piece = piece_of(c, longest);
    return longest > piece ? (longest + piece - 1) / piece : 1;
}

vmpl_status_t coll_allgatherv_shm(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                  const dt_type_t *sendtype, void *recvbuf,
                                  const int64_t recvcounts[], const int64_t displs[],
                                  const dt_type_t *recvtype)
{
    int in_place = sendbuf == COLL_IN_PLACE, truncated = 0;
    size_t piece, mine = 0, uses = 1;
    dt_aint_t lb, extent;
    vmpl_status_t status = VMPL_OK;

    if (coll_shm_check(c) != VMPL_OK)
        return VMPL_ERR_PROC_FAILED;
    dt_type_extent(recvtype, &lb, &extent);
    if (in_place) /* the block is where the others' go */
        dt_pack_size(recvtype, recvcounts[c->rank], &mine);
    else
        dt_pack_size(sendtype, sendcount, &mine);
    piece = piece_of(c, mine);
    for (size_t k = 0; k < uses && status == VMPL_OK; k++) {
        uint64_t u = coll_shm_next(c);
        size_t len = piece_part(mine, k * piece, piece);
        if ((status = coll_shm_writable(c, u, piece)) != VMPL_OK)
            break;
        if (len && in_place) /* no len: this member's block ended in an earlier piece */
            dt_pack(recvtype, recvcounts[c->rank], (char *)recvbuf + displs[c->rank] * extent,
                    k * piece, coll_shm_buf(c, c->rank, u, piece), len);
        else if (len)
            dt_pack(sendtype, sendcount, sendbuf, k * piece, coll_shm_buf(c, c->rank, u, piece),
                    len);
        coll_shm_size_set(c, u, mine);
        coll_shm_publish(c, u, COLL_SHM_READY);
        if ((status = coll_shm_wait(c, COLL_SHM_ALL, u, COLL_SHM_READY)) != VMPL_OK)
            break;
        if (k == 0)
            uses = uses_of(c, u, recvcounts, recvtype, &truncated);
        for (int r = 0; r < c->size && !truncated; r++) {
            size_t bytes = coll_shm_size_of(c, r, u), rpiece = piece_of(c, bytes), part;
            if ((r == c->rank && in_place) || !(part = piece_part(bytes, k * rpiece, rpiece)))
                continue;
            dt_unpack(recvtype, recvcounts[r], (char *)recvbuf + displs[r] * extent, k * rpiece,
                      coll_shm_buf(c, r, u, rpiece), part);
        }
        coll_shm_publish(c, u, COLL_SHM_DONE);
    }
    return status == VMPL_OK && truncated ? VMPL_ERR_TRUNCATE : status;
}
