/*
 * The collectives between 5 forked ranks (not a power of two), first over
 * the point-to-point engine, then again with the node channel attached
 * (what the table picks: the channel where it can serve the call, messages
 * where it cannot): results against values computed locally, with
 * predefined and non-commutative user operations, strided datatypes,
 * MPI_IN_PLACE, count 0 and uneven counts.
 */
#include "core/coll/coll.h"
#include "core/coll/coll_shm.h"
#include "p2p_over_shm.h"
#include "tl/shm/tl_shm_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define P 5

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

/* Non-commutative: affine maps x -> m x + c composed; (a op b)(x) = b(a(x)). */
typedef struct {
    long m, c;
} affine_t;

static void affine_compose(void *in, void *inout, int *len, void *dt)
{
    affine_t *a = in, *b = inout;
    (void)dt;
    for (int i = 0; i < *len; i++)
        b[i] = (affine_t){b[i].m * a[i].m, b[i].m * a[i].c + b[i].c};
}

static affine_t affine_of(int rank, int i)
{
    return (affine_t){rank + 2, i - rank};
}

static void test_all(coll_comm_t *c, dt_type_t *affine, dt_type_t *every_other)
{
    const coll_op_t sum = {.op = VMPL_OP_SUM, .elem = VMPL_TYPE_INT32, .commutative = 1};
    const coll_op_t compose = {.op = VMPL_OP_COUNT, .user = affine_compose, .commutative = 0};
    dt_type_t *INT = dt_named(DT_INT);
    int v[64], r[64 * P];

    CHECK(coll_barrier(c) == VMPL_OK, "barrier");

    for (int root = 0; root < P; root += 2) { /* bcast of a strided type */
        for (int i = 0; i < 20; i++)
            v[i] = me == root ? 1000 * root + i : -1;
        coll_bcast(c, v, 10, every_other, root);
        for (int i = 0; i < 20; i++)
            CHECK(v[i] == (i % 2 == 0 || me == root ? 1000 * root + i : -1), "bcast %d", i);
    }

    for (int i = 0; i < 7; i++)
        v[i] = me * 100 + i;
    memset(r, 0, sizeof(r));
    coll_allreduce(c, v, r, 7, INT, &sum);
    for (int i = 0; i < 7; i++)
        CHECK(r[i] == 100 * (P * (P - 1) / 2) + P * i, "allreduce sum %d: %d", i, r[i]);
    for (int i = 0; i < 7; i++)
        r[i] = me + i;
    coll_allreduce(c, COLL_IN_PLACE, r, 7, INT, &sum);
    CHECK(r[6] == P * (P - 1) / 2 + 6 * P, "allreduce in place");
    coll_allreduce(c, v, r, 0, INT, &sum); /* count 0 */

    { /* non-commutative reduce and scans keep rank order */
        affine_t a[3], out[3], want[3];
        for (int i = 0; i < 3; i++) {
            a[i] = affine_of(me, i);
            want[i] = affine_of(0, i);
            for (int k = 1; k < P; k++) {
                affine_t x = affine_of(k, i);
                affine_compose(&want[i], &x, &(int){1}, NULL);
                want[i] = x;
            }
        }
        memset(out, 0, sizeof(out));
        coll_reduce(c, a, out, 3, affine, &compose, 3);
        if (me == 3)
            CHECK(out[2].m == want[2].m && out[2].c == want[2].c, "ordered reduce");
        memset(out, 0, sizeof(out));
        coll_allreduce(c, a, out, 3, affine, &compose);
        for (int i = 0; i < 3; i++)
            CHECK(out[i].m == want[i].m && out[i].c == want[i].c, "ordered allreduce %d", i);
        coll_scan(c, a, out, 3, affine, &compose, 0);
        {
            affine_t w = affine_of(0, 1);
            for (int k = 1; k <= me; k++) {
                affine_t x = affine_of(k, 1);
                affine_compose(&w, &x, &(int){1}, NULL);
                w = x;
            }
            CHECK(out[1].m == w.m && out[1].c == w.c, "inclusive scan");
        }
        coll_scan(c, a, out, 3, affine, &compose, 1);
        if (me == 2) {
            affine_t w = affine_of(0, 0), x = affine_of(1, 0);
            affine_compose(&w, &x, &(int){1}, NULL);
            CHECK(out[0].m == x.m && out[0].c == x.c, "exclusive scan");
        }
    }

    { /* float MAX/MIN: -0 and +0 tie to +0 (MAX) and -0 (MIN), a NaN anywhere wins */
        const coll_op_t max = {.op = VMPL_OP_MAX, .elem = VMPL_TYPE_FLOAT, .commutative = 1};
        const coll_op_t min = {.op = VMPL_OP_MIN, .elem = VMPL_TYPE_FLOAT, .commutative = 1};
        float f[4] = {me % 2 ? 0.0f : -0.0f, me == 3 ? __builtin_nanf("") : (float)me,
                      (float)(me % 2), -0.0f},
              o[4];
        coll_allreduce(c, f, o, 4, dt_named(DT_FLOAT), &max);
        CHECK(o[0] == 0 && !__builtin_signbit(o[0]) && __builtin_isnan(o[1]) && o[2] == 1 &&
                  __builtin_signbit(o[3]), "float max ties and NaN");
        coll_allreduce(c, f, o, 4, dt_named(DT_FLOAT), &min);
        CHECK(o[0] == 0 && __builtin_signbit(o[0]) && __builtin_isnan(o[1]) && o[2] == 0 &&
                  __builtin_signbit(o[3]), "float min ties and NaN");
    }

    { /* gatherv / scatterv / allgatherv with uneven counts; alltoallw */
        int64_t counts[P], displs[P], total = 0;
        for (int k = 0; k < P; k++) {
            counts[k] = k + 1;
            displs[k] = total + 1; /* a gap before each block */
            total += k + 2;
        }
        for (int i = 0; i < me + 1; i++)
            v[i] = me * 10 + i;
        memset(r, 0xff, sizeof(r));
        coll_gatherv(c, v, me + 1, INT, r, counts, displs, INT, 1);
        if (me == 1)
            for (int k = 0; k < P; k++)
                CHECK(r[displs[k]] == k * 10 && r[displs[k] + k] == k * 10 + k &&
                          r[displs[k] - 1] == -1, "gatherv block %d", k);
        memset(v, 0, sizeof(v));
        coll_scatterv(c, r, counts, displs, INT, v, me + 1, INT, 1);
        CHECK(v[me] == me * 10 + me && v[0] == me * 10, "scatterv");
        memset(r, 0xff, sizeof(r));
        coll_allgatherv(c, v, me + 1, INT, r, counts, displs, INT);
        for (int k = 0; k < P; k++)
            CHECK(r[displs[k] + k] == k * 10 + k && r[displs[k] - 1] == -1, "allgatherv %d", k);
        {
            int64_t sc[P], sd[P], rc[P], rd[P];
            const dt_type_t *types[P];
            for (int k = 0; k < P; k++) {
                sc[k] = rc[k] = 2;
                sd[k] = rd[k] = 8 * k;
                types[k] = INT;
                v[2 * k] = me * 100 + k;
                v[2 * k + 1] = -me;
            }
            coll_alltoallw(c, v, sc, sd, types, r, rc, rd, types);
            for (int k = 0; k < P; k++)
                CHECK(r[2 * k] == k * 100 + me && r[2 * k + 1] == -k, "alltoallw from %d", k);
        }
        {
            int64_t rc[P];
            int in[2 * P], out[2] = {0, 0};
            for (int k = 0; k < P; k++)
                rc[k] = k == 4 ? 2 : k == 0 ? 0 : 1;
            for (int i = 0; i < 2 * P; i++)
                in[i] = i + me;
            coll_reduce_scatterv(c, in, out, rc, INT, &sum);
            if (me == 4) /* elements 3 and 4 of the total 5 */
                CHECK(out[0] == P * 3 + P * (P - 1) / 2 && out[1] == P * 4 + P * (P - 1) / 2,
                      "reduce_scatterv %d %d", out[0], out[1]);
            if (me == 1)
                CHECK(out[0] == P * (P - 1) / 2, "reduce_scatterv rank 1: %d", out[0]);
        }
    }
    CHECK(coll_barrier(c) == VMPL_OK, "final barrier");
}

