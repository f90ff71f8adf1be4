/*
 * A failure at a random point of MPI activity, run by tests/rt/test-failures.sh
 * (area "random") as
 *   vmplrun --ft -n N test_mpi_ft_random HOW VICTIMS SEED [ITERS]
 *   HOW     proc: the victims raise SIGKILL; exit: they exit(3) without
 *           finalizing; nodekill / nodehang: they SIGKILL / SIGSTOP their
 *           node daemon (VICTIMS: the node's ranks; the job spans nodes,
 *           so the survivors' traffic with them goes through ucx);
 *           none: nobody fails
 *   VICTIMS comma-separated ranks
 *   SEED    picks the iteration and the step at which each victim fails
 * Every rank runs ITERS (default 60) iterations of: a two-way ring exchange
 * (8 B, 4 KiB or 256 KiB: eager and rendezvous), an allreduce, a bcast from a
 * rotating root, a barrier, and every 8th iteration a Comm_dup with an
 * allreduce on it. Survivors keep going after the failure, so peers that are
 * alive always match each other. Every call must either succeed with the
 * right data or fail with MPI_ERR_PROC_FAILED, and only when it needs a
 * failed rank; the last iteration's collectives must fail. At the end each
 * survivor prints "rank R sees failed: a,b,..." from MPIX_Comm_get_failed
 * (or "sees failed: WRONG" with the reasons above it when a check failed).
 */
#define _GNU_SOURCE
#include <mpi.h>

#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

enum { STEP_RING_POST, STEP_RING_WAIT, STEP_ALLREDUCE, STEP_BCAST, STEP_BARRIER, STEP_DUP, STEPS };

static const int ring_bytes[] = {8, 4096, 256 * 1024};
#define BCAST_COUNT 1000

#define MAX_RANKS 256

static int rank, size, failed_checks, victims, is_lost[MAX_RANKS];
static const char *how;

#define CHECK(cond, ...)                                                                      \
    do {                                                                                      \
        if (!(cond)) {                                                                        \
            failed_checks++;                                                                  \
            printf("FAIL rank %d line %d: ", rank, __LINE__);                                 \
            printf(__VA_ARGS__);                                                              \
            printf("\n");                                                                     \
            fflush(stdout);                                                                   \
        }                                                                                     \
    } while (0)

static int lost(int r) /* is rank r a victim? */
{
    return r >= 0 && r < MAX_RANKS && is_lost[r];
}

static int error_class(int rc)
{
    int cls = rc;

    if (rc != MPI_SUCCESS)
        MPI_Error_class(rc, &cls);
    return cls;
}

/* A call that needs `needs_lost` may fail with MPI_ERR_PROC_FAILED; any
 * other outcome than success is wrong. Returns 1 when it succeeded. */
static int outcome(int rc, int needs_lost, int iter, const char *what)
{
    if (rc == MPI_SUCCESS)
        return 1;
    CHECK(error_class(rc) == MPI_ERR_PROC_FAILED && needs_lost,
          "iteration %d %s: error class %d (needs a failed rank: %d)", iter, what,
          error_class(rc), needs_lost);
    return 0;
}

static unsigned char pattern(int from, int iter, size_t i)
{
    return (unsigned char)(from * 31 + iter * 7 + i * 13);
}

static void fail_now(void)
{
    fflush(stdout);
    if (!strcmp(how, "exit"))
        _exit(3);
    if (!strcmp(how, "nodekill")) /* the daemon's death takes its ranks along */
        kill(getppid(), SIGKILL);
    else if (!strcmp(how, "nodehang")) /* the node stops answering; its ranks stay, silent */
        kill(getppid(), SIGSTOP);
    else
        raise(SIGKILL);
    for (;;)
        pause();
}

