/*
 * Sending: the caller's pack callback writes the payload into a
 * preallocated send buffer (after the wire header and the engine's), and
 * the whole goes as one eager active message. The buffer returns to the
 * free list when UCP completes the send; with none free the send answers
 * VMPL_INPROGRESS and the caller progresses and retries.
 */
#include "tl_ucx_private.h"

#include <base/log.h>

#include <stdlib.h>
#include <string.h>

#define SLOT_HEAD (sizeof(tl_ucx_slot_t) + sizeof(tl_ucx_wire_t) + TL_UCX_HDR_MAX)

vmpl_status_t tl_ucx_slots_create(tl_ucx_t *ucx, size_t eager_max, size_t count)
{
    size_t bytes = (SLOT_HEAD + eager_max + 63) & ~(size_t)63;

    ucx->slot_mem = aligned_alloc(64, bytes * count); /* freed by tl_ucx_slots_destroy */
    if (!ucx->slot_mem)
        return VMPL_ERR_NO_MEMORY;
    ucx->slot_bytes = bytes;
    ucx->slot_count = count;
    ucx->eager_max = eager_max;
    ucx->free_slots = NULL;
    for (size_t i = count; i-- > 0;) {
        tl_ucx_slot_t *slot = (tl_ucx_slot_t *)(ucx->slot_mem + i * bytes);

        slot->ucx = ucx;
        slot->next = ucx->free_slots;
        ucx->free_slots = slot;
    }
    return VMPL_OK;
}

void tl_ucx_slots_destroy(tl_ucx_t *ucx)
{
    free(ucx->slot_mem);
    ucx->slot_mem = NULL;
    ucx->free_slots = NULL;
}

static void slot_release(tl_ucx_slot_t *slot)
{
    tl_ucx_t *ucx = slot->ucx;

    slot->next = ucx->free_slots;
    ucx->free_slots = slot;
    ucx->events++;
}

static void send_done(void *request, ucs_status_t status, void *user_data)
{
    (void)status; /* a failed send also fails its endpoint: ep_failed reports it */
    slot_release(user_data);
    ucp_request_free(request);
}

vmpl_status_t tl_ucx_eager_send(const tl_ep_t *ep, const void *hdr, size_t hdr_len, size_t len,
                                tl_pack_fn_t pack, void *arg)
{
    tl_ucx_t *ucx = (tl_ucx_t *)ep->iface;
    tl_ucx_peer_t *peer = &ucx->peers[ep->index];
    tl_ucx_slot_t *slot = ucx->free_slots;
    tl_ucx_wire_t *wire;
    ucp_request_param_t param;
    void *request;

    if (__builtin_expect(peer->failed || !peer->ep, 0))
        return VMPL_ERR_PROC_FAILED;
    if (!slot)
        return VMPL_INPROGRESS; /* progress completes sends (not here: this may run in a handler) */
    if (hdr_len > TL_UCX_HDR_MAX || len > ucx->eager_max)
        return VMPL_ERR_INVALID_ARG;
    ucx->free_slots = slot->next;
    wire = (tl_ucx_wire_t *)(slot + 1);
    wire->src = ucx->rank;
    wire->hdr_len = (uint32_t)hdr_len;
    memcpy(wire + 1, hdr, hdr_len);
    if (len)
        pack((char *)(wire + 1) + hdr_len, len, arg);
    param = (ucp_request_param_t){.op_attr_mask = UCP_OP_ATTR_FIELD_CALLBACK |
                                                  UCP_OP_ATTR_FIELD_USER_DATA |
                                                  UCP_OP_ATTR_FIELD_FLAGS,
                                  .flags = UCP_AM_SEND_FLAG_EAGER,
                                  .cb.send = send_done, .user_data = slot};
    request = ucp_am_send_nbx(peer->ep, TL_UCX_AM_ID, NULL, 0, wire,
                              sizeof(*wire) + hdr_len + len, &param);
    if (request == NULL) {
        slot_release(slot); /* sent in place */
    } else if (UCS_PTR_IS_ERR(request)) {
        slot_release(slot);
        base_info("ucx", "send to rank %d failed: %s", ep->index,
                  ucs_status_string(UCS_PTR_STATUS(request)));
        return VMPL_ERR_PROC_FAILED;
    }
    return VMPL_OK;
}
