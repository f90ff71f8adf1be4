/*
 * Point-to-point benchmarks (OSU-style). A plain MPI program: it builds
 * against vmpl and against any other MPI, so one source measures every
 * library in the same run (bench/compare-p2p.sh).
 *
 * usage: pingpong [--mode latency|bw|posted|pairwise] [--sizes 0,8,4K,4M,...]
 *                 [--target-ms N] [--label NAME] [--window N] [--posted N,...]
 *
 *   latency   (default) ping-pong between ranks 0 and 1: half round trip
 *             per message size; sizes default to 0 B .. 4 MiB.
 *   bw        windowed bandwidth from rank 0 to rank 1: rank 0 starts
 *             --window (default 64) MPI_Isend, rank 1 as many MPI_Irecv,
 *             both wait for all of them, then rank 1 sends a 4-byte ack.
 *             MB/s is 1e6 bytes per second; sizes default to 0 B .. 4 MiB.
 *   posted    the latency ping-pong while ranks 0 and 1 each hold N receives
 *             from the other already posted, on the same communicator, under
 *             a tag that is never sent: every ping-pong message is matched
 *             past all of them. Afterwards the N receives are cancelled and
 *             each must report MPI_Test_cancelled true. --posted takes a list
 *             (default 0); sizes default to 8 B.
 *   pairwise  rank r pairs with rank r^1 (needs an even number of ranks);
 *             all pairs ping-pong at the same time and each pair's even rank
 *             times its own half round trip; rank 0 reports the mean, min
 *             and max over the pairs. Sizes default to 8 B.
 *
 * Every measurement is a short probe run (warm-up and calibration) and then
 * a run of as many iterations as take about --target-ms (default 200); all
 * ranks use the iteration count of the slowest rank's probe.
 *
 * Output: CSV on rank 0's stdout, a header line, then one row per measurement:
 *   latency   label,bytes,iterations,usec_half_rtt,mb_per_s
 *   bw        label,bytes,window,iterations,mb_per_s
 *   posted    label,posted,bytes,iterations,usec_half_rtt
 *   pairwise  label,ranks,bytes,iterations,usec_half_rtt_mean,usec_half_rtt_min,
 *             usec_half_rtt_max
 * Exit status: 2 for bad arguments or an unsuitable number of ranks, 1 when
 * a posted receive did not report itself cancelled.
 */
#include <mpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    PING_TAG = 1,
    ACK_TAG = 2,
    NEVER_SENT_TAG = 32000, /* MPI guarantees tags up to 32767 */
    MAX_LIST = 64,
    BW_ACK_BYTES = 4,
};

typedef enum { MODE_LATENCY, MODE_BW, MODE_POSTED, MODE_PAIRWISE } bench_mode_t;

typedef struct {
    bench_mode_t mode;
    long sizes[MAX_LIST];
    int nsizes;
    long posted[MAX_LIST]; /* posted mode: counts of non-matching receives */
    int nposted;
    int window;
    double target_s;
    const char *label;
} options_t;

/* What a timed kernel needs besides the message size and iteration count. */
typedef struct {
    int rank, size;
    int window;
    char *buf;
    MPI_Request *requests; /* window requests (bw mode) */
} bench_t;

typedef double (*kernel_fn)(const bench_t *b, long bytes, long iterations);

static const long default_sizes[] = {0, 8, 64, 512, 4096, 32768, 262144, 1048576, 4194304};

/* ---- options ---- */

/* A comma-separated list of numbers, each with an optional K or M suffix. */
static int parse_list(char *text, long *values, int max)
{
    int n = 0;

    for (char *s = strtok(text, ","); s && n < max; s = strtok(NULL, ",")) {
        int shift = strchr(s, 'K') ? 10 : strchr(s, 'M') ? 20 : 0;
        values[n++] = strtol(s, NULL, 0) << shift;
    }
    return n;
}

static int parse_mode(const char *name, bench_mode_t *mode)
{
    static const char *const names[] = {"latency", "bw", "posted", "pairwise"};

    for (int i = 0; i < 4; i++) {
        if (!strcmp(name, names[i])) {
            *mode = (bench_mode_t)i;
            return 0;
        }
    }
    return -1;
}

