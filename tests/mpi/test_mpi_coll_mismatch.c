/*
 * Mismatched collective counts under MPI_ERRORS_RETURN, at any number of
 * ranks and with whichever algorithms VMPL_COLL_<NAME> forces: a rank
 * that receives more than its arguments describe must get
 * MPI_ERR_TRUNCATE and write nothing past them, every rank must return
 * (a hang fails the run by the launcher's timeout), and the next correct
 * collectives on the communicator must deliver the right data.
 *
 * Each case runs for every pair (big, small) of message sizes in
 * `pairs`: both sides of the node channel's line (48 B), slot (4 KiB),
 * tiny buffer (VMPL_COLL_SHM_BYTES=1024) and default buffer (512 KiB)
 * sizes, the root-alone reduce limit (16 KiB) and the short allreduce
 * (4 KiB), and small = 0. Rank 0 gathers the tallies with plain MPI_Recv
 * and prints "mpi_coll_mismatch (N ranks): P passed, F failed".
 */
#include <mpi.h>

#include "check.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define W MPI_COMM_WORLD
#define GUARD 64     /* bytes after the described part of a receive buffer */
#define PATTERN 0x5a /* what the guard bytes hold */

/* Message sizes in ints: what the bigger side sends, what the smaller side describes. */
static const struct {
    int big, small;
} pairs[] = {
    {2, 1},         {2, 0},         {12, 6},        {13, 12},       {13, 6},
    {256, 128},     {257, 256},     {300, 0},       {1024, 512},    {1025, 1024},
    {1100, 300},    {4096, 2048},   {4097, 4096},   {4200, 0},      {16384, 8192},
    {16385, 16384}, {20000, 2000},  {40000, 0},     {150000, 100000}, {150000, 140000},
};

static int *sendbuf, *recvbuf; /* room for the biggest case at every rank */
static size_t room_ints;
static int calls;             /* mismatched calls so far: varies the root and the data */
static const char *case_name; /* for the messages */
static int case_big, case_small;

static void fill(int *buf, size_t n, int salt)
{
    for (size_t i = 0; i < n; i++)
        buf[i] = (int)(salt * 1000003 + (int)i);
}

/* Fills the receive buffer with PATTERN: what a call may not write stays so. */
static void recv_ready(void)
{
    memset(recvbuf, PATTERN, room_ints * sizeof(int));
}

static int guard_intact(size_t ints)
{
    const unsigned char *g = (const unsigned char *)(recvbuf + ints);

    for (int i = 0; i < GUARD; i++)
        if (g[i] != PATTERN)
            return 0;
    return 1;
}

static const char *class_name(int cls)
{
    return cls == MPI_SUCCESS ? "MPI_SUCCESS" : cls == MPI_ERR_TRUNCATE ? "MPI_ERR_TRUNCATE" : "other";
}

/* rc must be of class want (or also_ok, when that is not -1). */
static void expect(int rc, int want, int also_ok, size_t described_ints)
{
    int cls = rc;

    if (rc != MPI_SUCCESS && MPI_Error_class(rc, &cls) != MPI_SUCCESS)
        cls = -1;
    CHECK(cls == want || (also_ok >= 0 && cls == also_ok),
          "%s big %d small %d: returned %s (%d), expected %s", case_name, case_big, case_small,
          class_name(cls), cls, class_name(want));
    CHECK(guard_intact(described_ints), "%s big %d small %d: wrote past the %zu described ints",
          case_name, case_big, case_small, described_ints);
}

/*
 * Correct calls after a mismatched one: a broadcast of n ints from a
 * moving root and an allreduce, whose data must be right (stale channel
 * lines or uses out of step would show here, or hang).
 */
