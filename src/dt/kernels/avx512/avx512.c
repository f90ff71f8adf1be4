/*
 * AVX-512 strided-copy kernels (kernels/kernel.h), compiled with F/BW/DQ/VL and
 * used only when the CPU and OS enable AVX-512. No libc calls: the
 * freestanding Bochs harness runs them (tests/bochs).
 *
 * gather    4- or 8-byte blocks at any stride: VPGATHERDD/QQ for pack and
 *           VPSCATTERDD/QQ for unpack, 16 or 8 blocks per instruction,
 *           masked for the tail.
 * compress  blocks of b 4-byte words every s words (s <= 16, b < s): a
 *           16-word window holding floor(16 / s) whole blocks is loaded
 *           (masked: no word past the data is read) and VPCOMPRESSD stores
 *           just the block words; unpack is VPEXPANDD and a masked store
 *           that writes block words only.
 * vector    blocks of 64 bytes or more: four 64-byte loads then four
 *           stores a step, the block's last 64 bytes by one overlapping
 *           move; from 512 bytes both ends first and the middle stored
 *           aligned (zmm_move_long); faster than the 32-byte moves on
 *           long rows (record: docs/perf/dt-copy.md). Unpacks of long
 *           blocks a page or more apart prefetch the next block
 *           (DT_FAR_BLOCK_UNPACK).
 *
 * Also the element programs of small-block sequences (pack/masked.c):
 * every block of up to 32 bytes by one masked load and one masked store of
 * exactly its bytes, with no branch on its length or its page.
 */
#include "dt/kernels/kernel_private.h"
#include "dt/kernels/program.h"

#include <immintrin.h>

#include <base/avx512_in_page.h>

static int gather_applies(size_t blen, ptrdiff_t stride)
{
    return (blen == 4 && stride >= -(1 << 26) && stride <= (1 << 26)) || blen == 8;
}

static void gather_pack(void *restrict dst, const void *restrict src, ptrdiff_t stride,
                        size_t blen, size_t nblocks)
{
    const char *s = src;
    uintptr_t out_end;

    if (nblocks == 0)
        return;
    out_end = base_page_end((const char *)dst + nblocks * blen - 1);
    if (blen == 4) {
        const __m512i offs = _mm512_mullo_epi32(
            _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
            _mm512_set1_epi32((int)stride));
        int *d = dst;
        for (size_t i = 0; i < nblocks; i += 16, s += 16 * stride) {
            __mmask16 m = nblocks - i >= 16 ? 0xffff : (__mmask16)((1u << (nblocks - i)) - 1);
            __m512i v = _mm512_mask_i32gather_epi32(_mm512_setzero_si512(), m, offs, s, 1);
            base_mask_store64_lanes32(d + i, m, v, out_end);
        }
    } else {
        const __m512i offs = _mm512_mullo_epi64(_mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7),
                                                _mm512_set1_epi64(stride));
        long long *d = dst;
        for (size_t i = 0; i < nblocks; i += 8, s += 8 * stride) {
            __mmask8 m = nblocks - i >= 8 ? 0xff : (__mmask8)((1u << (nblocks - i)) - 1);
            __m512i v = _mm512_mask_i64gather_epi64(_mm512_setzero_si512(), m, offs, s, 1);
            base_mask_store64_lanes64(d + i, m, v, out_end);
        }
    }
}

static void scatter_unpack(void *restrict dst, ptrdiff_t stride, const void *restrict src,
                           size_t blen, size_t nblocks)
{
    char *d = dst;
    uintptr_t in_end;

    if (nblocks == 0)
        return;
    in_end = base_page_end((const char *)src + nblocks * blen - 1);
    if (blen == 4) {
        const __m512i offs = _mm512_mullo_epi32(
            _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15),
            _mm512_set1_epi32((int)stride));
        const int *s = src;
        for (size_t i = 0; i < nblocks; i += 16, d += 16 * stride) {
            __mmask16 m = nblocks - i >= 16 ? 0xffff : (__mmask16)((1u << (nblocks - i)) - 1);
            _mm512_mask_i32scatter_epi32(d, m, offs, base_maskz_load64_lanes32(m, s + i, in_end),
                                         1);
        }
    } else {
        const __m512i offs = _mm512_mullo_epi64(_mm512_setr_epi64(0, 1, 2, 3, 4, 5, 6, 7),
                                                _mm512_set1_epi64(stride));
        const long long *s = src;
        for (size_t i = 0; i < nblocks; i += 8, d += 8 * stride) {
            __mmask8 m = nblocks - i >= 8 ? 0xff : (__mmask8)((1u << (nblocks - i)) - 1);
            _mm512_mask_i64scatter_epi64(d, m, offs, base_maskz_load64_lanes64(m, s + i, in_end),
                                         1);
        }
    }
}

