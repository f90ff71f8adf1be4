/*
 * Contiguous copies of the pack walker (dt_copy_exact, pack/pack.h): the
 * C library's memcpy, except where it is slow by the copy's placement.
 *
 * glibc 2.36 copies 2 KiB .. 1 MiB by REP MOVSB on CPUs with ERMS (its
 * vector moves below 2 KiB check the placement themselves). On Zen 4, REP
 * MOVSB slows down when the destination lies less than a few lines past
 * the source modulo 4096: the copy then loads from page offsets it has
 * just stored to, and the loads wait on stores they only seem to overlap.
 * A throwaway program copying into a page-aligned buffer, GB/s by that
 * distance, memcpy / the same copy last bytes first (avx2-backward, kernels/program.h):
 *
 *   bytes     8           16-24         40-248        0, 32, 64 .., 256 up
 *   2200      3 / 81      31-34 / 81    10-80 / 79-93  84-96 / 86-95
 *   4096      3 / 102     38-42 / 102   96 / 95-101    99-100 / 110
 *   16200     3 / 66-105  43-53 / 64-106  85-94 / 63-112  104-106 / 65-112
 *   32 KiB    2 / 58      29-32 / 58    45-49 / 58     51-52 / 56-58
 *   256 KiB   3 / 48      29-32 / 49-50 36-40 / 50-58  43-50 / 48-57
 *   1048352   3 / 44      41-42 / 44    38-45 / 44-49  41-50 / 45-48
 *
 * From 1 MiB memcpy moves by vectors (and non-temporal stores from its
 * threshold), and no distance slowed it (40-48 GB/s at 1 and 4 MiB). The
 * backward copy in L1 ran at 55-70 or 100-112 GB/s by the process's
 * placement alone (16200 bytes), so below DT_COPY_FAR_MIN only the
 * distances where memcpy collapses go backward.
 * pack_bench face_first (one contiguous face, 56 bytes past the packed
 * buffer's page offset) packed 256 KiB at 33-39 GB/s by memcpy, as Open
 * MPI does, and at 53-57 backward.
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
