/*
 * The core instance: one per process, shared by every API that runs in it
 * (MPI, OpenSHMEM, the native API). It owns, set up in this order and torn
 * down in the reverse one:
 *
 *   1. bootstrap       the runtime client (rt): who we are, the key-value exchange
 *   2. transports      every built transport of the registry (tl.h), opened
 *   3. addresses       each iface's address published, one fence, every peer
 *                      connected through the nearest transport that reaches it
 *   4. p2p             the point-to-point engine over those endpoints
 *   5. node channel    the iface whose node memory the collective channel uses,
 *                      also the one an idle rank sleeps on (the runtime rings it)
 *   6. failure state   the transports' failed-peer reports, fed to the engine
 *
 * Each API attaches (the first attach creates it) and detaches (the last
 * detach destroys it); after that a new attach creates it again, which is
 * what MPI sessions and MPI_Init after a session need. Attach and detach
 * are serialized by a lock, so two APIs may start from different threads.
 *
 * Fixed at creation, because the transports fix them (the UCX worker's
 * thread mode is set when it is created): the thread level, the one asked
 * for capped at CORE_THREAD_MAX. A later attach asking for more gets what
 * the instance has (MPI's `provided`).
 *
 * Limits: under vmplrun, destroying the instance ends the runtime
 * connection (the daemon then takes the rank as finished), so a second
 * creation in one process works only for singletons until the runtime can
 * reconnect. Peers are the job's ranks, connected at creation; the engine
 * can take more (p2p_peer_connect) when spawn or connect/accept brings them.
 */
#ifndef VMPL_CORE_INSTANCE_H
#define VMPL_CORE_INSTANCE_H

#include <core/p2p/p2p.h>
#include <rt/rt.h>
#include <tl/tl.h>

/* One thread at a time (MPI up to SERIALIZED), or any number at once. */
typedef enum { CORE_THREAD_SERIALIZED, CORE_THREAD_MULTIPLE } core_thread_t;
/* The engine takes no locks yet: instances are created serialized at most. */
#define CORE_THREAD_MAX CORE_THREAD_SERIALIZED

typedef struct {
    core_thread_t thread; /* what the caller needs */
} core_instance_params_t;

#define CORE_INSTANCE_IFACES_MAX 4

typedef struct core_instance {
    int refs;                 /* attached APIs */
    int generation;           /* counts creations: 1 for the first */
    core_thread_t thread;     /* fixed at creation */
    const rt_info_t *rt;
    tl_iface_t *ifaces[CORE_INSTANCE_IFACES_MAX]; /* opened transports, registry order */
    int iface_count;
    tl_ep_t *eps;             /* rt->size endpoints, by rank (freed at destroy) */
    p2p_t *p2p;
    tl_iface_t *node;         /* node memory for the collective channel, or NULL */
    uint64_t peers_failed;    /* failures the transports reported */
} core_instance_t;

/*
 * Creates the instance, or takes another reference to it; *instance_p is
 * the process's one instance. Set-up failures are logged where they are
 * found (a peer no built transport reaches names the one it would need)
 * and leave nothing behind.
 */
vmpl_status_t core_instance_attach(const core_instance_params_t *params,
                                   core_instance_t **instance_p);
/* Drops a reference; the last one destroys the instance (and ends the runtime connection). */
void core_instance_detach(core_instance_t *instance);

/* The transport whose node memory the node's collective channel uses (NULL: none). */
static inline tl_iface_t *core_instance_node(const core_instance_t *instance)
{
    return instance->node;
}

#endif
