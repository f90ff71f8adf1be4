/*
 * Collective latency (OSU-style). A plain MPI program: it builds against
 * vmpl and against any other MPI, so one source measures every library in
 * the same run (bench/compare-coll.sh).
 *
 * usage: coll_lat [--colls allreduce,reduce,bcast,barrier,allgather,alltoall]
 *                 [--sizes 8,64K,1M,...] [--target-ms MS] [--csv FILE] [--label NAME]
 *                 [--comm world|dup|split]
 *
 *   allreduce  MPI_Allreduce, MPI_FLOAT, MPI_SUM; bytes / 4 floats
 *   reduce     MPI_Reduce, MPI_FLOAT, MPI_SUM, root 0
 *   bcast      MPI_Bcast of bytes MPI_BYTE, root 0
 *   barrier    MPI_Barrier: one row, bytes 0, whatever --sizes says
 *   allgather  MPI_Allgather, bytes per rank (receive buffer bytes * ranks)
 *   alltoall   MPI_Alltoall, bytes per peer (both buffers bytes * ranks)
 *
 * Sizes default to 8 B and the powers of 4 from 16 B to 16 MiB; each must
 * be a multiple of 4 (the reductions are on floats). Every cell first warms
 * up with a doubling number of calls until a run lasts a tenth of
 * --target-ms (default 20), agreed on by the slowest rank; then, after an
 * MPI_Barrier, every rank times as many calls as take about --target-ms
 * (at least 3, at most 100000 and at most 256 MiB / size). The figure is
 * the largest over the ranks of each rank's average per call.
 * After the timed calls of an allreduce or bcast cell, one more call is
 * checked: the allreduce of rank + 1 must be n(n+1)/2 in every float (exact:
 * every partial sum is a small integer), the bcast must deliver root's bytes.
 *
 * --comm names the communicator the collectives run on: MPI_COMM_WORLD
 * (default), a dup of it, or MPI_Comm_split of it with color 0 for every
 * rank and key rank (the same ranks in the same order, a new communicator).
 *
 * Output: CSV on rank 0's stdout (or in --csv FILE), a header line, then
 *   impl,coll,ranks,bytes,iters,usec
 * where impl is --label (default "mpi") and usec the microseconds per call.
 * Exit status: 2 for bad arguments, 1 when a check fails.
 */
#include "../bench_output.h"

#include <mpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    MAX_LIST = 64,
    MIN_ITERATIONS = 3,
    MAX_ITERATIONS = 100000,
};

/* Bounds size x iterations of a cell (256 MiB): a probe that came out too
   fast must not make a large cell run for minutes. */
#define CELL_BYTES_CAP (1L << 28)
#define MAX_SIZE (1L << 30)

/* What a collective call needs besides the message size. */
typedef struct {
    int rank, size;
    MPI_Comm comm; /* what the collectives run on (--comm) */
    float *send; /* rank + 1 in every float: the reductions see normal numbers */
    char *recv;
} bench_t;

typedef struct {
    const char *name;
    void (*call)(const bench_t *b, long bytes);
    /* 0 when the result is right, else -1 with a message on stderr */
    int (*check)(const bench_t *b, long bytes);
    int per_rank; /* the buffers hold bytes for every rank */
    int sized;    /* 0 for barrier: no message, measured once */
} coll_t;

typedef struct {
    int colls[MAX_LIST]; /* indices into collectives[] */
    int ncolls;
    long sizes[MAX_LIST];
    int nsizes;
    double target_s;
    const char *csv;
    const char *label;
    const char *comm; /* world, dup or split */
} options_t;

/* ---- the collectives ---- */

static void allreduce_call(const bench_t *b, long bytes)
{
    MPI_Allreduce(b->send, b->recv, (int)(bytes / 4), MPI_FLOAT, MPI_SUM, b->comm);
}

static void reduce_call(const bench_t *b, long bytes)
{
    MPI_Reduce(b->send, b->recv, (int)(bytes / 4), MPI_FLOAT, MPI_SUM, 0, b->comm);
}

