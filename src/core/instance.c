/* The core instance (instance.h): set-up in order, teardown in reverse. */
#include "instance.h"

#include <base/log.h>
#include <core/coll/coll_shm.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define INSTANCE_ATTACH_TIMEOUT_NS (60ull * 1000000000ull) /* ranks of a node start apart */

static core_instance_t instance;
static pthread_mutex_t instance_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * A transport lost a peer (its progress calls this). The runtime stays
 * the authority on who failed: a peer that finished and exited also
 * breaks its endpoints, and MPI's failed group must name only what the
 * daemons reported. So this takes in the runtime's reports at once (the
 * engine then fails what needs the peer) and otherwise leaves the peer
 * to the daemons, which see every death within their detection time.
 */
static void on_peer_failed(void *arg, int rank, vmpl_status_t why)
{
    core_instance_t *in = arg;

    base_info("core", "a transport lost rank %d: %s", rank, vmpl_status_string(why));
    in->peers_failed++;
    if (in->p2p)
        p2p_failures_update(in->p2p);
}

static void transports_close(core_instance_t *in)
{
    while (in->iface_count > 0) {
        tl_iface_t *iface = in->ifaces[--in->iface_count];
        iface->ops->iface_close(iface);
    }
}

/* Opens every transport this build has, in registry order. */
static vmpl_status_t transports_open(core_instance_t *in)
{
    const rt_info_t *rt = in->rt;
    tl_params_t params = {.job_id = rt->job_id, .rank = rt->rank, .size = rt->size,
                          .node = rt->node, .local_rank = rt->local_rank,
                          .local_size = rt->local_size, .oversubscribed = rt->oversubscribed,
                          .thread_multiple = in->thread == CORE_THREAD_MULTIPLE,
                          .doorbells = rt_doorbells(), /* the daemon rings them on failures */
                          .node_mem_bytes = coll_shm_node_bytes(),
                          .attach_timeout_ns = INSTANCE_ATTACH_TIMEOUT_NS,
                          .peer_failed = on_peer_failed, .peer_failed_arg = in};

    for (size_t i = 0; i < tl_component_count; i++) {
        const tl_ops_t *ops = tl_components[i].ops;
        vmpl_status_t status;

        if (!ops)
            continue;
        if (ops->scope == TL_SCOPE_NETWORK && rt->node_count < 2)
            continue; /* every peer is on this node */
        if (in->iface_count == CORE_INSTANCE_IFACES_MAX) {
            base_error("core", "more than %d transports", CORE_INSTANCE_IFACES_MAX);
            transports_close(in);
            return VMPL_ERR_NO_MEMORY;
        }
        status = ops->iface_open(&params, &in->ifaces[in->iface_count]);
        if (status == VMPL_ERR_UNSUPPORTED) {
            base_info("core", "the %s transport is turned off", ops->name);
            continue;
        }
        if (status != VMPL_OK) {
            base_error("core", "cannot open the %s transport: %s", ops->name,
                       vmpl_status_string(status));
            transports_close(in);
            return status;
        }
        in->iface_count++;
    }
    return VMPL_OK;
}

static void address_key(char *key, size_t size, const tl_iface_t *iface, int rank)
{
    snprintf(key, size, "tl-%s-%d", iface->ops->name, rank);
}

static int node_of(const rt_info_t *rt, int rank)
{
    int node = 0;

    while (node + 1 < rt->node_count && rank >= rt->node_first_rank[node + 1])
        node++;
    return node;
}

static int transport_opened(const core_instance_t *in, const tl_ops_t *ops)
{
    for (int i = 0; i < in->iface_count; i++)
        if (in->ifaces[i]->ops == ops)
            return 1;
    return 0;
}

/*
 * No opened transport reaches rank: say which one would (the first of
 * its scope that is unbuilt, or built but turned off).
 */
static vmpl_status_t peer_unreachable(const core_instance_t *in, int rank)
{
    int node = node_of(in->rt, rank);
    tl_scope_t scope = rank == in->rt->rank ? TL_SCOPE_SELF
                       : node == in->rt->node ? TL_SCOPE_NODE : TL_SCOPE_NETWORK;

    for (size_t i = 0; i < tl_component_count; i++)
        if (tl_components[i].scope == scope && tl_components[i].ops &&
            !transport_opened(in, tl_components[i].ops)) {
            base_error("core", "rank %d is on node %d, this rank on node %d: reaching it needs "
                       "the %s transport, which is turned off here", rank, node, in->rt->node,
                       tl_components[i].name);
            return VMPL_ERR_UNSUPPORTED;
        } else if (tl_components[i].scope == scope && !tl_components[i].ops) {
            base_error("core", "rank %d is on node %d, this rank on node %d: reaching it needs "
                       "the %s transport, which this build does not include", rank, node,
                       in->rt->node, tl_components[i].name);
            return VMPL_ERR_UNSUPPORTED;
        }
    base_error("core", "no transport reaches rank %d (node %d)", rank, node);
    return VMPL_ERR_UNSUPPORTED;
}

/* The first transport (registry order) that reaches rank's published address. */
static vmpl_status_t peer_connect(core_instance_t *in, int rank)
{
    char key[64];

    for (int i = 0; i < in->iface_count; i++) {
        tl_iface_t *iface = in->ifaces[i];
        const void *addr;
        size_t len;

        address_key(key, sizeof(key), iface, rank);
        if (rt_kvs_get(key, &addr, &len) != VMPL_OK)
            continue; /* the peer has no such transport */
        if (iface->ops->reachable(iface, addr, len))
            return iface->ops->ep_connect(iface, addr, len, &in->eps[rank]);
    }
    return peer_unreachable(in, rank);
}

