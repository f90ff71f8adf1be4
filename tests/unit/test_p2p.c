/*
 * The point-to-point engine between forked ranks over the shared-memory
 * transport: every protocol (eager, single-copy rendezvous, streamed
 * rendezvous) with contiguous and strided datatypes on both sides,
 * wildcard receives keeping per-source order, unexpected messages matched
 * by tag (and of every size, more than the engine keeps records for),
 * truncation, and synchronous sends that wait for the receive.
 */
#include "core/p2p/p2p.h"
#include "p2p_over_shm.h"
#include "tl/shm/tl_shm_private.h"

#include <base/time.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define NRANKS 4

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

static p2p_t *p2p;
static dt_type_t *INT;
static uint32_t ctx = 7; /* each phase talks in its own context */

static void send_wait(const void *buf, int64_t count, const dt_type_t *dt, int dest, int tag,
                      p2p_mode_t mode)
{
    p2p_req_t req;
    CHECK(p2p_isend(p2p, buf, count, dt, dest, tag, ctx, mode, &req) == VMPL_OK, "isend");
    p2p_wait(p2p, &req);
}

static p2p_status_t recv_wait(void *buf, int64_t count, const dt_type_t *dt, int src, int tag)
{
    p2p_req_t req;
    CHECK(p2p_irecv(p2p, buf, count, dt, src, tag, ctx, &req) == VMPL_OK, "irecv");
    p2p_wait(p2p, &req);
    return req.status;
}

static int value(int64_t i, size_t c, int shape)
{
    return (int)(i * 31 + (int64_t)c * 7 + shape);
}

/*
 * Rank 0 -> 1: 2n ints, around the eager limit (16256 bytes) and far above,
 * sent and received as plain ints or as n elements of {int, int, gap}.
 */
static void protocols(const dt_type_t *pairs)
{
    static const int64_t counts[] = {0, 1, 2, 1000, 2031, 2032, 2033, 5000, 300000};
    int *a = malloc(3 * 300000 * sizeof(int)), *b = malloc((3 * 300000 + 1) * sizeof(int));

    for (int shape = 0; shape < 4; shape++) {
        int send_pairs = shape & 1, recv_pairs = shape & 2;
        for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); c++) {
            int64_t n = counts[c], bad = 0;
            if (me == 0) {
                for (int64_t i = 0; i < 2 * n; i++)
                    a[send_pairs ? i / 2 * 3 + i % 2 : i] = value(i, c, shape);
                send_wait(a, send_pairs ? n : 2 * n, send_pairs ? pairs : INT, 1, (int)c,
                          P2P_MODE_STANDARD);
            } else if (me == 1) {
                p2p_status_t st;
                memset(b, 0xff, (3 * 300000 + 1) * sizeof(int));
                st = recv_wait(b, recv_pairs ? n : 2 * n, recv_pairs ? pairs : INT, 0, (int)c);
                CHECK(st.error == VMPL_OK && st.bytes == (uint64_t)n * 8 && st.source == 0 &&
                          st.tag == (int)c,
                      "shape %d count %lld: status %d bytes %llu", shape, (long long)n, st.error,
                      (unsigned long long)st.bytes);
                for (int64_t i = 0; i < 2 * n; i++)
                    bad += b[recv_pairs ? i / 2 * 3 + i % 2 : i] != value(i, c, shape);
                for (int64_t j = 0; recv_pairs && j < n; j++)
                    bad += b[3 * j + 2] != -1; /* the gaps stay untouched */
                bad += b[recv_pairs ? 3 * n : 2 * n] != -1;
                CHECK(bad == 0, "shape %d count %lld: %lld wrong ints", shape, (long long)n,
                      (long long)bad);
            }
        }
    }
    free(a);
    free(b);
}

/* Ranks 1..3 each send 200 numbered messages; rank 0 takes them with ANY_SOURCE/ANY_TAG. */
static void wildcard_order(void)
{
    enum { PER = 200 };
    int next[NRANKS] = {0};

    if (me != 0) {
        for (int i = 0; i < PER; i++) {
            int msg[64] = {i};
            send_wait(msg, i % 3 == 0 ? 64 : 1, INT, 0, i % 5, P2P_MODE_STANDARD);
        }
        return;
    }
    for (int k = 0; k < PER * (NRANKS - 1); k++) {
        int msg[64];
        p2p_status_t st = recv_wait(msg, 64, INT, MATCH_ANY, MATCH_ANY);
        CHECK(st.source > 0 && st.source < NRANKS && msg[0] == next[st.source] &&
                  st.tag == msg[0] % 5,
              "from %d: message %d tag %d, expected %d", st.source, msg[0], st.tag,
              next[st.source]);
        if (st.source > 0 && st.source < NRANKS)
            next[st.source] = msg[0] + 1;
    }
}