/* Broadcasts recv, not send: send must keep its floats for the reductions. */
static void bcast_call(const bench_t *b, long bytes)
{
    MPI_Bcast(b->recv, (int)bytes, MPI_BYTE, 0, b->comm);
}

static void barrier_call(const bench_t *b, long bytes)
{
    (void)b;
    (void)bytes;
    MPI_Barrier(b->comm);
}

static void allgather_call(const bench_t *b, long bytes)
{
    MPI_Allgather(b->send, (int)bytes, MPI_BYTE, b->recv, (int)bytes, MPI_BYTE, b->comm);
}

static void alltoall_call(const bench_t *b, long bytes)
{
    MPI_Alltoall(b->send, (int)bytes, MPI_BYTE, b->recv, (int)bytes, MPI_BYTE, b->comm);
}

static int allreduce_check(const bench_t *b, long bytes)
{
    const float *got = (const float *)b->recv;
    float want = (float)b->size * (float)(b->size + 1) / 2;

    memset(b->recv, 0, (size_t)bytes);
    allreduce_call(b, bytes);
    for (long i = 0; i < bytes / 4; i++) {
        if (got[i] != want) {
            fprintf(stderr, "coll_lat: rank %d: allreduce of %ld bytes: float %ld is %g, not %g\n",
                    b->rank, bytes, i, got[i], want);
            return -1;
        }
    }
    return 0;
}

/* A period of 251 (prime) does not line up with any power-of-two chunking,
   so a piece delivered to the wrong offset shows. */
static unsigned char bcast_pattern(long i)
{
    return (unsigned char)(i % 251 + 1);
}

static int bcast_check(const bench_t *b, long bytes)
{
    const unsigned char *got = (const unsigned char *)b->recv;

    for (long i = 0; i < bytes; i++)
        b->recv[i] = b->rank == 0 ? (char)bcast_pattern(i) : 0;
    bcast_call(b, bytes);
    for (long i = 0; i < bytes; i++) {
        if (got[i] != bcast_pattern(i)) {
            fprintf(stderr, "coll_lat: rank %d: bcast of %ld bytes: byte %ld is %u, not %u\n",
                    b->rank, bytes, i, got[i], bcast_pattern(i));
            return -1;
        }
    }
    return 0;
}

static const coll_t collectives[] = {
    {"allreduce", allreduce_call, allreduce_check, 0, 1},
    {"reduce", reduce_call, NULL, 0, 1},
    {"bcast", bcast_call, bcast_check, 0, 1},
    {"barrier", barrier_call, NULL, 0, 0},
    {"allgather", allgather_call, NULL, 1, 1},
    {"alltoall", alltoall_call, NULL, 1, 1},
};
#define NCOLLS ((int)(sizeof(collectives) / sizeof(collectives[0])))

/* ---- options ---- */

/* A comma-separated list of numbers, each with an optional K or M suffix. */
static int parse_sizes(char *text, long *values, int max)
{
    int n = 0;

    for (char *s = strtok(text, ","); s && n < max; s = strtok(NULL, ",")) {
        long unit = strchr(s, 'K') ? 1L << 10 : strchr(s, 'M') ? 1L << 20 : 1;
        values[n++] = strtol(s, NULL, 0) * unit;
    }
    return n;
}

/* A comma-separated list of collective names; -1 on an unknown one. */
static int parse_colls(char *text, int *colls, int max)
{
    int n = 0;

    for (char *s = strtok(text, ","); s && n < max; s = strtok(NULL, ",")) {
        int c = 0;
        while (c < NCOLLS && strcmp(s, collectives[c].name))
            c++;
        if (c == NCOLLS)
            return -1;
        colls[n++] = c;
    }
    return n;
}

static void default_options(options_t *opt)
{
    memset(opt, 0, sizeof(*opt));
    opt->target_s = 20e-3;
    opt->label = "mpi";
    opt->comm = "world";
    for (int c = 0; c < NCOLLS; c++)
        opt->colls[opt->ncolls++] = c;
    opt->sizes[opt->nsizes++] = 8;
    for (long s = 16; s <= 16L << 20; s *= 4)
        opt->sizes[opt->nsizes++] = s;
}

