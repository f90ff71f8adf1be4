/*
 * The engine's 8-byte ping-pong without waiting, for instruction counts
 * (docs/perf/tl-interface.md): two engines in one process over one node
 * segment, each reaching the other through shm and itself through self as
 * the instance connects them. Every message is in place when its receiver
 * looks, so no spin or sleep adds instructions: valgrind's count of a run
 * of N round trips minus a run of 0 is exactly the data path's.
 *
 * usage: p2p_loop ITERATIONS     (prints the checksum of the last pong)
 *
 * Built with -DP2P_LOOP_BEFORE_TL it uses the engine of commits before
 * tl.h (p2p_create over a tl_shm_t, no self transport), to count those.
 */
#include "core/p2p/p2p.h"
#include "tl/shm/tl_shm.h"
#ifndef P2P_LOOP_BEFORE_TL
#include "tl/self/tl_self.h"
#endif

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static p2p_t *engine[2];
static tl_shm_t *shm[2];

#ifdef P2P_LOOP_BEFORE_TL
static int engines_create(void)
{
    return p2p_create(shm[0], 0, 2, &engine[0]) != VMPL_OK ||
           p2p_create(shm[1], 1, 2, &engine[1]) != VMPL_OK;
}
#else
static tl_iface_t *self_iface[2];

static int engines_create(void)
{
    for (int e = 0; e < 2; e++) {
        tl_params_t params = {.rank = e, .size = 2};
        tl_ep_t to_self, to_peer = {.iface = tl_shm_iface(shm[e]), .index = !e};
        unsigned char addr[TL_ADDRESS_MAX];
        size_t len = sizeof(addr);

        if (p2p_create(e, 2, &engine[e]) != VMPL_OK ||
            tl_self_ops.iface_open(&params, &self_iface[e]) != VMPL_OK ||
            tl_self_ops.address_pack(self_iface[e], addr, &len) != VMPL_OK ||
            tl_self_ops.ep_connect(self_iface[e], addr, len, &to_self) != VMPL_OK ||
            p2p_peer_connect(engine[e], e, &to_self) != VMPL_OK ||
            p2p_peer_connect(engine[e], !e, &to_peer) != VMPL_OK)
            return 1;
    }
    return 0;
}
#endif

int main(int argc, char **argv)
{
    long iterations = argc > 1 ? atol(argv[1]) : 1000;
    char name[64];
    dt_type_t *byte = dt_named(DT_BYTE);
    uint64_t ping = 1, pong = 0, got0 = 0, got1 = 0;

    snprintf(name, sizeof(name), "/vmpl-p2p-loop-%ld", (long)getpid());
    for (int e = 0; e < 2; e++) {
        tl_shm_config_t config = {.name = name, .local_rank = e, .local_size = 2};
        if (tl_shm_open(&config, &shm[e]) != VMPL_OK)
            return 1;
    }
    tl_shm_unlink(shm[0]);
    if (engines_create())
        return 1;
    for (long i = 0; i < iterations; i++) {
        p2p_req_t s0, r0, s1, r1;
        p2p_irecv(engine[1], &got1, 8, byte, 0, 1, 0, &r1);
        p2p_irecv(engine[0], &got0, 8, byte, 1, 2, 0, &r0);
        p2p_isend(engine[0], &ping, 8, byte, 1, 1, 0, P2P_MODE_STANDARD, &s0);
        p2p_wait(engine[1], &r1);
        pong = got1 + 1;
        p2p_isend(engine[1], &pong, 8, byte, 0, 2, 0, P2P_MODE_STANDARD, &s1);
        p2p_wait(engine[0], &r0);
        p2p_wait(engine[0], &s0);
        p2p_wait(engine[1], &s1);
        ping = got0;
    }
    printf("p2p_loop: %ld round trips, last pong %llu\n", iterations, (unsigned long long)ping);
    for (int e = 0; e < 2; e++) {
        p2p_destroy(engine[e]);
#ifndef P2P_LOOP_BEFORE_TL
        tl_self_ops.iface_close(self_iface[e]);
#endif
        tl_shm_close(shm[e]);
    }
    return ping == (uint64_t)iterations + 1 ? 0 : 1;
}