static int compress_applies(size_t blen, ptrdiff_t stride)
{
    return blen % 4 == 0 && stride % 4 == 0 && stride > (ptrdiff_t)blen && stride <= 64;
}

/* The block words of one window of k blocks (b words every s words). */
static __mmask16 window_mask(int b, int s, int k)
{
    unsigned m = 0;
    for (int j = 0; j < k; j++)
        m |= ((1u << b) - 1) << (j * s);
    return (__mmask16)m;
}

static void compress_pack(void *restrict dst, const void *restrict src, ptrdiff_t stride,
                          size_t blen, size_t nblocks)
{
    int b = (int)blen / 4, s = (int)stride / 4, k = 16 / s;
    const __mmask16 full = window_mask(b, s, k);
    const int *in = src;
    int *d = dst;
    uintptr_t in_end;

    if (nblocks == 0)
        return;
    in_end = base_page_end((const char *)src + (nblocks - 1) * (size_t)stride + blen - 1);
    for (size_t i = 0; i < nblocks; i += (size_t)k, in += k * s, d += k * b) {
        int here = nblocks - i < (size_t)k ? (int)(nblocks - i) : k;
        __mmask16 m = here == k ? full : window_mask(b, s, here);
        _mm512_mask_compressstoreu_epi32(d, m, base_maskz_load64_lanes32(m, in, in_end));
    }
}

static void expand_unpack(void *restrict dst, ptrdiff_t stride, const void *restrict src,
                          size_t blen, size_t nblocks)
{
    int b = (int)blen / 4, s = (int)stride / 4, k = 16 / s;
    const __mmask16 full = window_mask(b, s, k);
    const int *in = src;
    int *d = dst;
    uintptr_t out_end;

    if (nblocks == 0)
        return;
    out_end = base_page_end((const char *)dst + (nblocks - 1) * (size_t)stride + blen - 1);
    for (size_t i = 0; i < nblocks; i += (size_t)k, in += k * b, d += k * s) {
        int here = nblocks - i < (size_t)k ? (int)(nblocks - i) : k;
        __mmask16 m = here == k ? full : window_mask(b, s, here);
        base_mask_store64_lanes32(d, m, _mm512_maskz_expandloadu_epi32(m, in), out_end);
    }
}

static inline __mmask32 block_mask(int64_t len)
{
    return (__mmask32)((1ull << len) - 1);
}

/*
 * The elements from which the moves of a call keep their 32-byte windows
 * on the pages of its last user and packed bytes (src/base/avx512_in_page.h);
 * count when no window can pass either page (the last byte lies 32 bytes
 * or more before its page end). Otherwise: a move's window ends before 32
 * bytes past its element's highest block and its packed bytes, so the
 * elements from count - 1 - 32 / stride and count - 1 - 32 / size
 * (rounded up) on, and all of them when stride <= 0.
 */
static int64_t blocks_in_page_from(int64_t count, int64_t stride, int64_t size,
                                   const char *user_last, const char *packed_last)
{
    int64_t tail;

    if ((uintptr_t)user_last + 31 <= base_page_end(user_last) &&
        (uintptr_t)packed_last + 31 <= base_page_end(packed_last))
        return count;
    if (stride <= 0)
        return 0;
    tail = 1 + (32 + size - 1) / size;
    if (1 + (32 + stride - 1) / stride > tail)
        tail = 1 + (32 + stride - 1) / stride;
    return count > tail ? count - tail : 0;
}

