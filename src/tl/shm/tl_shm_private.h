/* Shared-memory transport internals: the process-private handle. */
#ifndef VMPL_TL_SHM_TL_SHM_PRIVATE_H
#define VMPL_TL_SHM_TL_SHM_PRIVATE_H

#include "tl_shm.h"
#include "tl_shm_layout.h"

struct tl_shm {
    tl_iface_t super; /* first: the iface of tl.h (tl_shm_iface.c) */
    int node;         /* the job's node this segment belongs to (the iface's address) */
    char *base; /* the mapping */
    uint64_t bytes;
    int me, n;
    char name[128];
    int unlinked;
    uint64_t spin_ns; /* waiting: spin this long before yielding */
    uint64_t yield_ns; /* then yield this long before sleeping */
    char *bells;          /* doorbell of local rank r at bells + r * bell_stride */
    size_t bell_stride;   /* the segment's rank areas or the configured lines */

    /* per peer, process-private */
    uint32_t *seq_out;   /* next sequence number to send to peer */
    uint32_t *seq_in;    /* next sequence number expected from peer */
    uint32_t *fb_write;  /* fast-box messages sent to peer */
    uint32_t *fb_taken;  /* of those, taken by peer when last looked */
    uint32_t *fb_read;   /* fast-box messages received from peer */
    int8_t *cma_ok;      /* read_peer: -1 unknown, 0 no, 1 yes */

    /* the fast-box lines this rank uses, found once at open */
    tl_shm_fastbox_t *fb_out;  /* rings to each receiver: + dest * TL_SHM_FASTBOX_SLOTS */
    tl_shm_fastbox_t *fb_in;   /* rings from each sender: + src * n * TL_SHM_FASTBOX_SLOTS */
    _Atomic uint32_t *taken_in;  /* this rank's counters of fast-box messages taken, by sender */
    char *taken_rows;            /* every rank's counters: row r at r * taken_stride */
    size_t taken_stride;
};

static inline tl_shm_header_t *shm_header(const tl_shm_t *shm)
{
    return (tl_shm_header_t *)shm->base;
}

static inline tl_shm_rank_t *shm_rank(const tl_shm_t *shm, int r)
{
    return (tl_shm_rank_t *)(shm->base + shm_header(shm)->ranks_offset) + r;
}

/* The fast-box slot ring from sender s to receiver r. */
static inline tl_shm_fastbox_t *shm_fastbox(const tl_shm_t *shm, int s, int r)
{
    return (tl_shm_fastbox_t *)(shm->base + shm_header(shm)->fastbox_offset) +
           ((size_t)s * (size_t)shm->n + (size_t)r) * TL_SHM_FASTBOX_SLOTS;
}

/* The slot of src's count-th fast-box message to this rank. */
static inline tl_shm_fastbox_t *shm_fastbox_in(const tl_shm_t *shm, int src, uint32_t count)
{
    return shm->fb_in + ((size_t)src * (size_t)shm->n * TL_SHM_FASTBOX_SLOTS +
                         count % TL_SHM_FASTBOX_SLOTS);
}

/* Receiver r's counters of fast-box messages taken, one per sender. */
static inline _Atomic uint32_t *shm_fastbox_taken(const tl_shm_t *shm, int r)
{
    return (_Atomic uint32_t *)(shm->taken_rows + (size_t)r * shm->taken_stride);
}

static inline tl_shm_bell_t *shm_bell(const tl_shm_t *shm, int r)
{
    return (tl_shm_bell_t *)(shm->bells + (size_t)r * shm->bell_stride);
}

static inline tl_shm_cell_t *shm_cell(const tl_shm_t *shm, uint64_t offset)
{
    return (tl_shm_cell_t *)(shm->base + offset);
}

/* Copies len bytes between local and remote in peer's address space, to
   the peer when `write`, else from it; notes whether the kernel allows it. */
vmpl_status_t tl_shm_peer_copy(tl_shm_t *shm, int peer, int write, void *local,
                               const void *remote, size_t len);

/* What a peer's single-copy probe reads in this process (tl_shm_peer.c). */
const void *tl_shm_probe_target(void);

/* A pause in a spin loop. */
static inline void tl_shm_cpu_relax(void)
{
#if defined(__x86_64__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

/* MPSC queues of cells by offset (tl_shm_queue.c). */
void tl_shm_queue_push(tl_shm_t *shm, tl_shm_queue_t *q, uint64_t cell);
uint64_t tl_shm_queue_pop(tl_shm_t *shm, tl_shm_queue_t *q);
int tl_shm_queue_empty(const tl_shm_queue_t *q);

/* Rings the doorbell of r if it may be asleep. */
void tl_shm_doorbell_ring(tl_shm_t *shm, int r);
void tl_shm_futex_wake(_Atomic uint32_t *word);
/* The data-path entries of tl_shm_ops, next to the bodies they inline. */
vmpl_status_t tl_shm_ep_send(const tl_ep_t *ep, const void *hdr, size_t hdr_len, size_t len,
                             tl_pack_fn_t pack, void *arg);
int tl_shm_iface_progress(tl_iface_t *iface, tl_recv_fn_t recv, void *arg);

/* Whether a message waits, without delivering it (tl_shm_poll.c). */
int tl_shm_pending(tl_shm_t *shm);

#endif