/* Messages arrive before their receives, which are posted in reverse tag order. */
static void unexpected_by_tag(void)
{
    if (me == 2) {
        for (int t = 0; t < 10; t++) {
            int v = 1000 + t;
            send_wait(&v, 1, INT, 3, t, P2P_MODE_STANDARD);
        }
        int big[5000];
        for (int i = 0; i < 5000; i++)
            big[i] = i;
        send_wait(big, 5000, INT, 3, 99, P2P_MODE_STANDARD); /* rendezvous, unexpected */
    } else if (me == 3) {
        int big[5000];
        usleep(50000);
        for (int t = 9; t >= 0; t--) {
            int v = -1;
            recv_wait(&v, 1, INT, 2, t);
            CHECK(v == 1000 + t, "tag %d got %d", t, v);
        }
        recv_wait(big, 5000, INT, 2, 99);
        CHECK(big[4999] == 4999 && big[0] == 0, "unexpected rendezvous data");
    }
}

/*
 * 1100 unexpected messages of sizes around the inline record size and up
 * to the eager limit, received in reverse order (all of them wait as
 * unexpected records, more than the engine keeps free), then 100 more in
 * order (records reused).
 */
static void unexpected_sizes(void)
{
    static const int64_t counts[] = {0, 1, 63, 64, 65, 1000, 4000};
    enum { MESSAGES = 1100, AGAIN = 100 };
    static int data[4000];

    if (me == 2) {
        for (int t = 0; t < MESSAGES + AGAIN; t++) {
            int64_t n = counts[t % 7];
            for (int64_t i = 0; i < n; i++)
                data[i] = value(i, (size_t)t, 5);
            send_wait(data, n, INT, 3, t, P2P_MODE_STANDARD);
        }
    } else if (me == 3) {
        int bad = 0;
        usleep(50000);
        for (int t = MESSAGES - 1; t >= -AGAIN; t--) {
            int tag = t >= 0 ? t : MESSAGES - 1 - t; /* then MESSAGES .. MESSAGES + AGAIN - 1 */
            int64_t n = counts[tag % 7];
            p2p_status_t st = recv_wait(data, 4000, INT, 2, tag);
            bad += st.bytes != (size_t)n * sizeof(int);
            for (int64_t i = 0; i < n; i++)
                bad += data[i] != value(i, (size_t)tag, 5);
        }
        CHECK(bad == 0, "unexpected messages of every size: %d wrong", bad);
    }
}

static void truncation_and_sync(void)
{
    int data[100];

    for (int i = 0; i < 100; i++)
        data[i] = i;
    if (me == 0) {
        p2p_req_t req;
        uint64_t t0;
        send_wait(data, 100, INT, 1, 5, P2P_MODE_STANDARD);
        send_wait(data, 6000, INT, 1, 6, P2P_MODE_STANDARD); /* rendezvous into 50 */
        CHECK(p2p_isend(p2p, data, 10, INT, 1, 7, ctx, P2P_MODE_SYNC, &req) == VMPL_OK, "ssend");
        t0 = base_time_ns();
        while (base_time_ns() - t0 < 50000000ull)
            p2p_progress(p2p);
        CHECK(!req.done, "synchronous send completed before its receive was posted");
        p2p_wait(p2p, &req);
    } else if (me == 1) {
        int got[100] = {0};
        int *big = calloc(6000, sizeof(int));
        p2p_status_t st = recv_wait(got, 50, INT, 0, 5);
        CHECK(st.error == VMPL_ERR_TRUNCATE && st.bytes == 200 && got[49] == 49 && got[50] == 0,
              "eager truncation: status %d bytes %llu", st.error, (unsigned long long)st.bytes);
        st = recv_wait(big, 50, INT, 0, 6);
        CHECK(st.error == VMPL_ERR_TRUNCATE && st.bytes == 200 && big[49] == 49 && big[50] == 0,
              "rendezvous truncation: status %d", st.error);
        usleep(100000);
        recv_wait(got, 10, INT, 0, 7);
        free(big);
    }
}

