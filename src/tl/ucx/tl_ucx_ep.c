/*
 * Endpoints: one UCP endpoint per peer of another node, in peer
 * error-handling mode. An endpoint error marks the peer failed and tells
 * the layer above (params.peer_failed, from progress); its sends fail
 * from then on. Disconnecting starts a close (a flush, or forced for a
 * failed peer) that iface_close waits for, within a bound, so closing
 * towards the dead never blocks.
 */
#include "tl_ucx_private.h"

#include <base/log.h>
#include <base/time.h>

#include <string.h>

static void ep_failed(void *arg, ucp_ep_h ep, ucs_status_t why)
{
    tl_ucx_peer_t *peer = arg;
    tl_ucx_t *ucx = peer->ucx;

    (void)ep;
    if (peer->failed)
        return;
    peer->failed = 1;
    ucx->events++;
    base_info("ucx", "the endpoint to rank %d failed: %s", peer->rank, ucs_status_string(why));
    if (ucx->peer_failed)
        ucx->peer_failed(ucx->peer_failed_arg, peer->rank, VMPL_ERR_PROC_FAILED);
}

vmpl_status_t tl_ucx_ep_connect(tl_iface_t *iface, const void *addr, size_t len, tl_ep_t *ep_p)
{
    tl_ucx_t *ucx = (tl_ucx_t *)iface;
    tl_ucx_address_t a;
    tl_ucx_peer_t *peer;
    ucp_ep_params_t params;
    ucs_status_t s;

    if (!iface->ops->reachable(iface, addr, len)) {
        base_error("ucx", "cannot connect: the address is not of a rank on another node");
        return VMPL_ERR_INVALID_ARG;
    }
    memcpy(&a, addr, sizeof(a));
    peer = &ucx->peers[a.rank];
    if (!peer->ep) {
        peer->ucx = ucx;
        peer->rank = a.rank;
        params = (ucp_ep_params_t){
            .field_mask = UCP_EP_PARAM_FIELD_REMOTE_ADDRESS | UCP_EP_PARAM_FIELD_ERR_HANDLING_MODE |
                          UCP_EP_PARAM_FIELD_ERR_HANDLER,
            .address = (const ucp_address_t *)((const char *)addr + sizeof(a)),
            .err_mode = ucx->peer_errors ? UCP_ERR_HANDLING_MODE_PEER
                                         : UCP_ERR_HANDLING_MODE_NONE,
            .err_handler = {.cb = ep_failed, .arg = peer}};
        s = ucp_ep_create(ucx->worker, &params, &peer->ep);
        if (s != UCS_OK) {
            base_error("ucx", "cannot create an endpoint to rank %d: %s", a.rank,
                       ucs_status_string(s));
            peer->ep = NULL;
            return VMPL_ERR_SYSTEM;
        }
    }
    *ep_p = (tl_ep_t){.iface = iface, .index = a.rank};
    return VMPL_OK;
}

void tl_ucx_ep_disconnect(tl_ep_t *ep)
{
    tl_ucx_t *ucx = (tl_ucx_t *)ep->iface;
    tl_ucx_peer_t *peer = &ucx->peers[ep->index];
    ucp_request_param_t param = {.op_attr_mask = UCP_OP_ATTR_FIELD_FLAGS,
                                 .flags = peer->failed ? UCP_EP_CLOSE_FLAG_FORCE : 0};
    void *request;

    if (!peer->ep)
        return;
    request = ucp_ep_close_nbx(peer->ep, &param);
    peer->ep = NULL;
    if (UCS_PTR_IS_PTR(request))
        ucx->closing[ucx->closing_count++] = request;
}

void tl_ucx_closes_finish(tl_ucx_t *ucx, uint64_t timeout_ns)
{
    uint64_t deadline = base_time_ns() + timeout_ns;

    ucx->recv = NULL; /* the engine is gone: what still arrives is dropped */

    while (ucx->closing_count > 0) {
        void *request = ucx->closing[ucx->closing_count - 1];

        ucp_worker_progress(ucx->worker);
        if (ucp_request_check_status(request) != UCS_INPROGRESS) {
            ucp_request_free(request);
            ucx->closing_count--;
        } else if (base_time_ns() > deadline) {
            base_warn("ucx", "%d endpoints did not close in time", ucx->closing_count);
            while (ucx->closing_count > 0)
                ucp_request_free(ucx->closing[--ucx->closing_count]);
        }
    }
}
