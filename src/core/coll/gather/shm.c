/*
 * Gather (equal blocks) in the node channel (coll_shm.h): every member
 * packs its block into its slot or buffer (in buffer-sized pieces when
 * longer) and goes on, up to COLL_SHM_SLOTS - 1 short gathers ahead; the
 * root unpacks every member's block into place as they come.
 * Cost = ceil(m / B).sync + m.beta at each member, p.m.beta at the root
 * Any datatypes. Each member records its block's size in its lines, the
 * root the size its recvcount describes; the root reads each block where
 * its writer's size puts it. A root whose recvcount describes less than a
 * block gets VMPL_ERR_TRUNCATE and unpacks nothing. Blocks longer than a
 * buffer take several uses: then the first use's size words decide (all
 * equal: every piece; else the first use alone), and the members that
 * would write more than one piece wait for everyone's first before they
 * go on. Empty blocks take one use.
 */
#include "../coll_algs.h"
#include "../coll_shm.h"

/* Bytes of a block of `bytes` per use: all of it when short, else a buffer's. */
static size_t piece_of(const coll_comm_t *c, size_t bytes)
{
    return bytes <= COLL_SHM_SHORT ? bytes : c->node->buf_bytes;
}

/* How many bytes of a block of `bytes` the piece at `offset` carries. */
static size_t part_of(size_t bytes, size_t offset, size_t piece)
{
    return offset >= bytes ? 0 : bytes - offset < piece ? bytes - offset : piece;
}

/* Every block's piece k of use u, unpacked into place at the root. */
static void unpack_pieces(coll_comm_t *c, uint64_t u, size_t k, void *recvbuf, int64_t recvcount,
                          const dt_type_t *recvtype, size_t own, size_t own_piece, int in_place)
{
    dt_aint_t lb, rext = 0;

    dt_type_extent(recvtype, &lb, &rext);
    for (int r = 0; r < c->size; r++) {
        size_t bytes = r == c->rank ? own : coll_shm_size_of(c, r, u);
        size_t piece = r == c->rank ? own_piece : piece_of(c, bytes);
        size_t len = part_of(bytes, k * piece, piece);
        if (len && (r != c->rank || !in_place))
            dt_unpack(recvtype, recvcount, (char *)recvbuf + r * recvcount * rext, k * piece,
                      coll_shm_buf(c, r, u, piece), len);
    }
}

vmpl_status_t coll_gather_shm(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                              const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                              const dt_type_t *recvtype, int root)
{
    int is_root = c->rank == root, in_place = sendbuf == COLL_IN_PLACE, truncated = 0;
    size_t block = 0, own = 0, mine, piece, uses;
    vmpl_status_t status = VMPL_OK;

    if (coll_shm_check(c) != VMPL_OK)
        return VMPL_ERR_PROC_FAILED;
    if (!in_place)
        dt_pack_size(sendtype, sendcount, &own);
    if (is_root) {
        dt_pack_size(recvtype, recvcount, &block);
        truncated = own > block; /* its own block does not fit either */
    }
    mine = is_root ? block : own; /* the size word: what this member writes or expects */
    piece = piece_of(c, mine);
    uses = mine ? (mine + piece - 1) / piece : 1;
    for (size_t k = 0; k < uses && status == VMPL_OK; k++) {
        uint64_t u = coll_shm_next(c);
        int first_of_many = k == 0 && uses > 1;
        if (!is_root || !in_place) { /* the root packs its own block too: one path for all */
            size_t len = part_of(own, k * piece, piece); /* a root's may be shorter */
            if ((status = coll_shm_writable(c, u, piece)) != VMPL_OK)
                break;
            if (len)
                dt_pack(sendtype, sendcount, sendbuf, k * piece, coll_shm_buf(c, c->rank, u, piece),
                        len);
        }
        coll_shm_size_set(c, u, mine);
        if (!is_root) {
            coll_shm_publish(c, u, COLL_SHM_DONE); /* ready, and reads nothing */
            if (first_of_many && (status = coll_shm_wait(c, COLL_SHM_ALL, u, COLL_SHM_READY)) ==
                                     VMPL_OK &&
                !coll_shm_sizes_agree(c, u, mine, &truncated))
                uses = 1;
            continue;
        }
        if (first_of_many) /* the members that write more pieces wait for this */
            coll_shm_publish(c, u, COLL_SHM_READY);
        if ((status = coll_shm_wait(c, COLL_SHM_ALL, u, COLL_SHM_READY)) != VMPL_OK)
            break;
        if (k == 0 && !coll_shm_sizes_agree(c, u, block, &truncated))
            uses = 1;
        if (!truncated)
            unpack_pieces(c, u, k, recvbuf, recvcount, recvtype, own, piece, in_place);
        coll_shm_publish(c, u, COLL_SHM_DONE); /* the root's reads are done */
    }
    /* a member's truncated only says that sizes differ: only the root received */
    return status == VMPL_OK && truncated && is_root ? VMPL_ERR_TRUNCATE : status;
}
