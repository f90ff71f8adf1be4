/*
 * Gather (equal blocks) in the node channel (coll_shm.h): every member
 * packs its block into its slot or buffer (in buffer-sized pieces when
 * longer) and goes on, up to COLL_SHM_SLOTS - 1 short gathers ahead; the
 * root unpacks every member's block into place as they come.
 * Cost = ceil(m / B).sync + m.beta at each member, p.m.beta at the root
 * Any datatypes. Each member records its block's size in its first use's
 * line: a root whose recvcount describes less gets VMPL_ERR_TRUNCATE and
 * unpacks nothing.
 */
#include "../coll_algs.h"
#include "../coll_shm.h"

vmpl_status_t coll_gather_shm(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                              const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                              const dt_type_t *recvtype, int root)
{
    int is_root = c->rank == root, in_place = sendbuf == COLL_IN_PLACE, truncated = 0;
    size_t block = 0, own = 0, piece;
    dt_aint_t lb, rext = 0;
    vmpl_status_t status = VMPL_OK;

    if (coll_shm_check(c) != VMPL_OK)
        return VMPL_ERR_PROC_FAILED;
    if (!in_place)
        dt_pack_size(sendtype, sendcount, &own);
    if (is_root) {
        dt_pack_size(recvtype, recvcount, &block);
        dt_type_extent(recvtype, &lb, &rext);
        truncated = own > block; /* its own block does not fit either */
    } else {
        block = own;
    }
    piece = block <= COLL_SHM_SHORT ? block : c->node->buf_bytes;
    for (size_t done = 0; done < block && status == VMPL_OK; done += piece) {
        size_t len = block - done < piece ? block - done : piece;
        uint64_t u = coll_shm_next(c);
        if (!is_root || !in_place) { /* the root packs its own block too: one path for all */
            if ((status = coll_shm_writable(c, u, piece)) != VMPL_OK)
                break;
            if (done < own) /* a root's own block may be shorter than its recvcount's */
                dt_pack(sendtype, sendcount, sendbuf, done, coll_shm_buf(c, c->rank, u, piece),
                        own - done < len ? own - done : len);
            coll_shm_size_set(c, u, own);
        }
        if (is_root) {
            if ((status = coll_shm_wait(c, COLL_SHM_ALL, u, COLL_SHM_READY)) != VMPL_OK)
                break;
            for (int r = 0; r < c->size; r++)
                if (r != root && coll_shm_size_of(c, r, u) > block)
                    truncated = 1;
            for (int r = 0; r < c->size && !truncated; r++)
                if (r != root || !in_place)
                    dt_unpack(recvtype, recvcount, (char *)recvbuf + r * recvcount * rext, done,
                              coll_shm_buf(c, r, u, piece), len);
        }
        coll_shm_publish(c, u, COLL_SHM_DONE); /* a member's data is ready, the root's reads done */
    }
    return status == VMPL_OK && truncated ? VMPL_ERR_TRUNCATE : status;
}
