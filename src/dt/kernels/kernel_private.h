/* Kernel tables of the compiled targets, for selection (kernels/select.c). */
#ifndef VMPL_DT_DT_KERNEL_PRIVATE_H
#define VMPL_DT_DT_KERNEL_PRIVATE_H

#include "dt/kernels/group.h"
#include "dt/kernels/kernel.h"

/*
 * For functions whose wide loads may read past a block on the same page
 * (never faulting, never used): AddressSanitizer would report those bytes,
 * so it does not instrument these functions, as for the C library's string
 * functions.
 */
#define DT_PAGE_BOUNDED_READS __attribute__((no_sanitize("address")))

/* Whether width bytes from src stay on the page of the block's last byte. */
#define DT_WIDE_READ_SAFE(src, len, width)                                                    \
    ((((uintptr_t)(src) + (uintptr_t)(len)-1) ^ ((uintptr_t)(src) + (width)-1)) < 4096)

/*
 * n in [1, 32] bytes by at most two overlapping constant-size moves (no
 * libc call: kernels and the freestanding harness use it too).
 */
static inline void dt_move_small(char *d, const char *s, size_t n)
{
    if (n >= 16) {
        __builtin_memcpy(d, s, 16);
        __builtin_memcpy(d + n - 16, s + n - 16, 16);
    } else if (n >= 8) {
        __builtin_memcpy(d, s, 8);
        __builtin_memcpy(d + n - 8, s + n - 8, 8);
    } else if (n >= 4) {
        __builtin_memcpy(d, s, 4);
        __builtin_memcpy(d + n - 4, s + n - 4, 4);
    } else if (n >= 2) {
        __builtin_memcpy(d, s, 2);
        __builtin_memcpy(d + n - 2, s + n - 2, 2);
    } else {
        *d = *s;
    }
}

/*
 * Blocks at least DT_PAGE_APART bytes apart (either side) are each on a
 * page of their own. Up to DT_PAGE_APART_BLOCKS of them, the kernels move
 * them one per iteration: four an iteration start four TLB misses at once,
 * which slowed the stores. With more blocks their page-table lines outgrow
 * L2 and the walks in flight win (record: docs/perf/dt-strided-kernels.md).
 */
#define DT_PAGE_APART 4096
#define DT_PAGE_APART_BLOCKS 32768
static inline int dt_blocks_page_apart(ptrdiff_t d_step, ptrdiff_t s_step, size_t nblocks)
{
    return nblocks <= DT_PAGE_APART_BLOCKS &&
           (d_step >= DT_PAGE_APART || d_step <= -DT_PAGE_APART || s_step >= DT_PAGE_APART ||
            s_step <= -DT_PAGE_APART);
}

/*
 * Blocks one or two lines apart (64-128 bytes) over more than
 * DT_SPARSE_SPAN bytes of user memory: the moves prefetch the strided
 * side DT_SPARSE_AHEAD bytes ahead, hinted for writing where they store
 * there (the generic kernels, built without PREFETCHW, get PREFETCHT0
 * either way: those are the builds measured).
 * A page holds only 32-64 such blocks and the hardware prefetchers stop
 * at its end; past the L2 TLB's reach each new page waited for its walk.
 * Smaller spans gained nothing; wider strides lost. x86-64 only: measured
 * there (record: docs/perf/dt-strided-kernels.md).
 */
#define DT_SPARSE_AHEAD 8192
#define DT_SPARSE_SPAN ((uint64_t)8 << 20)
static inline int dt_sparse_prefetch(ptrdiff_t step, size_t nblocks)
{
#if defined(__x86_64__)
    const uint64_t dist = (uint64_t)(step < 0 ? -step : step);

    return dist >= 64 && dist <= 128 && (uint64_t)nblocks * dist > DT_SPARSE_SPAN;
#else
    (void)step, (void)nblocks;
    return 0;
#endif
}

