/*
 * Contiguous copies of the pack walker (dt_copy_exact, pack/pack.h): the
 * C library's memcpy, except where it is slow by the copy's placement.
 *
 * glibc 2.36 copies 2 KiB .. 1 MiB by REP MOVSB on CPUs with ERMS (its
 * vector moves below 2 KiB check the placement themselves). REP MOVSB
 * slows down when the destination lies less than a few lines past the
 * source modulo 4096: the copy then loads from page offsets it has just
 * stored to, and the loads wait on stores they only seem to overlap. Such
 * copies go last bytes first (avx2-backward, kernels/program.h). From
 * 1 MiB memcpy moves by vectors and no distance slowed it. The backward
 * copy's own speed in L1 varies with the process's placement, so below
 * DT_COPY_FAR_MIN only the distances where memcpy collapses go backward
 * (record: docs/perf/dt-copy.md).
 */
#include "dt/pack/pack.h"

#define DT_COPY_BACKWARD_MIN 2048
#define DT_COPY_BACKWARD_MAX ((size_t)1 << 20)
#define DT_COPY_FAR_MIN ((size_t)32 << 10)
#define DT_COPY_NEAR_WINDOW 32
#define DT_COPY_FAR_WINDOW 256

/*
 * Whether n bytes to d from s go backward: the distance modulo 4096 is in
 * the window and not a multiple of 32 (where REP MOVSB keeps its speed).
 */
static int backward_placement(char *d, const char *s, size_t n)
{
    size_t ahead = ((uintptr_t)d - (uintptr_t)s) & 4095;
    size_t window = n >= DT_COPY_FAR_MIN ? DT_COPY_FAR_WINDOW : DT_COPY_NEAR_WINDOW;

    return n >= DT_COPY_BACKWARD_MIN && n < DT_COPY_BACKWARD_MAX && ahead < window &&
           ahead % 32;
}

void dt_copy(char *restrict d, const char *restrict s, size_t n)
{
    if (backward_placement(d, s, n)) {
        const dt_kernel_t *backward = dt_copy_backward_path(); /* chosen once, or NULL */
        if (backward) {
            backward->pack(d, s, 0, n, 1);
            return;
        }
    }
    memcpy(d, s, n);
}