static void check_next_calls(int n)
{
    int root = calls % size, bad = 0, sums[4], want;

    fill(recvbuf, (size_t)n, rank == root ? calls : -1);
    CHECK(MPI_Bcast(recvbuf, n, MPI_INT, root, W) == MPI_SUCCESS, "%s big %d small %d: next bcast",
          case_name, case_big, case_small);
    for (int i = 0; i < n; i++)
        bad |= recvbuf[i] != (int)(calls * 1000003 + i);
    CHECK(!bad, "%s big %d small %d: the next bcast delivered wrong data", case_name, case_big,
          case_small);
    for (int i = 0; i < 4; i++)
        sums[i] = rank + i + calls;
    CHECK(MPI_Allreduce(MPI_IN_PLACE, sums, 4, MPI_INT, MPI_SUM, W) == MPI_SUCCESS,
          "%s big %d small %d: next allreduce", case_name, case_big, case_small);
    want = size * (size - 1) / 2 + size * (3 + calls);
    CHECK(sums[3] == want, "%s big %d small %d: next allreduce gave %d, not %d", case_name,
          case_big, case_small, sums[3], want);
}

/* Relative rank of this process against root. */
static int rel(int root)
{
    return (rank - root + size) % size;
}

/* The root sends big to mine: the ranks whose mine is small get MPI_ERR_TRUNCATE. */
static void bcast_to(int big, int small, int root, int mine)
{
    (void)small;

    recv_ready();
    if (rank == root)
        fill(recvbuf, (size_t)big, calls);
    expect(MPI_Bcast(recvbuf, mine, MPI_INT, root, W), mine < big ? MPI_ERR_TRUNCATE : MPI_SUCCESS,
           -1, (size_t)(rank == root ? big : mine));
}

/* Odd relative ranks describe small (the leaves of a binomial tree). */
static void case_bcast(int big, int small, int root)
{
    bcast_to(big, small, root, rank == root || rel(root) % 2 == 0 ? big : small);
}

/* Every other rank describes small: inner ranks of a tree pass the truncation on. */
static void case_bcast_all(int big, int small, int root)
{
    bcast_to(big, small, root, rank == root ? big : small);
}

/* Relative rank 1 sends big; the root expects small from each, the others send small. */
static void case_gather(int big, int small, int root)
{
    int mine = rel(root) == 1 ? big : small;

    fill(sendbuf, (size_t)big, calls);
    recv_ready();
    expect(MPI_Gather(sendbuf, mine, MPI_INT, recvbuf, small, MPI_INT, root, W),
           rank == root ? MPI_ERR_TRUNCATE : MPI_SUCCESS, -1, (size_t)size * (size_t)small);
}

/* The root scatters big to each; the root itself and odd relative ranks expect small. */
static void case_scatter(int big, int small, int root)
{
    int mine = rel(root) % 2 || rank == root ? small : big;

    fill(sendbuf, (size_t)size * (size_t)big, calls);
    recv_ready();
    expect(MPI_Scatter(sendbuf, big, MPI_INT, recvbuf, mine, MPI_INT, root, W),
           mine < big ? MPI_ERR_TRUNCATE : MPI_SUCCESS, -1, (size_t)mine);
}

/* The last relative rank reduces big, the others (the root too) small. */
static void case_reduce(int big, int small, int root)
{
    int mine = rel(root) == size - 1 ? big : small;

    fill(sendbuf, (size_t)big, calls);
    recv_ready();
    expect(MPI_Reduce(sendbuf, recvbuf, mine, MPI_INT, MPI_SUM, root, W),
           rank == root ? MPI_ERR_TRUNCATE : MPI_SUCCESS, -1, (size_t)mine);
}

/*
 * The last rank reduces big, the others small: they get MPI_ERR_TRUNCATE;
 * the last rank's result is short of what it describes (either class).
 */
static void case_allreduce(int big, int small, int root)
{
    int mine = rank == size - 1 ? big : small;

    (void)root;
    fill(sendbuf, (size_t)big, calls);
    recv_ready();
    expect(MPI_Allreduce(sendbuf, recvbuf, mine, MPI_INT, MPI_SUM, W),
           mine < big ? MPI_ERR_TRUNCATE : MPI_SUCCESS, mine < big ? -1 : MPI_ERR_TRUNCATE,
           (size_t)mine);
}

