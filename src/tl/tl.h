/*
 * The transport interface: one ops table per transport (UCX's
 * uct_iface_ops_t is the model), filled once and never changed.
 *
 * An iface is one transport opened in this process; it starts with
 * tl_iface_t, so whoever holds an iface holds its ops. An endpoint names
 * one peer through one iface. The core instance opens every built-in
 * transport, publishes each iface's address, and after the bootstrap
 * fence connects every peer through the first iface (registry order:
 * self, shm, ucx) whose reachable() accepts the peer's address. Above
 * src/tl nothing names a transport: the layers above look at the
 * capability flags and call through the table.
 *
 * An operation a transport cannot do has a NULL entry and no capability
 * flag; callers test the flag (once, at setup) and never call it.
 *
 * Messages (eager): a header of at most caps.hdr_max bytes and a payload
 * of at most caps.eager_max, written by the caller's pack callback
 * straight into transport memory. Messages from one peer arrive in the
 * order sent, by progress(), through the recv callback, whose buffers are
 * valid only during the call. Sending never blocks: VMPL_INPROGRESS means
 * "no room now, progress and retry".
 */
#ifndef VMPL_TL_TL_H
#define VMPL_TL_TL_H

#include <vmpl.h>

#include <stddef.h>
#include <stdint.h>

typedef struct tl_ops tl_ops_t;

/* Every iface starts with this. */
typedef struct tl_iface {
    const tl_ops_t *ops;
} tl_iface_t;

/*
 * One peer through one iface: index is the transport's name for it (shm:
 * the local rank); per-peer state (a UCP endpoint) lives in the iface,
 * found by index. Two words, so the layer above caches it next to the ops.
 */
typedef struct {
    tl_iface_t *iface;
    int index;
} tl_ep_t;

/* Capability flags (tl_caps_t.flags). */
enum {
    TL_CAP_EAGER = 1u << 0,      /* eager_send / progress */
    TL_CAP_GET = 1u << 1,        /* get: copy from a peer's memory, no registration needed */
    TL_CAP_PUT = 1u << 2,        /* put: copy into a peer's memory, no registration needed */
    TL_CAP_PULL = 1u << 3,       /* pull_*: both ends copy one large message at once */
    TL_CAP_MEM_REG = 1u << 4,    /* get/put need registered memory and a remote key */
    TL_CAP_ATOMIC32 = 1u << 5,   /* atomic32 */
    TL_CAP_ATOMIC64 = 1u << 6,   /* atomic64 */
    TL_CAP_WAKEUP = 1u << 7,     /* wakeup_arm / wait / ring: an idle rank can sleep */
    TL_CAP_NODE_MEM = 1u << 8,   /* node_mem: memory shared by the ranks of the node */
    TL_CAP_PEER_FAILURE = 1u << 9, /* reports failed peers through params.peer_failed */
    TL_CAP_LOOPBACK = 1u << 10,  /* messages come only from this process's own sends: poll
                                    it after sending through it, not on every progress */
    TL_CAP_TAGGED = 1u << 11,    /* tagged_*: large contiguous messages by its own rendezvous */
};

typedef struct {
    uint32_t flags;
    size_t hdr_max;   /* longest eager header */
    size_t eager_max; /* longest eager payload */
    size_t pull_min;  /* shortest message pull_create takes (TL_CAP_PULL) */
} tl_caps_t;

/* How far a transport reaches: the registry's order, nearest first. */
typedef enum { TL_SCOPE_SELF, TL_SCOPE_NODE, TL_SCOPE_NETWORK } tl_scope_t;

typedef struct {
    const char *job_id;      /* job-wide objects are named "vmpl-<job_id>-..." */
    int rank, size;          /* this process in the job */
    int node;                /* its node (a daemon); ranks of one node share memory */
    int local_rank, local_size;
    int oversubscribed;      /* more ranks than cores: waits skip the spin */
    int thread_multiple;     /* several threads may call the iface at once */
    /* NULL, or the runtime's doorbell lines (tl/shm/tl_shm.h): it rings them on failures */
    void *doorbells;
    size_t node_mem_bytes;   /* node memory per local rank for the layer above (0: none) */
    uint64_t attach_timeout_ns; /* how long to wait for the node's other ranks (0: default) */
    /* A peer the transport found dead (TL_CAP_PEER_FAILURE); called from progress. */
    void (*peer_failed)(void *arg, int rank, vmpl_status_t why);
    void *peer_failed_arg;
} tl_params_t;

