/*
 * AVX2 strided-copy kernels (kernels/kernel.h), compiled with -mavx2 and used
 * only on CPUs with AVX2. No libc calls.
 *
 * shuffle  blocks of b 4-byte words every s words, b < 8, short strides:
 *          eight blocks at a time; each 8-word output vector comes from two
 *          unaligned input loads, VPERMD of each and a blend. Unpack is the
 *          inverse, with VPMASKMOVD stores that write block words only.
 * gather   blocks of 4 or 8 bytes at any stride: VPGATHERDD / VPGATHERQQ of
 *          8 or 4 blocks per instruction (pack only; AVX2 has no scatter).
 * lanes    8-byte blocks at any stride: MOVQ/MOVHPD pairs and VINSERTI128
 *          build one 32-byte store from four blocks (pack); unpack loads
 *          32 packed bytes and stores each 8-byte lane (MOVQ), so a
 *          store moves 8 bytes only where it must. Cheaper than VPGATHERQQ
 *          on CPUs with slow gathers (record: docs/perf/dt-strided-kernels.md).
 * vector   blocks of 32 bytes or more: four 32-byte loads then four stores
 *          per step, the block's last 32 bytes by one overlapping move.
 * Tails (fewer than eight blocks) are copied word by word.
 *
 * Also the 32-byte moves of the element programs (dt_wide_pack_avx2).
 */
#include "dt/kernels/kernel_private.h"
#include "dt/kernels/program.h"

#include <immintrin.h>

/* The permutation for one 8-word vector: two loads from start, VPERMD each, blend. */
typedef struct {
    int start;         /* first word of the two loads, from the group's first word */
    __m256i idx;       /* source word within its load */
    __m256i from_high; /* all ones where the word comes from the second load */
    __m256i store;     /* unpack: all ones where the lane is a block word */
} shuffle_step_t;

typedef struct {
    int steps;       /* vectors per group of 8 blocks */
    int reach;       /* words a group's loads may touch past its first loaded word */
    shuffle_step_t step[16];
} shuffle_plan_t;

/*
 * Pack: output vector k (k < b) takes packed words 8k..8k+7 of a group.
 * Unpack: user vector u (u < s) covers user words 8u..8u+7 of the group,
 * filled from the packed words of the blocks it touches. 0 when a vector
 * needs more than 16 consecutive source words.
 */
static int shuffle_plan(int b, int s, int unpack, shuffle_plan_t *plan)
{
    const int period = unpack ? s : b; /* words of one block (pack) or one stride (unpack) */
    int q = 0, r = 0;                  /* word m = 8k + j is word r of period q */

    plan->steps = unpack ? s : b;
    plan->reach = 0;
    if (plan->steps > 16)
        return 0;
    /* No divisions: every call of the kernel builds its plan, 1 KiB calls too. */
    for (int k = 0; k < plan->steps; k++) {
        int idx[8], high[8], store[8];
        int first = unpack ? q * b : q * s;
        for (int j = 0; j < 8; j++) {
            int word;
            if (unpack) {
                store[j] = r < b ? -1 : 0;
                word = store[j] ? q * b + r - first : 0;
            } else {
                store[j] = -1;
                word = q * s + r - first;
            }
            if (++r == period)
                r = 0, q++;
            if (word >= 16)
                return 0;
            idx[j] = word & 7;
            high[j] = word >= 8 ? -1 : 0;
        }
        plan->step[k].start = first;
        plan->step[k].idx = _mm256_setr_epi32(idx[0], idx[1], idx[2], idx[3], idx[4], idx[5],
                                              idx[6], idx[7]);
        plan->step[k].from_high = _mm256_setr_epi32(high[0], high[1], high[2], high[3], high[4],
                                                    high[5], high[6], high[7]);
        plan->step[k].store = _mm256_setr_epi32(store[0], store[1], store[2], store[3], store[4],
                                                store[5], store[6], store[7]);
        if (first + 16 > plan->reach)
            plan->reach = first + 16;
    }
    return 1;
}

