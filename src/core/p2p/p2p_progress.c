/* Engine life cycle and progress: flush queued sends, deliver arrivals, wait. */
#include "p2p_private.h"

#include <base/log.h>
#include <rt/rt.h>

#include <sched.h>
#include <stdlib.h>

/* Longest sleep while a transport that cannot ring the waiter has peers (ucx beside shm). */
#define P2P_OTHERS_NAP_NS 200000u

vmpl_status_t p2p_create(int rank, int size, p2p_t **p2p_p)
{
    p2p_t *p2p = calloc(1, sizeof(*p2p));

    if (!p2p)
        return VMPL_ERR_NO_MEMORY;
    p2p->peers = calloc((size_t)size, sizeof(*p2p->peers));
    if (!p2p->peers)
        goto err_free;
    p2p->dead = calloc(((size_t)size + 63) / 64, sizeof(uint64_t));
    if (!p2p->dead)
        goto err_free_peers;
    if (match_init(&p2p->match) != 0)
        goto err_free_dead;
    p2p->rank = rank;
    p2p->size = size;
    *p2p_p = p2p;
    return VMPL_OK;

err_free_dead:
    free(p2p->dead);
err_free_peers:
    free(p2p->peers);
err_free:
    free(p2p);
    return VMPL_ERR_NO_MEMORY;
}

/*
 * Polls iface from now on (a loopback one only after sending through it);
 * the first that can wake an idle rank is the one it sleeps on.
 */
static vmpl_status_t iface_add(p2p_t *p2p, tl_iface_t *iface, const tl_caps_t *caps)
{
    int loopback = (caps->flags & TL_CAP_LOOPBACK) != 0;
    tl_iface_t **list = loopback ? p2p->loopback : p2p->ifaces;
    int *count = loopback ? &p2p->loopback_count : &p2p->iface_count;

    for (int i = 0; i < *count; i++)
        if (list[i] == iface)
            return VMPL_OK;
    if (*count == P2P_IFACES_MAX) {
        base_error("p2p", "more than %d transports in use", P2P_IFACES_MAX);
        return VMPL_ERR_NO_MEMORY;
    }
    list[(*count)++] = iface;
    if (!loopback)
        p2p->poll |= *count == 1 ? P2P_POLL_FIRST : P2P_POLL_MORE;
    if (!p2p->waiter && (caps->flags & TL_CAP_WAKEUP))
        p2p->waiter = iface;
    if (caps->eager_max > p2p->eager_limit) { /* pooled payload buffers are now too short */
        p2p_unexpected_pool_free(p2p);
        p2p->eager_limit = caps->eager_max;
    }
    return VMPL_OK;
}

vmpl_status_t p2p_peer_connect(p2p_t *p2p, int rank, const tl_ep_t *ep)
{
    p2p_peer_t *peer;
    tl_caps_t caps;
    vmpl_status_t status;

    if (rank < 0 || rank >= p2p->size || !ep->iface)
        return VMPL_ERR_INVALID_ARG;
    tl_iface_query(ep->iface, &caps);
    if (!(caps.flags & TL_CAP_EAGER) || caps.hdr_max < sizeof(p2p_hdr_t)) {
        base_error("p2p", "the %s transport cannot carry the engine's messages",
                   ep->iface->ops->name);
        return VMPL_ERR_UNSUPPORTED;
    }
    status = iface_add(p2p, ep->iface, &caps);
    if (status != VMPL_OK)
        return status;
    peer = &p2p->peers[rank];
    peer->ops = ep->iface->ops;
    peer->ep = *ep;
    peer->caps = caps.flags;
    peer->eager_max = caps.eager_max < UINT32_MAX ? (uint32_t)caps.eager_max : UINT32_MAX;
    return VMPL_OK;
}

vmpl_status_t p2p_wait_on(p2p_t *p2p, tl_iface_t *iface)
{
    tl_caps_t caps;

    tl_iface_query(iface, &caps);
    if (!(caps.flags & TL_CAP_WAKEUP))
        return VMPL_ERR_UNSUPPORTED;
    p2p->waiter = iface;
    return VMPL_OK;
}