/* The highest user byte of count >= 1 elements whose blocks end end bytes past the origin. */
static const char *blocks_user_last(const char *first, int64_t stride, int64_t count, int64_t end)
{
    return first + (stride > 0 ? (count - 1) * stride : 0) + end - 1;
}

/*
 * count elements by masked moves; with prefetch, user and packed memory
 * are prefetched DT_PREFETCH_AHEAD bytes past the element (stride > 0);
 * with in_page, the windows stay by user_end and packed_end.
 */
static inline __attribute__((always_inline)) char *
blocks_pack(const dt_piece_t *pc, int64_t n, const char *first, int64_t stride, int64_t count,
            char *p, const int prefetch, const int in_page, uintptr_t user_end,
            uintptr_t packed_end)
{
    uintptr_t next_in = (uintptr_t)first, next_out = (uintptr_t)p;

    for (int64_t i = 0; i < count; i++, first += stride) {
        if (prefetch) {
            next_in = dt_prefetch_to(next_in, first, stride + DT_PREFETCH_AHEAD);
            next_out = dt_prefetch_to(next_out, p, DT_PREFETCH_AHEAD);
        }
        for (int64_t k = 0; k < n; k++) {
            __mmask32 m = block_mask(pc[k].len);
            if (in_page)
                base_mask_store32(p, m, base_maskz_load32(m, first + pc[k].disp, user_end),
                                packed_end);
            else
                _mm256_mask_storeu_epi8(p, m, _mm256_maskz_loadu_epi8(m, first + pc[k].disp));
            p += pc[k].len;
        }
    }
    return p;
}

char *dt_blocks_pack_sized_avx512(const dt_piece_t *pc, int64_t n, int64_t size, int64_t end,
                                  const char *first, int64_t stride, int64_t count, char *p)
{
    const char *user_last, *packed_last;
    int64_t from;

    if (count < 1)
        return p;
    user_last = blocks_user_last(first, stride, count, end);
    packed_last = p + count * size - 1;
    from = blocks_in_page_from(count, stride, size, user_last, packed_last);
    if (dt_masked_prefetch_over(count, stride, DT_PREFETCH_SPAN))
        p = blocks_pack(pc, n, first, stride, from, p, 1, 0, 0, 0);
    else
        p = blocks_pack(pc, n, first, stride, from, p, 0, 0, 0, 0);
    if (from < count)
        p = blocks_pack(pc, n, first + from * stride, stride, count - from, p, 0, 1,
                        base_page_end(user_last), base_page_end(packed_last));
    return p;
}

char *dt_blocks_pack_avx512(const dt_piece_t *pc, int64_t n, const char *first, int64_t stride,
                            int64_t count, char *p)
{
    int64_t size, end;

    dt_blocks_extent(pc, n, &size, &end);
    return dt_blocks_pack_sized_avx512(pc, n, size, end, first, stride, count, p);
}

/*
 * count elements by masked stores; with plain, every move loads its 32
 * packed bytes unmasked (the caller checks they stay inside the packed
 * range), else only the moves whose 32 bytes end by end.
 */
static inline __attribute__((always_inline)) const char *
blocks_unpack(const dt_piece_t *pc, int64_t n, char *first, int64_t stride, int64_t count,
              const char *p, const char *end, const int prefetch, const int plain,
              const int in_page, uintptr_t packed_end, uintptr_t user_end)
{
    uintptr_t next_out = (uintptr_t)first, next_in = (uintptr_t)p;

    for (int64_t i = 0; i < count; i++, first += stride) {
        if (prefetch) {
            next_out = dt_prefetch_to(next_out, first, stride + DT_PREFETCH_AHEAD);
            next_in = dt_prefetch_to(next_in, p, DT_PREFETCH_AHEAD);
        }
        for (int64_t k = 0; k < n; k++) {
            __mmask32 m = block_mask(pc[k].len);
            __m256i v;
            if (plain || end - p >= 32)
                v = _mm256_loadu_si256((const __m256i *)(const void *)p);
            else
                v = in_page ? base_maskz_load32(m, p, packed_end) : _mm256_maskz_loadu_epi8(m, p);
            if (in_page)
                base_mask_store32(first + pc[k].disp, m, v, user_end);
            else
                _mm256_mask_storeu_epi8(first + pc[k].disp, m, v);
            p += pc[k].len;
        }
    }
    return p;
}

