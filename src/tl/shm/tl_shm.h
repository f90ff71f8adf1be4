/*
 * Shared-memory transport: messages between the ranks of one node.
 *
 * A message is a header (the protocol layer's, at most TL_SHM_HDR_MAX
 * bytes) and a payload. Messages from one sender arrive in the order sent;
 * delivery is by polling, with a callback per message whose buffers are
 * valid only during the call. Sending never blocks: when the receiver's
 * slots and the sender's cells are all in use it returns VMPL_INPROGRESS
 * and the caller polls (which frees cells) and retries.
 *
 * Waiting spins, then yields, then sleeps on a futex doorbell that every
 * sender rings when the receiver said it may sleep, so oversubscribed
 * jobs do not burn the cores their peers need. Someone else may ring it
 * too (the runtime does when a process fails): a waiter returns whenever
 * its doorbell changed, message or not, so its caller can look at why.
 *
 * Large payloads can skip the cells: tl_shm_read_peer copies straight
 * from a peer's address space (process_vm_readv) when the kernel allows.
 */
#ifndef VMPL_TL_SHM_TL_SHM_H
#define VMPL_TL_SHM_TL_SHM_H

#include <tl/tl.h>
#include <vmpl.h>

#include <stddef.h>
#include <stdint.h>

#define TL_SHM_HDR_MAX 64

/* The shm transport's table (tl_shm_iface.c): iface_open takes the tl_params_t. */
extern const tl_ops_t tl_shm_ops;

typedef struct tl_shm tl_shm_t;

typedef struct {
    const char *name; /* POSIX shm name, e.g. "/vmpl-<job>-shm-<node>" */
    int local_rank;   /* 0 creates the segment, the others attach */
    int local_size;
    int node;         /* the job's node of these ranks: peers with the same node reach it */
    uint32_t cells_per_rank; /* 0: the VMPL_SHM_CELLS setting */
    uint32_t cell_bytes;     /* 0: the VMPL_SHM_CELL_BYTES setting */
    uint64_t attach_timeout_ns; /* how long a non-creator waits for the segment */
    int oversubscribed; /* more ranks than cores: waits skip the spin and yield at once */
    /*
     * NULL, or the doorbells to use instead of the segment's own:
     * local_size lines of TL_SHM_DOORBELL_LINE bytes indexed by local
     * rank, each opening with a 32-bit futex word (offset 0, rung by
     * incrementing it and FUTEX_WAKE, not private: the lines are a
     * MAP_SHARED mapping) and a 32-bit "may sleep" flag (offset 4), the
     * rest unused. Whoever provides them may ring them too; they must
     * outlive the transport.
     */
    void *doorbells;
    /*
     * Bytes of each rank's collective area (0: none): memory the layer
     * above lays out itself for collectives by direct loads and stores.
     */
    size_t coll_bytes;
} tl_shm_config_t;

#define TL_SHM_DOORBELL_LINE 64

/*
 * Creates (local rank 0) or attaches to the node segment. Every local rank
 * must call it; then, after all did (a bootstrap fence), tl_shm_unlink.
 * Freed by tl_shm_close.
 */
vmpl_status_t tl_shm_open(const tl_shm_config_t *config, tl_shm_t **shm_p);
/* Removes the name (the mapping stays): nothing is left behind if a rank dies. */
vmpl_status_t tl_shm_unlink(tl_shm_t *shm);
void tl_shm_close(tl_shm_t *shm);
/* The segment as an iface of tl.h (tl_shm_ops), valid until tl_shm_close. */
tl_iface_t *tl_shm_iface(tl_shm_t *shm);

/* Largest payload one message carries (the rest goes by read_peer or in pieces). */
size_t tl_shm_max_payload(const tl_shm_t *shm);

vmpl_status_t tl_shm_send(tl_shm_t *shm, int dest, const void *hdr, size_t hdr_len,
                          const void *payload, size_t len);

/* Writes the len payload bytes of a message straight into transport memory (e.g. a partial pack). */
typedef tl_pack_fn_t tl_shm_fill_fn_t;
vmpl_status_t tl_shm_send_fill(tl_shm_t *shm, int dest, const void *hdr, size_t hdr_len,
                               size_t len, tl_shm_fill_fn_t fill, void *arg);

typedef tl_recv_fn_t tl_shm_recv_fn_t;

/* Delivers the messages that arrived; returns how many. */
int tl_shm_poll(tl_shm_t *shm, tl_shm_recv_fn_t recv, void *arg);

/*
 * Waits for a message to arrive or timeout_ns to pass (0: no limit): spins
 * for the spin budget, then yields, then sleeps on the doorbell. Returns
 * when something may have arrived or the doorbell changed; the caller
 * polls (and looks at whatever else rings the doorbell).
 */
void tl_shm_wait(tl_shm_t *shm, uint64_t timeout_ns);
/*
 * The same, but also returning at once when the doorbell moved since
 * tl_shm_doorbell_read gave `bell`. Read the doorbell before checking the
 * conditions others ring it for, then wait: no ring is ever lost.
 */
uint32_t tl_shm_doorbell_read(const tl_shm_t *shm);
void tl_shm_wait_since(tl_shm_t *shm, uint32_t bell, uint64_t timeout_ns);

/*
 * Waiting for something else than a message (a flag in the collective
 * areas): the same phases, also returning as soon as ready(arg) is
 * nonzero. Whoever makes it true calls tl_shm_ring for each rank that may
 * wait on it.
 */
void tl_shm_wait_until(tl_shm_t *shm, uint32_t bell, int (*ready)(void *arg), void *arg,
                       uint64_t timeout_ns);
/* Rings local rank r's doorbell if it said it may sleep (cheap when it did not). */
void tl_shm_ring(tl_shm_t *shm, int r);

/* Local rank r's collective area (zeroed at creation) and its size; NULL when none. */
void *tl_shm_coll_area(const tl_shm_t *shm, int r, size_t *bytes_p);

/* Copies len bytes at remote in local rank src's address space into dst. */
vmpl_status_t tl_shm_read_peer(tl_shm_t *shm, int src, void *dst, const void *remote,
                               size_t len);
/* Whether read_peer works between these processes (ptrace scope, containers). */
int tl_shm_read_peer_usable(tl_shm_t *shm, int src);

/*
 * Shared single copy (tl_shm_pull.c): both processes copy one large
 * message at once. The receiver creates a job (0: none, copy alone with
 * read_peer: too short, single copy refused, or no free cell), sends its
 * handle to src through the layer above, and runs it; src calls
 * tl_shm_pull_help with the handle whenever the message reaches it, and
 * must keep the data in place until the receiver says it is done.
 * tl_shm_pull_run returns when every byte is copied: VMPL_OK, or
 * VMPL_ERR_SYSTEM when a chunk failed (nothing is written after it
 * returns; copy another way), or VMPL_ERR_PROC_FAILED when src died.
 */
size_t tl_shm_pull_min(void);
uint64_t tl_shm_pull_create(tl_shm_t *shm, int src, void *dst, const void *remote, size_t len);
vmpl_status_t tl_shm_pull_run(tl_shm_t *shm, uint64_t job);
void tl_shm_pull_help(tl_shm_t *shm, int dest, uint64_t job);

#endif
