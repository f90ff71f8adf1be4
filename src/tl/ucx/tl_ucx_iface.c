/*
 * The ucx iface: a UCP context and worker, its address, and the ops
 * table. The context reads UCX_* variables as UCP always does, so they
 * pass through unchanged; a UCX that cannot start (UCX_TLS=bogus) fails
 * the open with UCP's own reason.
 */
#include "tl_ucx_private.h"

#include <base/log.h>
#include <base/settings.h>

#include <stdlib.h>
#include <string.h>

#define TL_UCX_CLOSE_TIMEOUT_NS 2000000000ull /* a peer that does not answer the close */

static vmpl_status_t context_create(tl_ucx_t *ucx, int thread_multiple)
{
    ucp_params_t params = {.field_mask = UCP_PARAM_FIELD_FEATURES |
                                         UCP_PARAM_FIELD_MT_WORKERS_SHARED,
                           .features = UCP_FEATURE_AM | UCP_FEATURE_TAG,
                           .mt_workers_shared = 0};
    ucp_worker_params_t wparams = {.field_mask = UCP_WORKER_PARAM_FIELD_THREAD_MODE,
                                   .thread_mode = thread_multiple ? UCS_THREAD_MODE_MULTI
                                                                  : UCS_THREAD_MODE_SINGLE};
    ucp_config_t *config;
    ucs_status_t s;

    s = ucp_config_read(NULL, NULL, &config); /* UCX_* as set */
    if (s != UCS_OK) {
        base_error("ucx", "cannot read the UCX configuration: %s", ucs_status_string(s));
        return VMPL_ERR_SYSTEM;
    }
    s = ucp_init(&params, config, &ucx->context);
    ucp_config_release(config);
    if (s != UCS_OK) {
        base_error("ucx", "UCX cannot start (check UCX_TLS and the other UCX_* variables): %s",
                   ucs_status_string(s));
        return VMPL_ERR_SYSTEM;
    }
    s = ucp_worker_create(ucx->context, &wparams, &ucx->worker);
    if (s != UCS_OK) {
        base_error("ucx", "cannot create a UCP worker: %s", ucs_status_string(s));
        goto err_cleanup_context;
    }
    s = ucp_worker_get_address(ucx->worker, &ucx->address, &ucx->address_len);
    if (s != UCS_OK) {
        base_error("ucx", "cannot get the UCP worker's address: %s", ucs_status_string(s));
        goto err_destroy_worker;
    }
    return VMPL_OK;

err_destroy_worker:
    ucp_worker_destroy(ucx->worker);
err_cleanup_context:
    ucp_cleanup(ucx->context);
    return VMPL_ERR_SYSTEM;
}

static void context_destroy(tl_ucx_t *ucx)
{
    if (ucx->generic)
        ucp_dt_destroy(ucx->generic);
    ucp_worker_release_address(ucx->worker, ucx->address);
    ucp_worker_destroy(ucx->worker);
    ucp_cleanup(ucx->context);
}

/* VMPL_ERR_UNSUPPORTED: turned off by VMPL_TL_UCX=0 (the instance leaves it out). */
static vmpl_status_t ucx_iface_open(const tl_params_t *params, tl_iface_t **iface_p)
{
    const base_settings_t *settings = base_settings();
    size_t chunk = settings->ucx_chunk_bytes > 0 ? (size_t)settings->ucx_chunk_bytes : 65536;
    size_t buffers = settings->ucx_send_buffers > 0 ? (size_t)settings->ucx_send_buffers : 32;
    tl_ucx_t *ucx;
    vmpl_status_t status;

    if (!settings->tl_ucx)
        return VMPL_ERR_UNSUPPORTED;
    ucx = calloc(1, sizeof(*ucx)); /* freed by ucx_iface_close */
    if (!ucx)
        return VMPL_ERR_NO_MEMORY;
    ucx->super.ops = &tl_ucx_ops;
    ucx->rank = params->rank;
    ucx->size = params->size;
    ucx->node = params->node;
    ucx->peer_errors = settings->ucx_peer_errors != 0;
    ucx->peer_failed = params->peer_failed;
    ucx->peer_failed_arg = params->peer_failed_arg;
    ucx->peers = calloc((size_t)params->size, sizeof(*ucx->peers));
    ucx->closing = calloc((size_t)params->size, sizeof(*ucx->closing));
    status = VMPL_ERR_NO_MEMORY;
    if (!ucx->peers || !ucx->closing)
        goto err_free;
    status = tl_ucx_slots_create(ucx, chunk, buffers);
    if (status != VMPL_OK)
        goto err_free;
    status = context_create(ucx, params->thread_multiple);
    if (status != VMPL_OK)
        goto err_slots;
    status = tl_ucx_am_handler_set(ucx);
    if (status == VMPL_OK)
        status = tl_ucx_generic_create(ucx);
    if (status != VMPL_OK)
        goto err_context;
    *iface_p = &ucx->super;
    return VMPL_OK;

err_context:
    context_destroy(ucx);
err_slots:
    tl_ucx_slots_destroy(ucx);
err_free:
    free(ucx->closing);
    free(ucx->peers);
    free(ucx);
    return status;
}

