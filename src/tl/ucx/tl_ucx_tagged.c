/*
 * Tagged transfers: a large message by UCP's tag API, whose rendezvous
 * moves contiguous data zero-copy where the transports can (cma, tcp
 * zcopy) and other data through a generic datatype. An op records the
 * caller's completion; cancelling clears it first, so a late UCP
 * callback only frees the op. Ops are allocated per
 * transfer (messages longer than a chunk: not the small-message path)
 * and freed by the UCP callback, or at once when UCP finished in place.
 */
#include "tl_ucx_private.h"

#include <base/log.h>

#include <stdlib.h>

typedef struct {
    tl_done_fn_t done; /* NULL once cancelled */
    tl_part_fn_t part; /* non-contiguous data (the generic datatype); NULL once cancelled */
    void *arg;
    size_t len;
    void *request;     /* UCP's, freed with the op */
} tagged_op_t;

/*
 * The generic datatype: UCP calls these with the op as its "buffer" (one
 * element), so every piece is packed or unpacked at its offset straight
 * between the caller's data and UCP's buffers; nothing is staged whole.
 */
static void *generic_start(void *context, const void *buffer, size_t count)
{
    (void)context;
    (void)count;
    return (void *)buffer;
}

static void *generic_start_unpack(void *context, void *buffer, size_t count)
{
    return generic_start(context, buffer, count);
}

static size_t generic_packed_size(void *state)
{
    return ((tagged_op_t *)state)->len;
}

static size_t generic_pack(void *state, size_t offset, void *dest, size_t max_length)
{
    tagged_op_t *op = state;
    size_t n = op->len - offset < max_length ? op->len - offset : max_length;

    if (op->part)
        op->part(op->arg, offset, dest, n);
    return n;
}

static ucs_status_t generic_unpack(void *state, size_t offset, const void *src, size_t length)
{
    tagged_op_t *op = state;

    if (op->part && offset < op->len)
        op->part(op->arg, offset, (void *)src,
                 length < op->len - offset ? length : op->len - offset);
    return UCS_OK;
}

static void generic_finish(void *state)
{
    (void)state;
}

vmpl_status_t tl_ucx_generic_create(tl_ucx_t *ucx)
{
    static const ucp_generic_dt_ops_t ops = {
        .start_pack = generic_start, .start_unpack = generic_start_unpack,
        .packed_size = generic_packed_size, .pack = generic_pack, .unpack = generic_unpack,
        .finish = generic_finish};
    ucs_status_t s = ucp_dt_create_generic(&ops, NULL, &ucx->generic);

    if (s != UCS_OK) {
        base_error("ucx", "cannot create the generic datatype: %s", ucs_status_string(s));
        ucx->generic = 0;
        return VMPL_ERR_SYSTEM;
    }
    return VMPL_OK;
}

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

/*
 * A new op and the request parameters for it: contiguous buf/len, or
 * (part) the generic datatype over the op itself. Freed by op_finish.
 */
static tagged_op_t *op_create(tl_ucx_t *ucx, const void **buf_p, size_t *count_p,
                              tl_part_fn_t part, tl_done_fn_t done, void *arg,
                              ucp_request_param_t *param)
{
    tagged_op_t *op = calloc(1, sizeof(*op));

    if (!op)
        return NULL;
    *op = (tagged_op_t){.done = done, .part = part, .arg = arg, .len = *count_p};
    param->op_attr_mask = UCP_OP_ATTR_FIELD_CALLBACK | UCP_OP_ATTR_FIELD_USER_DATA;
    param->user_data = op;
    if (part) {
        param->op_attr_mask |= UCP_OP_ATTR_FIELD_DATATYPE;
        param->datatype = ucx->generic;
        *buf_p = op;
        *count_p = 1;
    }
    return op;
}

vmpl_status_t tl_ucx_tagged_send(const tl_ep_t *ep, const void *buf, size_t len, uint64_t tag,
                                 tl_part_fn_t part, tl_done_fn_t done, void *arg, void **op_p)
{
    tl_ucx_t *ucx = (tl_ucx_t *)ep->iface;
    tl_ucx_peer_t *peer = &ucx->peers[ep->index];
    ucp_request_param_t param = {0};
    tagged_op_t *op;

    if (peer->failed || !peer->ep)
        return VMPL_ERR_PROC_FAILED;
    op = op_create(ucx, &buf, &len, part, done, arg, &param);
    if (!op)
        return VMPL_ERR_NO_MEMORY;
    param.cb.send = send_done;
    return op_started(op, ucp_tag_send_nbx(peer->ep, buf, len, tag, &param), "send", op_p);
}

vmpl_status_t tl_ucx_tagged_recv(const tl_ep_t *ep, void *buf, size_t len, uint64_t tag,
                                 tl_part_fn_t part, tl_done_fn_t done, void *arg, void **op_p)
{
    tl_ucx_t *ucx = (tl_ucx_t *)ep->iface;
    const void *data = buf;
    ucp_request_param_t param = {0};
    tagged_op_t *op = op_create(ucx, &data, &len, part, done, arg, &param);

    if (!op)
        return VMPL_ERR_NO_MEMORY;
    param.cb.recv = recv_done;
    return op_started(op, ucp_tag_recv_nbx(ucx->worker, (void *)data, len, tag, UINT64_MAX,
                                           &param), "receive", op_p);
}

void tl_ucx_tagged_cancel(tl_iface_t *iface, void *handle)
{
    tl_ucx_t *ucx = (tl_ucx_t *)iface;
    tagged_op_t *op = handle;

    op->done = NULL; /* the callback (UCS_ERR_CANCELED, or its own end) only frees it */
    op->part = NULL; /* and UCP's pack/unpack calls no longer reach the caller's data */
    ucp_request_cancel(ucx->worker, op->request);
}
