/*
 * The shm transport behind tl.h: the node segment as an iface, a local
 * rank as an endpoint. Its address is (node, local rank): every rank of
 * the same node reaches it. Get and put are single copies between the
 * processes (the kernel may refuse them: the caller copies another way);
 * no registration, no atomics on private memory. The eager send and
 * progress entries live next to the bodies they inline (tl_shm_send.c,
 * tl_shm_poll.c).
 */
#include "tl_shm_private.h"

#include <base/log.h>

#include <stdio.h>
#include <string.h>

typedef struct {
    uint32_t magic; /* TL_SHM_ADDRESS_MAGIC */
    int32_t node;
    int32_t local_rank;
} shm_address_t;

#define TL_SHM_ADDRESS_MAGIC 0x316d6873u /* "shm1" */

tl_iface_t *tl_shm_iface(tl_shm_t *shm)
{
    return &shm->super;
}

static vmpl_status_t shm_iface_open(const tl_params_t *params, tl_iface_t **iface_p)
{
    char name[128];
    tl_shm_config_t config = {.name = name, .local_rank = params->local_rank,
                              .local_size = params->local_size, .node = params->node,
                              .attach_timeout_ns = params->attach_timeout_ns,
                              .oversubscribed = params->oversubscribed,
                              .doorbells = params->doorbells,
                              .coll_bytes = params->node_mem_bytes};
    tl_shm_t *shm;
    vmpl_status_t status;

    snprintf(name, sizeof(name), "/vmpl-%s-shm-%d", params->job_id, params->node);
    status = tl_shm_open(&config, &shm);
    if (status != VMPL_OK)
        return status;
    *iface_p = &shm->super;
    return VMPL_OK;
}

/* Every local rank mapped the segment (the exchange's fence): nothing is left behind. */
static vmpl_status_t shm_wireup_done(tl_iface_t *iface)
{
    return tl_shm_unlink((tl_shm_t *)iface);
}

static void shm_iface_close(tl_iface_t *iface)
{
    tl_shm_close((tl_shm_t *)iface);
}

static void shm_query(const tl_iface_t *iface, tl_caps_t *caps_p)
{
    const tl_shm_t *shm = (const tl_shm_t *)iface;

    *caps_p = (tl_caps_t){.flags = TL_CAP_EAGER | TL_CAP_GET | TL_CAP_PUT | TL_CAP_PULL |
                                   TL_CAP_WAKEUP | TL_CAP_NODE_MEM,
                          .hdr_max = TL_SHM_HDR_MAX, .eager_max = tl_shm_max_payload(shm),
                          .pull_min = tl_shm_pull_min()};
}

static vmpl_status_t shm_address_pack(const tl_iface_t *iface, void *buf, size_t *len_p)
{
    const tl_shm_t *shm = (const tl_shm_t *)iface;
    shm_address_t a = {TL_SHM_ADDRESS_MAGIC, shm->node, shm->me};

    memcpy(buf, &a, sizeof(a));
    *len_p = sizeof(a);
    return VMPL_OK;
}

static int address_read(const tl_shm_t *shm, const void *addr, size_t len, shm_address_t *a_p)
{
    if (len != sizeof(*a_p))
        return 0;
    memcpy(a_p, addr, sizeof(*a_p));
    return a_p->magic == TL_SHM_ADDRESS_MAGIC && a_p->node == shm->node && a_p->local_rank >= 0 &&
           a_p->local_rank < shm->n;
}

static int shm_reachable(const tl_iface_t *iface, const void *addr, size_t len)
{
    shm_address_t a;

    return address_read((const tl_shm_t *)iface, addr, len, &a);
}

static vmpl_status_t shm_ep_connect(tl_iface_t *iface, const void *addr, size_t len,
                                   tl_ep_t *ep_p)
{
    shm_address_t a;

    if (!address_read((const tl_shm_t *)iface, addr, len, &a)) {
        base_error("shm", "cannot connect: the address is not of a rank on this node");
        return VMPL_ERR_INVALID_ARG;
    }
    *ep_p = (tl_ep_t){.iface = iface, .index = a.local_rank};
    return VMPL_OK;
}

static void shm_ep_disconnect(tl_ep_t *ep)
{
    (void)ep; /* an index into the segment: nothing to release */
}

/* Refused single copy answers VMPL_ERR_UNSUPPORTED at once, without a system call. */
static vmpl_status_t shm_get(const tl_ep_t *ep, void *dst, uint64_t remote, const tl_rkey_t *rkey,
                             size_t len)
{
    tl_shm_t *shm = (tl_shm_t *)ep->iface;

    (void)rkey;
    if (!tl_shm_read_peer_usable(shm, ep->index))
        return VMPL_ERR_UNSUPPORTED;
    return tl_shm_peer_copy(shm, ep->index, 0, dst, (const void *)(uintptr_t)remote, len);
}

static vmpl_status_t shm_put(const tl_ep_t *ep, const void *src, uint64_t remote,
                             const tl_rkey_t *rkey, size_t len)
{
    tl_shm_t *shm = (tl_shm_t *)ep->iface;

    (void)rkey;
    if (!tl_shm_read_peer_usable(shm, ep->index))
        return VMPL_ERR_UNSUPPORTED;
    return tl_shm_peer_copy(shm, ep->index, 1, (void *)src, (const void *)(uintptr_t)remote,
                            len);
}

static uint64_t shm_pull_create(const tl_ep_t *ep, void *dst, uint64_t remote, size_t len)
{
    return tl_shm_pull_create((tl_shm_t *)ep->iface, ep->index, dst,
                              (const void *)(uintptr_t)remote, len);
}

static vmpl_status_t shm_pull_run(const tl_ep_t *ep, uint64_t token)
{
    return tl_shm_pull_run((tl_shm_t *)ep->iface, token);
}

static void shm_pull_help(const tl_ep_t *ep, uint64_t token)
{
    tl_shm_pull_help((tl_shm_t *)ep->iface, ep->index, token);
}

static uint32_t shm_wakeup_arm(const tl_iface_t *iface)
{
    return tl_shm_doorbell_read((const tl_shm_t *)iface);
}

static void shm_wait(tl_iface_t *iface, uint32_t armed, int (*ready)(void *arg), void *arg,
                     uint64_t timeout_ns)
{
    tl_shm_wait_until((tl_shm_t *)iface, armed, ready, arg, timeout_ns);
}

static void shm_ring(tl_iface_t *iface, int index)
{
    tl_shm_ring((tl_shm_t *)iface, index);
}

static void *shm_node_mem(const tl_iface_t *iface, int index, size_t *bytes_p)
{
    return tl_shm_coll_area((const tl_shm_t *)iface, index, bytes_p);
}

const tl_ops_t tl_shm_ops = {
    .name = "shm",
    .scope = TL_SCOPE_NODE,
    .iface_open = shm_iface_open,
    .wireup_done = shm_wireup_done,
    .iface_close = shm_iface_close,
    .query = shm_query,
    .address_pack = shm_address_pack,
    .reachable = shm_reachable,
    .ep_connect = shm_ep_connect,
    .ep_disconnect = shm_ep_disconnect,
    .eager_send = tl_shm_ep_send,
    .progress = tl_shm_iface_progress,
    .get = shm_get,
    .put = shm_put,
    .pull_create = shm_pull_create,
    .pull_run = shm_pull_run,
    .pull_help = shm_pull_help,
    .wakeup_arm = shm_wakeup_arm,
    .wait = shm_wait,
    .ring = shm_ring,
    .node_mem = shm_node_mem,
};
