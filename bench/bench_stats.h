/*
 * The median the benchmark programs report (shared by builds against vmpl
 * and against the peers' mpicc alike, so header-only and plain C).
 */
#ifndef VMPL_BENCH_BENCH_STATS_H
#define VMPL_BENCH_BENCH_STATS_H

#include <stdlib.h>

static int bench_cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

/* The median of v[0..n-1] (n >= 1), mean of the middle two for even n; sorts v. */
static inline double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof(v[0]), bench_cmp_double);
    return (n & 1) ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

#endif
