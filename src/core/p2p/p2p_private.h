/* Point-to-point engine internals. */
#ifndef VMPL_CORE_P2P_P2P_PRIVATE_H
#define VMPL_CORE_P2P_P2P_PRIVATE_H

#include "p2p.h"
#include "p2p_wire.h"

/* An outgoing message waiting for transport room; FIFO keeps send order. */
typedef struct {
    int dest;
    p2p_hdr_t hdr;
    p2p_req_t *req; /* EAGER / DATA: whose data to pack; NULL for control messages */
} p2p_out_t;

/*
 * A message that arrived before its receive was posted. Records and
 * payload buffers come from free lists refilled by their releases, so a
 * steady flow of unexpected messages allocates nothing while polling.
 */
#define P2P_UNEXPECTED_INLINE 256     /* payloads up to this size live in the record */
#define P2P_UNEXPECTED_KEEP 1024      /* free records (and 1/16 as many buffers) kept */

typedef struct p2p_unexpected {
    match_entry_t match;
    p2p_hdr_t hdr;
    char *data;                       /* the EAGER payload: inline_data or a buffer */
    struct p2p_unexpected *next_free; /* on the free list */
    char inline_data[P2P_UNEXPECTED_INLINE];
} p2p_unexpected_t;

/* How the engine reaches one peer: cached at connect, read on every send. */
typedef struct {
    const tl_ops_t *ops; /* the endpoint's transport; NULL: not connected */
    tl_ep_t ep;
    uint32_t caps;       /* TL_CAP_* */
    uint32_t eager_max;  /* longest eager payload (and DATA chunk) to this peer */
} p2p_peer_t;

_Static_assert(sizeof(p2p_peer_t) == 32, "a peer is half a line: one shift finds it");

#define P2P_IFACES_MAX 4

enum {
    P2P_POLL_FIRST = 1u << 0,             /* ifaces[0] */
    P2P_POLL_MORE = 1u << 1,              /* ifaces[1..] */
    P2P_POLL_LOOPBACK = TL_CAP_LOOPBACK,  /* the loopback ones: a send went through one */
};

struct p2p {
    p2p_peer_t *peers; /* size entries (freed by p2p_destroy) */
    tl_iface_t *ifaces[P2P_IFACES_MAX]; /* polled by progress: those a peer is reached by */
    int iface_count;
    tl_iface_t *loopback[P2P_IFACES_MAX]; /* TL_CAP_LOOPBACK ones: polled after a send */
    int loopback_count;
    uint32_t poll; /* what progress polls: P2P_POLL_* bits, tested in one load */
    tl_iface_t *waiter; /* an idle rank sleeps on its wake-up descriptor; NULL: yields */
    int rank, size;
    size_t eager_limit; /* the longest eager payload of any peer: unexpected buffers */
    match_t match;
    p2p_out_t *out; /* ring of queued outgoing messages */
    size_t out_cap, out_head, out_count;
    p2p_req_t *inflight; /* rendezvous and synchronous requests waiting on their peer */
    p2p_unexpected_t *free_records; /* unexpected-message records to reuse */
    void *free_buffers;             /* eager_limit-byte payload buffers, linked by first word */
    size_t free_record_count, free_buffer_count;

    /* failures (p2p_failure.c): all zero until the first one */
    int failures;            /* failed peers + failed contexts: nonzero turns the checks on */
    uint64_t *dead;          /* a bit per engine rank (freed by p2p_destroy) */
    uint64_t *failed_ctx;    /* a bit per context, grown on demand (freed by p2p_destroy) */
    size_t failed_ctx_words;
    uint32_t failure_epoch;  /* the runtime's failure epoch when last looked at */
    uint64_t failure_events; /* failures taken in: p2p_wait_or_failure watches it */
};

static inline void p2p_inflight_add(p2p_t *p2p, p2p_req_t *req)
{
    req->inflight_prev = NULL;
    req->inflight_next = p2p->inflight;
    if (p2p->inflight)
        p2p->inflight->inflight_prev = req;
    p2p->inflight = req;
}

static inline void p2p_inflight_remove(p2p_t *p2p, p2p_req_t *req)
{
    if (req->inflight_prev)
        req->inflight_prev->inflight_next = req->inflight_next;
    else
        p2p->inflight = req->inflight_next;
    if (req->inflight_next)
        req->inflight_next->inflight_prev = req->inflight_prev;
}

/* Failure checks (p2p_failure.c), only called while p2p->failures is nonzero. */
/* VMPL_ERR_PROC_FAILED when peer (>= 0) or ctx has failed, else VMPL_OK. */
vmpl_status_t p2p_failure_check(const p2p_t *p2p, int peer, uint32_t ctx);
/* Whether an arrival from src on ctx must be dropped. */
int p2p_failure_drops(const p2p_t *p2p, int src, uint32_t ctx);
/* Completes a request with VMPL_ERR_PROC_FAILED on behalf of peer. */
void p2p_request_fail(p2p_req_t *req, int peer);
/* Takes in the runtime's new failures (the epoch moved); returns 1. */
int p2p_failures_take_in(p2p_t *p2p, uint32_t epoch);

/* Queues a message and sends what the transport takes (p2p_send.c). */
vmpl_status_t p2p_out_push(p2p_t *p2p, int dest, const p2p_hdr_t *hdr, p2p_req_t *req);
int p2p_out_flush(p2p_t *p2p);

/* Gives an unexpected message's record and buffer back (p2p_recv.c). */
void p2p_unexpected_release(p2p_t *p2p, p2p_unexpected_t *u);
/* Frees the free lists (p2p_destroy). */
void p2p_unexpected_pool_free(p2p_t *p2p);

/* Receive side handlers (p2p_recv.c). */
void p2p_on_message(void *arg, int src, const void *hdr, size_t hdr_len, const void *payload,
                    size_t len);

#endif
