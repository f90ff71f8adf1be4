/*
 * Receiving: the fast boxes of every sender and the receive queue, each
 * message delivered in its sender's order. A message whose sequence
 * number is ahead of the one expected waits: its predecessor is on the
 * other path (a cell still queued behind other senders' cells, or a fast
 * box), and is delivered first.
 */
#include "tl_shm_private.h"

/* Delivers the fast-box messages of src that are next in order. */
static int fastbox_drain(tl_shm_t *shm, int src, tl_shm_recv_fn_t recv, void *arg)
{
    int delivered = 0;

    for (;;) {
        uint32_t count = shm->fb_read[src];
        tl_shm_fastbox_t *fb = shm_fastbox_in(shm, src, count);

        if (atomic_load_explicit(&fb->stamp, memory_order_acquire) != count + 1 ||
            fb->seq != shm->seq_in[src])
            return delivered;
        shm->seq_in[src]++;
        shm->fb_read[src] = count + 1;
        recv(arg, src, fb->data, fb->hdr_len, fb->data + fb->hdr_len, fb->len);
        /* the slot is the sender's again */
        atomic_store_explicit(&shm->taken_in[src], count + 1, memory_order_release);
        delivered++;
    }
}

static void cell_deliver(tl_shm_t *shm, uint64_t off, tl_shm_recv_fn_t recv, void *arg)
{
    tl_shm_cell_t *c = shm_cell(shm, off);
    const char *data = (const char *)(c + 1);

    shm->seq_in[c->src]++;
    recv(arg, (int)c->src, data, c->hdr_len, data + c->hdr_len, c->len);
    tl_shm_queue_push(shm, &shm_rank(shm, (int)c->owner)->free, off);
}

static inline int poll_all(tl_shm_t *shm, tl_shm_recv_fn_t recv, void *arg)
{
    tl_shm_queue_t *q = &shm_rank(shm, shm->me)->recv;
    int delivered = 0;
    uint64_t off;

    for (int src = 0; src < shm->n; src++)
        delivered += fastbox_drain(shm, src, recv, arg);
    while ((off = tl_shm_queue_pop(shm, q)) != 0) {
        int src = (int)shm_cell(shm, off)->src;
        /* every earlier message of src is in its fast box: it was published first */
        delivered += fastbox_drain(shm, src, recv, arg);
        cell_deliver(shm, off, recv, arg);
        delivered++ ;
        delivered += fastbox_drain(shm, src, recv, arg);
    }
    return delivered;
}

int tl_shm_poll(tl_shm_t *shm, tl_shm_recv_fn_t recv, void *arg)
{
    return poll_all(shm, recv, arg);
}

/* tl_shm_ops.progress: the same body, inlined (every p2p progress pass calls it). */
int tl_shm_iface_progress(tl_iface_t *iface, tl_recv_fn_t recv, void *arg)
{
    return poll_all((tl_shm_t *)iface, recv, arg);
}

/* Whether anything is waiting, without delivering it. */
int tl_shm_pending(tl_shm_t *shm)
{
    if (!tl_shm_queue_empty(&shm_rank(shm, shm->me)->recv))
        return 1;
    for (int src = 0; src < shm->n; src++) {
        uint32_t count = shm->fb_read[src];
        if (atomic_load_explicit(&shm_fastbox_in(shm, src, count)->stamp, memory_order_relaxed) ==
            count + 1)
            return 1;
    }
    return 0;
}
