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

/* A message that arrived before its receive was posted. */
typedef struct {
    match_entry_t match;
    p2p_hdr_t hdr;
    char *data; /* EAGER payload, heap copy */
} p2p_unexpected_t;

struct p2p {
    tl_shm_t *shm;
    int rank, size;
    size_t eager_limit;
    match_t match;
    p2p_out_t *out; /* ring of queued outgoing messages */
    size_t out_cap, out_head, out_count;
};

/* Queues a message and sends what the transport takes (p2p_send.c). */
vmpl_status_t p2p_out_push(p2p_t *p2p, int dest, const p2p_hdr_t *hdr, p2p_req_t *req);
int p2p_out_flush(p2p_t *p2p);

/* Receive side handlers (p2p_recv.c). */
void p2p_on_message(void *arg, int src, const void *hdr, size_t hdr_len, const void *payload,
                    size_t len);

#endif
