/*
 * Process failures in the engine (p2p.h). Everything here is the slow
 * path: it runs when the runtime reports a failure, or while one is known
 * (p2p->failures nonzero), never on the failure-free data path, whose
 * only cost is the epoch load in p2p_progress and one test of
 * p2p->failures per operation and arrival.
 *
 * What may still point at a failed request decides what must go: the
 * engine's in-flight list (unlinked here), the outgoing queue (its items
 * for failed requests are dropped) and the peer's replies, which carry
 * the request's address. Those come only from a dead peer or on a failed
 * context, and both are dropped on arrival from now on; a failed context
 * is never reused (its communicator retires it), so no late reply can
 * reach a request the application has freed.
 */
#include "p2p_private.h"

#include <base/log.h>
#include <rt/rt.h>

#include <stdlib.h>
#include <string.h>

static int bit_test(const uint64_t *bits, size_t words, uint64_t i)
{
    return i / 64 < words && (bits[i / 64] >> (i % 64) & 1);
}

int p2p_peer_is_failed(const p2p_t *p2p, int rank)
{
    return p2p->failures && rank >= 0 && rank < p2p->size &&
           bit_test(p2p->dead, ((size_t)p2p->size + 63) / 64, (uint64_t)rank);
}

int p2p_context_is_failed(const p2p_t *p2p, uint32_t ctx)
{
    return p2p->failures && bit_test(p2p->failed_ctx, p2p->failed_ctx_words, ctx);
}

vmpl_status_t p2p_failure_check(const p2p_t *p2p, int peer, uint32_t ctx)
{
    if (peer >= 0 && p2p_peer_is_failed(p2p, peer))
        return VMPL_ERR_PROC_FAILED;
    if (bit_test(p2p->failed_ctx, p2p->failed_ctx_words, ctx))
        return VMPL_ERR_PROC_FAILED;
    return VMPL_OK;
}

int p2p_failure_drops(const p2p_t *p2p, int src, uint32_t ctx)
{
    return p2p_failure_check(p2p, src, ctx) != VMPL_OK;
}

void p2p_request_fail(p2p_req_t *req, int peer)
{
    req->status.error = VMPL_ERR_PROC_FAILED;
    req->status.source = peer;
    req->status.tag = req->tag;
    req->status.bytes = 0;
    req->done = 1;
}

/* What one failure takes: a dead peer (rank >= 0) or a failed context. */
typedef struct {
    p2p_t *p2p;
    int rank;
    uint32_t ctx;
} failure_t;

static int failure_hits(const failure_t *f, int peer, uint32_t ctx)
{
    return f->rank >= 0 ? peer == f->rank : ctx == f->ctx;
}

static int select_entry(const match_entry_t *e, void *arg)
{
    return failure_hits(arg, e->src, e->ctx);
}

static void fail_posted(match_entry_t *e, void *arg)
{
    (void)arg;
    p2p_request_fail((p2p_req_t *)e, e->src); /* MATCH_ANY for a wildcard on a failed context */
}

static void drop_unexpected(match_entry_t *e, void *arg)
{
    const failure_t *f = arg;

    p2p_unexpected_release(f->p2p, (p2p_unexpected_t *)e);
}

/* Requests waiting on their peer: rendezvous and synchronous sends, streamed receives. */
static void fail_inflight(const failure_t *f)
{
    p2p_req_t *req = f->p2p->inflight, *next;

    for (; req; req = next) {
        next = req->inflight_next;
        if (!failure_hits(f, req->peer, req->ctx))
            continue;
        if (req->tl_op) { /* the transport must not complete it later */
            tl_ep_t *ep = &f->p2p->peers[req->peer].ep;
            ep->iface->ops->tagged_cancel(ep->iface, req->tl_op);
            req->tl_op = NULL;
        }
        p2p_inflight_remove(f->p2p, req);
        p2p_request_fail(req, f->rank >= 0 ? f->rank : req->peer);
    }
}

/*
 * Drops queued messages to a dead peer and those of requests that just
 * failed (their requests are done: a queued request is never done
 * otherwise). Sends still queued whole to the dead peer fail here.
 */
static void purge_outgoing(const failure_t *f)
{
    p2p_t *p2p = f->p2p;
    size_t kept = 0;

    for (size_t i = 0; i < p2p->out_count; i++) {
        p2p_out_t *o = &p2p->out[(p2p->out_head + i) % p2p->out_cap];
        int to_dead = f->rank >= 0 && o->dest == f->rank;

        if (to_dead && o->req && !o->req->done)
            p2p_request_fail(o->req, f->rank);
        if (to_dead || (o->req && o->req->done))
            continue;
        p2p->out[(p2p->out_head + kept++) % p2p->out_cap] = *o;
    }
    p2p->out_count = kept;
}

static void failure_apply(const failure_t *f)
{
    match_sweep_t sweep = {.select = select_entry, .arg = (void *)f};

    sweep.done = fail_posted;
    match_sweep(&f->p2p->match, 1, &sweep);
    sweep.done = drop_unexpected;
    match_sweep(&f->p2p->match, 0, &sweep);
    fail_inflight(f);
    purge_outgoing(f);
    f->p2p->failures++;
    f->p2p->failure_events++;
}

void p2p_peer_failed(p2p_t *p2p, int rank)
{
    failure_t f = {.p2p = p2p, .rank = rank};

    if (rank < 0 || rank >= p2p->size || rank == p2p->rank || p2p_peer_is_failed(p2p, rank))
        return;
    p2p->dead[rank / 64] |= 1ull << (rank % 64);
    failure_apply(&f);
}

void p2p_context_failed(p2p_t *p2p, uint32_t ctx)
{
    failure_t f = {.p2p = p2p, .rank = -1, .ctx = ctx};

    if (bit_test(p2p->failed_ctx, p2p->failed_ctx_words, ctx))
        return;
    if (ctx / 64 >= p2p->failed_ctx_words) {
        size_t words = ctx / 64 + 1;
        uint64_t *bits = realloc(p2p->failed_ctx, words * sizeof(*bits));
        if (!bits) { /* the pending requests still fail; new ones are not refused */
            base_error("p2p", "out of memory marking context %u failed", ctx);
        } else {
            memset(bits + p2p->failed_ctx_words, 0,
                   (words - p2p->failed_ctx_words) * sizeof(*bits));
            p2p->failed_ctx = bits;
            p2p->failed_ctx_words = words;
        }
    }
    if (ctx / 64 < p2p->failed_ctx_words)
        p2p->failed_ctx[ctx / 64] |= 1ull << (ctx % 64);
    failure_apply(&f);
}

int p2p_failures_take_in(p2p_t *p2p, uint32_t epoch)
{
    p2p->failure_epoch = epoch;
    rt_failures_update(); /* runs the listeners: p2p_peer_failed and the communicators' */
    return 1;
}