/* The last rank sends big, everyone expects small: everyone receives its block. */
static void case_allgather(int big, int small, int root)
{
    int mine = rank == size - 1 ? big : small;

    (void)root;
    fill(sendbuf, (size_t)big, calls);
    recv_ready();
    expect(MPI_Allgather(sendbuf, mine, MPI_INT, recvbuf, small, MPI_INT, W), MPI_ERR_TRUNCATE, -1,
           (size_t)size * (size_t)small);
}

/*
 * The last rank sends big and only rank 0's recvcounts say small for it:
 * rank 0 gets MPI_ERR_TRUNCATE. The others receive what they describe: in
 * the node channel that is MPI_SUCCESS; over messages a rank that forwards
 * after rank 0 may pass the truncation on (either class).
 */
static void case_allgatherv(int big, int small, int root)
{
    int *counts = malloc((size_t)size * sizeof(int)), *displs = malloc((size_t)size * sizeof(int));
    int in_channel = getenv("VMPL_COLL_ALLGATHER") && !strcmp(getenv("VMPL_COLL_ALLGATHER"), "shm");
    size_t total = 0;

    (void)root;
    for (int r = 0; r < size; r++) {
        counts[r] = r == size - 1 ? (rank == 0 ? small : big) : small;
        displs[r] = (int)total;
        total += (size_t)counts[r];
    }
    fill(sendbuf, (size_t)big, calls);
    recv_ready();
    expect(MPI_Allgatherv(sendbuf, rank == size - 1 ? big : small, MPI_INT, recvbuf, counts,
                          displs, MPI_INT, W),
           rank == 0 ? MPI_ERR_TRUNCATE : MPI_SUCCESS,
           rank == 0 || in_channel ? -1 : MPI_ERR_TRUNCATE, total);
    free(counts);
    free(displs);
}

/* The last rank sends big to each, everyone expects small: everyone receives one. */
static void case_alltoall(int big, int small, int root)
{
    int mine = rank == size - 1 ? big : small;

    (void)root;
    fill(sendbuf, (size_t)size * (size_t)big, calls);
    recv_ready();
    expect(MPI_Alltoall(sendbuf, mine, MPI_INT, recvbuf, small, MPI_INT, W), MPI_ERR_TRUNCATE, -1,
           (size_t)size * (size_t)small);
}

static const struct {
    const char *name;
    void (*run)(int big, int small, int root);
} cases[] = {
    {"bcast", case_bcast},         {"bcast_all", case_bcast_all}, {"gather", case_gather},
    {"scatter", case_scatter},
    {"reduce", case_reduce},       {"allreduce", case_allreduce}, {"allgather", case_allgather},
    {"allgatherv", case_allgatherv}, {"alltoall", case_alltoall},
};

int main(int argc, char **argv)
{
    int biggest = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(W, &rank);
    MPI_Comm_size(W, &size);
    MPI_Comm_set_errhandler(W, MPI_ERRORS_RETURN);
    for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++)
        if (pairs[i].big > biggest)
            biggest = pairs[i].big;
    room_ints = (size_t)size * (size_t)biggest + GUARD / sizeof(int);
    sendbuf = malloc(room_ints * sizeof(int));
    recvbuf = malloc(room_ints * sizeof(int));
    for (size_t k = 0; k < sizeof(cases) / sizeof(cases[0]); k++) {
        if (argc > 1 && strcmp(argv[1], cases[k].name)) /* one case: to debug */
            continue;
        case_name = cases[k].name;
        for (size_t i = 0; i < sizeof(pairs) / sizeof(pairs[0]); i++, calls++) {
            case_big = pairs[i].big;
            case_small = pairs[i].small;
            cases[k].run(case_big, case_small, calls % size);
            check_next_calls(case_big);
        }
    }
    free(sendbuf);
    free(recvbuf);
    int total_failures = check_report("mpi_coll_mismatch");
    MPI_Finalize();
    return failures || total_failures ? 1 : 0;
}
