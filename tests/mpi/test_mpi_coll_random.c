/*
 * Random collectives against an independent reference (coll_random_ref.h).
 *
 *   test_mpi_coll_random SEED|fresh STEPS
 *
 * Every process draws the same sequence of steps from SEED (fresh: rank 0
 * picks one and prints it): a collective, a communicator (world, a dup,
 * the halves by parity, world in reverse order, world without rank 0), a
 * size from 0 B to 4 MiB, a type, an op, a root, in place or not, and for
 * the data movers a layout on each side (contiguous ints, or ints 8 bytes
 * apart). Every result is checked element by element against what the
 * reference says the other processes sent, and every byte the call must
 * not write (gaps, guard bytes) against its fill. Every so often a burst
 * of 300 short collectives to or from one root, with that root late, so
 * that the others run far ahead in the node channel (more than its 256
 * lines). The algorithms are the selection table's, or those that
 * VMPL_COLL_<NAME> forces. Prints "mpi_coll_random (P ranks, seed S):
 * N passed, M failed" on rank 0, from counts sent by point-to-point.
 */
#include "coll_random_ref.h"

#include <mpi.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define GUARD 64          /* bytes checked on either side of every buffer */
#define FILL 0xa5         /* what an unwritten byte holds */
#define MAX_BYTES (4 << 20)
#define BURST 300

static int wrank, wsize, checks, failures, reported;
static uint64_t seed;

static void fail(long step, const char *what, const char *format, ...)
    __attribute__((format(printf, 3, 4)));

static void fail(long step, const char *what, const char *format, ...)
{
    va_list ap;

    failures++;
    if (reported++ >= 10)
        return;
    fprintf(stderr, "rank %d: FAIL seed %llu step %ld %s: ", wrank, (unsigned long long)seed,
            step, what);
    va_start(ap, format);
    vfprintf(stderr, format, ap);
    va_end(ap);
    fputc('\n', stderr);
}

/* The step sequence every process draws alike. */
static uint64_t rng_state;
static uint64_t draw(void)
{
    rng_state += 0x9e3779b97f4a7c15ull;
    return mix64(rng_state);
}
static int draw_below(int n) { return (int)(draw() % (uint64_t)n); }

/* A size in bytes, mostly short: 0 B to 4 MiB. */
static size_t draw_bytes(void)
{
    int band = draw_below(100);
    size_t top = band < 40 ? 64 : band < 70 ? 4096 : band < 90 ? 65536 : band < 98 ? 1 << 20
                                                                                  : MAX_BYTES;
    return (size_t)(draw() % (top + 1));
}

/* ---- communicators ---- */

typedef struct {
    const char *name;
    MPI_Comm comm; /* MPI_COMM_NULL where this process is no member */
    int rank, size;
} tcomm_t;

enum { C_WORLD, C_DUP, C_PARITY, C_REVERSE, C_NOT_ZERO, C_KINDS };
static tcomm_t comms[C_KINDS];

static void comms_create(void)
{
    MPI_Group world_group, rest;
    int zero = 0;

    comms[C_WORLD] = (tcomm_t){"world", MPI_COMM_WORLD, 0, 0};
    comms[C_DUP].name = "dup";
    MPI_Comm_dup(MPI_COMM_WORLD, &comms[C_DUP].comm);
    comms[C_PARITY].name = "parity";
    MPI_Comm_split(MPI_COMM_WORLD, wrank % 2, wrank, &comms[C_PARITY].comm);
    comms[C_REVERSE].name = "reverse";
    MPI_Comm_split(MPI_COMM_WORLD, 0, -wrank, &comms[C_REVERSE].comm);
    comms[C_NOT_ZERO].name = "not_zero";
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Group_excl(world_group, 1, &zero, &rest);
    MPI_Comm_create(MPI_COMM_WORLD, rest, &comms[C_NOT_ZERO].comm);
    MPI_Group_free(&rest);
    MPI_Group_free(&world_group);
    for (int k = 0; k < C_KINDS; k++) {
        tcomm_t *t = &comms[k];
        if (t->comm == MPI_COMM_NULL)
            continue;
        MPI_Comm_rank(t->comm, &t->rank);
        MPI_Comm_size(t->comm, &t->size);
        MPI_Comm_set_errhandler(t->comm, MPI_ERRORS_RETURN);
    }
}

static void comms_free(void)
{
    for (int k = C_DUP; k < C_KINDS; k++)
        if (comms[k].comm != MPI_COMM_NULL)
            MPI_Comm_free(&comms[k].comm);
}

/* ---- buffers with guard bytes ---- */

typedef struct {
    char *base; /* GUARD bytes, then bytes, then GUARD bytes */
    size_t bytes;
} tbuf_t;

