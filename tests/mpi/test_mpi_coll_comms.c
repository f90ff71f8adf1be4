/*
 * Node channels for communicators other than MPI_COMM_WORLD (coll_shm.h):
 * dups, splits and MPI_Comm_create's run allreduce (one element, in a
 * slot, and in the buffers), bcast, reduce, allgather, alltoall, scan and
 * barrier, checked against closed forms of each member's input (member r
 * holds salt + 7 r + i at index i). Run with VMPL_COLL_<NAME>=shm so every
 * call takes the channel when the communicator has one.
 *
 *   use:        a few communicators of every shape at once, alive together.
 *   many N:     N communicators (dups of the world and splits), up to 40
 *               alive at once (more than VMPL_COLL_SHM_CHANNELS: the rest use
 *               messages), freed in a scrambled order, then N more (reused
 *               entries); first a channel that made 600 uses is freed and
 *               taken again, whose stale stamps must not pass for new ones.
 *
 * Prints "mpi_coll_comms (P ranks, MODE): N passed, M failed" on rank 0.
 */
#include <mpi.h>

#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LONG_COUNT 3000 /* 12 KB of ints: past a slot, into the buffers */
#define ALIVE_MAX 40

static int buf_a[LONG_COUNT * 8], buf_b[LONG_COUNT * 8];

static int input(int salt, int r, int i)
{
    return salt + 7 * r + i;
}

/* Sum of input over members 0..last. */
static int input_sum(int salt, int last, int i)
{
    return (last + 1) * (salt + i) + 7 * last * (last + 1) / 2;
}

static void check_allreduce(MPI_Comm comm, int salt, int count)
{
    int r, p;

    MPI_Comm_rank(comm, &r);
    MPI_Comm_size(comm, &p);
    for (int i = 0; i < count; i++)
        buf_a[i] = input(salt, r, i);
    CHECK(MPI_Allreduce(buf_a, buf_b, count, MPI_INT, MPI_SUM, comm) == MPI_SUCCESS,
          "allreduce %d", count);
    for (int i = 0; i < count; i++)
        if (buf_b[i] != input_sum(salt, p - 1, i)) {
            CHECK(0, "allreduce of %d (salt %d) [%d]: %d, want %d", count, salt, i, buf_b[i],
                  input_sum(salt, p - 1, i));
            return;
        }
    checks++;
}

static void check_movers(MPI_Comm comm, int salt)
{
    int r, p, root, v;

    MPI_Comm_rank(comm, &r);
    MPI_Comm_size(comm, &p);
    root = salt % p;
    v = r == root ? input(salt, root, 0) : -1;
    MPI_Bcast(&v, 1, MPI_INT, root, comm);
    CHECK(v == input(salt, root, 0), "bcast from %d: %d", root, v);
    v = input(salt, r, 0);
    buf_b[0] = -1;
    MPI_Reduce(&v, buf_b, 1, MPI_INT, MPI_SUM, root, comm);
    CHECK(r != root || buf_b[0] == input_sum(salt, p - 1, 0), "reduce to %d: %d", root, buf_b[0]);
    MPI_Allgather(&v, 1, MPI_INT, buf_b, 1, MPI_INT, comm);
    for (int q = 0; q < p; q++)
        CHECK(buf_b[q] == input(salt, q, 0), "allgather [%d]: %d", q, buf_b[q]);
    for (int q = 0; q < p; q++)
        buf_a[q] = input(salt, r, q); /* to member q */
    MPI_Alltoall(buf_a, 1, MPI_INT, buf_b, 1, MPI_INT, comm);
    for (int q = 0; q < p; q++)
        CHECK(buf_b[q] == input(salt, q, r), "alltoall from %d: %d", q, buf_b[q]);
    MPI_Scan(&v, buf_b, 1, MPI_INT, MPI_SUM, comm);
    CHECK(buf_b[0] == input_sum(salt, r, 0), "scan: %d", buf_b[0]);
    CHECK(MPI_Barrier(comm) == MPI_SUCCESS, "barrier");
}