static vmpl_status_t ucx_wireup_done(tl_iface_t *iface)
{
    (void)iface;
    return VMPL_OK;
}

static void ucx_iface_close(tl_iface_t *iface)
{
    tl_ucx_t *ucx = (tl_ucx_t *)iface;

    tl_ucx_closes_finish(ucx, TL_UCX_CLOSE_TIMEOUT_NS);
    context_destroy(ucx);
    tl_ucx_slots_destroy(ucx);
    free(ucx->closing);
    free(ucx->peers);
    free(ucx);
}

static void ucx_query(const tl_iface_t *iface, tl_caps_t *caps_p)
{
    const tl_ucx_t *ucx = (const tl_ucx_t *)iface;

    *caps_p = (tl_caps_t){.flags = TL_CAP_EAGER | TL_CAP_PEER_FAILURE | TL_CAP_TAGGED,
                          .hdr_max = TL_UCX_HDR_MAX, .eager_max = ucx->eager_max};
}

static vmpl_status_t ucx_address_pack(const tl_iface_t *iface, void *buf, size_t *len_p)
{
    const tl_ucx_t *ucx = (const tl_ucx_t *)iface;
    tl_ucx_address_t a = {TL_UCX_ADDRESS_MAGIC, ucx->rank, ucx->node, (uint32_t)ucx->address_len};

    if (sizeof(a) + ucx->address_len > *len_p) {
        base_error("ucx", "the worker address (%zu bytes) is longer than an address may be (%zu)",
                   ucx->address_len, *len_p - sizeof(a));
        return VMPL_ERR_NO_MEMORY;
    }
    memcpy(buf, &a, sizeof(a));
    memcpy((char *)buf + sizeof(a), ucx->address, ucx->address_len);
    *len_p = sizeof(a) + ucx->address_len;
    return VMPL_OK;
}

/* Any rank of another node that published a ucx address. */
static int ucx_reachable(const tl_iface_t *iface, const void *addr, size_t len)
{
    const tl_ucx_t *ucx = (const tl_ucx_t *)iface;
    tl_ucx_address_t a;

    if (len < sizeof(a))
        return 0;
    memcpy(&a, addr, sizeof(a));
    return a.magic == TL_UCX_ADDRESS_MAGIC && a.node != ucx->node && a.rank >= 0 &&
           a.rank < ucx->size && sizeof(a) + a.worker_len == len;
}

const tl_ops_t tl_ucx_ops = {
    .name = "ucx",
    .scope = TL_SCOPE_NETWORK,
    .iface_open = ucx_iface_open,
    .wireup_done = ucx_wireup_done,
    .iface_close = ucx_iface_close,
    .query = ucx_query,
    .address_pack = ucx_address_pack,
    .reachable = ucx_reachable,
    .ep_connect = tl_ucx_ep_connect,
    .ep_disconnect = tl_ucx_ep_disconnect,
    .eager_send = tl_ucx_eager_send,
    .progress = tl_ucx_progress,
    .tagged_send = tl_ucx_tagged_send,
    .tagged_recv = tl_ucx_tagged_recv,
    .tagged_cancel = tl_ucx_tagged_cancel,
};