/* The prefetches for four blocks, ahead blocks past p (dt_sparse_prefetch). */
#define DT_SPARSE_PREFETCH(p, step, ahead, rw)                                                \
    do {                                                                                      \
        __builtin_prefetch((p) + (ahead) * (step), rw, 3);                                    \
        __builtin_prefetch((p) + ((ahead) + 1) * (step), rw, 3);                              \
        __builtin_prefetch((p) + ((ahead) + 2) * (step), rw, 3);                              \
        __builtin_prefetch((p) + ((ahead) + 3) * (step), rw, 3);                              \
    } while (0)

static inline __attribute__((always_inline)) void dt_four_moves(char *restrict d,
                                                                const char *restrict s,
                                                                ptrdiff_t d_step,
                                                                ptrdiff_t s_step, const size_t n)
{
    __builtin_memcpy(d, s, n);
    __builtin_memcpy(d + d_step, s + s_step, n);
    __builtin_memcpy(d + 2 * d_step, s + 2 * s_step, n);
    __builtin_memcpy(d + 3 * d_step, s + 3 * s_step, n);
}

/*
 * The four-block steps of dt_fixed_moves over nblocks, each with the
 * prefetches of dt_sparse_prefetch on the side that strides: the
 * destination (for writing) when unpack, else the source. Stops where the
 * prefetches would pass the last block; returns the blocks moved.
 */
static inline __attribute__((always_inline)) size_t
dt_sparse_steps(char *restrict d, const char *restrict s, ptrdiff_t d_step, ptrdiff_t s_step,
                size_t nblocks, const size_t n, const int unpack)
{
    const ptrdiff_t step = unpack ? d_step : s_step;
    const size_t ahead = DT_SPARSE_AHEAD / (size_t)(step < 0 ? -step : step);
    size_t i = 0;

    for (; i + 4 + ahead <= nblocks; i += 4, d += 4 * d_step, s += 4 * s_step) {
        if (unpack)
            DT_SPARSE_PREFETCH(d, d_step, (ptrdiff_t)ahead, 1);
        else
            DT_SPARSE_PREFETCH(s, s_step, (ptrdiff_t)ahead, 0);
        dt_four_moves(d, s, d_step, s_step, n);
    }
    return i;
}

/*
 * nblocks moves of n bytes (a constant where it matters), block i from
 * s + i * s_step to d + i * d_step, four blocks an iteration (one where
 * dt_blocks_page_apart), with the prefetch of dt_sparse_prefetch.
 */
static inline __attribute__((always_inline)) void dt_fixed_moves(char *restrict d,
                                                                 const char *restrict s,
                                                                 ptrdiff_t d_step,
                                                                 ptrdiff_t s_step,
                                                                 size_t nblocks, const size_t n)
{
    size_t i = 0, by_four = dt_blocks_page_apart(d_step, s_step, nblocks) ? 0 : nblocks;

    if (dt_sparse_prefetch(d_step, nblocks))
        i = dt_sparse_steps(d, s, d_step, s_step, by_four, n, 1);
    else if (dt_sparse_prefetch(s_step, nblocks))
        i = dt_sparse_steps(d, s, d_step, s_step, by_four, n, 0);
    d += (ptrdiff_t)i * d_step, s += (ptrdiff_t)i * s_step;
    for (; i + 4 <= by_four; i += 4, d += 4 * d_step, s += 4 * s_step)
        dt_four_moves(d, s, d_step, s_step, n);
    for (; i < nblocks; i++, d += d_step, s += s_step)
        __builtin_memcpy(d, s, n);
}

/*
 * A strided kernel's pack and unpack (kernels/kernel.h) as loops of
 * MOVE(destination, source, blen) over the blocks.
 */
#define DT_BLOCK_LOOP_KERNELS(PACK, UNPACK, MOVE)                                             \
    static void PACK(void *restrict dst, const void *restrict src, ptrdiff_t stride,          \
                     size_t blen, size_t nblocks)                                             \
    {                                                                                         \
        char *d = dst;                                                                        \
        const char *s = src;                                                                  \
                                                                                              \
        for (size_t i = 0; i < nblocks; i++, d += blen, s += stride)                          \
            MOVE(d, s, blen);                                                                 \
    }                                                                                         \
    static void UNPACK(void *restrict dst, ptrdiff_t stride, const void *restrict src,        \
                       size_t blen, size_t nblocks)                                           \
    {                                                                                         \
        char *d = dst;                                                                        \
        const char *s = src;                                                                  \
                                                                                              \
        for (size_t i = 0; i < nblocks; i++, d += stride, s += blen)                          \
            MOVE(d, s, blen);                                                                 \
    }

