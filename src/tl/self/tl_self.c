/* The self transport (tl_self.h). */
#include "tl_self.h"

#include <base/log.h>

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    uint32_t hdr_len;
    uint32_t len;
    unsigned char hdr[TL_SELF_HDR_MAX];
    unsigned char payload[TL_SELF_EAGER_MAX];
} self_cell_t;

typedef struct {
    tl_iface_t super;
    int rank;
    uint32_t head, tail; /* cells [head, tail) hold messages, oldest first */
    self_cell_t *cells;  /* TL_SELF_CELLS, freed by self_iface_close */
} tl_self_t;

typedef struct {
    uint32_t magic; /* TL_SELF_ADDRESS_MAGIC */
    int32_t rank;
    int32_t pid;
} self_address_t;

#define TL_SELF_ADDRESS_MAGIC 0x666c6573u /* "self" */

_Static_assert((TL_SELF_CELLS & (TL_SELF_CELLS - 1)) == 0, "cells: a power of two");

static vmpl_status_t self_iface_open(const tl_params_t *params, tl_iface_t **iface_p)
{
    tl_self_t *self = calloc(1, sizeof(*self)); /* freed by self_iface_close */

    if (!self)
        return VMPL_ERR_NO_MEMORY;
    self->cells = malloc(TL_SELF_CELLS * sizeof(*self->cells));
    if (!self->cells) {
        free(self);
        return VMPL_ERR_NO_MEMORY;
    }
    self->super.ops = &tl_self_ops;
    self->rank = params->rank;
    *iface_p = &self->super;
    return VMPL_OK;
}

static vmpl_status_t self_wireup_done(tl_iface_t *iface)
{
    (void)iface;
    return VMPL_OK;
}

static void self_iface_close(tl_iface_t *iface)
{
    tl_self_t *self = (tl_self_t *)iface;

    if (!self)
        return;
    if (self->tail != self->head)
        base_warn("self", "%u messages to this rank were never delivered", self->tail - self->head);
    free(self->cells);
    free(self);
}

static void self_query(const tl_iface_t *iface, tl_caps_t *caps_p)
{
    (void)iface;
    *caps_p = (tl_caps_t){.flags = TL_CAP_EAGER | TL_CAP_GET | TL_CAP_PUT | TL_CAP_ATOMIC32 |
                                   TL_CAP_ATOMIC64 | TL_CAP_LOOPBACK,
                          .hdr_max = TL_SELF_HDR_MAX, .eager_max = TL_SELF_EAGER_MAX};
}

static vmpl_status_t self_address_pack(const tl_iface_t *iface, void *buf, size_t *len_p)
{
    self_address_t a = {TL_SELF_ADDRESS_MAGIC, ((const tl_self_t *)iface)->rank, (int32_t)getpid()};

    memcpy(buf, &a, sizeof(a));
    *len_p = sizeof(a);
    return VMPL_OK;
}

/* Only this process's own address. */
static int self_reachable(const tl_iface_t *iface, const void *addr, size_t len)
{
    self_address_t a;

    if (len != sizeof(a))
        return 0;
    memcpy(&a, addr, sizeof(a));
    return a.magic == TL_SELF_ADDRESS_MAGIC && a.rank == ((const tl_self_t *)iface)->rank &&
           a.pid == (int32_t)getpid();
}

static vmpl_status_t self_ep_connect(tl_iface_t *iface, const void *addr, size_t len,
                                    tl_ep_t *ep_p)
{
    if (!self_reachable(iface, addr, len)) {
        base_error("self", "cannot connect: the address is not this process's");
        return VMPL_ERR_INVALID_ARG;
    }
    *ep_p = (tl_ep_t){.iface = iface, .index = 0};
    return VMPL_OK;
}

static void self_ep_disconnect(tl_ep_t *ep)
{
    (void)ep;
}

static vmpl_status_t self_eager_send(const tl_ep_t *ep, const void *hdr, size_t hdr_len,
                                     size_t len, tl_pack_fn_t pack, void *arg)
{
    tl_self_t *self = (tl_self_t *)ep->iface;
    self_cell_t *cell;

    if (hdr_len > TL_SELF_HDR_MAX || len > TL_SELF_EAGER_MAX) {
        base_error("self", "header %zu or payload %zu too long", hdr_len, len);
        return VMPL_ERR_INVALID_ARG;
    }
    if (self->tail - self->head == TL_SELF_CELLS)
        return VMPL_INPROGRESS; /* delivered by the next progress */
    cell = &self->cells[self->tail % TL_SELF_CELLS];
    cell->hdr_len = (uint32_t)hdr_len;
    cell->len = (uint32_t)len;
    memcpy(cell->hdr, hdr, hdr_len);
    if (len)
        pack(cell->payload, len, arg);
    self->tail++;
    return VMPL_OK;
}

