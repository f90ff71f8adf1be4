/*
 * Failure handling below MPI, between forked ranks (no launcher): the
 * engine and the communicators are told a peer failed the way the MPI
 * layer's runtime listener tells them (p2p_peer_failed,
 * comm_pool_peer_failed), and the transport runs over external doorbell
 * lines like the runtime's failure board.
 *
 *   doorbell  a ring of a rank's doorbell with nothing sent ends its wait
 *   peer      rank 2 leaves with a rendezvous send, an unexpected message
 *             and a CTS it never answers behind; the survivors' requests
 *             that need it fail, wildcards stay, new ones fail at once,
 *             its queued message is gone, the survivors still talk
 *   context   a failed context fails its wildcard receive and refuses new
 *             work; the communicator layer fails the world's collectives
 */
#include "core/comm/comm.h"
#include "core/p2p/p2p.h"
#include "../unit/p2p_over_shm.h"
#include "tl/shm/tl_shm.h"

#include <base/time.h>

#include <limits.h>
#include <linux/futex.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#define NRANKS 3
#define VICTIM 2
#define BIG (1 << 20) /* over the eager limit: rendezvous */

static int me;
static unsigned long failures;
#define CHECK(cond, ...)                                                                      \
    do {                                                                                      \
        if (!(cond)) {                                                                        \
            failures++;                                                                       \
            fprintf(stderr, "FAIL rank %d line %d: ", me, __LINE__);                          \
            fprintf(stderr, __VA_ARGS__);                                                     \
            fprintf(stderr, "\n");                                                            \
        }                                                                                     \
    } while (0)

static char *bells; /* NRANKS doorbell lines, shared by the forked ranks */
static p2p_t *p2p;
static tl_shm_t *shm;
static dt_type_t *BYTE, *INT;

static void send_wait(const void *buf, int64_t count, const dt_type_t *dt, int dest, int tag,
                      uint32_t ctx)
{
    p2p_req_t req;

    CHECK(p2p_isend(p2p, buf, count, dt, dest, tag, ctx, P2P_MODE_STANDARD, &req) == VMPL_OK,
          "isend to %d", dest);
    p2p_wait(p2p, &req);
    CHECK(req.status.error == VMPL_OK, "send to %d: %d", dest, req.status.error);
}

static void recv_wait(void *buf, int64_t count, const dt_type_t *dt, int src, int tag,
                      uint32_t ctx)
{
    p2p_req_t req;

    CHECK(p2p_irecv(p2p, buf, count, dt, src, tag, ctx, &req) == VMPL_OK, "irecv from %d", src);
    p2p_wait(p2p, &req);
    CHECK(req.status.error == VMPL_OK, "recv from %d: %d", src, req.status.error);
}

/* What the runtime does on a failure: bump the word, wake the sleeper. */
static void ring(int r)
{
    _Atomic uint32_t *word = (_Atomic uint32_t *)(bells + r * TL_SHM_DOORBELL_LINE);

    atomic_fetch_add(word, 1);
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
}

static void doorbell(void)
{
    int token = 0;

    if (me == 0) {
        uint32_t bell = tl_shm_doorbell_read(shm);
        uint64_t t0 = base_time_ns(), waited;
        send_wait(&token, 1, INT, 1, 1, 100); /* rank 1: ring me in 200 ms */
        tl_shm_wait_since(shm, bell, 5000000000ull);
        waited = base_time_ns() - t0;
        CHECK(waited < 2000000000ull, "a ring with nothing sent did not end the wait (%llu ns)",
              (unsigned long long)waited);
        CHECK(waited >= 100000000ull, "the wait ended before the ring (%llu ns)",
              (unsigned long long)waited);
    } else if (me == 1) {
        recv_wait(&token, 1, INT, 0, 1, 100);
        usleep(200000);
        ring(0);
    }
}

