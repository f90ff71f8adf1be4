/*
 * Scatter (equal blocks) in the node channel (coll_shm.h): the root packs
 * a piece of every member's block into its slot or buffer (the piece for
 * member q at q . c) and goes on, up to COLL_SHM_SLOTS - 1 short scatters
 * ahead; every member unpacks its piece from there. Blocks go through in
 * pieces of c = B / p bytes (all of a block when the p blocks fit a slot).
 * Cost = ceil(m / c).sync + p.m.beta at the root, m.beta at each member
 * Any datatypes. The root records the size of a block in the line of its
 * first use: a member (or the root itself) whose recvcount describes less
 * gets VMPL_ERR_TRUNCATE and unpacks nothing.
 */
#include "../coll_algs.h"
#include "../coll_shm.h"

vmpl_status_t coll_scatter_shm(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                               const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                               const dt_type_t *recvtype, int root)
{
    int p = c->size, is_root = c->rank == root, truncated = 0;
    size_t block = 0, own = 0, piece, room;
    dt_aint_t lb, sext = 0;
    vmpl_status_t status = VMPL_OK;

    if (coll_shm_check(c) != VMPL_OK)
        return VMPL_ERR_PROC_FAILED;
    if (is_root) {
        dt_pack_size(sendtype, sendcount, &block);
        dt_type_extent(sendtype, &lb, &sext);
        if (recvbuf != COLL_IN_PLACE) { /* its own block must fit too */
            dt_pack_size(recvtype, recvcount, &own);
            truncated = own < block;
        }
    } else {
        dt_pack_size(recvtype, recvcount, &block);
    }
    piece = block * (size_t)p <= COLL_SHM_SHORT ? block : c->node->buf_bytes / (size_t)p;
    room = piece * (size_t)p;
    for (size_t done = 0; done < block && status == VMPL_OK; done += piece) {
        size_t len = block - done < piece ? block - done : piece;
        uint64_t u = coll_shm_next(c);
        char *from = coll_shm_buf(c, root, u, room);
        if (is_root) {
            if ((status = coll_shm_writable(c, u, room)) != VMPL_OK)
                break;
            for (int q = 0; q < p; q++)
                dt_pack(sendtype, sendcount, (const char *)sendbuf + q * sendcount * sext, done,
                        from + (size_t)q * piece, len);
            coll_shm_size_set(c, u, block);
        } else if ((status = coll_shm_wait(c, root, u, COLL_SHM_READY)) != VMPL_OK) {
            break;
        } else if (coll_shm_size_of(c, root, u) > block) {
            truncated = 1;
        }
        if ((!is_root || recvbuf != COLL_IN_PLACE) && !truncated)
            dt_unpack(recvtype, recvcount, recvbuf, done, from + (size_t)c->rank * piece, len);
        coll_shm_publish(c, u, COLL_SHM_DONE); /* the root's pieces are ready, with it */
    }
    return status == VMPL_OK && truncated ? VMPL_ERR_TRUNCATE : status;
}
