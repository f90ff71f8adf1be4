/*
 * The process side of the runtime: who this rank is, where its peers are,
 * and the bootstrap key-value exchange through the local daemon.
 *
 * A process started by vmplrun connects to its node daemon's owner-only
 * Unix socket (VMPL_RT_SOCKET) and proves it belongs to the job with the
 * job's secret. A process started without vmplrun is a singleton job
 * (rank 0 of 1) whose exchange is local. Not thread-safe: the library
 * calls these from its init/finalize paths.
 */
#ifndef VMPL_RT_RT_H
#define VMPL_RT_RT_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <vmpl.h>

typedef struct {
    int rank, size;
    int node, node_count;         /* this rank's node; nodes (daemons) in the job */
    int local_rank, local_size;   /* position among, and number of, ranks on this node */
    const int *local_ranks;       /* local_size ranks on this node, ascending */
    const int *node_first_rank;   /* node_count + 1 entries: node n holds ranks
                                     [node_first_rank[n], node_first_rank[n + 1]) */
    int oversubscribed;           /* more ranks than cores on this host: wait, don't spin */
    const char *job_id;           /* job-wide objects are named "vmpl-<job_id>-..." so
                                     the daemons can remove them after a crash */
    const char *addr;             /* the IPv4 address this node advertises to other
                                     hosts (VMPL_RT_ADDR or the interface the launcher
                                     reached it by; 127.0.0.1 in a one-host job): what
                                     an inter-node transport publishes */
    int singleton;                /* not started by vmplrun */
} rt_info_t;

/* Connects to the daemon (or sets up a singleton); idempotent. */
vmpl_status_t rt_init(const rt_info_t **info_p);

/*
 * Publishes a key for the next fence. Every key is published once in the
 * whole job (include the rank in it); a duplicate fails the fence.
 */
vmpl_status_t rt_kvs_put(const char *key, const void *value, size_t length);

/*
 * Collective over all ranks: exchanges every rank's puts since the last
 * fence. Fails with VMPL_ERR_INVALID_ARG on every rank when two ranks put
 * the same key, VMPL_ERR_RUNTIME when the daemon is gone.
 */
vmpl_status_t rt_kvs_fence(void);

/* A value published before the last fence; valid until rt_finalize. */
vmpl_status_t rt_kvs_get(const char *key, const void **value_p, size_t *length_p);

/* Asks the launcher to kill the whole job and exit with `code`; never returns. */
void rt_abort(int code, const char *reason) __attribute__((noreturn));

/*
 * Failures (DESIGN.md 3.3). The node daemon publishes failed ranks on the
 * node's failure board; ranks take them in with rt_failures_update, which
 * runs the registered listeners once per newly failed rank. Causes are the
 * vmpl_failure_cause_t values. Without a board (singleton) nothing fails.
 */
typedef void (*rt_failure_fn)(int rank, int cause, void *arg);
enum { RT_FAILURE_EXITED = 1, RT_FAILURE_SIGNALED = 2, RT_FAILURE_NODE = 3 };

/* Changes whenever the failed set grows: compare with the last value seen. */
extern const _Atomic uint32_t *rt_failure_epoch_word;
static inline uint32_t rt_failure_epoch(void)
{
    return __atomic_load_n((const uint32_t *)rt_failure_epoch_word, __ATOMIC_ACQUIRE);
}
/* Up to 8 listeners, called from rt_failures_update. */
vmpl_status_t rt_failure_listen(rt_failure_fn fn, void *arg);
/* Takes in new failures and runs the listeners; returns how many ranks failed. */
int rt_failures_update(void);
/* Sleeps until the failed set may have grown or timeout_ms passed (< 0: no limit). */
int rt_failures_wait(int timeout_ms);
/* The cause of rank's failure as taken in so far, or 0. */
int rt_rank_failed(int rank);
/* Up to max failed ranks ascending; returns how many failed. */
int rt_failed_ranks(int *ranks, int max);
/*
 * The node's doorbell lines for the shared-memory transport (local_size
 * lines of 64 bytes: a futex word at offset 0, a sleeping flag at offset
 * 4), which the daemon rings when it publishes a failure; NULL without a
 * board.
 */
void *rt_doorbells(void);

/* rt_client.c internals */
vmpl_status_t rt_failure_open(const char *job_id, int node, int size, int local_size);
void rt_failure_close(void);

/* Tells the daemon this rank finished cleanly, and disconnects. */
vmpl_status_t rt_finalize(void);

#endif