static int shuffle_applies(size_t blen, ptrdiff_t stride)
{
    shuffle_plan_t plan;

    return blen % 4 == 0 && stride % 4 == 0 && blen < 32 && stride > (ptrdiff_t)blen &&
           stride <= 64 && shuffle_plan((int)blen / 4, (int)stride / 4, 0, &plan) &&
           shuffle_plan((int)blen / 4, (int)stride / 4, 1, &plan);
}

/* Word by word (addresses may be unaligned: byte copies of 4). */
static void words_pack(int *d, const int *s, int b, int sw, size_t nblocks)
{
    for (size_t i = 0; i < nblocks; i++, s += sw, d += b)
        for (int j = 0; j < b; j++)
            __builtin_memcpy(d + j, s + j, 4);
}

static void words_unpack(int *d, const int *s, int b, int sw, size_t nblocks)
{
    for (size_t i = 0; i < nblocks; i++, d += sw, s += b)
        for (int j = 0; j < b; j++)
            __builtin_memcpy(d + j, s + j, 4);
}

static inline __m256i shuffle_gather(const int *p, const shuffle_step_t *st)
{
    __m256i lo = _mm256_loadu_si256((const __m256i *)p);
    __m256i hi = _mm256_loadu_si256((const __m256i *)(p + 8));

    return _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(lo, st->idx),
                              _mm256_permutevar8x32_epi32(hi, st->idx), st->from_high);
}

/* Groups whose loads stay inside [first word, end of data): the rest go word by word. */
static size_t shuffle_groups(size_t nblocks, size_t group_words, size_t data_words, int reach)
{
    size_t groups = nblocks / 8;

    while (groups > 0 && (groups - 1) * group_words + (size_t)reach > data_words)
        groups--;
    return groups;
}

/*
 * Calls that move fewer packed bytes go block by block with constant-size
 * moves: building the plan costs about as much as the moves it saves
 * (record: docs/perf/dt-strided-kernels.md).
 */
#define SHUFFLE_MIN_BYTES 8192

/* The blocks (blen a multiple of 4 below 32) by one constant-size move each. */
static void shuffle_moves(char *d, const char *s, ptrdiff_t stride, size_t blen, size_t nblocks,
                          int unpack)
{
    const ptrdiff_t d_step = unpack ? stride : (ptrdiff_t)blen;
    const ptrdiff_t s_step = unpack ? (ptrdiff_t)blen : stride;

    switch (blen) {
    case 4: dt_fixed_moves(d, s, d_step, s_step, nblocks, 4); return;
    case 8: dt_fixed_moves(d, s, d_step, s_step, nblocks, 8); return;
    case 12: dt_fixed_moves(d, s, d_step, s_step, nblocks, 12); return;
    case 16: dt_fixed_moves(d, s, d_step, s_step, nblocks, 16); return;
    case 20: dt_fixed_moves(d, s, d_step, s_step, nblocks, 20); return;
    case 24: dt_fixed_moves(d, s, d_step, s_step, nblocks, 24); return;
    case 28: dt_fixed_moves(d, s, d_step, s_step, nblocks, 28); return;
    }
}

static void shuffle_pack(void *restrict dst, const void *restrict src, ptrdiff_t stride,
                         size_t blen, size_t nblocks)
{
    int b = (int)blen / 4, s = (int)stride / 4;
    shuffle_plan_t plan;
    int *d = dst;
    const int *in = src;
    size_t groups;

    if (nblocks * blen < SHUFFLE_MIN_BYTES) {
        shuffle_moves(dst, src, stride, blen, nblocks, 0);
        return;
    }
    shuffle_plan(b, s, 0, &plan);
    groups = nblocks ? shuffle_groups(nblocks, 8 * (size_t)s, (nblocks - 1) * (size_t)s + (size_t)b,
                                      plan.reach) : 0;
    for (size_t g = 0; g < groups; g++, in += 8 * s, d += 8 * b)
        for (int k = 0; k < b; k++)
            _mm256_storeu_si256((__m256i *)(d + 8 * k),
                                shuffle_gather(in + plan.step[k].start, &plan.step[k]));
    words_pack(d, in, b, s, nblocks - 8 * groups);
}