/*
 * UNPACK as a loop of MOVE(destination, source, blen) that, for blocks at
 * least DT_PAGE_APART bytes apart, prefetches (write intent) every
 * DT_NEXT_BLOCK_PREFETCH_STEP bytes of the next block while it moves one;
 * nearer blocks go to NEAR_UNPACK. Each block a page or more from the last
 * starts where the hardware prefetchers have seen nothing, so without it
 * the first stores of every block wait for their lines. The kernels use it
 * for long blocks, where the prefetches are few against the moves. Every
 * 128 bytes gained most; the same read prefetch slowed the packs, which
 * do without (record: docs/perf/dt-strided-kernels.md).
 */
#define DT_NEXT_BLOCK_PREFETCH_STEP 128
#define DT_FAR_BLOCK_UNPACK(UNPACK, NEAR_UNPACK, MOVE)                                        \
    static void UNPACK(void *restrict dst, ptrdiff_t stride, const void *restrict src,        \
                       size_t blen, size_t nblocks)                                           \
    {                                                                                         \
        char *d = dst;                                                                        \
        const char *s = src;                                                                  \
                                                                                              \
        if (nblocks < 2 || (stride < DT_PAGE_APART && stride > -DT_PAGE_APART)) {             \
            NEAR_UNPACK(dst, stride, src, blen, nblocks);                                     \
            return;                                                                           \
        }                                                                                     \
        for (size_t i = 0; i + 1 < nblocks; i++, d += stride, s += blen) {                    \
            for (size_t j = 0; j < blen; j += DT_NEXT_BLOCK_PREFETCH_STEP)                    \
                __builtin_prefetch(d + stride + j, 1, 3);                                     \
            MOVE(d, s, blen);                                                                 \
        }                                                                                     \
        MOVE(d, s, blen);                                                                     \
    }

/*
 * Software prefetch for loops of masked loads and stores. The hardware
 * prefetchers of some CPUs do not follow masked memory operations, which
 * then stream far slower than plain ones from DRAM. In the caches the
 * prefetches only cost issue slots, so loops use them only for calls
 * spanning more than DT_PREFETCH_SPAN bytes of user memory. Where the
 * prefetchers do follow them the prefetches cost: each process measures
 * which kind of CPU it runs on (dt_masked_prefetch below; record:
 * docs/perf/dt-masked-moves.md).
 */
#define DT_PREFETCH_AHEAD 4096
#define DT_PREFETCH_SPAN ((int64_t)4 << 20)

/* Whether count elements stride > 0 bytes apart span more than bytes. */
static inline int dt_span_over(int64_t count, int64_t stride, int64_t bytes)
{
    int64_t span;

    return stride > 0 && (__builtin_mul_overflow(count, stride, &span) || span > bytes);
}

/*
 * Whether the masked loops prefetch at all: 1 (the default, and in the
 * freestanding harness) where the hardware prefetchers do not follow masked
 * loads, 0 where they do (dt_masked_probe, kernels/masked_probe.c, sets it once).
 */
extern int dt_masked_prefetch;
void dt_masked_probe(void);

/* Whether a masked loop over count elements stride bytes apart prefetches: spans over bytes. */
static inline int dt_masked_prefetch_over(int64_t count, int64_t stride, int64_t bytes)
{
    return dt_masked_prefetch && dt_span_over(count, stride, bytes);
}