static void check_comm(MPI_Comm comm, int salt)
{
    check_allreduce(comm, salt, 1);
    check_allreduce(comm, salt + 1, 300);
    check_allreduce(comm, salt + 2, LONG_COUNT);
    check_movers(comm, salt + 3);
}

/* The k-th communicator of a run: dups, halves, all ranks reversed, a created odd group. */
static MPI_Comm comm_make(int k)
{
    MPI_Comm comm = MPI_COMM_NULL;

    switch (k % 4) {
    case 0:
        MPI_Comm_dup(MPI_COMM_WORLD, &comm);
        break;
    case 1:
        MPI_Comm_split(MPI_COMM_WORLD, rank % 2, rank, &comm);
        break;
    case 2:
        MPI_Comm_split(MPI_COMM_WORLD, 0, size - rank, &comm);
        break;
    default: {
        MPI_Group world, odd;
        int ranks[64], n = 0;
        for (int r = size - 1; r >= 0; r -= 2)
            ranks[n++] = r;
        MPI_Comm_group(MPI_COMM_WORLD, &world);
        MPI_Group_incl(world, n, ranks, &odd);
        MPI_Comm_create(MPI_COMM_WORLD, odd, &comm);
        MPI_Group_free(&odd);
        MPI_Group_free(&world);
    }
    }
    return comm;
}

static void run_use(void)
{
    MPI_Comm comms[4];

    for (int k = 0; k < 4; k++)
        comms[k] = comm_make(k);
    for (int round = 0; round < 3; round++)
        for (int k = 0; k < 4; k++)
            if (comms[k] != MPI_COMM_NULL)
                check_comm(comms[k], 100 * k + 10 * round);
    check_comm(MPI_COMM_WORLD, 7);
    for (int k = 0; k < 4; k++)
        if (comms[k] != MPI_COMM_NULL)
            MPI_Comm_free(&comms[k]);
}

/* A channel with many uses, freed, and taken again by the next communicator. */
static void run_reuse(void)
{
    MPI_Comm comm;

    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    for (int i = 0; i < 600; i++)
        check_allreduce(comm, 1000 + i, 1);
    MPI_Comm_free(&comm);
    MPI_Comm_dup(MPI_COMM_WORLD, &comm);
    for (int i = 0; i < 20; i++)
        check_allreduce(comm, 5000 + i, 1 + i % 2 * 299);
    check_movers(comm, 9);
    MPI_Comm_free(&comm);
}

/* n communicators, at most ALIVE_MAX alive; each freed after a pseudo-random stay. */
static void run_many(int n, int salt)
{
    MPI_Comm alive[ALIVE_MAX];
    int made = 0;

    for (int i = 0; i < ALIVE_MAX; i++)
        alive[i] = MPI_COMM_NULL;
    while (made < n) {
        int slot = (made * 17 + salt) % ALIVE_MAX;
        if (alive[slot] != MPI_COMM_NULL) {
            check_allreduce(alive[slot], made, 1);
            MPI_Comm_free(&alive[slot]);
        }
        alive[slot] = comm_make(made);
        if (alive[slot] != MPI_COMM_NULL) {
            check_allreduce(alive[slot], salt + made, 1 + made % 3 * 150);
            if (made % 25 == 0)
                check_movers(alive[slot], made);
        }
        made++;
    }
    for (int i = 0; i < ALIVE_MAX; i++)
        if (alive[i] != MPI_COMM_NULL) {
            check_comm(alive[i], i);
            MPI_Comm_free(&alive[i]);
        }
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "use";
    int n = argc > 2 ? atoi(argv[2]) : 1000, all_failures = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (!strcmp(mode, "many")) {
        run_reuse();
        run_many(n / 2, 3);
        run_many(n - n / 2, 11); /* the entries the first half freed, again */
        run_use();
    } else {
        run_use();
    }
    MPI_Reduce(&failures, &all_failures, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
    if (rank == 0)
        printf("mpi_coll_comms (%d ranks, %s): %d passed, %d failed\n", size, mode,
               checks - failures, all_failures);
    MPI_Finalize();
    return failures != 0 || all_failures != 0; /* each rank judges its own checks too */
}