static void shuffle_unpack(void *restrict dst, ptrdiff_t stride, const void *restrict src,
                           size_t blen, size_t nblocks)
{
    int b = (int)blen / 4, s = (int)stride / 4;
    shuffle_plan_t plan;
    int *d = dst;
    const int *in = src;
    size_t groups;

    if (nblocks * blen < SHUFFLE_MIN_BYTES) {
        shuffle_moves(dst, (const char *)src, stride, blen, nblocks, 1);
        return;
    }
    shuffle_plan(b, s, 1, &plan);
    groups = shuffle_groups(nblocks, 8 * (size_t)b, nblocks * (size_t)b, plan.reach);
    for (size_t g = 0; g < groups; g++, in += 8 * b, d += 8 * s)
        for (int u = 0; u < s; u++)
            _mm256_maskstore_epi32(d + 8 * u, plan.step[u].store,
                                   shuffle_gather(in + plan.step[u].start, &plan.step[u]));
    words_unpack(d, in, b, s, nblocks - 8 * groups);
}

/* Gather: 4-byte blocks eight at a time, 8-byte blocks four at a time, any stride. */
static int gather_applies(size_t blen, ptrdiff_t stride)
{
    return (blen == 4 || blen == 8) && stride >= -(1 << 27) && stride <= (1 << 27);
}

static void gather_pack(void *restrict dst, const void *restrict src, ptrdiff_t stride,
                        size_t blen, size_t nblocks)
{
    const char *s = src;
    size_t i = 0;

    if (blen == 4) {
        const __m256i offs = _mm256_mullo_epi32(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
                                                _mm256_set1_epi32((int)stride));
        int *d = dst;
        for (; i + 8 <= nblocks; i += 8, s += 8 * stride)
            _mm256_storeu_si256((__m256i *)(d + i),
                                _mm256_i32gather_epi32((const int *)s, offs, 1));
        for (; i < nblocks; i++, s += stride)
            __builtin_memcpy(d + i, s, 4);
    } else {
        const __m256i offs = _mm256_setr_epi64x(0, stride, 2 * stride, 3 * stride);
        long long *d = dst;
        for (; i + 4 <= nblocks; i += 4, s += 4 * stride)
            _mm256_storeu_si256((__m256i *)(d + i),
                                _mm256_i64gather_epi64((const long long *)s, offs, 1));
        for (; i < nblocks; i++, s += stride)
            __builtin_memcpy(d + i, s, 8);
    }
}

static void scalar_unpack_4_8(void *restrict dst, ptrdiff_t stride, const void *restrict src,
                              size_t blen, size_t nblocks)
{
    char *d = dst;
    const char *s = src;

    for (size_t i = 0; i < nblocks; i++, d += stride, s += blen)
        if (blen == 4)
            __builtin_memcpy(d, s, 4);
        else
            __builtin_memcpy(d, s, 8);
}

static int lanes_applies(size_t blen, ptrdiff_t stride)
{
    (void)stride;
    return blen == 8;
}

/* Four 8-byte blocks at s, s + stride, ... as one 32-byte vector. */
static inline __m256i lanes_load4(const char *s, ptrdiff_t stride)
{
    __m128d a = _mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)s));
    __m128d b = _mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)(s + 2 * stride)));

    a = _mm_loadh_pd(a, (const double *)(s + stride));
    b = _mm_loadh_pd(b, (const double *)(s + 3 * stride));
    return _mm256_insertf128_si256(_mm256_castsi128_si256(_mm_castpd_si128(a)),
                                   _mm_castpd_si128(b), 1);
}

static void lanes_pack(void *restrict dst, const void *restrict src, ptrdiff_t stride,
                       size_t blen, size_t nblocks)
{
    char *d = dst;
    const char *s = src;
    size_t i = 0;

    (void)blen;
    for (; i + 8 <= nblocks; i += 8, d += 64, s += 8 * stride) {
        __m256i lo = lanes_load4(s, stride), hi = lanes_load4(s + 4 * stride, stride);
        _mm256_storeu_si256((__m256i *)d, lo);
        _mm256_storeu_si256((__m256i *)(d + 32), hi);
    }
    for (; i < nblocks; i++, d += 8, s += stride)
        __builtin_memcpy(d, s, 8);
}