/* Probe, matched probe and cancel (ranks 2 and 3). */
static void probes(void)
{
    static int big[6000];
    int small[10];

    if (me == 2) {
        for (int i = 0; i < 10; i++)
            small[i] = 50 + i;
        for (int i = 0; i < 6000; i++)
            big[i] = -i;
        send_wait(small, 10, INT, 3, 1, P2P_MODE_STANDARD);
        send_wait(big, 6000, INT, 3, 2, P2P_MODE_STANDARD);
    } else if (me == 3) {
        p2p_status_t st = {0};
        p2p_message_t *msg;
        p2p_req_t req, never;
        while (!p2p_iprobe(p2p, MATCH_ANY, 2, ctx, &st))
            ;
        CHECK(st.source == 2 && st.tag == 2 && st.bytes == 24000, "iprobe status %d %d %llu",
              st.source, st.tag, (unsigned long long)st.bytes);
        CHECK(p2p_iprobe(p2p, 2, 2, ctx, NULL), "iprobe leaves the message queued");
        CHECK(p2p_improbe(p2p, 2, 1, ctx, &msg, &st) && st.bytes == 40, "improbe");
        CHECK(!p2p_iprobe(p2p, 2, 1, ctx, NULL), "improbe removed it");
        recv_wait(big, 6000, INT, 2, 2);
        CHECK(big[5999] == -5999, "rendezvous after probe");
        memset(small, 0, sizeof(small));
        CHECK(p2p_imrecv(p2p, small, 10, INT, msg, &req) == VMPL_OK, "imrecv");
        p2p_wait(p2p, &req);
        CHECK(small[9] == 59 && req.status.source == 2, "imrecv data");
        CHECK(p2p_irecv(p2p, small, 1, INT, 0, 77, ctx, &never) == VMPL_OK, "irecv");
        CHECK(p2p_cancel_recv(p2p, &never) == 1 && never.done && never.status.cancelled,
              "cancel an unmatched receive");
        CHECK(p2p_cancel_recv(p2p, &req) == 0, "a completed receive is not cancelled");
    }
}

static int rank_main(const char *name)
{
    tl_shm_config_t cfg = {.name = name, .local_rank = me, .local_size = NRANKS};
    dt_type_t *two, *pairs;
    tl_shm_t *shm;

    INT = dt_named(DT_INT);
    dt_type_contiguous(2, INT, &two);
    dt_type_resized(two, 0, 12, &pairs);
    dt_type_commit(pairs);
    if (tl_shm_open(&cfg, &shm) != VMPL_OK || p2p_over_shm(shm, me, NRANKS, &p2p) != VMPL_OK)
        return 2;
    while (atomic_load(&shm_header(shm)->attached) < NRANKS)
        usleep(100);
    tl_shm_unlink(shm);
    protocols(pairs);
    ctx = 8;
    wildcard_order();
    ctx = 9;
    unexpected_by_tag();
    ctx = 13;
    unexpected_sizes();
    ctx = 10;
    truncation_and_sync();
    ctx = 12;
    probes();
    ctx = 11;
    {   /* a last exchange so no rank leaves while others still talk to it */
        int token = 0;
        if (me == 0) {
            for (int r = 1; r < NRANKS; r++)
                recv_wait(&token, 1, INT, MATCH_ANY, 1000);
            for (int r = 1; r < NRANKS; r++)
                send_wait(&token, 1, INT, r, 1001, P2P_MODE_STANDARD);
        } else {
            send_wait(&token, 1, INT, 0, 1000, P2P_MODE_STANDARD);
            recv_wait(&token, 1, INT, 0, 1001);
        }
    }
    p2p_destroy(p2p);
    tl_shm_close(shm);
    dt_type_release(pairs);
    dt_type_release(two);
    return failures ? 1 : 0;
}

int main(void)
{
    char name[64], path[96];
    pid_t pids[NRANKS];
    int passed = 0, failed = 0;

    snprintf(name, sizeof(name), "/vmpl-test-p2p-%d", (int)getpid());
    for (int r = 0; r < NRANKS; r++) {
        pids[r] = fork();
        if (pids[r] == 0) {
            me = r;
            _exit(rank_main(name));
        }
    }
    for (int r = 0; r < NRANKS; r++) {
        int status;
        waitpid(pids[r], &status, 0);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
            passed++;
        else
            failed++, printf("rank %d failed (status 0x%x)\n", r, status);
    }
    snprintf(path, sizeof(path), "/dev/shm%s", name);
    if (access(path, F_OK) == 0)
        failed++, printf("%s left behind\n", path), unlink(path);
    else
        passed++;
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