/*
 * Unpacks by masked stores below DT_PREFETCH_SPAN: the stores go to lines
 * the hardware prefetchers do not fetch ahead, so where the user memory
 * starts in DRAM every store waits for its line. Calls spanning more than
 * DT_UNPACK_PREFETCH_SPAN bytes of user memory time one load of their
 * first user line (x86 TSC); when it took longer than
 * dt_unpack_cold_ticks, they prefetch the user line DT_UNPACK_AHEAD bytes
 * ahead of each step. The prefetches speed cold calls and slow hot ones,
 * so hot calls do without (record: docs/perf/dt-masked-moves.md).
 * The masked block moves' unpacks (pack/masked.c) probe up to
 * DT_BLOCKS_FAR_SPAN, where they start to prefetch: a cold call takes
 * plain copies instead. Past DT_BLOCKS_FAR_SPAN the masked block moves
 * prefetch, and packs take them whatever the choice: a hot call's lines
 * no longer stay in L3 (pack/masked.c). All of this only where
 * dt_masked_prefetch is set: where the hardware prefetchers follow masked
 * moves, the cold group unpacks ran faster without the prefetch.
 */
#define DT_UNPACK_AHEAD 1024
#define DT_UNPACK_PREFETCH_SPAN ((int64_t)64 << 10)
#define DT_BLOCKS_FAR_SPAN ((int64_t)16 << 20)
#define DT_COLD_LINE_NS 130 /* a first-line load slower than this comes from DRAM */

/*
 * DT_COLD_LINE_NS in TSC ticks, set once by dt_cold_probe_init; 0 (other
 * CPUs, or before it) never prefetches, 1 always does (tests, the
 * freestanding harness, where the TSC counts instructions).
 */
extern uint64_t dt_unpack_cold_ticks;
void dt_cold_probe_init(void);

#if defined(__x86_64__)
#include <x86intrin.h>

/* Whether the user line at w comes from DRAM: one load, timed against dt_unpack_cold_ticks. */
static inline int dt_user_line_cold(const char *w)
{
    unsigned int aux;
    uint64_t t0 = __rdtscp(&aux); /* after the instructions before it; the second after the load */

    (void)*(const volatile char *)w;
    return __rdtscp(&aux) - t0 > dt_unpack_cold_ticks;
}
#endif

/*
 * The cold-data policy: the one decision a pack or unpack call still takes
 * for itself, as only the call knows where its user memory is. Whether
 * the call's user memory comes from DRAM, going by one timed load of the
 * user line at line: asked only of calls whose count elements, stride
 * bytes apart, span more than above and at most upto bytes (the span
 * where the answer changes the path, see each caller), and only where the
 * probe is set up (dt_cold_probe_init; x86-64). Everywhere else: 0, not
 * cold. Callers: the strided pairs' far pair (pack/pack.c), the move
 * plans' unpack (pack/small.c), the masked moves' unpack
 * (pack/program.c), the groups' prefetch (kernels/avx512vbmi/vbmi.c).
 */
static inline int dt_cold_policy(const char *line, int64_t count, int64_t stride, int64_t above,
                                 int64_t upto)
{
#if defined(__x86_64__)
    return dt_unpack_cold_ticks && dt_span_over(count, stride, above) &&
           !dt_span_over(count, stride, upto) && dt_user_line_cold(line);
#else
    (void)line, (void)count, (void)stride, (void)above, (void)upto;
    return 0;
#endif
}

/*
 * How many of the first steps of a loop stay inside a range of total
 * bytes when step s reads [s * step, s * step + reach): the steps that may
 * use unmasked loads. At most steps.
 */
static inline int64_t dt_steps_within(int64_t total, int64_t reach, int64_t step, int64_t steps)
{
    const int64_t n = total < reach ? 0 : (total - reach) / step + 1;

    return n < steps ? n : steps;
}

/*
 * Prefetches the lines from address next up to at + ahead; returns where
 * the next call starts. Addresses, not pointers: they run past the data.
 */
static inline uintptr_t dt_prefetch_to(uintptr_t next, const void *at, int64_t ahead)
{
    for (uintptr_t upto = (uintptr_t)at + (uintptr_t)ahead; next < upto; next += 64)
        __builtin_prefetch((const void *)next, 0, 3);
    return next;
}

/* Portable kernels, most specific first (kernels/generic/generic.c). */
extern const dt_kernel_t dt_generic_kernels[];
extern const size_t dt_generic_kernel_count;