static void lanes_unpack(void *restrict dst, ptrdiff_t stride, const void *restrict src,
                         size_t blen, size_t nblocks)
{
    char *d = dst;
    const char *s = src;
    size_t i = 0, by_four = dt_blocks_page_apart(stride, 8, nblocks) ? 0 : nblocks;

    (void)blen;
    for (; i + 4 <= by_four; i += 4, d += 4 * stride, s += 32) {
        __m256i v = _mm256_loadu_si256((const __m256i *)s);
        __m128i lo = _mm256_castsi256_si128(v), hi = _mm256_extracti128_si256(v, 1);
        _mm_storel_epi64((__m128i *)d, lo);
        _mm_storel_epi64((__m128i *)(d + stride), _mm_unpackhi_epi64(lo, lo));
        _mm_storel_epi64((__m128i *)(d + 2 * stride), hi);
        _mm_storel_epi64((__m128i *)(d + 3 * stride), _mm_unpackhi_epi64(hi, hi));
    }
    for (; i < nblocks; i++, d += stride, s += 8)
        __builtin_memcpy(d, s, 8);
}

static inline void move32(char *d, const char *s)
{
    _mm256_storeu_si256((__m256i *)d, _mm256_loadu_si256((const __m256i *)s));
}

/* Bytes [0, j) for the largest multiple j of 128 up to n, 128 in flight per step; returns j. */
static inline size_t move_steps(char *d, const char *s, size_t n)
{
    size_t j = 0;

    for (; j + 128 <= n; j += 128) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(s + j));
        __m256i b = _mm256_loadu_si256((const __m256i *)(s + j + 32));
        __m256i c = _mm256_loadu_si256((const __m256i *)(s + j + 64));
        __m256i e = _mm256_loadu_si256((const __m256i *)(s + j + 96));
        _mm256_storeu_si256((__m256i *)(d + j), a);
        _mm256_storeu_si256((__m256i *)(d + j + 32), b);
        _mm256_storeu_si256((__m256i *)(d + j + 64), c);
        _mm256_storeu_si256((__m256i *)(d + j + 96), e);
    }
    return j;
}

/* n >= 32 bytes: 128 bytes per step in flight, then 32, then the overlapping last 32. */
static inline void vector_move_short(char *d, const char *s, size_t n)
{
    size_t j = move_steps(d, s, n);

    for (; j + 32 < n; j += 32)
        move32(d + j, s + j);
    move32(d + n - 32, s + n - 32);
}

/*
 * n >= 256 bytes: the last 256 bytes are loaded first and stored last, so
 * the cache lines at both ends of the block are in flight from the start
 * (glibc's memcpy does the same). A block that is not in L1 then streams
 * in from two places; a 256-byte tail gained more than 128 (record:
 * docs/perf/dt-copy.md).
 * The middle [0, n - 256) is copied as in vector_move_short, its last
 * partial 32 bytes overlapping.
 */
static inline void vector_move_long(char *d, const char *s, size_t n)
{
    const char *st = s + n - 256;
    char *dt = d + n - 256;
    __m256i t0 = _mm256_loadu_si256((const __m256i *)(st + 224));
    __m256i t1 = _mm256_loadu_si256((const __m256i *)(st + 192));
    __m256i t2 = _mm256_loadu_si256((const __m256i *)(st + 160));
    __m256i t3 = _mm256_loadu_si256((const __m256i *)(st + 128));
    __m256i t4 = _mm256_loadu_si256((const __m256i *)(st + 96));
    __m256i t5 = _mm256_loadu_si256((const __m256i *)(st + 64));
    __m256i t6 = _mm256_loadu_si256((const __m256i *)(st + 32));
    __m256i t7 = _mm256_loadu_si256((const __m256i *)st);
    size_t middle = n - 256, j = move_steps(d, s, middle);

    for (; j + 32 <= middle; j += 32)
        move32(d + j, s + j);
    if (j < middle) { /* under 32 bytes left: one move that ends at the tail (or at 32) */
        j = middle >= 32 ? middle - 32 : 0;
        move32(d + j, s + j);
    }
    _mm256_storeu_si256((__m256i *)(dt + 224), t0);
    _mm256_storeu_si256((__m256i *)(dt + 192), t1);
    _mm256_storeu_si256((__m256i *)(dt + 160), t2);
    _mm256_storeu_si256((__m256i *)(dt + 128), t3);
    _mm256_storeu_si256((__m256i *)(dt + 96), t4);
    _mm256_storeu_si256((__m256i *)(dt + 64), t5);
    _mm256_storeu_si256((__m256i *)(dt + 32), t6);
    _mm256_storeu_si256((__m256i *)dt, t7);
}