static void ring_exchange(int iter, unsigned char *out, unsigned char *in[2], int fail_step)
{
    int bytes = ring_bytes[iter % 3], peer[2] = {(rank + size - 1) % size, (rank + 1) % size};
    MPI_Request recv[2], send[2];

    for (int i = 0; i < bytes; i++)
        out[i] = pattern(rank, iter, (size_t)i);
    for (int s = 0; s < 2; s++) {
        memset(in[s], 0, (size_t)bytes);
        int rc = MPI_Irecv(in[s], bytes, MPI_BYTE, peer[s], iter, MPI_COMM_WORLD, &recv[s]);
        if (!outcome(rc, lost(peer[s]), iter, "irecv"))
            recv[s] = MPI_REQUEST_NULL;
        rc = MPI_Isend(out, bytes, MPI_BYTE, peer[1 - s], iter, MPI_COMM_WORLD, &send[s]);
        if (!outcome(rc, lost(peer[1 - s]), iter, "isend"))
            send[s] = MPI_REQUEST_NULL;
    }
    if (fail_step == STEP_RING_WAIT)
        fail_now(); /* messages posted, a rendezvous possibly half done */
    for (int s = 0; s < 2; s++) {
        if (recv[s] != MPI_REQUEST_NULL &&
            outcome(MPI_Wait(&recv[s], MPI_STATUS_IGNORE), lost(peer[s]), iter, "recv wait")) {
            int bad = -1;
            for (int i = 0; i < bytes && bad < 0; i++)
                if (in[s][i] != pattern(peer[s], iter, (size_t)i))
                    bad = i;
            CHECK(bad < 0, "iteration %d: %d bytes from %d wrong at %d", iter, bytes, peer[s], bad);
        }
        if (send[s] != MPI_REQUEST_NULL)
            outcome(MPI_Wait(&send[s], MPI_STATUS_IGNORE), lost(peer[1 - s]), iter, "send wait");
    }
}

static int world_allreduce(MPI_Comm comm, int iter, const char *what)
{
    long v[4] = {rank, rank + iter, 1, iter}, want_rank_sum = (long)size * (size - 1) / 2;
    int rc = MPI_Allreduce(MPI_IN_PLACE, v, 4, MPI_LONG, MPI_SUM, comm);
    int ok = outcome(rc, victims > 0, iter, what);

    if (ok)
        CHECK(v[0] == want_rank_sum && v[1] == want_rank_sum + (long)size * iter &&
                  v[2] == size && v[3] == (long)size * iter,
              "iteration %d %s: wrong sums %ld %ld %ld %ld", iter, what, v[0], v[1], v[2], v[3]);
    return ok;
}

static int compare_ints(const void *a, const void *b)
{
    return (*(const int *)a > *(const int *)b) - (*(const int *)a < *(const int *)b);
}

