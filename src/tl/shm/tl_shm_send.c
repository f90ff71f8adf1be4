/*
 * Sending: a message that fits goes into the next fast-box slot of the
 * pair; otherwise into one of the sender's cells, appended to the
 * receiver's queue. Either way the data is written before the flag or the
 * link that publishes it, and the receiver's doorbell rings if it sleeps.
 */
#include "tl_shm_private.h"

#include <base/log.h>

#include <string.h>

static void fill_copy(void *dst, size_t len, void *arg)
{
    memcpy(dst, arg, len);
}

static int fastbox_put(tl_shm_t *shm, int dest, const void *hdr, size_t hdr_len,
                       tl_shm_fill_fn_t fill, void *arg, size_t len)
{
    uint32_t count = shm->fb_write[dest];
    tl_shm_fastbox_t *fb =
        shm->fb_out + ((size_t)dest * TL_SHM_FASTBOX_SLOTS + count % TL_SHM_FASTBOX_SLOTS);

    if (hdr_len + len > sizeof(fb->data))
        return 0;
    if (count - shm->fb_taken[dest] >= TL_SHM_FASTBOX_SLOTS) { /* the ring looks full: look again */
        shm->fb_taken[dest] =
            atomic_load_explicit(&shm_fastbox_taken(shm, dest)[shm->me], memory_order_acquire);
        if (count - shm->fb_taken[dest] >= TL_SHM_FASTBOX_SLOTS)
            return 0;
    }
    fb->seq = shm->seq_out[dest]++;
    fb->hdr_len = (uint16_t)hdr_len;
    fb->len = (uint16_t)len;
    memcpy(fb->data, hdr, hdr_len);
    if (len)
        fill(fb->data + hdr_len, len, arg);
    atomic_store_explicit(&fb->stamp, count + 1, memory_order_release);
    shm->fb_write[dest] = count + 1;
    return 1;
}

static int cell_put(tl_shm_t *shm, int dest, const void *hdr, size_t hdr_len,
                    tl_shm_fill_fn_t fill, void *arg, size_t len)
{
    uint64_t off = tl_shm_queue_pop(shm, &shm_rank(shm, shm->me)->free);
    tl_shm_cell_t *c;
    char *data;

    if (!off)
        return 0;
    c = shm_cell(shm, off);
    c->src = (uint32_t)shm->me;
    c->seq = shm->seq_out[dest]++;
    c->hdr_len = (uint32_t)hdr_len;
    c->len = len;
    data = (char *)(c + 1);
    memcpy(data, hdr, hdr_len);
    if (len)
        fill(data + hdr_len, len, arg);
    tl_shm_queue_push(shm, &shm_rank(shm, dest)->recv, off);
    return 1;
}

size_t tl_shm_max_payload(const tl_shm_t *shm)
{
    return shm_header(shm)->cell_bytes - sizeof(tl_shm_cell_t) - TL_SHM_HDR_MAX;
}

void tl_shm_doorbell_ring(tl_shm_t *shm, int r)
{
    tl_shm_bell_t *bell = shm_bell(shm, r);

    /*
     * No fence between the publish and this read (a full fence costs the
     * whole store-buffer drain on every send): the read may come before the
     * message is visible, and so miss a receiver that is just now going to
     * sleep. That receiver's first sleep is a short nap (tl_shm_wait.c),
     * after which it sees the message; later senders see its flag.
     */
    if (atomic_load_explicit(&bell->sleeping, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&bell->word, 1, memory_order_release);
        tl_shm_futex_wake(&bell->word);
    }
}

static inline vmpl_status_t send_fill(tl_shm_t *shm, int dest, const void *hdr, size_t hdr_len,
                                      size_t len, tl_shm_fill_fn_t fill, void *arg)
{
    if (dest < 0 || dest >= shm->n || hdr_len > TL_SHM_HDR_MAX || len > tl_shm_max_payload(shm)) {
        base_error("shm", "send to %d of %d: header %zu or payload %zu too long", dest, shm->n,
                   hdr_len, len);
        return VMPL_ERR_INVALID_ARG;
    }
    if (!fastbox_put(shm, dest, hdr, hdr_len, fill, arg, len) &&
        !cell_put(shm, dest, hdr, hdr_len, fill, arg, len))
        return VMPL_INPROGRESS;
    tl_shm_doorbell_ring(shm, dest);
    return VMPL_OK;
}

vmpl_status_t tl_shm_send_fill(tl_shm_t *shm, int dest, const void *hdr, size_t hdr_len,
                               size_t len, tl_shm_fill_fn_t fill, void *arg)
{
    return send_fill(shm, dest, hdr, hdr_len, len, fill, arg);
}

/* tl_shm_ops.eager_send: the same body, inlined (the p2p hot path calls it). */
vmpl_status_t tl_shm_ep_send(const tl_ep_t *ep, const void *hdr, size_t hdr_len, size_t len,
                             tl_pack_fn_t pack, void *arg)
{
    return send_fill((tl_shm_t *)ep->iface, ep->index, hdr, hdr_len, len, pack, arg);
}

vmpl_status_t tl_shm_send(tl_shm_t *shm, int dest, const void *hdr, size_t hdr_len,
                          const void *payload, size_t len)
{
    return tl_shm_send_fill(shm, dest, hdr, hdr_len, len, fill_copy, (void *)payload);
}