/* Rank 2 leaves work behind and goes; the survivors then learn it failed. */
static void peer(const dt_type_t *strided, comm_pool_t *pool)
{
    static char big[BIG], strided_buf[2 * BIG];
    int token = 7, got = 0;
    uint32_t ctx = 102; /* the communicators' contexts are 0, 1 (world), 4, 5 (pair) */

    if (me == VICTIM) {
        p2p_req_t rts, note;
        recv_wait(&token, 1, INT, 0, 1, ctx);
        /* an RTS that rank 1 answers with a CTS nobody will serve */
        CHECK(p2p_isend(p2p, big, BIG, BYTE, 1, 3, ctx, P2P_MODE_STANDARD, &rts) == VMPL_OK,
              "rts");
        /* an eager message rank 0 never receives before the failure */
        CHECK(p2p_isend(p2p, &token, 1, INT, 0, 5, ctx, P2P_MODE_STANDARD, &note) == VMPL_OK,
              "eager");
        p2p_progress(p2p);
        _exit(failures ? 1 : 0); /* "fails": never progresses again */
    }
    if (me == 0) {
        p2p_req_t named, wildcard, rendezvous, sync, late;
        p2p_status_t st;
        CHECK(p2p_irecv(p2p, &got, 1, INT, VICTIM, 9, ctx, &named) == VMPL_OK, "named");
        CHECK(p2p_irecv(p2p, &got, 1, INT, MATCH_ANY, 9, ctx, &wildcard) == VMPL_OK, "any");
        CHECK(p2p_isend(p2p, big, BIG, BYTE, VICTIM, 4, ctx, P2P_MODE_STANDARD, &rendezvous) ==
                  VMPL_OK, "rendezvous send");
        CHECK(p2p_isend(p2p, &token, 1, INT, VICTIM, 6, ctx, P2P_MODE_SYNC, &sync) == VMPL_OK,
              "sync send");
        send_wait(&token, 1, INT, VICTIM, 1, ctx); /* go */
        while (!p2p_iprobe(p2p, VICTIM, 5, ctx, &st)) /* its last message is here */
            p2p_progress(p2p);
        CHECK(!named.done && !rendezvous.done && !sync.done, "nothing completed early");

        p2p_peer_failed(p2p, VICTIM);
        comm_pool_peer_failed(pool, VICTIM);
        CHECK(p2p_peer_is_failed(p2p, VICTIM) && !p2p_peer_is_failed(p2p, 1), "failed set");
        CHECK(named.done && named.status.error == VMPL_ERR_PROC_FAILED &&
                  named.status.source == VICTIM, "named receive: done %d error %d source %d",
              named.done, named.status.error, named.status.source);
        CHECK(!wildcard.done, "a wildcard receive is left to the caller");
        CHECK(rendezvous.done && rendezvous.status.error == VMPL_ERR_PROC_FAILED,
              "rendezvous send: done %d error %d", rendezvous.done, rendezvous.status.error);
        CHECK(sync.done && sync.status.error == VMPL_ERR_PROC_FAILED, "sync send");
        CHECK(!p2p_iprobe(p2p, VICTIM, 5, ctx, &st), "its unexpected message is dropped");
        CHECK(p2p_isend(p2p, &token, 1, INT, VICTIM, 1, 30, P2P_MODE_STANDARD, &late) ==
                  VMPL_ERR_PROC_FAILED, "a new send to it fails at once");
        CHECK(p2p_irecv(p2p, &got, 1, INT, VICTIM, 1, 30, &late) == VMPL_ERR_PROC_FAILED,
              "a new receive from it fails at once");
        p2p_peer_failed(p2p, VICTIM); /* idempotent */

        /* the survivors still talk, on the same context too */
        send_wait(&token, 1, INT, 1, 8, ctx);
        recv_wait(&got, 1, INT, 1, 8, ctx);
        CHECK(got == 8, "survivor ping-pong");

        /* the wildcard belongs to a context that now fails */
        p2p_context_failed(p2p, ctx);
        CHECK(wildcard.done && wildcard.status.error == VMPL_ERR_PROC_FAILED &&
                  wildcard.status.source == MATCH_ANY, "wildcard on a failed context");
        CHECK(p2p_irecv(p2p, &got, 1, INT, 1, 1, ctx, &late) == VMPL_ERR_PROC_FAILED,
              "a failed context refuses receives");
        CHECK(p2p_isend(p2p, &token, 1, INT, 1, 1, ctx, P2P_MODE_STANDARD, &late) ==
                  VMPL_ERR_PROC_FAILED, "a failed context refuses sends");
    } else if (me == 1) {
        p2p_req_t streamed;
        /* strided: no single copy, the receive asks for chunks and waits on rank 2 */
        CHECK(p2p_irecv(p2p, strided_buf, 1, strided, VICTIM, 3, ctx, &streamed) ==
                  VMPL_OK, "streamed receive");
        while (!streamed.matched)
            p2p_progress(p2p);
        usleep(100000);
        p2p_progress(p2p);
        CHECK(!streamed.done, "a stream from a dead sender does not complete");
        p2p_peer_failed(p2p, VICTIM);
        comm_pool_peer_failed(pool, VICTIM);
        CHECK(streamed.done && streamed.status.error == VMPL_ERR_PROC_FAILED &&
                  streamed.status.source == VICTIM, "streamed receive: done %d error %d",
              streamed.done, streamed.status.error);
        recv_wait(&got, 1, INT, 0, 8, ctx);
        got = 8;
        send_wait(&got, 1, INT, 0, 8, ctx);
    }
}

