/*
 * Sending: the eager and rendezvous protocols' sender side and the queue
 * of outgoing messages. Everything leaves through one FIFO, so messages
 * reach each peer in the order they were started even when the transport
 * is momentarily full.
 */
#include "p2p_private.h"

#include <base/log.h>

#include <stdlib.h>
#include <string.h>

typedef struct {
    p2p_req_t *req;
    uint64_t offset;
} fill_arg_t;

/* Packs len bytes of the request's data at offset into transport memory. */
static void fill_packed(void *dst, size_t len, void *arg)
{
    fill_arg_t *f = arg;

    if (f->req->contig)
        memcpy(dst, f->req->contig + f->offset, len);
    else
        dt_pack(f->req->dt, f->req->count, f->req->buf, f->offset, dst, len);
}

static vmpl_status_t out_grow(p2p_t *p2p)
{
    size_t cap = p2p->out_cap ? 2 * p2p->out_cap : 256;
    p2p_out_t *ring = malloc(cap * sizeof(*ring));

    if (!ring)
        return VMPL_ERR_NO_MEMORY;
    for (size_t i = 0; i < p2p->out_count; i++)
        ring[i] = p2p->out[(p2p->out_head + i) % p2p->out_cap];
    free(p2p->out);
    p2p->out = ring;
    p2p->out_cap = cap;
    p2p->out_head = 0;
    return VMPL_OK;
}

/* Sends the head item (or the next chunk of a streamed one); 1 when it is finished. */
static int out_send_head(p2p_t *p2p, p2p_out_t *o, vmpl_status_t *status_p)
{
    const p2p_peer_t *peer = &p2p->peers[o->dest];
    fill_arg_t fill = {o->req, 0};
    size_t len = 0;

    if (o->hdr.type == P2P_EAGER) {
        len = o->req->bytes;
    } else if (o->hdr.type == P2P_DATA) {
        fill.offset = o->req->offset;
        len = o->req->bytes - fill.offset < peer->eager_max ? o->req->bytes - fill.offset
                                                           : peer->eager_max;
        o->hdr.offset = fill.offset;
    }
    *status_p = peer->ops->eager_send(&peer->ep, &o->hdr, p2p_hdr_len(&o->hdr), len, fill_packed,
                                      &fill);
    if (*status_p != VMPL_OK)
        return 0;
    p2p->poll |= peer->caps & P2P_POLL_LOOPBACK; /* progress polls it */
    if (o->hdr.type == P2P_DATA) {
        o->req->offset += len;
        if (o->req->offset < o->req->bytes)
            return 0; /* more chunks */
        p2p_inflight_remove(p2p, o->req);
        o->req->done = 1;
    } else if (o->hdr.type == P2P_EAGER && !(o->hdr.flags & P2P_FLAG_SYNC)) {
        o->req->done = 1; /* the data is in the transport: the buffer is free */
    }
    return 1;
}

int p2p_out_flush(p2p_t *p2p)
{
    int sent = 0;

    while (p2p->out_count) {
        p2p_out_t *o = &p2p->out[p2p->out_head];
        vmpl_status_t status;

        if (!out_send_head(p2p, o, &status)) {
            if (status == VMPL_OK) {
                sent++;
                continue; /* a chunk went: try the next one */
            }
            if (status != VMPL_INPROGRESS)
                base_error("p2p", "send to %d failed: %s", o->dest, vmpl_status_string(status));
            break;
        }
        sent++;
        p2p->out_head = (p2p->out_head + 1) % p2p->out_cap;
        p2p->out_count--;
    }
    return sent;
}

vmpl_status_t p2p_out_push(p2p_t *p2p, int dest, const p2p_hdr_t *hdr, p2p_req_t *req)
{
    vmpl_status_t status;

    p2p_out_t o = {.dest = dest, .hdr = *hdr, .req = req};

    if (!p2p->out_count) { /* nothing queued: try the transport directly */
        if (out_send_head(p2p, &o, &status))
            return VMPL_OK;
        if (status != VMPL_OK && status != VMPL_INPROGRESS)
            return status; /* a streamed message keeps its progress in req */
    }
    if (p2p->out_count == p2p->out_cap && (status = out_grow(p2p)) != VMPL_OK)
        return status;
    p2p->out[(p2p->out_head + p2p->out_count++) % p2p->out_cap] = o;
    p2p_out_flush(p2p);
    return VMPL_OK;
}

static vmpl_status_t request_init(p2p_req_t *req, void *buf, int64_t count, const dt_type_t *dt,
                                  int peer, int tag, uint32_t ctx)
{
    size_t bytes;
    dt_aint_t offset;
    vmpl_status_t status = dt_pack_size(dt, count, &bytes);

    if (status != VMPL_OK)
        return status;
    if (!dt_type_is_committed(dt))
        return VMPL_ERR_TYPE_NOT_COMMITTED;
    req->is_send = 0;
    req->matched = 0;
    req->done = 0;
    req->mode = P2P_MODE_STANDARD;
    req->offset = req->incoming = req->rreq = 0;
    req->tl_op = NULL;
    req->status = (p2p_status_t){0};
    req->buf = buf;
    req->count = count;
    req->dt = dt;
    req->bytes = bytes;
    req->contig = dt_type_contiguous_run(dt, count, &offset) ? (char *)buf + offset : NULL;
    req->peer = peer;
    req->tag = tag;
    req->ctx = ctx;
    return VMPL_OK;
}

vmpl_status_t p2p_isend(p2p_t *p2p, const void *buf, int64_t count, const dt_type_t *dt,
                        int dest, int tag, uint32_t ctx, p2p_mode_t mode, p2p_req_t *req)
{
    p2p_hdr_t hdr = {.ctx = ctx, .src = p2p->rank, .tag = tag};
    vmpl_status_t status;

    if (dest < 0 || dest >= p2p->size || !p2p->peers[dest].ops)
        return VMPL_ERR_INVALID_ARG;
    if (p2p->failures && (status = p2p_failure_check(p2p, dest, ctx)) != VMPL_OK)
        return status;
    status = request_init(req, (void *)buf, count, dt, dest, tag, ctx);
    if (status != VMPL_OK)
        return status;
    req->is_send = 1;
    req->mode = mode;
    hdr.size = req->bytes;
    hdr.sreq = (uint64_t)(uintptr_t)req;
    if (req->bytes <= p2p->peers[dest].eager_max) {
        hdr.type = P2P_EAGER;
        hdr.flags = mode == P2P_MODE_SYNC ? P2P_FLAG_SYNC : 0;
    } else {
        hdr.type = P2P_RTS;
        hdr.addr = (uint64_t)(uintptr_t)req->contig;
    }
    if (hdr.type == P2P_RTS || (hdr.flags & P2P_FLAG_SYNC))
        p2p_inflight_add(p2p, req); /* completes only when the peer answers */
    status = p2p_out_push(p2p, dest, &hdr, req);
    if (status != VMPL_OK && (hdr.type == P2P_RTS || (hdr.flags & P2P_FLAG_SYNC)))
        p2p_inflight_remove(p2p, req);
    return status;
}

vmpl_status_t p2p_request_init_recv(p2p_req_t *req, void *buf, int64_t count, const dt_type_t *dt,
                                    int src, int tag, uint32_t ctx)
{
    return request_init(req, buf, count, dt, src, tag, ctx);
}