/*
 * The packed bytes of a move are loaded unmasked, 32 at a time, while
 * those 32 stay inside the packed range (all but the last moves): the
 * stores stay masked. The masked-load form's speed depended on where the
 * linker put the loop (a load following masked stores 4 KiB apart waits
 * on them or not, by instruction address); unmasked loads do not
 * (record: docs/perf/dt-code-placement.md).
 */
const char *dt_blocks_unpack_sized_avx512(const dt_piece_t *pc, int64_t n, int64_t size,
                                          int64_t end, char *first, int64_t stride,
                                          int64_t count, const char *p)
{
    const char *user_last, *packed_last;
    int64_t plain, from;

    if (count < 1)
        return p;
    user_last = blocks_user_last(first, stride, count, end);
    packed_last = p + count * size - 1;
    from = blocks_in_page_from(count, stride, size, user_last, packed_last);
    /* element i's moves start before (i + 1) * size and load 32 bytes */
    plain = dt_steps_within(count * size, size + 32, size, count);
    plain = plain < from ? plain : from;
    if (dt_masked_prefetch_over(count, stride, DT_BLOCKS_FAR_SPAN))
        p = blocks_unpack(pc, n, first, stride, plain, p, packed_last + 1, 1, 1, 0, 0, 0);
    else
        p = blocks_unpack(pc, n, first, stride, plain, p, packed_last + 1, 0, 1, 0, 0, 0);
    p = blocks_unpack(pc, n, first + plain * stride, stride, from - plain, p, packed_last + 1, 0,
                      0, 0, 0, 0);
    if (from < count)
        p = blocks_unpack(pc, n, first + from * stride, stride, count - from, p, packed_last + 1,
                          0, 0, 1, base_page_end(packed_last), base_page_end(user_last));
    return p;
}

const char *dt_blocks_unpack_avx512(const dt_piece_t *pc, int64_t n, char *first, int64_t stride,
                                    int64_t count, const char *p)
{
    int64_t size, end;

    dt_blocks_extent(pc, n, &size, &end);
    return dt_blocks_unpack_sized_avx512(pc, n, size, end, first, stride, count, p);
}

/* 64-byte moves from j while they end by end (four loads then four stores a step); the new j. */
static inline __attribute__((always_inline)) size_t zmm_steps(char *d, const char *s, size_t j,
                                                               size_t end, const int aligned)
{
    for (; j + 256 <= end; j += 256) {
        __m512i a = _mm512_loadu_si512(s + j), b = _mm512_loadu_si512(s + j + 64);
        __m512i c = _mm512_loadu_si512(s + j + 128), e = _mm512_loadu_si512(s + j + 192);
        if (aligned) {
            _mm512_store_si512(d + j, a);
            _mm512_store_si512(d + j + 64, b);
            _mm512_store_si512(d + j + 128, c);
            _mm512_store_si512(d + j + 192, e);
        } else {
            _mm512_storeu_si512(d + j, a);
            _mm512_storeu_si512(d + j + 64, b);
            _mm512_storeu_si512(d + j + 128, c);
            _mm512_storeu_si512(d + j + 192, e);
        }
    }
    for (; j + 64 <= end; j += 64) {
        if (aligned)
            _mm512_store_si512(d + j, _mm512_loadu_si512(s + j));
        else
            _mm512_storeu_si512(d + j, _mm512_loadu_si512(s + j));
    }
    return j;
}

/* n >= 64 bytes: 64-byte moves, the last one overlapping the one before. */
static inline void zmm_move_short(char *d, const char *s, size_t n)
{
    if (zmm_steps(d, s, 0, n, 0) < n)
        _mm512_storeu_si512(d + n - 64, _mm512_loadu_si512(s + n - 64));
}

/*
 * n >= 512 bytes, as glibc's memcpy moves them: the first 64 and the last
 * 256 bytes loaded first and stored last, so a block not in the caches
 * streams in from both ends, and the middle stored 64-byte aligned (a
 * misaligned 64-byte store writes two lines; record: docs/perf/dt-copy.md).
 */