/*
 * Delivers the messages queued when it starts; those the callbacks send
 * wait for the next call. A cell is freed after its callback returned.
 */
static int self_progress(tl_iface_t *iface, tl_recv_fn_t recv, void *arg)
{
    tl_self_t *self = (tl_self_t *)iface;
    uint32_t end = self->tail;
    int delivered = 0;

    while (self->head != end) {
        const self_cell_t *cell = &self->cells[self->head % TL_SELF_CELLS];
        recv(arg, 0, cell->hdr, cell->hdr_len, cell->payload, cell->len);
        self->head++;
        delivered++;
    }
    return delivered;
}

static vmpl_status_t self_get(const tl_ep_t *ep, void *dst, uint64_t remote,
                              const tl_rkey_t *rkey, size_t len)
{
    (void)ep;
    (void)rkey;
    memcpy(dst, (const void *)(uintptr_t)remote, len);
    return VMPL_OK;
}

static vmpl_status_t self_put(const tl_ep_t *ep, const void *src, uint64_t remote,
                              const tl_rkey_t *rkey, size_t len)
{
    (void)ep;
    (void)rkey;
    memcpy((void *)(uintptr_t)remote, src, len);
    return VMPL_OK;
}

/* One body for both widths: the old value in *result_p; op is one of tl_atomic_op_t. */
#define SELF_ATOMIC(T, word, op, value, compare, result_p)                                       \
    do {                                                                                         \
        T *w_ = (T *)(uintptr_t)(word), old_ = (compare);                                        \
        switch (op) {                                                                            \
        case TL_ATOMIC_ADD: *(result_p) = __atomic_fetch_add(w_, value, __ATOMIC_SEQ_CST); break; \
        case TL_ATOMIC_AND: *(result_p) = __atomic_fetch_and(w_, value, __ATOMIC_SEQ_CST); break; \
        case TL_ATOMIC_OR: *(result_p) = __atomic_fetch_or(w_, value, __ATOMIC_SEQ_CST); break;   \
        case TL_ATOMIC_XOR: *(result_p) = __atomic_fetch_xor(w_, value, __ATOMIC_SEQ_CST); break; \
        case TL_ATOMIC_SWAP: *(result_p) = __atomic_exchange_n(w_, value, __ATOMIC_SEQ_CST); break;\
        case TL_ATOMIC_CSWAP:                                                                    \
            __atomic_compare_exchange_n(w_, &old_, value, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST); \
            *(result_p) = old_;                                                                  \
            break;                                                                               \
        default: break; /* refused before */                                                     \
        }                                                                                        \
    } while (0)

static vmpl_status_t self_atomic32(const tl_ep_t *ep, tl_atomic_op_t op, uint64_t remote,
                                   const tl_rkey_t *rkey, uint32_t value, uint32_t compare,
                                   uint32_t *result_p)
{
    (void)ep;
    (void)rkey;
    if (remote % 4 || op > TL_ATOMIC_CSWAP)
        return VMPL_ERR_INVALID_ARG;
    SELF_ATOMIC(uint32_t, remote, op, value, compare, result_p);
    return VMPL_OK;
}

static vmpl_status_t self_atomic64(const tl_ep_t *ep, tl_atomic_op_t op, uint64_t remote,
                                   const tl_rkey_t *rkey, uint64_t value, uint64_t compare,
                                   uint64_t *result_p)
{
    (void)ep;
    (void)rkey;
    if (remote % 8 || op > TL_ATOMIC_CSWAP)
        return VMPL_ERR_INVALID_ARG;
    SELF_ATOMIC(uint64_t, remote, op, value, compare, result_p);
    return VMPL_OK;
}

const tl_ops_t tl_self_ops = {
    .name = "self",
    .scope = TL_SCOPE_SELF,
    .iface_open = self_iface_open,
    .wireup_done = self_wireup_done,
    .iface_close = self_iface_close,
    .query = self_query,
    .address_pack = self_address_pack,
    .reachable = self_reachable,
    .ep_connect = self_ep_connect,
    .ep_disconnect = self_ep_disconnect,
    .eager_send = self_eager_send,
    .progress = self_progress,
    .get = self_get,
    .put = self_put,
    .atomic32 = self_atomic32,
    .atomic64 = self_atomic64,
};
