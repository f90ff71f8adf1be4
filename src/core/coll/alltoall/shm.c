/*
 * Alltoall in the node channel (coll_shm.h): every member packs a piece of
 * each of its p outgoing blocks into its slot or buffer (the piece for
 * member q at q . c), and once all did, every member unpacks its piece of
 * each member's blocks into place. Blocks go through in pieces of
 * c = B / p bytes (all of a block when the p blocks fit a slot); in place
 * works piece by piece, as each piece is packed before it is overwritten.
 * Cost = ceil(m / c).sync + 2 p.m.beta   (m: block bytes)
 * Equal blocks (MPI_Alltoall), any datatypes. Each member records the
 * size of its outgoing blocks in its lines; a reader takes each member's
 * pieces where that size puts them, and everyone makes as many uses as
 * the longest needs (read in the first use, where everyone sees every
 * size). One block larger than the receiver's (its own included) makes
 * the receiver return VMPL_ERR_TRUNCATE and unpack nothing. Empty blocks
 * take one use.
 */
#include "../coll_algs.h"
#include "../coll_shm.h"

/* Bytes of each block per use, for blocks of `block` bytes. */
static size_t piece_of(const coll_comm_t *c, size_t block)
{
    return block * (size_t)c->size <= COLL_SHM_SHORT ? block : c->node->buf_bytes / (size_t)c->size;
}

/* How many bytes of a block of `bytes` the piece at `offset` carries. */
static size_t part_of(size_t bytes, size_t offset, size_t piece)
{
    return offset >= bytes ? 0 : bytes - offset < piece ? bytes - offset : piece;
}

/* The uses the longest block recorded in use u needs; *truncated_p when one exceeds block. */
static size_t uses_of(const coll_comm_t *c, uint64_t u, size_t block, int *truncated_p)
{
    size_t longest = 0, piece;

    for (int r = 0; r < c->size; r++) {
        size_t bytes = coll_shm_size_of(c, r, u);
        longest = bytes > longest ? bytes : longest;
    }
    *truncated_p |= longest > block; /* its own block too */
    piece = piece_of(c, longest);
    return longest > piece ? (longest + piece - 1) / piece : 1;
}

vmpl_status_t coll_alltoall_shm(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                                const dt_type_t *recvtype)
{
    int p = c->size, in_place = sendbuf == COLL_IN_PLACE, truncated = 0;
    size_t block = 0, own = 0, piece, uses = 1;
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
    piece = piece_of(c, own); /* where this member's pieces go: its own size says */
    for (size_t k = 0; k < uses && status == VMPL_OK; k++) {
        uint64_t u = coll_shm_next(c);
        size_t room = piece * (size_t)p, len = part_of(own, k * piece, piece);
        char *mine = coll_shm_buf(c, c->rank, u, room);
        if ((status = coll_shm_writable(c, u, room)) != VMPL_OK)
            break;
        for (int q = 0; q < p && len; q++)
            dt_pack(sendtype, sendcount, (const char *)sendbuf + q * sendcount * sext, k * piece,
                    mine + (size_t)q * piece, len);
        coll_shm_size_set(c, u, own);
        coll_shm_publish(c, u, COLL_SHM_READY);
        if ((status = coll_shm_wait(c, COLL_SHM_ALL, u, COLL_SHM_READY)) != VMPL_OK)
            break;
        if (k == 0)
            uses = uses_of(c, u, block, &truncated);
        for (int r = 0; r < p && !truncated; r++) {
            size_t bytes = coll_shm_size_of(c, r, u), rpiece = piece_of(c, bytes);
            size_t part = part_of(bytes, k * rpiece, rpiece);
            if (part)
                dt_unpack(recvtype, recvcount, (char *)recvbuf + r * recvcount * rext, k * rpiece,
                          coll_shm_buf(c, r, u, rpiece * (size_t)p) + (size_t)c->rank * rpiece,
                          part);
        }
        coll_shm_publish(c, u, COLL_SHM_DONE);
    }
    return status == VMPL_OK && truncated ? VMPL_ERR_TRUNCATE : status;
}