/* NULL when the options make sense, else what is wrong with them. */
static const char *check_options(const options_t *opt)
{
    if (opt->ncolls < 1)
        return "--colls: unknown or no collective";
    if (opt->nsizes < 1)
        return "--sizes: no size";
    if (strcmp(opt->comm, "world") && strcmp(opt->comm, "dup") && strcmp(opt->comm, "split"))
        return "--comm: world, dup or split";
    if (!(opt->target_s > 0))
        return "--target-ms must be positive";
    for (int i = 0; i < opt->nsizes; i++) {
        if (opt->sizes[i] < 4 || opt->sizes[i] % 4 || opt->sizes[i] > MAX_SIZE)
            return "--sizes: each must be a multiple of 4 bytes (floats), 4 B .. 1 GiB";
    }
    return NULL;
}

/* 0, or -1 with a message on stderr (from rank 0 only). */
static int parse_options(int argc, char **argv, int rank, options_t *opt)
{
    const char *problem = NULL;

    default_options(opt);
    for (int i = 1; i < argc && !problem; i++) {
        const char *arg = argv[i];
        char *value = i + 1 < argc ? argv[++i] : NULL;
        if (!value)
            problem = "an option needs a value";
        else if (!strcmp(arg, "--colls"))
            opt->ncolls = parse_colls(value, opt->colls, MAX_LIST);
        else if (!strcmp(arg, "--sizes"))
            opt->nsizes = parse_sizes(value, opt->sizes, MAX_LIST);
        else if (!strcmp(arg, "--target-ms"))
            opt->target_s = atof(value) / 1e3;
        else if (!strcmp(arg, "--csv"))
            opt->csv = value;
        else if (!strcmp(arg, "--label"))
            opt->label = value;
        else if (!strcmp(arg, "--comm"))
            opt->comm = value;
        else
            problem = "unknown option";
        if (problem && rank == 0)
            fprintf(stderr, "coll_lat: %s: %s\n", problem, arg);
    }
    if (!problem && (problem = check_options(opt)) && rank == 0)
        fprintf(stderr, "coll_lat: %s\n", problem);
    return problem ? -1 : 0;
}

/* ---- timing ---- */

/* This rank's seconds for iterations calls, started together after a barrier. */
static double timed_calls(const coll_t *c, const bench_t *b, long bytes, long iterations)
{
    double start;

    MPI_Barrier(MPI_COMM_WORLD);
    start = MPI_Wtime();
    for (long i = 0; i < iterations; i++)
        c->call(b, bytes);
    return MPI_Wtime() - start;
}

/* Most iterations of a cell: CELL_BYTES_CAP of data, within the fixed bounds. */
static long iteration_cap(long bytes)
{
    long cap = CELL_BYTES_CAP / (bytes ? bytes : 1);

    return cap < MIN_ITERATIONS ? MIN_ITERATIONS : cap > MAX_ITERATIONS ? MAX_ITERATIONS : cap;
}

/*
 * Warm-up: runs of 1, 2, 4, ... calls until one lasts a tenth of target_s
 * on the slowest rank. Never stops at the first run: it carries the one-off
 * costs (first touch of the buffers, connections), which would make the
 * estimate too high. Returns the slowest rank's seconds per call of the
 * last run.
 */
static double warm_up(const coll_t *c, const bench_t *b, long bytes, double target_s, long cap)
{
    for (long n = 1;; n *= 2) {
        double t = timed_calls(c, b, bytes, n);
        MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        if ((n > 1 && t >= target_s / 10) || n >= cap)
            return t / n;
    }
}

/*
 * One cell: warm-up, then as many calls as take about target_s. Returns
 * on rank 0 the largest of the ranks' average seconds per call (elsewhere
 * this rank's own) and sets *iterations.
 */
