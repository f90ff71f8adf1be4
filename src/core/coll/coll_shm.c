/* The node channel: buffer uses, stamps and waits (coll_shm.h; memory: coll_shm_pool.c). */
#include "coll_shm.h"

#include <base/log.h>
#include <base/settings.h>

#include <stdlib.h>
#include <string.h>

static inline void cpu_relax(void)
{
#if defined(__x86_64__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ volatile("yield");
#endif
}

static char *area_of(const coll_comm_t *c, int r)
{
    const struct coll_shm *s = c->node;

    return s->areas + (size_t)coll_peer(c, r) * s->stride;
}

static _Atomic uint64_t *stamp_of(const coll_comm_t *c, int r, uint64_t u)
{
    return (_Atomic uint64_t *)(area_of(c, r) + (u % COLL_SHM_LINES) * 64);
}

static _Atomic uint64_t *progress_of(const coll_comm_t *c, int r)
{
    return (_Atomic uint64_t *)(area_of(c, r) + COLL_SHM_LINES * 64);
}

void coll_shm_publish(coll_comm_t *c, uint64_t u, int phase)
{
    uint64_t stamp = 4 * u + (uint64_t)phase;

    tl_iface_t *iface = c->node->iface;

    atomic_store_explicit(stamp_of(c, c->rank, u), stamp, memory_order_release);
    for (int r = 0; r < c->size; r++)
        if (r != c->rank)
            iface->ops->ring(iface, coll_peer(c, r));
}

int coll_shm_sizes_agree(const coll_comm_t *c, uint64_t u, uint64_t bytes, int *larger_p)
{
    int agree = 1;

    for (int r = 0; r < c->size; r++) {
        uint64_t theirs = r == c->rank ? bytes : coll_shm_size_of(c, r, u);
        agree &= theirs == bytes;
        *larger_p |= theirs > bytes;
    }
    return agree;
}

void coll_shm_leave(coll_comm_t *c, uint64_t u)
{
    atomic_store_explicit(progress_of(c, c->rank), 4 * u + COLL_SHM_DONE, memory_order_release);
}

/*
 * Members [next, end) still to reach `want` in use u; reached() moves next
 * on. A reader of use u's data looks at the line's stamp; a writer waiting
 * for an old use to be done (by_progress) looks there first, then at the
 * progress word of a member that left the use (coll_shm.h).
 */
typedef struct {
    const coll_comm_t *c;
    int next, end, by_progress;
    uint64_t u, want;
} wait_for_t;

static int member_reached(const wait_for_t *w, int r)
{
    return atomic_load_explicit(stamp_of(w->c, r, w->u), memory_order_acquire) >= w->want ||
           (w->by_progress &&
            atomic_load_explicit(progress_of(w->c, r), memory_order_acquire) >= w->want);
}

static int reached(void *arg)
{
    wait_for_t *w = arg;

    for (; w->next < w->end; w->next++)
        if (w->next != w->c->rank && !member_reached(w, w->next))
            return 0;
    return 1;
}

/* Slow path: a failure was taken in, and it may be one we wait on. */
static __attribute__((noinline)) int waits_on_failed(const wait_for_t *w)
{
    if (p2p_context_is_failed(w->c->p2p, w->c->ctx))
        return 1;
    for (int r = w->next; r < w->end; r++)
        if (r != w->c->rank && p2p_peer_is_failed(w->c->p2p, coll_peer(w->c, r)))
            return 1;
    return 0;
}

static __attribute__((noinline)) vmpl_status_t wait_slow(coll_comm_t *c, wait_for_t *w)
{
    tl_iface_t *iface = c->node->iface;

    for (;;) {
        uint32_t bell = iface->ops->wakeup_arm(iface); /* before the last look: no ring is lost */
        p2p_progress(c->p2p); /* pending traffic moves; failures are taken in */
        if (reached(w))
            return VMPL_OK;
        if (waits_on_failed(w))
            return VMPL_ERR_PROC_FAILED;
        iface->ops->wait(iface, bell, reached, w, 0);
    }
}

static vmpl_status_t wait_members(coll_comm_t *c, int r, uint64_t u, int phase, int by_progress)
{
    wait_for_t w = {c, r < 0 ? 0 : r, r < 0 ? c->size : r + 1, by_progress, u,
                    4 * u + (uint64_t)phase};
    vmpl_status_t status = VMPL_OK;

    /* a few looks first (the transport's wait decides how long to spin: not at all when
       oversubscribed) */
    for (int i = 0; i < 16 && !reached(&w); i++)
        cpu_relax();
    if (!reached(&w))
        status = wait_slow(c, &w);
    if (status == VMPL_OK && r < 0) { /* a member in use u is done with u - 1 */
        uint64_t done = phase == COLL_SHM_DONE ? u : u - 1;
        if (done > c->node->synced)
            c->node->synced = done;
    }
    return status;
}

