/*
 * Receiving: matching arrivals against posted receives (match.c), the
 * receiver side of each protocol, and unexpected messages kept until a
 * receive takes them.
 */
#include "p2p_private.h"

#include <base/log.h>

#include <stdlib.h>
#include <string.h>

vmpl_status_t p2p_request_init_recv(p2p_req_t *req, void *buf, int64_t count, const dt_type_t *dt,
                                    int src, int tag, uint32_t ctx);

/* Unpacks the part of [offset, offset + len) of the message that fits the receive. */
static void unpack_part(p2p_req_t *req, uint64_t offset, const void *data, uint64_t len)
{
    if (offset >= req->bytes)
        return;
    if (len > req->bytes - offset)
        len = req->bytes - offset;
    if (req->contig)
        memcpy(req->contig + offset, data, len);
    else
        dt_unpack(req->dt, req->count, req->buf, offset, data, len);
}

static void recv_complete(p2p_req_t *req, const p2p_hdr_t *hdr)
{
    req->status.source = hdr->src;
    req->status.tag = hdr->tag;
    req->status.bytes = hdr->size < req->bytes ? hdr->size : req->bytes;
    req->status.error = hdr->size > req->bytes ? VMPL_ERR_TRUNCATE : VMPL_OK;
    req->done = 1;
}

static void reply(p2p_t *p2p, const p2p_hdr_t *to, int type, uint64_t rreq)
{
    p2p_hdr_t hdr = {.type = (uint8_t)type, .ctx = to->ctx, .src = p2p->rank, .tag = to->tag,
                     .sreq = to->sreq, .rreq = rreq};

    if (p2p_out_push(p2p, to->src, &hdr, NULL) != VMPL_OK)
        base_error("p2p", "out of memory queueing a reply to %d", to->src);
}

/*
 * A rendezvous whose both ends are one contiguous run: copied straight
 * from the sender's memory, by both processes at once when the message is
 * long enough (the sender writes chunks while this one reads). Returns 0
 * when the kernel refused: the data then streams through cells.
 */
static int single_copy(p2p_t *p2p, p2p_req_t *req, const p2p_hdr_t *hdr)
{
    const p2p_peer_t *peer = &p2p->peers[hdr->src];
    size_t len = hdr->size < req->bytes ? hdr->size : req->bytes;
    uint64_t job = 0;
    vmpl_status_t status;

    if (peer->caps & TL_CAP_PULL)
        job = peer->ops->pull_create(&peer->ep, req->contig, hdr->addr, len);
    if (job) {
        reply(p2p, hdr, P2P_PULL, job);
        status = peer->ops->pull_run(&peer->ep, job);
    } else if ((peer->caps & (TL_CAP_GET | TL_CAP_MEM_REG)) == TL_CAP_GET) {
        status = peer->ops->get(&peer->ep, req->contig, hdr->addr, NULL, len);
    } else {
        return 0;
    }
    if (status == VMPL_ERR_PROC_FAILED) {
        p2p_request_fail(req, hdr->src);
        return 1;
    }
    if (status != VMPL_OK)
        return 0;
    reply(p2p, hdr, P2P_FIN, 0);
    recv_complete(req, hdr);
    return 1;
}

/* The transport's tagged transfer into a receive is over. */
static void tagged_recv_done(void *arg, vmpl_status_t status)
{
    p2p_req_t *req = arg;
    p2p_hdr_t done = {.src = req->status.source, .tag = req->status.tag, .size = req->incoming};

    req->tl_op = NULL;
    p2p_inflight_remove(req->owner, req);
    if (status == VMPL_OK)
        recv_complete(req, &done);
    else
        p2p_request_fail(req, req->peer);
}

/* The transport's piece of a tagged transfer into a non-contiguous receive. */
static void tagged_unpack(void *arg, uint64_t offset, void *bytes, size_t len)
{
    unpack_part(arg, offset, bytes, len);
}

/*
 * A message into a receive that holds it, over a transport with its own
 * rendezvous: post its tagged receive (into the buffer, or unpacked in
 * pieces at their offsets), then ask the sender for it (CTS with
 * P2P_FLAG_TAGGED). 0: stream it instead.
 */
