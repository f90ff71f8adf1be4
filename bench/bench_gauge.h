/*
 * The machine's pace beside each measurement (shared by the benchmark
 * programs, built against vmpl and against the peers' mpicc alike, so
 * header-only and plain C).
 *
 * The machines these runs share have slow stretches lasting seconds in
 * which every L1-bound loop of a process runs slower while a dependent add
 * chain keeps its speed (as if another tenant shared the core's load and
 * store ports; the clock does not drop; record:
 * docs/perf/bench-methods.md). So the gauge measures throughput, not latency:
 * BENCH_GAUGE_COPIES copies of BENCH_GAUGE_BYTES between two L1-resident
 * buffers by libc's memcpy (through a volatile pointer, so every build,
 * vmpl's or a peer's mpicc, runs the same code), about 3 us, timed after
 * each repetition of a cell. The cell reports the median of those times
 * next to its own median; the compare scripts flag the cells whose gauge
 * ran well above the run's quiet time (compare_reduce.py, set_pace).
 *
 * bench_quiet_rep() brackets each repetition by two gauges and repeats a
 * repetition whose higher gauge ran more than BENCH_QUIET_PACE over the
 * quietest gauge the process has seen, from a budget of retries per cell;
 * of the attempts at one repetition it keeps the one with the lowest gauge.
 * Every implementation's build runs the same rule.
 */
#ifndef VMPL_BENCH_BENCH_GAUGE_H
#define VMPL_BENCH_BENCH_GAUGE_H

#include <stdint.h>
#include <string.h>
#include <time.h>

#define BENCH_GAUGE_BYTES 4096
#define BENCH_GAUGE_COPIES 64

static void *(*volatile bench_gauge_copy)(void *, const void *, size_t) = memcpy;

/* ns of BENCH_GAUGE_COPIES L1-resident copies of BENCH_GAUGE_BYTES (one warm-up copy first). */
static inline double bench_gauge_ns(void)
{
    static _Alignas(64) unsigned char a[BENCH_GAUGE_BYTES], b[BENCH_GAUGE_BYTES];
    struct timespec t0, t1;

    bench_gauge_copy(b, a, sizeof(a));
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < BENCH_GAUGE_COPIES; i++) {
        bench_gauge_copy(i & 1 ? a : b, i & 1 ? b : a, sizeof(a));
        __asm__ volatile("" ::: "memory");
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    return (double)(t1.tv_sec - t0.tv_sec) * 1e9 + (double)(t1.tv_nsec - t0.tv_nsec);
}

/* A repetition is quiet when both its gauges ran within this factor of the best. */
#define BENCH_QUIET_PACE 1.10

static double bench_gauge_best; /* the lowest gauge time this process has seen, ns */
static double bench_quiet_pace = BENCH_QUIET_PACE; /* a variable for the tests */

/* bench_gauge_ns(), kept in bench_gauge_best when it is the lowest yet. */
static inline double bench_gauge_sample(void)
{
    double g = bench_gauge_ns();

    if (bench_gauge_best == 0 || g < bench_gauge_best)
        bench_gauge_best = g;
    return g;
}

/* Samples the gauge for about ms milliseconds: a best time before the first cell. */
static inline void bench_gauge_settle(double ms)
{
    struct timespec t0, t;

    clock_gettime(CLOCK_MONOTONIC, &t0);
    do {
        bench_gauge_sample();
        clock_gettime(CLOCK_MONOTONIC, &t);
    } while ((double)(t.tv_sec - t0.tv_sec) * 1e3 + (double)(t.tv_nsec - t0.tv_nsec) / 1e6 < ms);
}

/* 1: a gauge time within bench_quiet_pace of the best this process has seen. */
static inline int bench_gauge_quiet(double g)
{
    return g <= bench_quiet_pace * bench_gauge_best;
}

/*
 * Closes a timed attempt whose gauge before it took g0: gauges again and
 * sets *gauge_ns to the higher of the two. 1: the attempt stands (quiet,
 * or *spare is spent); 0: take it again, one of *spare spent.
 */
static inline int bench_attempt_stands(double g0, int *spare, double *gauge_ns)
{
    double g1 = bench_gauge_sample();

    *gauge_ns = g0 > g1 ? g0 : g1;
    if (bench_gauge_quiet(*gauge_ns) || *spare <= 0)
        return 1;
    --*spare;
    return 0;
}

/* Times one repetition of a cell (ns per call). */
typedef double (*bench_rep_fn_t)(void *arg);

/*
 * One repetition in a quiet stretch: rep(arg) between two gauges, again
 * while bench_attempt_stands says so. Returns the time of the attempt with
 * the lowest gauge; *gauge_ns that gauge.
 */
static inline double bench_quiet_rep(bench_rep_fn_t rep, void *arg, int *spare, double *gauge_ns)
{
    double kept_ns = 0, kept_gauge = 0;

    for (;;) {
        double g0 = bench_gauge_sample(), ns = rep(arg), g;
        int stands = bench_attempt_stands(g0, spare, &g);

        if (kept_gauge == 0 || g < kept_gauge) {
            kept_gauge = g;
            kept_ns = ns;
        }
        if (stands)
            break;
    }
    *gauge_ns = kept_gauge;
    return kept_ns;
}

#endif
