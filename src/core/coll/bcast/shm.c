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
 * Any datatype (the buffers hold the packed form). A member whose count
 * describes fewer bytes than the root's gets VMPL_ERR_TRUNCATE (the root
 * records its size in the first use's line) and unpacks nothing.
 */
#include "../coll_algs.h"
#include "../coll_shm.h"

vmpl_status_t coll_bcast_shm(coll_comm_t *c, void *buf, int64_t count, const dt_type_t *dt,
                             int root)
{
    size_t bytes = 0, piece;
    vmpl_status_t status = VMPL_OK;

    if (coll_shm_check(c) != VMPL_OK)
        return VMPL_ERR_PROC_FAILED;
    dt_pack_size(dt, count, &bytes);
    piece = bytes <= COLL_SHM_SHORT ? bytes : c->node->buf_bytes;
    for (size_t done = 0; done < bytes && status == VMPL_OK; done += piece) {
        size_t len = bytes - done < piece ? bytes - done : piece;
        uint64_t u = coll_shm_next(c);
        if (c->rank == root) {
            if ((status = coll_shm_writable(c, u, len)) != VMPL_OK)
                break;
            dt_pack(dt, count, buf, done, coll_shm_buf(c, root, u, len), len);
            coll_shm_size_set(c, u, bytes);
        } else {
            if ((status = coll_shm_wait(c, root, u, COLL_SHM_READY)) != VMPL_OK)
                break;
            if (coll_shm_size_of(c, root, u) > bytes)
                status = VMPL_ERR_TRUNCATE; /* done with this use all the same */
            else
                dt_unpack(dt, count, buf, done, coll_shm_buf(c, root, u, len), len);
        }
        coll_shm_publish(c, u, COLL_SHM_DONE); /* the root's data is ready, with it */
    }
    return status;
}