static int tagged_start(p2p_t *p2p, p2p_req_t *req, const p2p_hdr_t *hdr)
{
    const p2p_peer_t *peer = &p2p->peers[hdr->src];
    p2p_hdr_t cts = {.type = P2P_CTS, .flags = P2P_FLAG_TAGGED, .ctx = hdr->ctx, .src = p2p->rank,
                     .tag = hdr->tag, .sreq = hdr->sreq, .rreq = (uint64_t)(uintptr_t)req};

    if (!(peer->caps & TL_CAP_TAGGED) || hdr->size > req->bytes)
        return 0;
    req->status.source = hdr->src;
    req->status.tag = hdr->tag;
    req->peer = hdr->src;
    req->owner = p2p;
    p2p_inflight_add(p2p, req);
    if (peer->ops->tagged_recv(&peer->ep, req->contig, hdr->size, cts.rreq,
                               req->contig ? NULL : tagged_unpack, tagged_recv_done, req,
                               &req->tl_op) != VMPL_OK) {
        p2p_inflight_remove(p2p, req);
        return 0;
    }
    if (p2p_out_push(p2p, hdr->src, &cts, NULL) != VMPL_OK)
        base_error("p2p", "out of memory queueing a reply to %d", hdr->src);
    return 1;
}

/* The transport's tagged transfer of a send is over. */
static void tagged_send_done(void *arg, vmpl_status_t status)
{
    p2p_req_t *req = arg;

    req->tl_op = NULL;
    p2p_inflight_remove(req->owner, req);
    if (status == VMPL_OK)
        req->done = 1;
    else
        p2p_request_fail(req, req->peer);
}

/* The transport's piece of a tagged transfer from a non-contiguous send. */
static void tagged_pack(void *arg, uint64_t offset, void *bytes, size_t len)
{
    p2p_req_t *req = arg;

    dt_pack(req->dt, req->count, req->buf, offset, bytes, len);
}

/*
 * CTS with P2P_FLAG_TAGGED: the receive is posted, the whole message goes
 * by tagged_send (non-contiguous data packed in pieces at their offsets).
 */
static void tagged_send(p2p_t *p2p, p2p_req_t *req, uint64_t tag)
{
    const p2p_peer_t *peer = &p2p->peers[req->peer];

    req->owner = p2p;
    if (peer->ops->tagged_send(&peer->ep, req->contig, req->bytes, tag,
                               req->contig ? NULL : tagged_pack, tagged_send_done, req,
                               &req->tl_op) != VMPL_OK) {
        p2p_inflight_remove(p2p, req);
        p2p_request_fail(req, req->peer);
    }
}

/* A receive meets its message: eager data, or the rendezvous begins. */
static void recv_start(p2p_t *p2p, p2p_req_t *req, const p2p_hdr_t *hdr, const void *data)
{
    req->matched = 1;
    req->incoming = hdr->size;
    if (hdr->type == P2P_RTS && p2p->failures && p2p_peer_is_failed(p2p, hdr->src)) {
        p2p_request_fail(req, hdr->src); /* a matched-probed RTS whose sender died */
        return;
    }
    if (hdr->type == P2P_EAGER) {
        unpack_part(req, 0, data, hdr->size);
        if (hdr->flags & P2P_FLAG_SYNC)
            reply(p2p, hdr, P2P_SYNC_ACK, 0);
        recv_complete(req, hdr);
        return;
    }
    /* RTS: copy it ourselves when both sides are one run and the kernel lets us */
    if (hdr->addr && req->contig && single_copy(p2p, req, hdr))
        return;
    if (tagged_start(p2p, req, hdr))
        return;
    req->status.source = hdr->src; /* DATA chunks complete it */
    req->status.tag = hdr->tag;
    req->peer = hdr->src;           /* a wildcard receive now waits on this sender */
    p2p_inflight_add(p2p, req);
    reply(p2p, hdr, P2P_CTS, (uint64_t)(uintptr_t)req);
}

static void on_data(p2p_t *p2p, p2p_req_t *req, const p2p_hdr_t *hdr, const void *data,
                    size_t len)
{
    unpack_part(req, hdr->offset, data, len);
    req->offset += len;
    if (req->offset == req->incoming) {
        p2p_inflight_remove(p2p, req);
        p2p_hdr_t done = {.src = req->status.source, .tag = req->status.tag,
                          .size = req->incoming};
        recv_complete(req, &done);
    }
}

