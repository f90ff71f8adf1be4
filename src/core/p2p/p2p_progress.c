/* Engine life cycle and progress: flush queued sends, deliver arrivals, wait. */
#include "p2p_private.h"

#include <rt/rt.h>

#include <stdlib.h>

vmpl_status_t p2p_create(tl_shm_t *shm, int rank, int size, p2p_t **p2p_p)
{
    p2p_t *p2p = calloc(1, sizeof(*p2p));

    if (!p2p)
        return VMPL_ERR_NO_MEMORY;
    p2p->dead = calloc(((size_t)size + 63) / 64, sizeof(uint64_t));
    if (!p2p->dead)
        goto err_free;
    if (match_init(&p2p->match) != 0)
        goto err_free_dead;
    p2p->shm = shm;
    p2p->rank = rank;
    p2p->size = size;
    p2p->eager_limit = tl_shm_max_payload(shm);
    *p2p_p = p2p;
    return VMPL_OK;

err_free_dead:
    free(p2p->dead);
err_free:
    free(p2p);
    return VMPL_ERR_NO_MEMORY;
}

void p2p_destroy(p2p_t *p2p)
{
    if (!p2p)
        return;
    match_fini(&p2p->match);
    p2p_unexpected_pool_free(p2p);
    free(p2p->out);
    free(p2p->failed_ctx);
    free(p2p->dead);
    free(p2p);
}

int p2p_failures_update(p2p_t *p2p)
{
    uint32_t epoch = rt_failure_epoch();

    return __builtin_expect(epoch != p2p->failure_epoch, 0) ? p2p_failures_take_in(p2p, epoch)
                                                             : 0;
}

int p2p_progress(p2p_t *p2p)
{
    int events = p2p_failures_update(p2p);

    events += p2p_out_flush(p2p);
    events += tl_shm_poll(p2p->shm, p2p_on_message, p2p);
    if (p2p->out_count)
        events += p2p_out_flush(p2p);
    return events;
}

/*
 * The doorbell is read before looking for work: a ring after that (a
 * message, or the runtime announcing a failure) cuts the sleep short.
 */
int p2p_wait_or_failure(p2p_t *p2p, p2p_req_t *req)
{
    uint64_t failures_seen = p2p->failure_events;

    while (!req->done && p2p->failure_events == failures_seen) {
        uint32_t bell = tl_shm_doorbell_read(p2p->shm);
        if (p2p_progress(p2p) || req->done)
            continue;
        tl_shm_wait_since(p2p->shm, bell, p2p->out_count ? 100000 : 0);
    }
    return !req->done;
}

void p2p_wait(p2p_t *p2p, p2p_req_t *req)
{
    while (p2p_wait_or_failure(p2p, req))
        ; /* a failure that does not touch req: keep waiting */
}