/* The communicators of the survivors: the world's collectives fail, a survivors' one works. */
static void communicators(comm_t *world, comm_t *pair)
{
    int x = 1;
    const coll_op_t sum = {.op = VMPL_OP_SUM, .elem = VMPL_TYPE_INT32, .commutative = 1};

    CHECK(world->failed_count == 1 && world->failed[0] == VICTIM, "world records rank %d",
          VICTIM);
    CHECK(coll_barrier(&world->coll) == VMPL_ERR_PROC_FAILED, "world barrier fails at once");
    CHECK(coll_allreduce(&world->coll, COLL_IN_PLACE, &x, 1, INT, &sum) == VMPL_ERR_PROC_FAILED,
          "world allreduce fails at once");
    CHECK(pair->failed_count == 0, "the survivors' communicator has no failure");
    CHECK(coll_allreduce(&pair->coll, COLL_IN_PLACE, &x, 1, INT, &sum) == VMPL_OK && x == 2,
          "the survivors' allreduce works: %d", x);
}

static int rank_main(const char *name)
{
    tl_shm_config_t cfg = {.name = name, .local_rank = me, .local_size = NRANKS,
                           .doorbells = bells};
    comm_pool_t *pool;
    comm_t *world, *pair = NULL;
    group_t *survivors;
    dt_type_t *strided;
    const int pair_ranks[2] = {0, 1};

    BYTE = dt_named(DT_BYTE);
    INT = dt_named(DT_INT);
    dt_type_vector(BIG / 4, 1, 2, INT, &strided);
    dt_type_commit(strided);
    if (tl_shm_open(&cfg, &shm) != VMPL_OK || p2p_over_shm(shm, me, NRANKS, &p2p) != VMPL_OK ||
        comm_pool_create(&pool) != VMPL_OK ||
        comm_world_create(p2p, me, NRANKS, pool, &world) != VMPL_OK ||
        group_create(2, pair_ranks, &survivors) != VMPL_OK)
        return 2;
    coll_barrier(&world->coll); /* everyone attached */
    tl_shm_unlink(shm);
    if (comm_create(world, survivors, &pair) != VMPL_OK)
        return 2;
    doorbell();
    peer(strided, pool);
    communicators(world, pair);
    comm_release(pair);
    comm_release(world);
    comm_pool_destroy(pool);
    group_release(survivors);
    p2p_destroy(p2p);
    tl_shm_close(shm);
    dt_type_release(strided);
    return failures ? 1 : 0;
}

int main(void)
{
    char name[64];
    pid_t pids[NRANKS];
    int passed = 0, failed = 0;

    bells = mmap(NULL, NRANKS * TL_SHM_DOORBELL_LINE, PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (bells == MAP_FAILED)
        return 2;
    snprintf(name, sizeof(name), "/vmpl-test-p2p-failure-%d", (int)getpid());
    for (int r = 0; r < NRANKS; r++) {
        pids[r] = fork();
        if (pids[r] == 0) {
            me = r;
            alarm(60); /* a hang fails the test instead of stalling it */
            _exit(rank_main(name));
        }
    }
    for (int r = 0; r < NRANKS; r++) {
        int status;
        waitpid(pids[r], &status, 0);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
            passed++;
        else
            failed++;
    }
    shm_unlink(name);
    printf("p2p_failure: %d passed, %d failed\n", passed, failed);
    return failed != 0;
}