/* A record for an unexpected message of len payload bytes: from the free lists when they have one. */
static p2p_unexpected_t *unexpected_take(p2p_t *p2p, size_t len)
{
    p2p_unexpected_t *u = p2p->free_records;

    if (u) {
        p2p->free_records = u->next_free;
        p2p->free_record_count--;
    } else if (!(u = malloc(sizeof(*u)))) {
        return NULL;
    }
    u->data = u->inline_data;
    if (len <= P2P_UNEXPECTED_INLINE)
        return u;
    if (p2p->free_buffers && len <= p2p->eager_limit) {
        u->data = p2p->free_buffers;
        p2p->free_buffers = *(void **)u->data;
        p2p->free_buffer_count--;
    } else if (!(u->data = malloc(len > p2p->eager_limit ? len : p2p->eager_limit))) {
        u->data = u->inline_data;
        p2p_unexpected_release(p2p, u);
        return NULL;
    }
    return u;
}

void p2p_unexpected_release(p2p_t *p2p, p2p_unexpected_t *u)
{
    if (u->data != u->inline_data) {
        if (p2p->free_buffer_count < P2P_UNEXPECTED_KEEP / 16) {
            *(void **)u->data = p2p->free_buffers;
            p2p->free_buffers = u->data;
            p2p->free_buffer_count++;
        } else {
            free(u->data);
        }
    }
    if (p2p->free_record_count < P2P_UNEXPECTED_KEEP) {
        u->next_free = p2p->free_records;
        p2p->free_records = u;
        p2p->free_record_count++;
    } else {
        free(u);
    }
}

void p2p_unexpected_pool_free(p2p_t *p2p)
{
    while (p2p->free_records) {
        p2p_unexpected_t *u = p2p->free_records;
        p2p->free_records = u->next_free;
        free(u);
    }
    while (p2p->free_buffers) {
        void *b = p2p->free_buffers;
        p2p->free_buffers = *(void **)b;
        free(b);
    }
    p2p->free_record_count = p2p->free_buffer_count = 0;
}

static void keep_unexpected(p2p_t *p2p, const p2p_hdr_t *hdr, const void *data, size_t len)
{
    p2p_unexpected_t *u = unexpected_take(p2p, len);

    if (!u) {
        base_error("p2p", "out of memory for an unexpected message from %d", hdr->src);
        return;
    }
    u->hdr = *hdr;
    if (len)
        memcpy(u->data, data, len);
    u->match = (match_entry_t){.ctx = hdr->ctx, .src = hdr->src, .tag = hdr->tag};
    if (match_add_unexpected(&p2p->match, &u->match) != 0) {
        base_error("p2p", "out of memory queueing an unexpected message from %d", hdr->src);
        p2p_unexpected_release(p2p, u);
    }
}

void p2p_on_message(void *arg, int src, const void *hdr_bytes, size_t hdr_len,
                    const void *payload, size_t len)
{
    p2p_t *p2p = arg;
    p2p_hdr_t hdr;
    p2p_req_t *req;

    (void)src;
    /* fixed-size copies: the short header, then the rest or zeros */
    memcpy(&hdr, hdr_bytes, P2P_HDR_SHORT);
    if (hdr_len >= sizeof(hdr))
        memcpy((char *)&hdr + P2P_HDR_SHORT, (const char *)hdr_bytes + P2P_HDR_SHORT,
               sizeof(hdr) - P2P_HDR_SHORT);
    else
        memset((char *)&hdr + P2P_HDR_SHORT, 0, sizeof(hdr) - P2P_HDR_SHORT);
    if (p2p->failures && p2p_failure_drops(p2p, hdr.src, hdr.ctx))
        return; /* from a failed peer or on a failed context: nobody waits for it */
    switch (hdr.type) {
    case P2P_EAGER:
    case P2P_RTS: {
        match_entry_t *posted = match_take_posted(&p2p->match, hdr.ctx, hdr.src, hdr.tag);
        if (posted)
            recv_start(p2p, (p2p_req_t *)posted, &hdr, payload);
        else
            keep_unexpected(p2p, &hdr, payload, len);
        break;
    }
    case P2P_DATA:
        on_data(p2p, (p2p_req_t *)(uintptr_t)hdr.rreq, &hdr, payload, len);
        break;
    case P2P_CTS:
        req = (p2p_req_t *)(uintptr_t)hdr.sreq;
        if (hdr.flags & P2P_FLAG_TAGGED) {
            tagged_send(p2p, req, hdr.rreq);
            break;
        }
        req->rreq = hdr.rreq;
        hdr.type = P2P_DATA;
        hdr.src = p2p->rank;
        if (p2p_out_push(p2p, req->peer, &hdr, req) != VMPL_OK)
            base_error("p2p", "out of memory queueing data for %d", req->peer);
        break;
    case P2P_PULL: { /* sent only over a transport with TL_CAP_PULL */
        const p2p_peer_t *peer = &p2p->peers[hdr.src];
        peer->ops->pull_help(&peer->ep, hdr.rreq);
        break;
    }
    case P2P_FIN:
    case P2P_SYNC_ACK:
        req = (p2p_req_t *)(uintptr_t)hdr.sreq;
        p2p_inflight_remove(p2p, req);
        req->done = 1;
        break;
    default:
        base_error("p2p", "unknown message type %d from %d", hdr.type, hdr.src);
    }
}

