/*
 * Scatter (equal blocks) in the node channel (coll_shm.h): the root packs
 * a piece of every member's block into its slot or buffer (the piece for
 * member q at q . c) and goes on, up to COLL_SHM_SLOTS - 1 short scatters
 * ahead; every member unpacks its piece from there. Blocks go through in
 * pieces of c = B / p bytes (all of a block when the p blocks fit a slot).
 * Cost = ceil(m / c).sync + p.m.beta at the root, m.beta at each member
 * Any datatypes. The root records the size of a block in every use's
 * line and the members follow it (its pieces, where they are): a member
 * (or the root itself) whose recvcount describes less gets
 * VMPL_ERR_TRUNCATE and unpacks nothing. Empty blocks take one use.
 */
#include "../coll_algs.h"
#include "../coll_shm.h"

/* Bytes of each block per use, for blocks of `block` bytes. */
static size_t piece_of(const coll_comm_t *c, size_t block)
{
    return block * (size_t)c->size <= COLL_SHM_SHORT ? block : c->node->buf_bytes / (size_t)c->size;
}

vmpl_status_t coll_scatter_shm(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                               const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                               const dt_type_t *recvtype, int root)
{
    int p = c->size, is_root = c->rank == root, truncated = 0;
    size_t block = 0, own = 0, done = 0, piece, room, len;
    dt_aint_t lb, sext = 0;
    vmpl_status_t status = VMPL_OK;

    if (coll_shm_check(c) != VMPL_OK)
        return VMPL_ERR_PROC_FAILED;
    if (recvbuf != COLL_IN_PLACE)
        dt_pack_size(recvtype, recvcount, &own);
    if (is_root) {
        dt_pack_size(sendtype, sendcount, &block);
        dt_type_extent(sendtype, &lb, &sext);
        truncated = recvbuf != COLL_IN_PLACE && own < block; /* its own block must fit too */
    }
    do {
        uint64_t u = coll_shm_next(c);
        char *from;
        if (!is_root) {
            if ((status = coll_shm_wait(c, root, u, COLL_SHM_READY)) != VMPL_OK)
                break;
            block = coll_shm_size_of(c, root, u); /* the root's block, not the recvcount's */
            truncated = block > own;
        }
        piece = piece_of(c, block);
        room = piece * (size_t)p;
        len = block - done < piece ? block - done : piece;
        from = coll_shm_buf(c, root, u, room);
        if (is_root) {
            if ((status = coll_shm_writable(c, u, room)) != VMPL_OK)
                break;
            for (int q = 0; q < p && len; q++)
                dt_pack(sendtype, sendcount, (const char *)sendbuf + q * sendcount * sext, done,
                        from + (size_t)q * piece, len);
            coll_shm_size_set(c, u, block);
        }
        if (recvbuf != COLL_IN_PLACE && !truncated && len)
            dt_unpack(recvtype, recvcount, recvbuf, done, from + (size_t)c->rank * piece, len);
        coll_shm_publish(c, u, COLL_SHM_DONE); /* the root's pieces are ready, with it */
        done += piece;
    } while (done < block);
    return status == VMPL_OK && truncated ? VMPL_ERR_TRUNCATE : status;
}
