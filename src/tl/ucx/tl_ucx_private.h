/* UCX transport internals. */
#ifndef VMPL_TL_UCX_TL_UCX_PRIVATE_H
#define VMPL_TL_UCX_TL_UCX_PRIVATE_H

#include "tl_ucx.h"

#include <ucp/api/ucp.h>

#include <stdint.h>

#define TL_UCX_AM_ID 17 /* the engine's messages */

/* One peer's endpoint; the error handler's argument. */
typedef struct tl_ucx_peer {
    struct tl_ucx *ucx;
    ucp_ep_h ep;   /* NULL: not connected */
    int rank;
    int failed;    /* the endpoint reported an error: sends fail, close forcibly */
} tl_ucx_peer_t;

/*
 * A send buffer: the wire message is what follows this struct,
 * tl_ucx_wire_t, the engine's header, then the payload. Free ones are
 * linked; a sent one returns when UCP completes it.
 */
typedef struct tl_ucx_slot {
    struct tl_ucx_slot *next;
    struct tl_ucx *ucx;
} tl_ucx_slot_t;

/* On the wire, before the engine's header. */
typedef struct {
    int32_t src;      /* the sender's rank (the iface's index for it) */
    uint32_t hdr_len; /* engine header bytes that follow */
} tl_ucx_wire_t;

typedef struct tl_ucx {
    tl_iface_t super;
    ucp_context_h context;
    ucp_worker_h worker;
    ucp_address_t *address; /* this worker's, released at close */
    size_t address_len;
    int rank, size, node;
    int peer_errors;         /* endpoints in UCP_ERR_HANDLING_MODE_PEER (VMPL_UCX_PEER_ERRORS) */
    tl_ucx_peer_t *peers;    /* size entries, by rank (freed at close) */
    void **closing;          /* close requests still running (size entries) */
    int closing_count;
    char *slot_mem;          /* slot_count slots of slot_bytes (freed at close) */
    tl_ucx_slot_t *free_slots;
    size_t slot_bytes, slot_count, eager_max;
    /* set by progress for the AM handler */
    tl_recv_fn_t recv;
    void *recv_arg;
    int events;
    void (*peer_failed)(void *arg, int rank, vmpl_status_t why);
    void *peer_failed_arg;
    ucp_datatype_t generic; /* non-contiguous tagged transfers (tl_ucx_tagged.c) */
} tl_ucx_t;

vmpl_status_t tl_ucx_slots_create(tl_ucx_t *ucx, size_t eager_max, size_t count);
void tl_ucx_slots_destroy(tl_ucx_t *ucx);

/* tl_ucx_ep.c */
vmpl_status_t tl_ucx_ep_connect(tl_iface_t *iface, const void *addr, size_t len, tl_ep_t *ep_p);
void tl_ucx_ep_disconnect(tl_ep_t *ep);
/* Waits (progressing) until every close started by ep_disconnect is over, or timeout_ns. */
void tl_ucx_closes_finish(tl_ucx_t *ucx, uint64_t timeout_ns);

/* tl_ucx_send.c, tl_ucx_progress.c */
vmpl_status_t tl_ucx_eager_send(const tl_ep_t *ep, const void *hdr, size_t hdr_len, size_t len,
                                tl_pack_fn_t pack, void *arg);
int tl_ucx_progress(tl_iface_t *iface, tl_recv_fn_t recv, void *arg);
vmpl_status_t tl_ucx_am_handler_set(tl_ucx_t *ucx);

/* tl_ucx_tagged.c: large contiguous messages by UCP's tag rendezvous */
vmpl_status_t tl_ucx_tagged_send(const tl_ep_t *ep, const void *buf, size_t len, uint64_t tag,
                                 tl_part_fn_t part, tl_done_fn_t done, void *arg, void **op_p);
vmpl_status_t tl_ucx_tagged_recv(const tl_ep_t *ep, void *buf, size_t len, uint64_t tag,
                                 tl_part_fn_t part, tl_done_fn_t done, void *arg, void **op_p);
/* The UCP generic datatype whose callbacks call a transfer's part function (at open). */
vmpl_status_t tl_ucx_generic_create(tl_ucx_t *ucx);
void tl_ucx_tagged_cancel(tl_iface_t *iface, void *op);

/* The address this iface publishes: who, where, then the worker address. */
typedef struct {
    uint32_t magic; /* TL_UCX_ADDRESS_MAGIC */
    int32_t rank;
    int32_t node;
    uint32_t worker_len;
} tl_ucx_address_t;

#define TL_UCX_ADDRESS_MAGIC 0x31786375u /* "ucx1" */

#endif
