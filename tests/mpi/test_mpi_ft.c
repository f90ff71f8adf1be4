/*
 * Process failure through the MPI API, run as `vmplrun --ft -n 4
 * test_mpi_ft MODE`: rank 2 raises SIGKILL at a chosen point and every
 * survivor checks, with MPI_ERRORS_RETURN, that what needs it fails with
 * MPI_ERR_PROC_FAILED (or _PENDING), that MPIX_Comm_get_failed names it,
 * and that nothing hangs (vmplrun's --timeout catches a hang).
 *
 *   p2p       it dies while survivors receive from it, wait on a
 *             rendezvous send to it and on a nonblocking receive from it
 *   coll      it dies while the survivors are in an allreduce; later
 *             collectives and communicator creation fail at once; a
 *             communicator of the survivors alone keeps working
 *   wildcard  it dies before MPI_ANY_SOURCE receives: pending (nonblocking)
 *             and failed (blocking) until acknowledged, then they work
 *   finalize  it dies while the survivors sit in MPI_Finalize
 *   wake      it dies 0.3 s after every survivor went to sleep in a
 *             receive from it, with nobody else to wake them: each must
 *             return within WAKE_BOUND_S of the receive's start (a lost
 *             wake-up sleeps far longer; the bound is generous for load)
 *   fatal     as p2p, with MPI_ERRORS_ARE_FATAL: the job ends with a
 *             message naming the failed rank
 *
 * Each survivor prints "mpi_ft MODE: rank R: N passed, 0 failed".
 */
#include <mpi.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define VICTIM 2
#define BIG (1 << 20) /* over the eager limit: a rendezvous send */
#define WAKE_DEATH_US 300000
#define WAKE_BOUND_S 1.3 /* the death at 0.3 s, then at most a second */

static int rank, size, passed, failed;
static const char *mode;

#define CHECK(cond, ...)                                                                      \
    do {                                                                                      \
        if (cond) {                                                                           \
            passed++;                                                                         \
        } else {                                                                              \
            failed++;                                                                         \
            printf("FAIL rank %d line %d: ", rank, __LINE__);                                 \
            printf(__VA_ARGS__);                                                              \
            printf("\n");                                                                     \
            fflush(stdout);                                                                   \
        }                                                                                     \
    } while (0)

static void die(void)
{
    fflush(stdout);
    raise(SIGKILL);
}

/* MPIX_Comm_get_failed names exactly the victim (as a rank of comm). */
static void check_failed_group(MPI_Comm comm, int victim_in_comm)
{
    MPI_Group failed_group, comm_group;
    int n = -1, zero = 0, translated = -1;

    CHECK(MPIX_Comm_get_failed(comm, &failed_group) == MPI_SUCCESS, "get_failed");
    MPI_Group_size(failed_group, &n);
    CHECK(n == 1, "one failed process, not %d", n);
    MPI_Comm_group(comm, &comm_group);
    if (n == 1)
        MPI_Group_translate_ranks(failed_group, 1, &zero, comm_group, &translated);
    CHECK(translated == victim_in_comm, "the failed group names rank %d, not %d", translated,
          victim_in_comm);
    MPI_Group_free(&comm_group);
    MPI_Group_free(&failed_group);
}

static int error_class(int rc)
{
    int cls = rc;

    if (rc != MPI_SUCCESS)
        MPI_Error_class(rc, &cls);
    return cls;
}