static inline void vector_move(char *d, const char *s, size_t n)
{
    if (n >= 256)
        vector_move_long(d, s, n);
    else
        vector_move_short(d, s, n);
}

static int vector_applies(size_t blen, ptrdiff_t stride)
{
    (void)stride;
    return blen >= 32;
}

DT_BLOCK_LOOP_KERNELS(vector_pack, vector_unpack_near, vector_move)
DT_FAR_BLOCK_UNPACK(long_unpack, vector_unpack_near, vector_move_long)

/* Long blocks a page or more apart prefetch the next block as they go (DT_FAR_BLOCK_UNPACK). */
static void vector_unpack(void *restrict dst, ptrdiff_t stride, const void *restrict src,
                          size_t blen, size_t nblocks)
{
    (blen >= 256 ? long_unpack : vector_unpack_near)(dst, stride, src, blen, nblocks);
}

/*
 * n >= 128 bytes, the last ones first: the middle by 32-byte stores
 * aligned on the destination, from the top down, then the first 64 bytes.
 * A load then never waits on a store it only seems to overlap: when the
 * destination lies a few lines past the source modulo 4096, a forward
 * copy's loads share the page offset of the stores just before them
 * (pack/copy.c).
 */
void dt_copy_backward_avx2(char *restrict d, const char *restrict s, size_t n)
{
    __m256i h0 = _mm256_loadu_si256((const __m256i *)s);
    __m256i h1 = _mm256_loadu_si256((const __m256i *)(s + 32));
    size_t j = (size_t)(((uintptr_t)d + n) & ~(uintptr_t)31) - (uintptr_t)d;

    move32(d + n - 32, s + n - 32); /* the bytes above the aligned top j */
    for (; j >= 64 + 128; j -= 128) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(s + j - 32));
        __m256i b = _mm256_loadu_si256((const __m256i *)(s + j - 64));
        __m256i c = _mm256_loadu_si256((const __m256i *)(s + j - 96));
        __m256i e = _mm256_loadu_si256((const __m256i *)(s + j - 128));
        _mm256_store_si256((__m256i *)(d + j - 32), a);
        _mm256_store_si256((__m256i *)(d + j - 64), b);
        _mm256_store_si256((__m256i *)(d + j - 96), c);
        _mm256_store_si256((__m256i *)(d + j - 128), e);
    }
    for (; j >= 64 + 32; j -= 32) {
        __m256i a = _mm256_loadu_si256((const __m256i *)(s + j - 32));
        _mm256_store_si256((__m256i *)(d + j - 32), a);
    }
    if (j > 64) /* under 32 bytes left above the first 64 */
        move32(d + j - 32, s + j - 32);
    _mm256_storeu_si256((__m256i *)(d + 32), h1);
    _mm256_storeu_si256((__m256i *)d, h0);
}

