/*
 * Point-to-point engine: MPI send modes and receives over the transports
 * of tl.h, with the constant-time matcher. Each peer is reached through
 * one endpoint, chosen at set-up (the core instance connects them); the
 * engine keeps that endpoint's ops and capabilities per peer, so the data
 * path makes one indirect call per message and tests no transport.
 *
 * Protocols: messages up to the peer's eager limit travel whole (packed straight
 * into transport memory); larger ones send a request-to-send. A receiver
 * that finds the sender's data contiguous copies it in one step from the
 * sender's memory (the transport's get, or its shared pull); a transport
 * with its own rendezvous (TL_CAP_TAGGED) moves the whole message, packed
 * and unpacked in pieces at their offsets when it is not contiguous;
 * otherwise the receiver asks the sender to stream chunks that are
 * packed into transport cells and unpacked at their offsets (no staging
 * copy on either side). Synchronous sends complete when matched.
 *
 * Requests are the caller's memory; the engine keeps pointers to them
 * until they complete. Unexpected eager payloads are copied to heap
 * memory until matched (freed when the receive completes).
 *
 * Failures (DESIGN.md 3.3): progress compares the runtime's failure epoch
 * with the last one seen (one load) and, when it moved, has the runtime
 * run its listeners, which mark peers (p2p_peer_failed) and contexts
 * (p2p_context_failed) failed. From then on every request that needs a
 * failed peer, or belongs to a failed context, completes with
 * VMPL_ERR_PROC_FAILED; new ones fail at once; nothing more from a failed
 * peer or on a failed context is delivered. Receives from any source are
 * left to the caller (MPI decides what a failure means for them).
 */
#ifndef VMPL_CORE_P2P_P2P_H
#define VMPL_CORE_P2P_P2P_H

#include "match.h"

#include <dt/dt.h>
#include <tl/tl.h>

typedef enum { P2P_MODE_STANDARD, P2P_MODE_SYNC, P2P_MODE_READY } p2p_mode_t;

typedef struct {
    int source, tag;
    vmpl_status_t error; /* VMPL_OK, VMPL_ERR_TRUNCATE when the message was longer,
                            VMPL_ERR_PROC_FAILED (source: the failed peer, or MATCH_ANY) */
    uint64_t bytes;      /* bytes received */
    int cancelled;
} p2p_status_t;

typedef struct p2p_req p2p_req_t;
struct p2p_req {
    match_entry_t match; /* receives: the posted entry */
    p2p_req_t *inflight_prev, *inflight_next; /* waiting on the peer (engine's list) */
    int is_send;
    int matched; /* receive: met its message */
    volatile int done;
    void *buf;
    int64_t count;
    const dt_type_t *dt;
    uint64_t bytes;   /* packed size of buf/count/dt */
    char *contig;     /* the data when it is one contiguous run, else NULL */
    int peer, tag;
    uint32_t ctx;
    p2p_mode_t mode;
    uint64_t offset;  /* streaming: bytes sent or received so far */
    uint64_t incoming; /* receive: size of the matched message */
    uint64_t rreq;    /* send: the receive to stream to */
    void *tl_op;      /* a pending tagged transfer (TL_CAP_TAGGED), or NULL */
    struct p2p *owner; /* the engine, for the tagged transfer's completion */
    p2p_status_t status;
};

typedef struct p2p p2p_t;

/* The engine of rank among size ranks, no peer connected yet. Freed by p2p_destroy. */
vmpl_status_t p2p_create(int rank, int size, p2p_t **p2p_p);
/*
 * Reaches rank through ep (the instance connected it); the engine polls
 * ep's iface from now on and sleeps on the first iface with a wake-up
 * descriptor. Done at set-up, or later for new peers, never while a
 * message to rank is in flight. The endpoint stays the caller's.
 */
vmpl_status_t p2p_peer_connect(p2p_t *p2p, int rank, const tl_ep_t *ep);
/*
 * An idle rank sleeps on iface's wake-up descriptor (TL_CAP_WAKEUP), even
 * when no peer goes through it: the runtime rings the node's doorbells on
 * failures. Otherwise the first connected iface that has one is used.
 */
vmpl_status_t p2p_wait_on(p2p_t *p2p, tl_iface_t *iface);
void p2p_destroy(p2p_t *p2p);

vmpl_status_t p2p_isend(p2p_t *p2p, const void *buf, int64_t count, const dt_type_t *dt,
                        int dest, int tag, uint32_t ctx, p2p_mode_t mode, p2p_req_t *req);
/* src and tag may be MATCH_ANY. */
vmpl_status_t p2p_irecv(p2p_t *p2p, void *buf, int64_t count, const dt_type_t *dt, int src,
                        int tag, uint32_t ctx, p2p_req_t *req);

/*
 * Probing: whether a message matching (src, tag, ctx) has arrived, with its
 * status (source, tag, bytes). iprobe leaves it queued; improbe removes it
 * into *msg_p, a message only p2p_imrecv can receive.
 */
typedef struct p2p_message p2p_message_t;
int p2p_iprobe(p2p_t *p2p, int src, int tag, uint32_t ctx, p2p_status_t *status_p);
int p2p_improbe(p2p_t *p2p, int src, int tag, uint32_t ctx, p2p_message_t **msg_p,
                p2p_status_t *status_p);
vmpl_status_t p2p_imrecv(p2p_t *p2p, void *buf, int64_t count, const dt_type_t *dt,
                         p2p_message_t *msg, p2p_req_t *req);
/*
 * Cancels a receive not yet matched: 1 (it completes, cancelled) or 0 (it
 * was matched and completes normally). Sends are not cancellable here.
 */
int p2p_cancel_recv(p2p_t *p2p, p2p_req_t *req);

/* Moves every protocol forward once; returns nonzero when something happened. */
int p2p_progress(p2p_t *p2p);
/* Progress until req completes, sleeping through the transport when idle. */
void p2p_wait(p2p_t *p2p, p2p_req_t *req);
/*
 * The same, but also returning when a process failure was taken in first
 * (1; 0 when req completed): a receive from any source may want to stop.
 */
int p2p_wait_or_failure(p2p_t *p2p, p2p_req_t *req);

/*
 * Marks engine rank `rank` failed: its pending receives, the sends that
 * wait on it and its queued messages fail or go; its unexpected messages
 * are dropped. Idempotent; called from the runtime's failure listener.
 */
void p2p_peer_failed(p2p_t *p2p, int rank);
int p2p_peer_is_failed(const p2p_t *p2p, int rank);
/*
 * Takes in the failures the runtime reported since the last look (one
 * load when there are none; progress does this too): nonzero when some were.
 */
int p2p_failures_update(p2p_t *p2p);
/* Whether ctx was marked failed (p2p_context_failed). */
int p2p_context_is_failed(const p2p_t *p2p, uint32_t ctx);
/*
 * Marks a context failed (a communicator's collective context when a
 * member failed): every pending request on it fails, later ones fail at
 * once, arrivals on it are dropped. A failed context stays failed: its
 * owner must not reuse it.
 */
void p2p_context_failed(p2p_t *p2p, uint32_t ctx);

#endif