/* 0, or -1 with a message on stderr (from rank 0 only). */
static int parse_options(int argc, char **argv, int rank, options_t *opt)
{
    memset(opt, 0, sizeof(*opt));
    opt->mode = MODE_LATENCY;
    opt->window = 64;
    opt->target_s = 200e-3;
    opt->label = "mpi";
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        char *value = i + 1 < argc ? argv[++i] : NULL;
        if (!value) {
            if (rank == 0)
                fprintf(stderr, "pingpong: %s needs a value\n", arg);
            return -1;
        } else if (!strcmp(arg, "--sizes")) {
            opt->nsizes = parse_list(value, opt->sizes, MAX_LIST);
        } else if (!strcmp(arg, "--posted")) {
            opt->nposted = parse_list(value, opt->posted, MAX_LIST);
        } else if (!strcmp(arg, "--target-ms")) {
            opt->target_s = atof(value) / 1e3;
        } else if (!strcmp(arg, "--label")) {
            opt->label = value;
        } else if (!strcmp(arg, "--window")) {
            opt->window = atoi(value);
        } else if (!strcmp(arg, "--mode") && parse_mode(value, &opt->mode) == 0) {
            continue;
        } else {
            if (rank == 0)
                fprintf(stderr, "pingpong: unknown option %s %s\n", arg, value);
            return -1;
        }
    }
    if (opt->window < 1) {
        if (rank == 0)
            fprintf(stderr, "pingpong: --window must be at least 1\n");
        return -1;
    }
    if (!opt->nsizes && (opt->mode == MODE_LATENCY || opt->mode == MODE_BW)) {
        for (size_t i = 0; i < sizeof(default_sizes) / sizeof(default_sizes[0]); i++)
            opt->sizes[opt->nsizes++] = default_sizes[i];
    } else if (!opt->nsizes) {
        opt->sizes[opt->nsizes++] = 8;
    }
    if (!opt->nposted)
        opt->posted[opt->nposted++] = 0;
    return 0;
}

/* 0 when the mode can run on this many ranks, else -1 with a message. */
static int check_ranks(const options_t *opt, int rank, int size)
{
    const char *problem = NULL;

    if (size < 2)
        problem = "needs 2 ranks";
    else if (opt->mode == MODE_PAIRWISE && size % 2)
        problem = "pairwise mode needs an even number of ranks";
    if (problem && rank == 0)
        fprintf(stderr, "pingpong: %s\n", problem);
    return problem ? -1 : 0;
}

/* ---- timed kernels: each returns this rank's seconds ---- */