static double measure(const coll_t *c, const bench_t *b, long bytes, double target_s,
                      long *iterations)
{
    long cap = iteration_cap(bytes);
    double per_call = warm_up(c, b, bytes, target_s, cap), mine, slowest;
    long n = (long)(target_s / (per_call + 1e-9));

    n = n < MIN_ITERATIONS ? MIN_ITERATIONS : n > cap ? cap : n;
    mine = timed_calls(c, b, bytes, n) / n;
    MPI_Reduce(&mine, &slowest, 1, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    *iterations = n;
    return b->rank == 0 ? slowest : mine;
}

/* 0 when every rank's check passed (or c has none), else -1 on every rank. */
static int checked(const coll_t *c, const bench_t *b, long bytes)
{
    int failed = c->check && c->check(b, bytes) != 0;

    MPI_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    return failed ? -1 : 0;
}

/* Every cell of every collective; 0, or -1 at the first failed check. */
static int run(const options_t *opt, const bench_t *b, FILE *out)
{
    if (out)
        fprintf(out, "impl,coll,ranks,bytes,iters,usec\n");
    for (int i = 0; i < opt->ncolls; i++) {
        const coll_t *c = &collectives[opt->colls[i]];
        for (int s = 0; s < (c->sized ? opt->nsizes : 1); s++) {
            long bytes = c->sized ? opt->sizes[s] : 0, iterations;
            double t = measure(c, b, bytes, opt->target_s, &iterations);
            if (checked(c, b, bytes) != 0)
                return -1;
            if (out) {
                fprintf(out, "%s,%s,%d,%ld,%ld,%.3f\n", opt->label, c->name, b->size, bytes,
                        iterations, t * 1e6);
                fflush(out);
            }
        }
    }
    return 0;
}

/* ---- set-up ---- */

/* Bytes each buffer needs for the selected collectives and sizes. */
static size_t buffer_bytes(const options_t *opt, int nranks)
{
    long largest = 0;

    for (int i = 0; i < opt->ncolls; i++) {
        const coll_t *c = &collectives[opt->colls[i]];
        for (int s = 0; c->sized && s < opt->nsizes; s++) {
            long need = opt->sizes[s] * (c->per_rank ? nranks : 1);
            largest = need > largest ? need : largest;
        }
    }
    return (size_t)(largest ? largest : 4);
}

/* Allocates and fills the buffers (touching every page before the timing). */
static int setup(bench_t *b, size_t bytes)
{
    b->send = malloc(bytes);
    b->recv = malloc(bytes);
    if (!b->send || !b->recv)
        return -1;
    for (size_t i = 0; i < bytes / sizeof(float); i++)
        b->send[i] = (float)(b->rank + 1);
    memset(b->recv, 0, bytes);
    return 0;
}

int main(int argc, char **argv)
{
    options_t opt;
    bench_t b = {0};
    FILE *out;
    int status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &b.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &b.size);
    if (parse_options(argc, argv, b.rank, &opt) != 0) {
        MPI_Finalize();
        return 2;
    }
    b.comm = MPI_COMM_WORLD;
    if (!strcmp(opt.comm, "dup"))
        MPI_Comm_dup(MPI_COMM_WORLD, &b.comm);
    else if (!strcmp(opt.comm, "split"))
        MPI_Comm_split(MPI_COMM_WORLD, 0, b.rank, &b.comm);
    if (setup(&b, buffer_bytes(&opt, b.size)) != 0) {
        fprintf(stderr, "coll_lat: rank %d: out of memory\n", b.rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    out = bench_open_output(opt.csv, b.rank);
    if (b.rank == 0 && !out)
        MPI_Abort(MPI_COMM_WORLD, 2);
    status = run(&opt, &b, out) == 0 ? 0 : 1;
    if (out && out != stdout)
        fclose(out);
    free(b.send);
    free(b.recv);
    if (b.comm != MPI_COMM_WORLD)
        MPI_Comm_free(&b.comm);
    MPI_Finalize();
    return status;
}
