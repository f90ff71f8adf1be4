/*
 * The machine's pace beside each measurement (shared by the benchmark
 * programs, built against vmpl and against the peers' mpicc alike, so
 * header-only and plain C).
 *
 * The machines these runs share have slow stretches lasting seconds in
 * which every L1-bound loop of a process runs 15-45 % slower while a
 * dependent add chain keeps within a few percent of its speed (as if
 * another tenant shared the core's load and store ports; the clock does
 * not drop). So the gauge measures throughput, not latency:
 * BENCH_GAUGE_COPIES copies of BENCH_GAUGE_BYTES between two L1-resident
 * buffers by libc's memcpy (through a volatile pointer, so every build,
 * vmpl's or a peer's mpicc, runs the same code), about 3 us, timed after
 * each repetition of a cell. The cell reports the median of those times
 * next to its own median; the compare scripts flag the cells whose gauge
 * ran well above the run's quiet time (compare_reduce.py, set_pace). In a
 * 60 s loop of reduce_local cells (MAX and SUM of float, 64 B to 16 KiB)
 * on such a machine, cell time and gauge correlated at 0.74-0.88.
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

#endif