static int rank_main(const char *name)
{
    tl_shm_config_t cfg = {.name = name, .local_rank = me, .local_size = P,
                           .coll_bytes = coll_shm_node_bytes()};
    dt_type_t *pair, *affine, *every_other;
    coll_comm_t c = {.rank = me, .size = P, .ctx = 100};
    tl_shm_t *shm;

    dt_type_contiguous(2, dt_named(DT_LONG), &pair);
    dt_type_dup(pair, &affine);
    dt_type_commit(affine);
    dt_type_release(pair);
    dt_type_resized(dt_named(DT_INT), 0, 8, &every_other); /* count n: n ints at stride 2 */
    dt_type_commit(every_other);
    if (tl_shm_open(&cfg, &shm) != VMPL_OK || p2p_over_shm(shm, me, P, &c.p2p) != VMPL_OK)
        return 2;
    while (atomic_load(&shm_header(shm)->attached) < P)
        usleep(100);
    tl_shm_unlink(shm);
    test_all(&c, affine, every_other);
    CHECK(coll_shm_attach(&c, tl_shm_iface(shm)) == VMPL_OK, "node channel");
    if (c.node)
        test_all(&c, affine, every_other);
    coll_shm_detach(&c);
    p2p_destroy(c.p2p);
    tl_shm_close(shm);
    dt_type_release(every_other);
    dt_type_release(affine);
    return failures ? 1 : 0;
}

int main(void)
{
    char name[64];
    pid_t pids[P];
    int passed = 0, failed = 0;

    snprintf(name, sizeof(name), "/vmpl-test-coll-%d", (int)getpid());
    for (int r = 0; r < P; r++)
        if ((pids[r] = fork()) == 0) {
            me = r;
            _exit(rank_main(name));
        }
    for (int r = 0; r < P; r++) {
        int status;
        waitpid(pids[r], &status, 0);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
            passed++;
        else
            failed++, printf("rank %d failed (status 0x%x)\n", r, status);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