static char *tbuf_new(tbuf_t *b, size_t bytes)
{
    b->bytes = bytes;
    b->base = malloc(bytes + 2 * GUARD);
    if (!b->base) {
        fprintf(stderr, "rank %d: out of memory (%zu bytes)\n", wrank, bytes);
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    memset(b->base, FILL, bytes + 2 * GUARD);
    return b->base + GUARD;
}

static int guards_intact(const tbuf_t *b)
{
    for (size_t i = 0; i < GUARD; i++)
        if ((unsigned char)b->base[i] != FILL ||
            (unsigned char)b->base[GUARD + b->bytes + i] != FILL)
            return 0;
    return 1;
}

static void tbuf_check_free(tbuf_t *b, long step, const char *what)
{
    checks++;
    if (!guards_intact(b))
        fail(step, what, "a guard byte around a buffer changed");
    free(b->base);
}

/* ---- data movers: ints, contiguous or 8 bytes apart ---- */

static MPI_Datatype spread_int; /* an int with an extent of 8: the odd 4 bytes are gaps */

typedef struct {
    MPI_Datatype type;
    size_t stride; /* bytes from one int to the next */
} layout_t;

/* The int that `from` sends as element i of its block for `to` in a step. */
static int32_t mover_value(uint64_t key, int from, int to, size_t i)
{
    return (int32_t)ref_raw(key, from, ((uint64_t)(uint32_t)to << 36) ^ i);
}

static void put_ints(char *at, layout_t l, size_t n, uint64_t key, int from, int to)
{
    for (size_t i = 0; i < n; i++) {
        int32_t v = mover_value(key, from, to, i);
        memcpy(at + i * l.stride, &v, 4);
    }
}

/* Whether n ints at `at` are what `from` sent to `to`, the gaps still FILL. */
static int ints_match(const char *at, layout_t l, size_t n, uint64_t key, int from, int to)
{
    for (size_t i = 0; i < n; i++) {
        int32_t v = mover_value(key, from, to, i), got;
        memcpy(&got, at + i * l.stride, 4);
        if (got != v)
            return 0;
        for (size_t g = 4; g < l.stride; g++)
            if ((unsigned char)at[i * l.stride + g] != FILL)
                return 0;
    }
    return 1;
}

static int all_fill(const char *at, size_t bytes)
{
    for (size_t i = 0; i < bytes; i++)
        if ((unsigned char)at[i] != FILL)
            return 0;
    return 1;
}

#include "coll_random_movers.h"
#include "coll_random_reductions.h"

/* ---- the driver ---- */

typedef void (*step_fn_t)(const tcomm_t *t, uint64_t key, long step);

static const struct {
    const char *name;
    step_fn_t run;
} kinds[] = {
    {"barrier", step_barrier},       {"bcast", step_bcast},
    {"gather", step_gather},         {"gatherv", step_gatherv},
    {"scatter", step_scatter},       {"scatterv", step_scatterv},
    {"allgather", step_allgather},   {"allgatherv", step_allgatherv},
    {"alltoall", step_alltoall},     {"alltoallv", step_alltoallv},
    {"reduce", step_reduce},         {"allreduce", step_allreduce},
    {"reduce_scatter", step_reduce_scatter}, {"reduce_scatter_block", step_reduce_scatter_block},
    {"scan", step_scan},             {"exscan", step_exscan},
};
#define NKINDS ((int)(sizeof(kinds) / sizeof(kinds[0])))

static uint64_t fresh_seed(void)
{
    uint64_t s = 0;
    MPI_Status st;

    if (wrank == 0) {
        FILE *f = fopen("/dev/urandom", "rb");
        if (!f || fread(&s, sizeof(s), 1, f) != 1)
            s = (uint64_t)time(NULL) * 2654435761u ^ (uint64_t)getpid();
        if (f)
            fclose(f);
        s %= 1000000000ull;
        for (int r = 1; r < wsize; r++)
            MPI_Send(&s, 1, MPI_UINT64_T, r, 7, MPI_COMM_WORLD);
    } else {
        MPI_Recv(&s, 1, MPI_UINT64_T, 0, 7, MPI_COMM_WORLD, &st);
    }
    return s;
}

/* Rank 0's tally of every process's counts, by point-to-point only. */
static void report(long steps, int fresh)
{
    int mine[2] = {checks, failures}, all[2] = {checks, failures}, theirs[2];

    if (wrank) {
        MPI_Send(mine, 2, MPI_INT, 0, 8, MPI_COMM_WORLD);
        return;
    }
    for (int r = 1; r < wsize; r++) {
        MPI_Recv(theirs, 2, MPI_INT, r, 8, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        all[0] += theirs[0], all[1] += theirs[1];
    }
    printf("mpi_coll_random (%d ranks, seed %llu%s, %ld steps): %d passed, %d failed\n", wsize,
           (unsigned long long)seed, fresh ? " fresh" : "", steps, all[0] - all[1], all[1]);
}

int main(int argc, char **argv)
{
    long steps = argc > 2 ? atol(argv[2]) : 1000;
    int fresh = argc > 1 && !strcmp(argv[1], "fresh");

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &wrank);
    MPI_Comm_size(MPI_COMM_WORLD, &wsize);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    if (wsize > 64) { /* the v forms' count arrays */
        if (wrank == 0)
            fprintf(stderr, "mpi_coll_random: at most 64 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    seed = fresh ? fresh_seed() : argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    if (fresh && wrank == 0)
        printf("mpi_coll_random: fresh seed %llu (rerun with it as the first argument)\n",
               (unsigned long long)seed);
    rng_state = seed;
    MPI_Type_create_resized(MPI_INT, 0, 8, &spread_int);
    MPI_Type_commit(&spread_int);
    reductions_init();
    comms_create();
    for (long step = 0; step < steps; step++) {
        int kind = draw_below(NKINDS), which = draw_below(C_KINDS);
        uint64_t key = draw();
        const tcomm_t *t = &comms[which];
        if (draw_below(64) == 0) {
            burst(key, step);
            continue;
        }
        if (t->comm != MPI_COMM_NULL)
            kinds[kind].run(t, key, step);
        else
            kinds[kind].run(NULL, key, step); /* draws alike, calls nothing */
    }
    comms_free();
    reductions_fini();
    MPI_Type_free(&spread_int);
    report(steps, fresh);
    MPI_Finalize();
    return 0;
}