static void mode_p2p(void)
{
    static char big[BIG];
    int token = 1, got = 0, rc;
    MPI_Request req;
    MPI_Status st;

    if (rank == VICTIM) {
        MPI_Recv(&token, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        die();
    }
    if (rank == 0) { /* let it go, then wait for what it never sends */
        MPI_Send(&token, 1, MPI_INT, VICTIM, 1, MPI_COMM_WORLD);
        rc = MPI_Recv(big, BIG, MPI_CHAR, VICTIM, 2, MPI_COMM_WORLD, &st);
        CHECK(error_class(rc) == MPI_ERR_PROC_FAILED, "blocking receive: %d", rc);
    } else if (rank == 1) {
        /* it may already be known as failed (the start barrier can see it): then Irecv fails */
        rc = MPI_Irecv(&got, 1, MPI_INT, VICTIM, 3, MPI_COMM_WORLD, &req);
        if (rc == MPI_SUCCESS)
            rc = MPI_Wait(&req, &st);
        CHECK(error_class(rc) == MPI_ERR_PROC_FAILED, "wait on a receive: %d", rc);
        CHECK(req == MPI_REQUEST_NULL, "the failed request is freed");
    } else {
        rc = MPI_Send(big, BIG, MPI_CHAR, VICTIM, 4, MPI_COMM_WORLD);
        CHECK(error_class(rc) == MPI_ERR_PROC_FAILED, "rendezvous send: %d", rc);
    }
    /* later operations naming it fail at once */
    rc = MPI_Send(&token, 1, MPI_INT, VICTIM, 5, MPI_COMM_WORLD);
    CHECK(error_class(rc) == MPI_ERR_PROC_FAILED, "later send: %d", rc);
    rc = MPI_Recv(&got, 1, MPI_INT, VICTIM, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    CHECK(error_class(rc) == MPI_ERR_PROC_FAILED, "later receive: %d", rc);
    check_failed_group(MPI_COMM_WORLD, VICTIM);
    /* the survivors still talk: a ring over 0, 1, 3 */
    {
        int live[3] = {0, 1, 3}, me = rank == 3 ? 2 : rank;
        int right = live[(me + 1) % 3], left = live[(me + 2) % 3];
        rc = MPI_Sendrecv(&rank, 1, MPI_INT, right, 6, &got, 1, MPI_INT, left, 6, MPI_COMM_WORLD,
                          MPI_STATUS_IGNORE);
        CHECK(rc == MPI_SUCCESS && got == left, "survivor ring: rc %d got %d", rc, got);
    }
    rc = MPI_Barrier(MPI_COMM_WORLD);
    CHECK(error_class(rc) == MPI_ERR_PROC_FAILED, "barrier after the failure: %d", rc);
}

static void mode_coll(void)
{
    MPI_Comm survivors, dup;
    int x = 1, rc, n = 0;

    /* made before the failure: without the victim it is unaffected */
    MPI_Comm_split(MPI_COMM_WORLD, rank == VICTIM ? MPI_UNDEFINED : 0, rank, &survivors);
    if (rank == VICTIM) {
        usleep(300000); /* the others are in the allreduce */
        die();
    }
    MPI_Comm_set_errhandler(survivors, MPI_ERRORS_RETURN);
    rc = MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    CHECK(error_class(rc) == MPI_ERR_PROC_FAILED, "allreduce: %d", rc);
    rc = MPI_Bcast(&x, 1, MPI_INT, 0, MPI_COMM_WORLD);
    CHECK(error_class(rc) == MPI_ERR_PROC_FAILED, "later bcast: %d", rc);
    rc = MPI_Barrier(MPI_COMM_WORLD);
    CHECK(error_class(rc) == MPI_ERR_PROC_FAILED, "later barrier: %d", rc);
    rc = MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    CHECK(error_class(rc) == MPI_ERR_PROC_FAILED, "comm_dup: %d", rc);
    check_failed_group(MPI_COMM_WORLD, VICTIM);
    x = 1;
    rc = MPI_Allreduce(MPI_IN_PLACE, &x, 1, MPI_INT, MPI_SUM, survivors);
    CHECK(rc == MPI_SUCCESS && x == 3, "the survivors' allreduce: rc %d sum %d", rc, x);
    {
        MPI_Group g;
        MPIX_Comm_get_failed(survivors, &g);
        MPI_Group_size(g, &n);
        CHECK(n == 0, "no failure in the survivors' communicator: %d", n);
        MPI_Group_free(&g);
    }
    MPI_Comm_free(&survivors);
}

static void mode_wildcard(void)
{
    int got = -1, rc, acked = -1, token = 9, flag = 1;
    MPI_Request req;
    MPI_Status st;
    MPI_Group g;

    if (rank == VICTIM)
        die();
    if (rank == 0) { /* nonblocking: pending until acknowledged, then it completes */
        MPI_Irecv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &req);
        rc = MPI_Wait(&req, &st);
        CHECK(error_class(rc) == MPI_ERR_PROC_FAILED_PENDING, "wait: %d", rc);
        CHECK(req != MPI_REQUEST_NULL, "the wildcard receive stays pending");
        rc = MPI_Test(&req, &flag, &st);
        CHECK(error_class(rc) == MPI_ERR_PROC_FAILED_PENDING && !flag, "test: %d flag %d", rc,
              flag);
        check_failed_group(MPI_COMM_WORLD, VICTIM);
        MPIX_Comm_failure_get_acked(MPI_COMM_WORLD, &g);
        MPI_Group_size(g, &acked);
        CHECK(acked == 0, "nothing acknowledged yet: %d", acked);
        if (g != MPI_GROUP_EMPTY)
            MPI_Group_free(&g);
        CHECK(MPIX_Comm_ack_failed(MPI_COMM_WORLD, size, &acked) == MPI_SUCCESS && acked == 1,
              "ack_failed: %d", acked);
        MPI_Send(&token, 1, MPI_INT, 3, 8, MPI_COMM_WORLD); /* now send it */
        rc = MPI_Wait(&req, &st);
        CHECK(rc == MPI_SUCCESS && got == 3 && st.MPI_SOURCE == 3,
              "after the acknowledgement: rc %d got %d from %d", rc, got, st.MPI_SOURCE);
    } else if (rank == 1) { /* blocking: fails until acknowledged, then it works */
        rc = MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &st);
        CHECK(error_class(rc) == MPI_ERR_PROC_FAILED, "blocking wildcard receive: %d", rc);
        check_failed_group(MPI_COMM_WORLD, VICTIM);
        CHECK(MPIX_Comm_failure_ack(MPI_COMM_WORLD) == MPI_SUCCESS, "failure_ack");
        MPIX_Comm_failure_get_acked(MPI_COMM_WORLD, &g);
        MPI_Group_size(g, &acked);
        CHECK(acked == 1, "one acknowledged: %d", acked);
        MPI_Group_free(&g);
        MPI_Send(&token, 1, MPI_INT, 3, 8, MPI_COMM_WORLD);
        rc = MPI_Recv(&got, 1, MPI_INT, MPI_ANY_SOURCE, 7, MPI_COMM_WORLD, &st);
        CHECK(rc == MPI_SUCCESS && got == 3 && st.MPI_SOURCE == 3,
              "after the acknowledgement: rc %d got %d from %d", rc, got, st.MPI_SOURCE);
    } else { /* rank 3 sends to each once it acknowledged */
        for (int i = 0; i < 2; i++) {
            rc = MPI_Recv(&token, 1, MPI_INT, MPI_ANY_SOURCE, 8, MPI_COMM_WORLD, &st);
            if (error_class(rc) == MPI_ERR_PROC_FAILED) { /* the victim's failure, first */
                MPIX_Comm_failure_ack(MPI_COMM_WORLD);
                i--;
                continue;
            }
            got = 3;
            CHECK(rc == MPI_SUCCESS, "ready from %d: %d", st.MPI_SOURCE, rc);
            MPI_Send(&got, 1, MPI_INT, st.MPI_SOURCE, 7, MPI_COMM_WORLD);
        }
        check_failed_group(MPI_COMM_WORLD, VICTIM);
    }
}