vmpl_status_t p2p_irecv(p2p_t *p2p, void *buf, int64_t count, const dt_type_t *dt, int src,
                        int tag, uint32_t ctx, p2p_req_t *req)
{
    match_entry_t *found;
    vmpl_status_t status;
    int err;

    if (src != MATCH_ANY && (src < 0 || src >= p2p->size)) /* may wait for a later connect */
        return VMPL_ERR_INVALID_ARG;
    if (p2p->failures && (status = p2p_failure_check(p2p, src, ctx)) != VMPL_OK)
        return status;
    status = p2p_request_init_recv(req, buf, count, dt, src, tag, ctx);
    if (status != VMPL_OK)
        return status;
    req->match = (match_entry_t){.ctx = ctx, .src = src, .tag = tag};
    found = match_post(&p2p->match, &req->match, &err);
    if (err)
        return VMPL_ERR_NO_MEMORY;
    if (found) {
        p2p_unexpected_t *u = (p2p_unexpected_t *)found;
        recv_start(p2p, req, &u->hdr, u->data);
        p2p_unexpected_release(p2p, u);
    }
    return VMPL_OK;
}

/* The unexpected message a receive (src, tag, ctx) would take, after one progress pass. */
static p2p_unexpected_t *probe_find(p2p_t *p2p, int src, int tag, uint32_t ctx)
{
    p2p_progress(p2p);
    return (p2p_unexpected_t *)match_probe(&p2p->match, ctx, src, tag);
}

static void probe_status(const p2p_unexpected_t *u, p2p_status_t *status_p)
{
    if (status_p)
        *status_p = (p2p_status_t){.source = u->hdr.src, .tag = u->hdr.tag, .bytes = u->hdr.size};
}

int p2p_iprobe(p2p_t *p2p, int src, int tag, uint32_t ctx, p2p_status_t *status_p)
{
    p2p_unexpected_t *u = probe_find(p2p, src, tag, ctx);

    if (u)
        probe_status(u, status_p);
    return u != NULL;
}

int p2p_improbe(p2p_t *p2p, int src, int tag, uint32_t ctx, p2p_message_t **msg_p,
                p2p_status_t *status_p)
{
    p2p_unexpected_t *u = probe_find(p2p, src, tag, ctx);

    if (!u)
        return 0;
    probe_status(u, status_p);
    match_remove_unexpected(&p2p->match, &u->match);
    *msg_p = (p2p_message_t *)u;
    return 1;
}

vmpl_status_t p2p_imrecv(p2p_t *p2p, void *buf, int64_t count, const dt_type_t *dt,
                         p2p_message_t *msg, p2p_req_t *req)
{
    p2p_unexpected_t *u = (p2p_unexpected_t *)msg;
    vmpl_status_t status = p2p_request_init_recv(req, buf, count, dt, u->hdr.src, u->hdr.tag,
                                                 u->hdr.ctx);

    if (status != VMPL_OK)
        return status;
    recv_start(p2p, req, &u->hdr, u->data);
    p2p_unexpected_release(p2p, u);
    return VMPL_OK;
}

int p2p_cancel_recv(p2p_t *p2p, p2p_req_t *req)
{
    if (req->matched)
        return 0; /* it completes normally */
    match_remove_posted(&p2p->match, &req->match);
    req->status.cancelled = 1;
    req->done = 1;
    return 1;
}
