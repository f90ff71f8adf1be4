/*
 * Broadcast in the node channel (coll_shm.h): the root packs the message
 * into its slot (short) or its buffers (a buffer at a time), every other
 * member unpacks it from there, then says it is done with it. A root of
 * short messages runs up to COLL_SHM_SLOTS - 1 broadcasts ahead of the
 * slowest member, so an oversubscribed root broadcasts many per time
 * slice; a long message goes through in buffer-sized pieces, one ahead.
 * (Pieces much smaller than a buffer, to overlap copying in and out, were
 * slower here: a reader right behind the writer pulls every line from the
 * writer's cache.)
 * Cost = n.beta + ceil(n / B).sync at the root and at each member
 * Any datatype (the buffers hold the packed form). The root records the
 * message's size in every use's line and the members follow it (its
 * pieces, where they are): a member whose count describes fewer bytes
 * takes the root's pieces too, gets VMPL_ERR_TRUNCATE and unpacks
 * nothing. An empty message takes one use.
 */
#include "../coll_algs.h"
#include "../coll_shm.h"

/* Bytes per use of a message of `bytes`: all of it when short, else a buffer's. */
static size_t piece_of(const coll_comm_t *c, size_t bytes)
{
    return bytes <= COLL_SHM_SHORT ? bytes : c->node->buf_bytes;
}

vmpl_status_t coll_bcast_shm(coll_comm_t *c, void *buf, int64_t count, const dt_type_t *dt,
                             int root)
{
    size_t bytes = 0, total, done = 0, piece, len;
    int truncated = 0;
    vmpl_status_t status = VMPL_OK;

    if (coll_shm_check(c) != VMPL_OK)
        return VMPL_ERR_PROC_FAILED;
    dt_pack_size(dt, count, &bytes);
    total = bytes; /* a member's until it reads the root's */
    do {
        uint64_t u = coll_shm_next(c);
        if (c->rank == root) {
            piece = piece_of(c, total);
            len = total - done < piece ? total - done : piece;
            if ((status = coll_shm_writable(c, u, len)) != VMPL_OK)
                break;
            if (len)
                dt_pack(dt, count, buf, done, coll_shm_buf(c, root, u, len), len);
            coll_shm_size_set(c, u, total);
        } else {
            if ((status = coll_shm_wait(c, root, u, COLL_SHM_READY)) != VMPL_OK)
                break;
            total = coll_shm_size_of(c, root, u);
            truncated = total > bytes; /* done with the use all the same */
            piece = piece_of(c, total);
            len = total - done < piece ? total - done : piece;
            if (!truncated && len)
                dt_unpack(dt, count, buf, done, coll_shm_buf(c, root, u, len), len);
        }
        coll_shm_publish(c, u, COLL_SHM_DONE); /* the root's data is ready, with it */
        done += piece;
    } while (done < total);
    return status == VMPL_OK && truncated ? VMPL_ERR_TRUNCATE : status;
}