static void mode_wake(void)
{
    int got = 0, rc;
    double start, waited;

    if (rank == VICTIM) {
        usleep(WAKE_DEATH_US); /* the others are asleep in their receives */
        die();
    }
    start = MPI_Wtime();
    rc = MPI_Recv(&got, 1, MPI_INT, VICTIM, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    waited = MPI_Wtime() - start;
    CHECK(error_class(rc) == MPI_ERR_PROC_FAILED, "receive from the victim: %d", rc);
    CHECK(waited < WAKE_BOUND_S, "woken %.3f s after the receive began (bound %.1f s)", waited,
          WAKE_BOUND_S);
}

int main(int argc, char **argv)
{
    mode = argc > 1 ? argv[1] : "p2p";
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size != 4) {
        printf("mpi_ft: run with 4 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    if (strcmp(mode, "fatal"))
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Barrier(MPI_COMM_WORLD); /* everyone is up */
    if (!strcmp(mode, "p2p") || !strcmp(mode, "fatal")) {
        mode_p2p();
    } else if (!strcmp(mode, "coll")) {
        mode_coll();
    } else if (!strcmp(mode, "wildcard")) {
        mode_wildcard();
    } else if (!strcmp(mode, "wake")) {
        mode_wake();
    } else if (!strcmp(mode, "finalize")) {
        if (rank == VICTIM) {
            usleep(300000); /* the others are in MPI_Finalize */
            die();
        }
    } else {
        printf("mpi_ft: unknown mode %s\n", mode);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    CHECK(MPI_Finalize() == MPI_SUCCESS, "finalize");
    printf("mpi_ft %s: rank %d: %d passed, %d failed\n", mode, rank, passed, failed);
    return failed != 0;
}
