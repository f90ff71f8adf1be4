/*
 * Strided-copy kernel throughput (src/dt/kernels/kernel.h): GB/s of packed
 * bytes for every usable kernel that applies to a few shapes, pack and
 * unpack, at 64 KiB and 1 MiB of packed data, hot cache, next to memcpy of
 * the same packed bytes. Median of repeats (the machine is shared). The
 * last column marks the kernels dt_kernel_select() chose: P for pack, U
 * for unpack. The "8-byte stream" shape (8-byte blocks back to back) times
 * one 8-byte store per block with no gap between them: an unpack of 8-byte
 * blocks that writes no gap byte stores no faster than that, unless by
 * masked stores (VPMASKMOVD, the avx2-shuffle unpack; record:
 * docs/perf/bench-methods.md).
 *
 *   dt_kernels [--reps N]
 */
#include "dt/kernels/kernel.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now_s(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return (x > y) - (x < y);
}

typedef void (*run_fn_t)(const dt_kernel_t *k, char *user, char *packed, size_t blen,
                         ptrdiff_t stride, size_t nblocks);

static void run_pack(const dt_kernel_t *k, char *user, char *packed, size_t blen,
                     ptrdiff_t stride, size_t nblocks)
{
    k->pack(packed, user, stride, blen, nblocks);
}

static void run_unpack(const dt_kernel_t *k, char *user, char *packed, size_t blen,
                       ptrdiff_t stride, size_t nblocks)
{
    k->unpack(user, stride, packed, blen, nblocks);
}

static void run_memcpy(const dt_kernel_t *k, char *user, char *packed, size_t blen,
                       ptrdiff_t stride, size_t nblocks)
{
    (void)k;
    (void)stride;
    memcpy(user, packed, blen * nblocks);
    __asm__ volatile("" ::: "memory");
}

/* Median GB/s of packed bytes over reps timings, each long enough (>= ~200 us). */
static double measure(run_fn_t run, const dt_kernel_t *k, char *user, char *packed, size_t blen,
                      ptrdiff_t stride, size_t nblocks, int reps)
{
    double bytes = (double)blen * (double)nblocks, t[64];
    int inner = (int)(4e6 / bytes) + 1;

    run(k, user, packed, blen, stride, nblocks); /* warm */
    for (int r = 0; r < reps; r++) {
        double t0 = now_s();
        for (int i = 0; i < inner; i++)
            run(k, user, packed, blen, stride, nblocks);
        t[r] = (now_s() - t0) / inner;
    }
    qsort(t, (size_t)reps, sizeof(double), cmp_double);
    return bytes / t[reps / 2] / 1e9;
}

int main(int argc, char **argv)
{
    static const struct {
        size_t blen;
        ptrdiff_t stride;
        const char *what;
    } shapes[] = {
        {8, 12, "vector(2,3,int)"}, {8, 8, "8-byte stream"},      {8, 128, "double column"},
        {8, 8192, "double column"}, {4, 24, "struct int"},        {3, 24, "struct char[3]"},
        {4096, 8192, "large blocks"},
    };
    static const size_t sizes[] = {64u << 10, 1u << 20};
    const dt_kernel_t *const *all = dt_kernels_all();
    int reps = argc == 3 && !strcmp(argv[1], "--reps") ? atoi(argv[2]) : 11;

    if (reps < 1 || reps > 64)
        reps = 11;
    printf("%-16s %5s %6s %6s  %-22s %9s %9s %7s %7s\n", "shape", "blen", "stride", "KiB",
           "kernel", "pack GB/s", "unpk GB/s", "pack/mc", "unpk/mc");
    for (size_t si = 0; si < sizeof(shapes) / sizeof(shapes[0]); si++)
        for (size_t zi = 0; zi < 2; zi++) {
            size_t blen = shapes[si].blen, nblocks = sizes[zi] / blen;
            ptrdiff_t stride = shapes[si].stride;
            char *user = calloc(nblocks * (size_t)stride + blen, 1);
            char *packed = calloc(nblocks * blen, 1);
            const dt_kernel_t *sel = dt_kernel_select(blen, stride);
            double mc;

            if (!user || !packed)
                return 1;
            memset(user, 1, nblocks * (size_t)stride);
            mc = measure(run_memcpy, NULL, user, packed, blen, stride, nblocks, reps);
            printf("%-16s %5zu %6td %6zu  %-22s %9.2f %9s\n", shapes[si].what, blen, stride,
                   sizes[zi] >> 10, "memcpy", mc, "");
            for (int i = 0; all[i]; i++) {
                const dt_kernel_t *k = all[i];
                double p, u;
                if (!dt_kernel_usable(k) || !k->applies(blen, stride))
                    continue;
                p = measure(run_pack, k, user, packed, blen, stride, nblocks, reps);
                u = measure(run_unpack, k, user, packed, blen, stride, nblocks, reps);
                printf("%-16s %5zu %6td %6zu  %-22s %9.2f %9.2f %7.2f %7.2f  %s%s\n",
                       shapes[si].what, blen, stride, sizes[zi] >> 10, k->name, p, u, p / mc,
                       u / mc, k->pack == sel->pack ? "P" : "",
                       k->unpack == sel->unpack ? "U" : "");
            }
            free(user);
            free(packed);
        }
    return 0;
}