static void peers_disconnect(core_instance_t *in)
{
    for (int r = 0; in->eps && r < in->rt->size; r++)
        if (in->eps[r].iface)
            in->eps[r].iface->ops->ep_disconnect(&in->eps[r]);
    free(in->eps);
    in->eps = NULL;
}

/* Publishes every iface's address, fences, then connects every rank. */
static vmpl_status_t addresses_exchange(core_instance_t *in)
{
    unsigned char addr[TL_ADDRESS_MAX];
    char key[64];
    vmpl_status_t status = VMPL_OK;

    for (int i = 0; i < in->iface_count && status == VMPL_OK; i++) {
        tl_iface_t *iface = in->ifaces[i];
        size_t len = sizeof(addr);

        address_key(key, sizeof(key), iface, in->rt->rank);
        status = iface->ops->address_pack(iface, addr, &len);
        if (status == VMPL_OK)
            status = rt_kvs_put(key, addr, len);
    }
    if (status == VMPL_OK)
        status = rt_kvs_fence(); /* also: every local rank has mapped the node segment */
    for (int i = 0; i < in->iface_count && status == VMPL_OK; i++)
        status = in->ifaces[i]->ops->wireup_done(in->ifaces[i]);
    if (status != VMPL_OK) {
        base_error("core", "the address exchange failed: %s", vmpl_status_string(status));
        return status;
    }
    in->eps = calloc((size_t)in->rt->size, sizeof(*in->eps)); /* freed by peers_disconnect */
    if (!in->eps)
        return VMPL_ERR_NO_MEMORY;
    for (int r = 0; r < in->rt->size && status == VMPL_OK; r++)
        status = peer_connect(in, r);
    if (status != VMPL_OK)
        peers_disconnect(in);
    return status;
}

static vmpl_status_t engine_create(core_instance_t *in)
{
    vmpl_status_t status = p2p_create(in->rt->rank, in->rt->size, &in->p2p);

    for (int r = 0; r < in->rt->size && status == VMPL_OK; r++)
        status = p2p_peer_connect(in->p2p, r, &in->eps[r]);
    if (status != VMPL_OK) {
        p2p_destroy(in->p2p);
        in->p2p = NULL;
    }
    return status;
}

/* The first iface with node memory and a wait path large enough for the channel. */
static void node_channel_pick(core_instance_t *in)
{
    const uint32_t need = TL_CAP_NODE_MEM | TL_CAP_WAKEUP;

    in->node = NULL;
    for (int i = 0; i < in->iface_count && !in->node; i++) {
        tl_iface_t *iface = in->ifaces[i];
        size_t bytes = 0;
        tl_caps_t caps;

        tl_iface_query(iface, &caps);
        if ((caps.flags & need) == need && iface->ops->node_mem(iface, 0, &bytes) &&
            bytes >= coll_shm_node_bytes())
            in->node = iface;
    }
}

static vmpl_status_t instance_create(core_instance_t *in, const core_instance_params_t *params)
{
    vmpl_status_t status;
    int generation = in->generation;

    memset(in, 0, sizeof(*in));
    in->generation = generation + 1;
    in->thread = params->thread < CORE_THREAD_MAX ? params->thread : CORE_THREAD_MAX;
    status = rt_init(&in->rt);
    if (status != VMPL_OK) {
        base_error("core", "cannot reach the runtime: %s", vmpl_status_string(status));
        return status;
    }
    status = transports_open(in);
    if (status != VMPL_OK)
        goto err_rt;
    status = addresses_exchange(in);
    if (status != VMPL_OK)
        goto err_transports;
    status = engine_create(in);
    if (status != VMPL_OK)
        goto err_peers;
    node_channel_pick(in);
    if (in->node)
        p2p_wait_on(in->p2p, in->node); /* even with no peer through it: sleep, not yield */
    in->peers_failed = 0; /* the failure state: transports report from now on */
    in->refs = 1;
    return VMPL_OK;

err_peers:
    peers_disconnect(in);
err_transports:
    transports_close(in);
err_rt:
    rt_finalize();
    in->rt = NULL;
    return status;
}

static void instance_destroy(core_instance_t *in)
{
    in->node = NULL;
    p2p_destroy(in->p2p);
    in->p2p = NULL;
    peers_disconnect(in);
    transports_close(in);
    rt_finalize();
    in->rt = NULL;
}

vmpl_status_t core_instance_attach(const core_instance_params_t *params,
                                   core_instance_t **instance_p)
{
    vmpl_status_t status = VMPL_OK;

    pthread_mutex_lock(&instance_lock);
    if (instance.refs > 0)
        instance.refs++;
    else
        status = instance_create(&instance, params);
    pthread_mutex_unlock(&instance_lock);
    if (status == VMPL_OK)
        *instance_p = &instance;
    return status;
}

void core_instance_detach(core_instance_t *in)
{
    pthread_mutex_lock(&instance_lock);
    if (in == &instance && in->refs > 0 && --in->refs == 0)
        instance_destroy(in);
    pthread_mutex_unlock(&instance_lock);
}
