/*
 * Tagged transfers: a large contiguous message by UCP's tag API, whose
 * rendezvous moves it zero-copy where the transports can (cma, tcp
 * zcopy). An op records the caller's completion; cancelling clears it
 * first, so a late UCP callback only frees the op. Ops are allocated per
 * transfer (messages longer than a chunk: not the small-message path)
 * and freed by the UCP callback, or at once when UCP finished in place.
 */
#include "tl_ucx_private.h"

#include <base/log.h>

#include <stdlib.h>

typedef struct {
    tl_done_fn_t done; /* NULL once cancelled */
    void *arg;
    void *request;     /* UCP's, freed with the op */
} tagged_op_t;

static void op_finish(tagged_op_t *op, ucs_status_t status)
{
    if (op->done)
        op->done(op->arg, status == UCS_OK ? VMPL_OK : VMPL_ERR_PROC_FAILED);
    if (op->request)
        ucp_request_free(op->request);
    free(op);
}

static void send_done(void *request, ucs_status_t status, void *user_data)
{
    (void)request; /* op->request */
    op_finish(user_data, status);
}

static void recv_done(void *request, ucs_status_t status, const ucp_tag_recv_info_t *info,
                      void *user_data)
{
    (void)request; /* op->request */
    (void)info;
    op_finish(user_data, status);
}

/* What ucp_tag_*_nbx returned: finished in place (done now), started, or failed. */
static vmpl_status_t op_started(tagged_op_t *op, void *request, const char *what, void **op_p)
{
    if (UCS_PTR_IS_ERR(request)) {
        base_info("ucx", "tagged %s failed: %s", what, ucs_status_string(UCS_PTR_STATUS(request)));
        free(op);
        return VMPL_ERR_PROC_FAILED;
    }
    if (!request) {
        *op_p = NULL;
        op_finish(op, UCS_OK);
        return VMPL_OK;
    }
    op->request = request; /* the callback finishes it */
    *op_p = op;
    return VMPL_OK;
}

vmpl_status_t tl_ucx_tagged_send(const tl_ep_t *ep, const void *buf, size_t len, uint64_t tag,
                                 tl_done_fn_t done, void *arg, void **op_p)
{
    tl_ucx_t *ucx = (tl_ucx_t *)ep->iface;
    tl_ucx_peer_t *peer = &ucx->peers[ep->index];
    tagged_op_t *op;
    ucp_request_param_t param;

    if (peer->failed || !peer->ep)
        return VMPL_ERR_PROC_FAILED;
    op = calloc(1, sizeof(*op)); /* freed by op_finish */
    if (!op)
        return VMPL_ERR_NO_MEMORY;
    op->done = done;
    op->arg = arg;
    param = (ucp_request_param_t){.op_attr_mask = UCP_OP_ATTR_FIELD_CALLBACK |
                                                  UCP_OP_ATTR_FIELD_USER_DATA,
                                  .cb.send = send_done, .user_data = op};
    return op_started(op, ucp_tag_send_nbx(peer->ep, buf, len, tag, &param), "send", op_p);
}

vmpl_status_t tl_ucx_tagged_recv(const tl_ep_t *ep, void *buf, size_t len, uint64_t tag,
                                 tl_done_fn_t done, void *arg, void **op_p)
{
    tl_ucx_t *ucx = (tl_ucx_t *)ep->iface;
    tagged_op_t *op = calloc(1, sizeof(*op)); /* freed by op_finish */
    ucp_request_param_t param;

    if (!op)
        return VMPL_ERR_NO_MEMORY;
    op->done = done;
    op->arg = arg;
    param = (ucp_request_param_t){.op_attr_mask = UCP_OP_ATTR_FIELD_CALLBACK |
                                                  UCP_OP_ATTR_FIELD_USER_DATA,
                                  .cb.recv = recv_done, .user_data = op};
    return op_started(op, ucp_tag_recv_nbx(ucx->worker, buf, len, tag, UINT64_MAX, &param),
                      "receive", op_p);
}

void tl_ucx_tagged_cancel(tl_iface_t *iface, void *handle)
{
    tl_ucx_t *ucx = (tl_ucx_t *)iface;
    tagged_op_t *op = handle;

    op->done = NULL; /* the callback (UCS_ERR_CANCELED, or its own end) only frees it */
    ucp_request_cancel(ucx->worker, op->request);
}
