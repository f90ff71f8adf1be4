/*
 * Unit tests' engines over one node segment without the core instance:
 * engine rank r is local rank r, every peer reached through shm (the
 * instance would pick self for the own rank; these tests keep shm's own
 * loopback covered).
 */
#ifndef VMPL_TESTS_UNIT_P2P_OVER_SHM_H
#define VMPL_TESTS_UNIT_P2P_OVER_SHM_H

#include "core/p2p/p2p.h"
#include "tl/shm/tl_shm.h"

static inline vmpl_status_t p2p_over_shm(tl_shm_t *shm, int me, int n, p2p_t **p2p_p)
{
    vmpl_status_t status = p2p_create(me, n, p2p_p);

    for (int r = 0; r < n && status == VMPL_OK; r++) {
        tl_ep_t ep = {.iface = tl_shm_iface(shm), .index = r};
        status = p2p_peer_connect(*p2p_p, r, &ep);
    }
    return status;
}

#endif