/* AVX2 shuffle and gather kernels (kernels/avx2/avx2.c; x86 builds only). */
extern const dt_kernel_t dt_avx2_kernels[];
extern const size_t dt_avx2_kernel_count;
/* n >= 128 bytes, not overlapping, last bytes first (kernels/avx2/avx2.c; x86 builds only). */
void dt_copy_backward_avx2(char *restrict d, const char *restrict s, size_t n);

/* AVX-512 gather/scatter and compress/expand (kernels/avx512/avx512.c; x86 builds only). */
extern const dt_kernel_t dt_avx512_kernels[];
extern const size_t dt_avx512_kernel_count;
/*
 * The extent of n blocks of an element: packed bytes (*size_p) and the end
 * of the highest block past the element's origin (*end_p).
 */
static inline void dt_blocks_extent(const dt_piece_t *pc, int64_t n, int64_t *size_p,
                                    int64_t *end_p)
{
    int64_t size = 0, end = INT64_MIN;

    for (int64_t k = 0; k < n; k++) {
        size += pc[k].len;
        end = pc[k].disp + pc[k].len > end ? pc[k].disp + pc[k].len : end;
    }
    *size_p = size, *end_p = end;
}

/*
 * Element programs by masked moves: count elements (element i at first +
 * i * stride) of n blocks of 1..32 bytes each. Return the packed end.
 */
char *dt_blocks_pack_avx512(const dt_piece_t *pc, int64_t n, const char *first, int64_t stride,
                            int64_t count, char *packed);
const char *dt_blocks_unpack_avx512(const dt_piece_t *pc, int64_t n, char *first, int64_t stride,
                                    int64_t count, const char *packed);
/*
 * The same with the blocks' packed bytes per element (size) and the end of
 * their highest block past the element's origin (end) given, instead of
 * worked out from the blocks at every call. A larger end is allowed: it
 * only makes the kernels' page-end checks (src/base/avx512_in_page.h) coarser.
 */
char *dt_blocks_pack_sized_avx512(const dt_piece_t *pc, int64_t n, int64_t size, int64_t end,
                                  const char *first, int64_t stride, int64_t count,
                                  char *packed);
const char *dt_blocks_unpack_sized_avx512(const dt_piece_t *pc, int64_t n, int64_t size,
                                          int64_t end, char *first, int64_t stride,
                                          int64_t count, const char *packed);

/*
 * Element programs by 32-byte moves (kernels/avx2/avx2.c; x86 builds only):
 * count elements (element i at first + i * stride) of n blocks of 1..32
 * bytes, each block by one unmasked 32-byte load and store. A store's
 * excess lands in packed bytes the next block overwrites: the caller
 * leaves the last elements, whose excess could pass the packed range, to
 * exact copies. A load reads at most 31 bytes past its block, so it may
 * cross into the next page; that page holds data of the element when no
 * gap between the element's data bytes passes DT_WIDE_MAX_GAP (dense) and
 * the load ends by the element's last data byte, at data_end - 1. An
 * element of a dense program whose last data byte shares its page with
 * the 31 bytes after it goes without checks; other elements check every
 * load, and a load that would leave its block's page copies the block
 * exactly. Returns the packed end.
 */
#define DT_WIDE_MAX_GAP (4096 - 32)
char *dt_wide_pack_avx2(const dt_piece_t *pc, int64_t n, int64_t data_end, int dense,
                        const char *first, int64_t stride, int64_t count, char *packed);
/* Whether this CPU moves blocks by dt_wide_pack_avx2: AVX2, allowed by VMPL_DT_ISA (asked once). */
int dt_wide_avx2(void);

/* AVX-512 VBMI byte-permute groups (kernels/avx512vbmi/vbmi.c; x86 builds only). */
extern const dt_kernel_t dt_avx512vbmi_kernels[];
extern const size_t dt_avx512vbmi_kernel_count;

/* aarch64: NEON structure loads and SVE gather/scatter (kernels/neon/neon.c, kernels/sve/sve.c). */
extern const dt_kernel_t dt_neon_kernels[];
extern const size_t dt_neon_kernel_count;
extern const dt_kernel_t dt_sve_kernels[];
extern const size_t dt_sve_kernel_count;

#endif
