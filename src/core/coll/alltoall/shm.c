/*
 * Alltoall in the node channel (coll_shm.h): every member packs a piece of
 * each of its p outgoing blocks into its slot or buffer (the piece for
 * member q at q . c), and once all did, every member unpacks its piece of
 * each member's blocks into place. Blocks go through in pieces of
 * c = B / p bytes (all of a block when the p blocks fit a slot); in place
 * works piece by piece, as each piece is packed before it is overwritten.
 * Cost = ceil(m / c).sync + 2 p.m.beta   (m: block bytes)
 * Equal blocks (MPI_Alltoall), any datatypes. Each member records the
 * size of its outgoing blocks in its line: one larger than the receiver's
 * (its own included) makes the receiver return VMPL_ERR_TRUNCATE and
 * unpack nothing.
 */
#include "../coll_algs.h"
#include "../coll_shm.h"

vmpl_status_t coll_alltoall_shm(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                                const dt_type_t *recvtype)
{
    int p = c->size, in_place = sendbuf == COLL_IN_PLACE, truncated = 0;
    size_t block = 0, own = 0, piece, room;
    dt_aint_t lb, sext = 0, rext;
    vmpl_status_t status = VMPL_OK;

    if (coll_shm_check(c) != VMPL_OK)
        return VMPL_ERR_PROC_FAILED;
    if (in_place) {
        sendbuf = recvbuf;
        sendcount = recvcount;
        sendtype = recvtype;
    }
    dt_type_extent(sendtype, &lb, &sext);
    dt_type_extent(recvtype, &lb, &rext);
    dt_pack_size(recvtype, recvcount, &block);
    dt_pack_size(sendtype, sendcount, &own);
    piece = block * (size_t)p <= COLL_SHM_SHORT ? block : c->node->buf_bytes / (size_t)p;
    room = piece * (size_t)p; /* what a use carries: it picks the slot or a buffer */
    for (size_t done = 0; done < block && status == VMPL_OK; done += piece) {
        size_t len = block - done < piece ? block - done : piece;
        uint64_t u = coll_shm_next(c);
        char *mine = coll_shm_buf(c, c->rank, u, room);
        if ((status = coll_shm_writable(c, u, room)) != VMPL_OK)
            break;
        for (int q = 0; q < p; q++)
            dt_pack(sendtype, sendcount, (const char *)sendbuf + q * sendcount * sext, done,
                    mine + (size_t)q * piece, len);
        coll_shm_size_set(c, u, own);
        coll_shm_publish(c, u, COLL_SHM_READY);
        if ((status = coll_shm_wait(c, COLL_SHM_ALL, u, COLL_SHM_READY)) != VMPL_OK)
            break;
        for (int r = 0; r < p; r++)
            if (coll_shm_size_of(c, r, u) > block) /* its own block too */
                truncated = 1;
        for (int r = 0; r < p && !truncated; r++)
            dt_unpack(recvtype, recvcount, (char *)recvbuf + r * recvcount * rext, done,
                      coll_shm_buf(c, r, u, room) + (size_t)c->rank * piece, len);
        coll_shm_publish(c, u, COLL_SHM_DONE);
    }
    return status == VMPL_OK && truncated ? VMPL_ERR_TRUNCATE : status;
}