const dt_kernel_t dt_avx2_kernels[] = {
    {"avx2-lanes", DT_METHOD_GATHER, VMPL_ISA_AVX2, lanes_applies, lanes_pack, lanes_unpack,
     NULL, 0, NULL, NULL, NULL, NULL, NULL},
    {"avx2-vector", DT_METHOD_VECTOR, VMPL_ISA_AVX2, vector_applies, vector_pack, vector_unpack,
     NULL, 0, NULL, NULL, NULL, NULL, NULL},
    {"avx2-shuffle", DT_METHOD_SHUFFLE, VMPL_ISA_AVX2, shuffle_applies, shuffle_pack,
     shuffle_unpack, NULL, 0, NULL, NULL, NULL, NULL, NULL},
    {"avx2-gather", DT_METHOD_GATHER, VMPL_ISA_AVX2, gather_applies, gather_pack,
     scalar_unpack_4_8, NULL, 0, NULL, NULL, NULL, NULL, NULL},
};
const size_t dt_avx2_kernel_count = sizeof(dt_avx2_kernels) / sizeof(dt_avx2_kernels[0]);

/* One element by 32-byte moves; with checked, a load leaving its block's page goes exactly. */
static inline __attribute__((always_inline)) char *wide_element(const dt_piece_t *pc, int64_t n,
                                                                const char *element, char *p,
                                                                const int checked)
{
    for (int64_t k = 0; k < n; k++) {
        const char *src = element + pc[k].disp;
        if (!checked || DT_WIDE_READ_SAFE(src, pc[k].len, 32))
            _mm256_storeu_si256((__m256i *)(void *)p,
                                _mm256_loadu_si256((const __m256i *)(const void *)src));
        else
            dt_move_small(p, src, (size_t)pc[k].len);
        p += pc[k].len;
    }
    return p;
}

/*
 * One 32-byte move per block, the page check once per element: faster
 * than exact copies, two 16-byte moves a block, or the page check on every
 * load, as the loop is bound by its instruction count, 7 a move without
 * the check and 12 with it (record: docs/perf/dt-small-blocks.md).
 */
DT_PAGE_BOUNDED_READS char *dt_wide_pack_avx2(const dt_piece_t *pc, int64_t n, int64_t data_end,
                                              int dense, const char *first, int64_t stride,
                                              int64_t count, char *p)
{
    for (int64_t i = 0; i < count; i++, first += stride) {
        if (dense && DT_WIDE_READ_SAFE(first + data_end - 1, 1, 32))
            p = wide_element(pc, n, first, p, 0);
        else
            p = wide_element(pc, n, first, p, 1);
    }
    return p;
}

/* ---- descriptors of the AVX2 paths outside the strided kernels (kernels/program.h) ---- */
static int avx2_usable(const base_cpu_features_t *cpu)
{
    return cpu->avx2;
}

static int wide_applies(const dt_program_t *p, int64_t stride)
{
    (void)p, (void)stride;
    return 1;
}

static char *wide_pack(const dt_program_t *p, const char *first, int64_t stride, int64_t count,
                       char *packed)
{
    return dt_wide_pack_avx2(p->pieces, p->n, p->data_end, p->dense, first, stride, count,
                             packed);
}

const dt_program_kernel_t dt_avx2_wide_program = {
    .name = "avx2-wide",
    .isa = VMPL_ISA_AVX2,
    .usable = avx2_usable,
    .applies = wide_applies,
    .pack = wide_pack,
    .unpack = NULL, /* its stores overrun a block: packs only */
};

static int backward_applies(size_t blen, ptrdiff_t stride)
{
    (void)stride;
    return blen >= 128;
}

static void backward_pack(void *restrict dst, const void *restrict src, ptrdiff_t stride,
                          size_t blen, size_t nblocks)
{
    for (size_t i = 0; i < nblocks; i++)
        dt_copy_backward_avx2((char *)dst + i * blen, (const char *)src + (ptrdiff_t)i * stride,
                              blen);
}

static void backward_unpack(void *restrict dst, ptrdiff_t stride, const void *restrict src,
                            size_t blen, size_t nblocks)
{
    for (size_t i = 0; i < nblocks; i++)
        dt_copy_backward_avx2((char *)dst + (ptrdiff_t)i * stride, (const char *)src + i * blen,
                              blen);
}

const dt_kernel_t dt_avx2_backward_copy = {
    .name = "avx2-backward",
    .method = DT_METHOD_VECTOR,
    .isa = VMPL_ISA_AVX2,
    .applies = backward_applies,
    .pack = backward_pack,
    .unpack = backward_unpack,
};