void p2p_destroy(p2p_t *p2p)
{
    if (!p2p)
        return;
    match_fini(&p2p->match);
    free(p2p->peers);
    p2p_unexpected_pool_free(p2p);
    free(p2p->out);
    free(p2p->failed_ctx);
    free(p2p->dead);
    free(p2p);
}

int p2p_failures_update(p2p_t *p2p)
{
    uint32_t epoch = rt_failure_epoch();

    return __builtin_expect(epoch != p2p->failure_epoch, 0) ? p2p_failures_take_in(p2p, epoch)
                                                             : 0;
}

/*
 * Slow path: the ifaces after the first, and the loopback ones when this
 * process sent itself something (what those messages send waits for the
 * next pass).
 */
static __attribute__((noinline)) int more_progress(p2p_t *p2p)
{
    int events = 0;

    for (int i = 1; i < p2p->iface_count; i++)
        events += p2p->ifaces[i]->ops->progress(p2p->ifaces[i], p2p_on_message, p2p);
    if (p2p->poll & P2P_POLL_LOOPBACK) {
        p2p->poll &= ~(uint32_t)P2P_POLL_LOOPBACK;
        for (int i = 0; i < p2p->loopback_count; i++)
            events += p2p->loopback[i]->ops->progress(p2p->loopback[i], p2p_on_message, p2p);
    }
    return events;
}

int p2p_progress(p2p_t *p2p)
{
    int events = p2p_failures_update(p2p);

    events += p2p_out_flush(p2p);
    if (p2p->poll & P2P_POLL_FIRST) /* directly: a one-node job has no other */
        events += p2p->ifaces[0]->ops->progress(p2p->ifaces[0], p2p_on_message, p2p);
    if (__builtin_expect(p2p->poll > P2P_POLL_FIRST, 0))
        events += more_progress(p2p);
    if (p2p->out_count)
        events += p2p_out_flush(p2p);
    return events;
}

/* While the waiter spins and yields: the other transports' arrivals count as a wake-up. */
static int others_ready(void *arg)
{
    p2p_t *p2p = arg;
    int events = 0;

    for (int i = 0; i < p2p->iface_count; i++)
        if (p2p->ifaces[i] != p2p->waiter)
            events += p2p->ifaces[i]->ops->progress(p2p->ifaces[i], p2p_on_message, p2p);
    return events || p2p_out_flush(p2p);
}

/* Whether a polled transport is not the waiter, which cannot hear it. */
static int others_polled(const p2p_t *p2p)
{
    return p2p->iface_count > 1 || (p2p->iface_count == 1 && p2p->ifaces[0] != p2p->waiter);
}

/*
 * Messages may also come through transports the waiter cannot hear (ucx
 * beside shm): it polls them while it spins and yields, and sleeps at
 * most P2P_OTHERS_NAP_NS at a time.
 */
static __attribute__((noinline)) void wait_with_others(p2p_t *p2p, tl_iface_t *waiter,
                                                       uint32_t armed)
{
    waiter->ops->wait(waiter, armed, others_ready, p2p, P2P_OTHERS_NAP_NS);
}

/*
 * The wake-up descriptor is read before looking for work: a ring after
 * that (a message, or the runtime announcing a failure) cuts the sleep
 * short. Without a transport that can wake it, an idle rank yields.
 */
int p2p_wait_or_failure(p2p_t *p2p, p2p_req_t *req)
{
    uint64_t failures_seen = p2p->failure_events;

    while (!req->done && p2p->failure_events == failures_seen) {
        tl_iface_t *waiter = p2p->waiter;
        uint32_t armed = waiter ? waiter->ops->wakeup_arm(waiter) : 0;
        if (p2p_progress(p2p) || req->done)
            continue;
        if (waiter && others_polled(p2p))
            wait_with_others(p2p, waiter, armed);
        else if (waiter)
            waiter->ops->wait(waiter, armed, NULL, NULL, p2p->out_count ? 100000 : 0);
        else
            sched_yield();
    }
    return !req->done;
}

void p2p_wait(p2p_t *p2p, p2p_req_t *req)
{
    while (p2p_wait_or_failure(p2p, req))
        ; /* a failure that does not touch req: keep waiting */
}