/* iterations round trips with peer; the initiator sends first. */
static void round_trips(char *buf, long bytes, long iterations, int peer, int initiator)
{
    for (long i = 0; i < iterations; i++) {
        if (initiator) {
            MPI_Send(buf, (int)bytes, MPI_BYTE, peer, PING_TAG, MPI_COMM_WORLD);
            MPI_Recv(buf, (int)bytes, MPI_BYTE, peer, PING_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            MPI_Recv(buf, (int)bytes, MPI_BYTE, peer, PING_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf, (int)bytes, MPI_BYTE, peer, PING_TAG, MPI_COMM_WORLD);
        }
    }
}

/* Ping-pong between ranks 0 and 1; other ranks only join the barrier. */
static double pingpong_kernel(const bench_t *b, long bytes, long iterations)
{
    double start;

    MPI_Barrier(MPI_COMM_WORLD);
    start = MPI_Wtime();
    if (b->rank < 2)
        round_trips(b->buf, bytes, iterations, 1 - b->rank, b->rank == 0);
    return MPI_Wtime() - start;
}

/* Every rank ping-pongs with rank ^ 1 at the same time; even ranks start. */
static double pairwise_kernel(const bench_t *b, long bytes, long iterations)
{
    double start;

    MPI_Barrier(MPI_COMM_WORLD);
    start = MPI_Wtime();
    round_trips(b->buf, bytes, iterations, b->rank ^ 1, b->rank % 2 == 0);
    return MPI_Wtime() - start;
}

/*
 * iterations windows from rank 0 to rank 1, each closed by an ack. As in
 * the OSU benchmark, all sends of a window read the same buffer and all
 * receives write the same buffer, so the window does not multiply the
 * memory touched.
 */
static double bandwidth_kernel(const bench_t *b, long bytes, long iterations)
{
    char ack[BW_ACK_BYTES] = {0};
    double start;

    MPI_Barrier(MPI_COMM_WORLD);
    start = MPI_Wtime();
    for (long i = 0; i < iterations && b->rank < 2; i++) {
        if (b->rank == 0) {
            for (int w = 0; w < b->window; w++)
                MPI_Isend(b->buf, (int)bytes, MPI_BYTE, 1, PING_TAG, MPI_COMM_WORLD,
                          &b->requests[w]);
            MPI_Waitall(b->window, b->requests, MPI_STATUSES_IGNORE);
            MPI_Recv(ack, BW_ACK_BYTES, MPI_BYTE, 1, ACK_TAG, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else {
            for (int w = 0; w < b->window; w++)
                MPI_Irecv(b->buf, (int)bytes, MPI_BYTE, 0, PING_TAG, MPI_COMM_WORLD,
                          &b->requests[w]);
            MPI_Waitall(b->window, b->requests, MPI_STATUSES_IGNORE);
            MPI_Send(ack, BW_ACK_BYTES, MPI_BYTE, 0, ACK_TAG, MPI_COMM_WORLD);
        }
    }
    return MPI_Wtime() - start;
}

/*
 * Runs kernel with `probe` iterations (warm-up and calibration), then with
 * as many as take about target_s by the slowest rank's probe, clamped to
 * [probe, max_iterations]. Returns this rank's seconds of the second run.
 */
static double calibrated_run(kernel_fn kernel, const bench_t *b, long bytes, double target_s,
                             long probe, long max_iterations, long *iterations)
{
    double t = kernel(b, bytes, probe);
    long n;

    MPI_Allreduce(MPI_IN_PLACE, &t, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    n = (long)(target_s / (t / probe + 1e-9));
    n = n < probe ? probe : n > max_iterations ? max_iterations : n;
    *iterations = n;
    return kernel(b, bytes, n);
}

/* ---- modes ---- */

static void run_latency(const options_t *opt, const bench_t *b)
{
    if (b->rank == 0)
        printf("label,bytes,iterations,usec_half_rtt,mb_per_s\n");
    for (int i = 0; i < opt->nsizes; i++) {
        long bytes = opt->sizes[i], iterations;
        double t =
            calibrated_run(pingpong_kernel, b, bytes, opt->target_s, 10, 1000000, &iterations);
        if (b->rank == 0) {
            double half = t / iterations / 2;
            printf("%s,%ld,%ld,%.3f,%.1f\n", opt->label, bytes, iterations, half * 1e6,
                   bytes ? bytes / half / 1e6 : 0.0);
            fflush(stdout);
        }
    }
}

static void run_bandwidth(const options_t *opt, const bench_t *b)
{
    if (b->rank == 0)
        printf("label,bytes,window,iterations,mb_per_s\n");
    for (int i = 0; i < opt->nsizes; i++) {
        long bytes = opt->sizes[i], iterations;
        double t =
            calibrated_run(bandwidth_kernel, b, bytes, opt->target_s, 2, 100000, &iterations);
        if (b->rank == 0) {
            printf("%s,%ld,%d,%ld,%.1f\n", opt->label, bytes, b->window, iterations,
                   (double)bytes * b->window * iterations / t / 1e6);
            fflush(stdout);
        }
    }
}

/* Posts count receives from peer under a tag nobody sends; NULL if count is 0. */
static MPI_Request *post_non_matching(int peer, long count, char *sink)
{
    MPI_Request *requests = count ? malloc((size_t)count * sizeof(*requests)) : NULL;

    if (count && !requests) {
        fprintf(stderr, "pingpong: out of memory for %ld requests\n", count);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    for (long i = 0; i < count; i++)
        MPI_Irecv(sink, 1, MPI_BYTE, peer, NEVER_SENT_TAG, MPI_COMM_WORLD, &requests[i]);
    return requests;
}

/* Cancels and completes the receives; returns how many were not cancelled. */
static long cancel_non_matching(MPI_Request *requests, long count, int rank)
{
    long not_cancelled = 0;

    for (long i = 0; i < count; i++) {
        MPI_Status status;
        int cancelled = 0;
        MPI_Cancel(&requests[i]);
        MPI_Wait(&requests[i], &status);
        MPI_Test_cancelled(&status, &cancelled);
        not_cancelled += !cancelled;
    }
    if (not_cancelled)
        fprintf(stderr, "pingpong: rank %d: %ld of %ld posted receives not cancelled\n", rank,
                not_cancelled, count);
    free(requests);
    return not_cancelled;
}

/* Returns the number of posted receives on this rank that were not cancelled. */
static long run_posted(const options_t *opt, const bench_t *b)
{
    long not_cancelled = 0;
    char sink[1];

    if (b->rank == 0)
        printf("label,posted,bytes,iterations,usec_half_rtt\n");
    for (int p = 0; p < opt->nposted; p++) {
        long count = b->rank < 2 ? opt->posted[p] : 0;
        MPI_Request *requests = post_non_matching(1 - b->rank, count, sink);
        for (int i = 0; i < opt->nsizes; i++) {
            long bytes = opt->sizes[i], iterations;
            double t =
                calibrated_run(pingpong_kernel, b, bytes, opt->target_s, 10, 1000000, &iterations);
            if (b->rank == 0) {
                printf("%s,%ld,%ld,%ld,%.3f\n", opt->label, opt->posted[p], bytes, iterations,
                       t / iterations / 2 * 1e6);
                fflush(stdout);
            }
        }
        not_cancelled += cancel_non_matching(requests, count, b->rank);
    }
    return not_cancelled;
}

static void run_pairwise(const options_t *opt, const bench_t *b)
{
    double *halves = b->rank == 0 ? malloc((size_t)b->size * sizeof(*halves)) : NULL;

    if (b->rank == 0)
        printf("label,ranks,bytes,iterations,usec_half_rtt_mean,usec_half_rtt_min,"
               "usec_half_rtt_max\n");
    for (int i = 0; i < opt->nsizes; i++) {
        long bytes = opt->sizes[i], iterations;
        double t =
            calibrated_run(pairwise_kernel, b, bytes, opt->target_s, 10, 1000000, &iterations);
        double half = t / iterations / 2;
        MPI_Gather(&half, 1, MPI_DOUBLE, halves, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        if (b->rank == 0) {
            double sum = 0, min = halves[0], max = halves[0];
            for (int r = 0; r < b->size; r += 2) { /* the even rank of each pair timed it */
                sum += halves[r];
                min = halves[r] < min ? halves[r] : min;
                max = halves[r] > max ? halves[r] : max;
            }
            printf("%s,%d,%ld,%ld,%.3f,%.3f,%.3f\n", opt->label, b->size, bytes, iterations,
                   sum / (b->size / 2) * 1e6, min * 1e6, max * 1e6);
            fflush(stdout);
        }
    }
    free(halves);
}

int main(int argc, char **argv)
{
    options_t opt;
    bench_t b = {0};
    long largest = 1, not_cancelled = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &b.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &b.size);
    if (parse_options(argc, argv, b.rank, &opt) != 0 || check_ranks(&opt, b.rank, b.size) != 0) {
        MPI_Finalize();
        return 2;
    }
    for (int i = 0; i < opt.nsizes; i++)
        largest = opt.sizes[i] > largest ? opt.sizes[i] : largest;
    b.window = opt.window;
    b.buf = malloc((size_t)largest);
    b.requests = malloc((size_t)opt.window * sizeof(*b.requests));
    if (!b.buf || !b.requests) {
        fprintf(stderr, "pingpong: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    memset(b.buf, 1, (size_t)largest);
    switch (opt.mode) {
    case MODE_LATENCY: run_latency(&opt, &b); break;
    case MODE_BW: run_bandwidth(&opt, &b); break;
    case MODE_POSTED: not_cancelled = run_posted(&opt, &b); break;
    case MODE_PAIRWISE: run_pairwise(&opt, &b); break;
    }
    free(b.requests);
    free(b.buf);
    MPI_Finalize();
    return not_cancelled ? 1 : 0;
}