int main(int argc, char **argv)
{
    if (argc < 4) {
        fprintf(stderr, "usage: test_mpi_ft_random proc|exit|nodekill|nodehang|none VICTIMS SEED [ITERS]\n");
        return 2;
    }
    how = argv[1];
    unsigned seed = (unsigned)strtoul(argv[3], NULL, 10);
    int iters = argc > 4 ? atoi(argv[4]) : 60, bad_victim = 0;
    char *save = NULL;
    for (char *v = strtok_r(argv[2], ",", &save); v && strcmp(how, "none");
         v = strtok_r(NULL, ",", &save)) {
        int r = atoi(v);
        if (r >= 0 && r < MAX_RANKS)
            is_lost[r] = 1;
        else
            bad_victim = 1;
    }

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (bad_victim || size > MAX_RANKS || iters < 2) {
        printf("test_mpi_ft_random: bad arguments\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    /* each victim's failure point: any step of any iteration but the last */
    int fail_iter = -1, fail_step = -1;
    srand(seed);
    for (int r = 0; r < size; r++) {
        int i = rand() % (iters - 1), s = rand() % STEPS;
        if (!lost(r))
            continue;
        victims++;
        if (r == rank)
            fail_iter = i, fail_step = s;
        if (rank == 0)
            printf("seed %u: rank %d fails (%s) at iteration %d step %d\n", seed, r, how, i, s);
    }
    int me_fails = lost(rank);
    fflush(stdout);
    MPI_Barrier(MPI_COMM_WORLD); /* everyone is up */

    int max_bytes = ring_bytes[2];
    unsigned char *out = malloc((size_t)max_bytes), *in[2] = {malloc((size_t)max_bytes),
                                                              malloc((size_t)max_bytes)};
    double *bcast = malloc(BCAST_COUNT * sizeof *bcast);
    int errors_seen = 0;

    for (int iter = 0; iter < iters; iter++) {
        int fails_here = me_fails && iter == fail_iter;
        if (fails_here && fail_step == STEP_RING_POST)
            fail_now();
        ring_exchange(iter, out, in, fails_here ? fail_step : -1);

        if (fails_here && fail_step == STEP_ALLREDUCE)
            fail_now();
        errors_seen += !world_allreduce(MPI_COMM_WORLD, iter, "allreduce");

        if (fails_here && fail_step == STEP_BCAST)
            fail_now();
        int root = iter % size;
        for (int i = 0; i < BCAST_COUNT; i++)
            bcast[i] = rank == root ? iter * 1000.0 + i : -1.0;
        if (outcome(MPI_Bcast(bcast, BCAST_COUNT, MPI_DOUBLE, root, MPI_COMM_WORLD),
                    victims > 0, iter, "bcast")) {
            int bad = -1;
            for (int i = 0; i < BCAST_COUNT && bad < 0; i++)
                if (bcast[i] != iter * 1000.0 + i)
                    bad = i;
            CHECK(bad < 0, "iteration %d: bcast from %d wrong at %d", iter, root, bad);
        } else {
            errors_seen++;
        }

        if (fails_here && fail_step == STEP_BARRIER)
            fail_now();
        errors_seen += !outcome(MPI_Barrier(MPI_COMM_WORLD), victims > 0, iter,
                                "barrier");

        if (fails_here && fail_step == STEP_DUP)
            fail_now();
        if (iter % 8 == 7 || (fails_here && fail_step == STEP_DUP)) {
            MPI_Comm dup;
            if (outcome(MPI_Comm_dup(MPI_COMM_WORLD, &dup), victims > 0, iter,
                        "comm_dup")) {
                MPI_Comm_set_errhandler(dup, MPI_ERRORS_RETURN);
                errors_seen += !world_allreduce(dup, iter, "allreduce on a dup");
                MPI_Comm_free(&dup);
            } else {
                errors_seen++;
            }
        }
        if (iter == iters - 1 && victims > 0)
            CHECK(errors_seen > 0, "no collective failed, though %d ranks failed", victims);
    }

    /* the failed group names exactly the ranks the failure took */
    MPI_Group failed_group, world_group;
    int n = 0, want = 0;
    for (int r = 0; r < size; r++)
        want += lost(r);
    for (int tries = 0; tries < 1000; tries++) { /* reports may still be on their way */
        MPIX_Comm_get_failed(MPI_COMM_WORLD, &failed_group);
        MPI_Group_size(failed_group, &n);
        if (n >= want)
            break;
        if (failed_group != MPI_GROUP_EMPTY)
            MPI_Group_free(&failed_group);
        usleep(10000);
    }
    int *in_failed = malloc((size_t)(n ? n : 1) * sizeof(int)),
        *in_world = malloc((size_t)(n ? n : 1) * sizeof(int));
    for (int i = 0; i < n; i++)
        in_failed[i] = i;
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Group_translate_ranks(failed_group, n, in_failed, world_group, in_world);
    qsort(in_world, (size_t)n, sizeof(int), compare_ints);
    for (int i = 0; i < n; i++)
        CHECK(lost(in_world[i]), "rank %d is reported failed", in_world[i]);
    CHECK(n == want, "%d ranks reported failed, not %d", n, want);
    MPI_Group_free(&world_group);
    if (failed_group != MPI_GROUP_EMPTY)
        MPI_Group_free(&failed_group);

    int rc = MPI_Finalize();
    CHECK(rc == MPI_SUCCESS, "finalize: %d", rc);
    printf("rank %d sees failed:", rank);
    if (failed_checks) {
        printf(" WRONG\n");
    } else {
        for (int i = 0; i < n; i++)
            printf("%s%d", i ? "," : " ", in_world[i]);
        printf("%s\n", n ? "" : " none");
    }
    free(in_failed);
    free(in_world);
    free(bcast);
    free(in[0]);
    free(in[1]);
    free(out);
    return failed_checks != 0;
}