vmpl_status_t coll_shm_wait(coll_comm_t *c, int r, uint64_t u, int phase)
{
    return wait_members(c, r, u, phase, 0);
}

vmpl_status_t coll_shm_writable(coll_comm_t *c, uint64_t u, size_t len)
{
    /* how many uses back the same memory was used */
    uint64_t last = len <= COLL_SHM_INLINE ? COLL_SHM_LINES : len <= COLL_SHM_SHORT ? COLL_SHM_SLOTS
                                                                                    : 2;

    if (u <= last || c->node->synced >= u - last)
        return VMPL_OK;
    return wait_members(c, COLL_SHM_ALL, u - last, COLL_SHM_DONE, 1);
}

int coll_shm_reduce_fits(const coll_comm_t *c, int64_t count, const dt_type_t *dt,
                         const coll_op_t *op)
{
    dt_aint_t offset;
    size_t elem;

    if (!c->node || op->op == VMPL_OP_COUNT || !dt_type_contiguous_run(dt, count, &offset))
        return 0;
    elem = vmpl_type_size(op->elem);
    return elem && (size_t)dt_type_size(dt) % elem == 0;
}

void coll_shm_vector(const void *sendbuf, void *recvbuf, int64_t count, const dt_type_t *dt,
                     const coll_op_t *op, coll_shm_vector_t *v_p)
{
    dt_aint_t offset = 0;

    dt_type_contiguous_run(dt, count, &offset);
    v_p->elem = vmpl_type_size(op->elem);
    v_p->n = (size_t)count * (size_t)dt_type_size(dt) / v_p->elem;
    v_p->dst = recvbuf ? (char *)recvbuf + offset : NULL;
    v_p->src = sendbuf == COLL_IN_PLACE ? v_p->dst : (const char *)sendbuf + offset;
}

/* Member r's share [*lo_p, *hi_p) of n elements: shares differ by at most one. */
static void share_of(int r, int p, size_t n, size_t *lo_p, size_t *hi_p)
{
    size_t base = n / (size_t)p, extra = n % (size_t)p, ur = (size_t)r;

    *lo_p = ur * base + (ur < extra ? ur : extra);
    *hi_p = *lo_p + base + (ur < extra);
}

vmpl_status_t coll_shm_reduce_block(coll_comm_t *c, const char *src, char *dst, size_t n,
                                    size_t elem, size_t total, const coll_op_t *op, int root)
{
    const void *stack_srcs[COLL_SHM_STACK_SOURCES], **srcs;
    uint64_t u = coll_shm_next(c);
    size_t lo, hi, bytes = n * elem;
    char *mine = coll_shm_buf(c, c->rank, u, bytes);
    int larger = 0;
    vmpl_status_t status;

    if ((status = coll_shm_writable(c, u, bytes)) != VMPL_OK)
        return status;
    share_of(c->rank, c->size, n, &lo, &hi);
    /* the others need every share but this member's own, which stays at src */
    memcpy(mine, src, lo * elem);
    memcpy(mine + hi * elem, src + hi * elem, (n - hi) * elem);
    coll_shm_size_set(c, u, total);
    coll_shm_publish(c, u, COLL_SHM_READY);
    if ((status = coll_shm_wait(c, COLL_SHM_ALL, u, COLL_SHM_READY)) != VMPL_OK)
        return status;
    if (!coll_shm_sizes_agree(c, u, total, &larger)) { /* mismatched counts: nobody reduces */
        coll_shm_publish(c, u, COLL_SHM_DONE);
        return VMPL_ERR_TRUNCATE;
    }
    if (!(srcs = coll_shm_sources(c, stack_srcs)))
        return VMPL_ERR_NO_MEMORY;
    for (int r = 0; r < c->size; r++)
        srcs[r] = (r == c->rank ? src : coll_shm_buf(c, r, u, bytes)) + lo * elem;
    vmpl_reduce_localn(srcs, c->size, mine + lo * elem, hi - lo, op->elem, op->op);
    coll_shm_sources_free(srcs, stack_srcs);
    if (root != COLL_SHM_ALL && root != c->rank) {
        coll_shm_publish(c, u, COLL_SHM_DONE); /* reduced, and reads nothing more */
        return VMPL_OK;
    }
    coll_shm_publish(c, u, COLL_SHM_REDUCED);
    if ((status = coll_shm_wait(c, COLL_SHM_ALL, u, COLL_SHM_REDUCED)) != VMPL_OK)
        return status;
    for (int r = 0; r < c->size; r++) {
        size_t rlo, rhi;
        share_of(r, c->size, n, &rlo, &rhi);
        memcpy(dst + rlo * elem, coll_shm_buf(c, r, u, bytes) + rlo * elem, (rhi - rlo) * elem);
    }
    coll_shm_publish(c, u, COLL_SHM_DONE);
    return VMPL_OK;
}
