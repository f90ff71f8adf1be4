/*
 * Receiving: UCP calls the active-message handler from the worker's
 * progress with the whole message (UCP_AM_FLAG_WHOLE_MSG, and senders
 * force eager); it goes to the layer above at once, its buffers valid
 * only during that call.
 */
#include "tl_ucx_private.h"

#include <base/log.h>

#include <string.h>

static ucs_status_t am_arrived(void *arg, const void *header, size_t header_length, void *data,
                               size_t length, const ucp_am_recv_param_t *param)
{
    tl_ucx_t *ucx = arg;
    tl_ucx_wire_t wire;
    uint64_t hdr[TL_UCX_HDR_MAX / sizeof(uint64_t)]; /* UCP's data may sit at any address */
    const char *at = data;

    (void)header;
    (void)header_length;
    if (!ucx->recv)
        return UCS_OK; /* closing: the layer above is gone */
    if (length >= sizeof(wire))
        memcpy(&wire, at, sizeof(wire));
    if ((param->recv_attr & UCP_AM_RECV_ATTR_FLAG_RNDV) || length < sizeof(wire) ||
        wire.hdr_len > sizeof(hdr) || length - sizeof(wire) < wire.hdr_len) {
        base_error("ucx", "dropped a malformed message (%zu bytes)", length);
        return UCS_OK;
    }
    memcpy(hdr, at + sizeof(wire), wire.hdr_len);
    at += sizeof(wire) + wire.hdr_len;
    ucx->events++;
    ucx->recv(ucx->recv_arg, wire.src, hdr, wire.hdr_len, at,
              length - sizeof(wire) - wire.hdr_len);
    return UCS_OK;
}

vmpl_status_t tl_ucx_am_handler_set(tl_ucx_t *ucx)
{
    ucp_am_handler_param_t param = {.field_mask = UCP_AM_HANDLER_PARAM_FIELD_ID |
                                                  UCP_AM_HANDLER_PARAM_FIELD_FLAGS |
                                                  UCP_AM_HANDLER_PARAM_FIELD_CB |
                                                  UCP_AM_HANDLER_PARAM_FIELD_ARG,
                                    .id = TL_UCX_AM_ID, .flags = UCP_AM_FLAG_WHOLE_MSG,
                                    .cb = am_arrived, .arg = ucx};
    ucs_status_t s = ucp_worker_set_am_recv_handler(ucx->worker, &param);

    if (s != UCS_OK) {
        base_error("ucx", "cannot set the message handler: %s", ucs_status_string(s));
        return VMPL_ERR_SYSTEM;
    }
    return VMPL_OK;
}

/* Progresses the worker until it is idle; returns messages delivered and sends completed. */
int tl_ucx_progress(tl_iface_t *iface, tl_recv_fn_t recv, void *arg)
{
    tl_ucx_t *ucx = (tl_ucx_t *)iface;

    ucx->recv = recv;
    ucx->recv_arg = arg;
    ucx->events = 0;
    while (ucp_worker_progress(ucx->worker))
        ;
    return ucx->events;
}