static inline void zmm_move_long(char *d, const char *s, size_t n)
{
    const size_t middle = n - 256;
    __m512i h = _mm512_loadu_si512(s);
    __m512i t0 = _mm512_loadu_si512(s + middle + 192), t1 = _mm512_loadu_si512(s + middle + 128);
    __m512i t2 = _mm512_loadu_si512(s + middle + 64), t3 = _mm512_loadu_si512(s + middle);

    if (zmm_steps(d, s, 64 - ((uintptr_t)d & 63), middle, 1) < middle)
        _mm512_storeu_si512(d + middle - 64, _mm512_loadu_si512(s + middle - 64));
    _mm512_storeu_si512(d, h);
    _mm512_storeu_si512(d + middle + 192, t0);
    _mm512_storeu_si512(d + middle + 128, t1);
    _mm512_storeu_si512(d + middle + 64, t2);
    _mm512_storeu_si512(d + middle, t3);
}

static int vector_applies(size_t blen, ptrdiff_t stride)
{
    (void)stride;
    return blen >= 64;
}

/*
 * One loop per move: with the long moves inlined into the short moves'
 * loop (a branch per block), GCC allocated that loop's registers worse
 * (record: docs/perf/dt-copy.md).
 */
DT_BLOCK_LOOP_KERNELS(short_pack, short_unpack, zmm_move_short)
DT_BLOCK_LOOP_KERNELS(long_pack, long_unpack_near, zmm_move_long)
DT_FAR_BLOCK_UNPACK(long_unpack, long_unpack_near, zmm_move_long)

static void vector_pack(void *restrict dst, const void *restrict src, ptrdiff_t stride,
                        size_t blen, size_t nblocks)
{
    (blen >= 512 ? long_pack : short_pack)(dst, src, stride, blen, nblocks);
}

static void vector_unpack(void *restrict dst, ptrdiff_t stride, const void *restrict src,
                          size_t blen, size_t nblocks)
{
    (blen >= 512 ? long_unpack : short_unpack)(dst, stride, src, blen, nblocks);
}

const dt_kernel_t dt_avx512_kernels[] = {
    {"avx512-gather", DT_METHOD_GATHER, VMPL_ISA_AVX512, gather_applies, gather_pack,
     scatter_unpack, NULL, 0, NULL, NULL, NULL, NULL, NULL},
    {"avx512-compress", DT_METHOD_SHUFFLE, VMPL_ISA_AVX512, compress_applies, compress_pack,
     expand_unpack, NULL, 0, NULL, NULL, NULL, NULL, NULL},
    {"avx512-vector", DT_METHOD_VECTOR, VMPL_ISA_AVX512, vector_applies, vector_pack,
     vector_unpack, NULL, 0, NULL, NULL, NULL, NULL, NULL},
};
const size_t dt_avx512_kernel_count = sizeof(dt_avx512_kernels) / sizeof(dt_avx512_kernels[0]);

/* ---- the masked moves as an element-program path (kernels/program.h) ---- */
static int masked_usable(const base_cpu_features_t *cpu)
{
    return cpu->avx512bw;
}

static int masked_applies(const dt_program_t *p, int64_t stride)
{
    (void)p, (void)stride;
    return 1; /* pieces of 1..32 bytes: the cut of pack/masked.c */
}

static char *masked_pack(const dt_program_t *p, const char *first, int64_t stride, int64_t count,
                         char *packed)
{
    return dt_blocks_pack_sized_avx512(p->pieces, p->n, p->size, p->data_end, first, stride,
                                       count, packed);
}

static const char *masked_unpack(const dt_program_t *p, char *first, int64_t stride,
                                 int64_t count, const char *packed)
{
    return dt_blocks_unpack_sized_avx512(p->pieces, p->n, p->size, p->data_end, first, stride,
                                         count, packed);
}

const dt_program_kernel_t dt_avx512_masked_program = {
    .name = "avx512-masked",
    .isa = VMPL_ISA_AVX512,
    .usable = masked_usable,
    .applies = masked_applies,
    .pack = masked_pack,
    .unpack = masked_unpack,
};