#define TL_ADDRESS_MAX 2048 /* a UCP worker address with every UCX transport */

/* Writes len payload bytes of a message into transport memory (e.g. a partial pack). */
typedef void (*tl_pack_fn_t)(void *dst, size_t len, void *arg);
/* An arrived message; src is the iface's index of the sender. */
typedef void (*tl_recv_fn_t)(void *arg, int src, const void *hdr, size_t hdr_len,
                             const void *payload, size_t len);

typedef enum {
    TL_ATOMIC_ADD, TL_ATOMIC_AND, TL_ATOMIC_OR, TL_ATOMIC_XOR, TL_ATOMIC_SWAP, TL_ATOMIC_CSWAP,
} tl_atomic_op_t;

/* A tagged transfer is over (VMPL_OK) or failed; never called after tagged_cancel. */
typedef void (*tl_done_fn_t)(void *arg, vmpl_status_t status);
/* Packs (send) or unpacks (receive) len bytes of a message at offset: a partial pack. */
typedef void (*tl_part_fn_t)(void *arg, uint64_t offset, void *bytes, size_t len);

/* A registered region (TL_CAP_MEM_REG) and a peer's key to one. */
typedef struct tl_mem tl_mem_t;
typedef struct tl_rkey tl_rkey_t;

struct tl_ops {
    const char *name;
    tl_scope_t scope;

    /*
     * life cycle: open, then (after every rank published its address)
     * wireup_done; close. iface_open answers VMPL_ERR_UNSUPPORTED when a
     * setting turned the transport off: the instance leaves it out.
     */
    vmpl_status_t (*iface_open)(const tl_params_t *params, tl_iface_t **iface_p);
    /* The address exchange's fence is over: drop what only that needed (shm: the name). */
    vmpl_status_t (*wireup_done)(tl_iface_t *iface);
    void (*iface_close)(tl_iface_t *iface);
    void (*query)(const tl_iface_t *iface, tl_caps_t *caps_p);

    /* addresses: at most TL_ADDRESS_MAX bytes */
    vmpl_status_t (*address_pack)(const tl_iface_t *iface, void *buf, size_t *len_p);
    int (*reachable)(const tl_iface_t *iface, const void *addr, size_t len);
    vmpl_status_t (*ep_connect)(tl_iface_t *iface, const void *addr, size_t len, tl_ep_t *ep_p);
    void (*ep_disconnect)(tl_ep_t *ep);

    /* eager messages and progress (TL_CAP_EAGER) */
    vmpl_status_t (*eager_send)(const tl_ep_t *ep, const void *hdr, size_t hdr_len, size_t len,
                                tl_pack_fn_t pack, void *arg);
    /* Delivers what arrived; returns how many messages. */
    int (*progress)(tl_iface_t *iface, tl_recv_fn_t recv, void *arg);

    /*
     * Rendezvous by one-sided copies. get/put copy len bytes between local
     * memory and remote (an address in the peer), before returning; any
     * status but VMPL_OK means "copy another way" (VMPL_ERR_PROC_FAILED: the
     * peer died). With TL_CAP_MEM_REG the remote side needs an rkey.
     */
    vmpl_status_t (*get)(const tl_ep_t *ep, void *dst, uint64_t remote, const tl_rkey_t *rkey,
                         size_t len);
    vmpl_status_t (*put)(const tl_ep_t *ep, const void *src, uint64_t remote,
                         const tl_rkey_t *rkey, size_t len);
    /*
     * Shared rendezvous (TL_CAP_PULL): the receiver creates a job (0: none),
     * sends the token to the sender in a message of its own, and runs it;
     * the sender calls pull_help with the token when that message arrives
     * and keeps its data in place until the receiver says it is done.
     */
    uint64_t (*pull_create)(const tl_ep_t *ep, void *dst, uint64_t remote, size_t len);
    vmpl_status_t (*pull_run)(const tl_ep_t *ep, uint64_t token);
    void (*pull_help)(const tl_ep_t *ep, uint64_t token);

