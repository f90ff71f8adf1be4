/* Point-to-point, buffer and reduction helpers of the collective algorithms. */
#include "coll_private.h"

#include <base/log.h>

#include <stdlib.h>
#include <string.h>

vmpl_status_t coll_send(coll_comm_t *c, const void *buf, int64_t count, const dt_type_t *dt,
                        int dest, int tag)
{
    p2p_req_t req;
    vmpl_status_t status = p2p_isend(c->p2p, buf, count, dt, coll_peer(c, dest), tag, c->ctx,
                                     P2P_MODE_STANDARD, &req);

    if (status != VMPL_OK)
        return status;
    p2p_wait(c->p2p, &req);
    return req.status.error; /* VMPL_ERR_PROC_FAILED when the peer or the communicator failed */
}

vmpl_status_t coll_recv(coll_comm_t *c, void *buf, int64_t count, const dt_type_t *dt, int src,
                        int tag)
{
    p2p_req_t req;
    vmpl_status_t status = p2p_irecv(c->p2p, buf, count, dt, coll_peer(c, src), tag, c->ctx, &req);

    if (status != VMPL_OK)
        return status;
    p2p_wait(c->p2p, &req);
    return req.status.error;
}

vmpl_status_t coll_sendrecv(coll_comm_t *c, const void *sbuf, int64_t scount,
                            const dt_type_t *sdt, int dest, void *rbuf, int64_t rcount,
                            const dt_type_t *rdt, int src, int tag)
{
    p2p_req_t sreq, rreq;
    vmpl_status_t status = p2p_irecv(c->p2p, rbuf, rcount, rdt, coll_peer(c, src), tag, c->ctx,
                                     &rreq);

    if (status != VMPL_OK)
        return status;
    status = p2p_isend(c->p2p, sbuf, scount, sdt, coll_peer(c, dest), tag, c->ctx,
                       P2P_MODE_STANDARD, &sreq);
    if (status == VMPL_OK) {
        p2p_wait(c->p2p, &sreq);
        status = sreq.status.error;
    }
    p2p_wait(c->p2p, &rreq); /* posted: must complete before its request goes away */
    return status != VMPL_OK ? status : rreq.status.error;
}

/* The packed form of count elements of dt and one byte more (freed by the caller). */
static char *pack_longer(const void *buf, int64_t count, const dt_type_t *dt, size_t *bytes_p)
{
    size_t bytes = 0;
    char *packed;

    dt_pack_size(dt, count, &bytes);
    if (!(packed = calloc(1, bytes + 1))) {
        base_error("coll", "out of memory for a %zu-byte truncation mark", bytes + 1);
        return NULL;
    }
    dt_pack(dt, count, buf, 0, packed, bytes);
    *bytes_p = bytes + 1;
    return packed;
}

vmpl_status_t coll_send_mark(coll_comm_t *c, const void *buf, int64_t count, const dt_type_t *dt,
                             int dest, int tag, int truncated)
{
    size_t bytes;
    char *packed;
    vmpl_status_t status;

    if (!truncated)
        return coll_send(c, buf, count, dt, dest, tag);
    if (!(packed = pack_longer(buf, count, dt, &bytes)))
        return VMPL_ERR_NO_MEMORY;
    status = coll_send(c, packed, (int64_t)bytes, dt_named(DT_BYTE), dest, tag);
    free(packed);
    return status;
}

vmpl_status_t coll_sendrecv_mark(coll_comm_t *c, const void *sbuf, int64_t scount,
                                 const dt_type_t *sdt, int dest, void *rbuf, int64_t rcount,
                                 const dt_type_t *rdt, int src, int tag, int truncated)
{
    size_t bytes;
    char *packed;
    vmpl_status_t status;

    if (!truncated)
        return coll_sendrecv(c, sbuf, scount, sdt, dest, rbuf, rcount, rdt, src, tag);
    if (!(packed = pack_longer(sbuf, scount, sdt, &bytes)))
        return VMPL_ERR_NO_MEMORY;
    status = coll_sendrecv(c, packed, (int64_t)bytes, dt_named(DT_BYTE), dest, rbuf, rcount, rdt,
                           src, tag);
    free(packed);
    return status;
}

int64_t *coll_equal_blocks(int size, int64_t count)
{
    int64_t *blocks = malloc(2 * (size_t)size * sizeof(*blocks));

    for (int r = 0; blocks && r < size; r++)
        blocks[r] = count, blocks[size + r] = (int64_t)r * count;
    return blocks;
}

vmpl_status_t coll_temp_alloc(int64_t count, const dt_type_t *dt, void **buf_p, void **mem_p)
{
    dt_aint_t lb, extent, tlb, textent;
    size_t bytes;
    char *mem;

    dt_type_extent(dt, &lb, &extent);
    dt_type_true_extent(dt, &tlb, &textent);
    bytes = count > 0 ? (size_t)(textent + (count - 1) * (extent > 0 ? extent : 0)) : 1;
    /* the reduction engine reads whole elements: a padded pair's last one too */
    if (count > 0 && extent > 0 && (size_t)(count * extent) > bytes)
        bytes = (size_t)(count * extent);
    mem = malloc(bytes ? bytes : 1);
    if (!mem) {
        base_error("coll", "out of memory for a %zu-byte temporary", bytes);
        return VMPL_ERR_NO_MEMORY;
    }
    *mem_p = mem;
    *buf_p = mem - tlb;
    return VMPL_OK;
}

/* Through a packed copy on the stack or heap: works for any layout. */
void coll_copy(const void *src, void *dst, int64_t count, const dt_type_t *dt)
{
    size_t bytes = 0, done;
    char chunk[4096];

    dt_pack_size(dt, count, &bytes);
    for (done = 0; done < bytes; done += sizeof(chunk)) {
        size_t len = bytes - done < sizeof(chunk) ? bytes - done : sizeof(chunk);
        dt_pack(dt, count, src, done, chunk, len);
        dt_unpack(dt, count, dst, done, chunk, len);
    }
}

void coll_combine(const coll_op_t *op, const void *in, void *inout, int64_t count,
                  const dt_type_t *dt)
{
    if (op->op != VMPL_OP_COUNT) {
        /* predefined ops come with contiguous types of op->elem (the MPI layer checks) */
        size_t elem = vmpl_type_size(op->elem);
        dt_aint_t lb, extent;
        dt_type_extent(dt, &lb, &extent);
        vmpl_reduce_local(in, inout, (size_t)(count * extent) / (elem ? elem : 1), op->elem,
                          op->op);
    } else {
        int len = (int)count;
        op->user((void *)in, inout, &len, op->user_dt);
    }
}
