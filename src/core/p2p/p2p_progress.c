/* Engine life cycle and progress: flush queued sends, deliver arrivals, wait. */
#include "p2p_private.h"

#include <stdlib.h>

vmpl_status_t p2p_create(tl_shm_t *shm, int rank, int size, p2p_t **p2p_p)
{
    p2p_t *p2p = calloc(1, sizeof(*p2p));

    if (!p2p)
        return VMPL_ERR_NO_MEMORY;
    if (match_init(&p2p->match) != 0) {
        free(p2p);
        return VMPL_ERR_NO_MEMORY;
    }
    p2p->shm = shm;
    p2p->rank = rank;
    p2p->size = size;
    p2p->eager_limit = tl_shm_max_payload(shm);
    *p2p_p = p2p;
    return VMPL_OK;
}

void p2p_destroy(p2p_t *p2p)
{
    if (!p2p)
        return;
    match_fini(&p2p->match);
    free(p2p->out);
    free(p2p);
}

int p2p_progress(p2p_t *p2p)
{
    int events = p2p_out_flush(p2p);

    events += tl_shm_poll(p2p->shm, p2p_on_message, p2p);
    if (p2p->out_count)
        events += p2p_out_flush(p2p);
    return events;
}

void p2p_wait(p2p_t *p2p, p2p_req_t *req)
{
    while (!req->done)
        if (!p2p_progress(p2p) && !req->done)
            tl_shm_wait(p2p->shm, p2p->out_count ? 100000 : 0);
}