    /*
     * Tagged transfers (TL_CAP_TAGGED): one contiguous message from the
     * sender's memory into the receiver's, matched by tag among this
     * process's pending receives, moved by the transport's own rendezvous
     * (zero-copy where it can). With part non-NULL the data is not one
     * run: the transport packs or unpacks it in pieces through part(arg,
     * offset, ...) instead of touching buf. The receiver posts before it
     * tells the sender the tag. done runs from progress, or before the
     * call returns (then *op_p is NULL). tagged_cancel withdraws a pending
     * one (a failed peer or context): neither its part nor its done is
     * called after that.
     */
    vmpl_status_t (*tagged_send)(const tl_ep_t *ep, const void *buf, size_t len, uint64_t tag,
                                 tl_part_fn_t part, tl_done_fn_t done, void *arg, void **op_p);
    vmpl_status_t (*tagged_recv)(const tl_ep_t *ep, void *buf, size_t len, uint64_t tag,
                                 tl_part_fn_t part, tl_done_fn_t done, void *arg, void **op_p);
    void (*tagged_cancel)(tl_iface_t *iface, void *op);

    /* memory registration and remote keys (TL_CAP_MEM_REG) */
    vmpl_status_t (*mem_reg)(tl_iface_t *iface, void *addr, size_t len, tl_mem_t **mem_p);
    void (*mem_dereg)(tl_iface_t *iface, tl_mem_t *mem);
    vmpl_status_t (*rkey_pack)(tl_iface_t *iface, const tl_mem_t *mem, void *buf, size_t *len_p);
    vmpl_status_t (*rkey_unpack)(const tl_ep_t *ep, const void *buf, size_t len,
                                 tl_rkey_t **rkey_p);
    void (*rkey_release)(tl_rkey_t *rkey);

    /* atomics on remote memory: *result_p gets the old value (TL_CAP_ATOMIC32/64) */
    vmpl_status_t (*atomic32)(const tl_ep_t *ep, tl_atomic_op_t op, uint64_t remote,
                              const tl_rkey_t *rkey, uint32_t value, uint32_t compare,
                              uint32_t *result_p);
    vmpl_status_t (*atomic64)(const tl_ep_t *ep, tl_atomic_op_t op, uint64_t remote,
                              const tl_rkey_t *rkey, uint64_t value, uint64_t compare,
                              uint64_t *result_p);

    /*
     * The wait path (TL_CAP_WAKEUP). wakeup_arm reads the wake-up
     * descriptor before the caller's last look for work; wait returns when
     * something may have arrived, the descriptor moved since `armed`
     * (anyone may ring it: the runtime does on failures), ready(arg) is
     * nonzero (ready may be NULL), or timeout_ns passed (0: no limit).
     * ring wakes the rank at index if it may be asleep.
     */
    uint32_t (*wakeup_arm)(const tl_iface_t *iface);
    void (*wait)(tl_iface_t *iface, uint32_t armed, int (*ready)(void *arg), void *arg,
                 uint64_t timeout_ns);
    void (*ring)(tl_iface_t *iface, int index);

    /* Node memory of the rank at index (TL_CAP_NODE_MEM): zeroed at creation, NULL when none. */
    void *(*node_mem)(const tl_iface_t *iface, int index, size_t *bytes_p);
};

/* The transports this build can have, nearest scope first; ops NULL when not built. */
typedef struct {
    const char *name;
    tl_scope_t scope;
    const tl_ops_t *ops;
} tl_component_t;

extern const tl_component_t tl_components[];
extern const size_t tl_component_count;

static inline void tl_iface_query(const tl_iface_t *iface, tl_caps_t *caps_p)
{
    iface->ops->query(iface, caps_p);
}

#endif
