/*
 * AVX2 element blends (kernels/shuffle.h): each run of an element's blocks
 * is one unaligned 16- or 32-byte load at the run's shift, VPBLENDVB keeps
 * the run's packed bytes, one store writes the element. Compiled with
 * -mavx2, used only on CPUs with AVX2. No libc calls.
 *
 * A run's load starts at or after the element's first data byte (the
 * shifts are not negative: the blocks ascend) and may end past its last
 * data byte, up to read_end. The elements go in stretches that end where
 * an element's loads would leave the page of its last data byte; the
 * caller copies that element exactly and calls again.
 *
 * The struct {int, double, char[3]} goes by two loads and one blend,
 * against two loads, four PSHUFB and two OR an element by the SSSE3
 * shuffle, about twice as fast (record: docs/perf/dt-small-blocks.md).
 */
#include "dt/kernels/kernel_private.h"
#include "dt/kernels/shuffle.h"

#include <immintrin.h>

/*
 * How many of the next left elements (the first at window w) keep their
 * loads on the page of their last data byte: 0 when the first does not.
 */
static inline int64_t blend_stretch(const dt_shuffle_t *sh, const char *w, int64_t stride,
                                    int64_t left)
{
    const uintptr_t last = (uintptr_t)w + (uintptr_t)sh->data_end - 1;
    const uintptr_t read_last = (uintptr_t)w + (uintptr_t)sh->read_end - 1;
    const uintptr_t page_end = last | 4095;
    int64_t n;

    if (read_last > page_end)
        return 0;
    if (stride <= 0) /* the next element's data may lie on a lower page */
        return 1;
    n = (int64_t)((page_end - read_last) / (uintptr_t)stride) + 1;
    return n < left ? n : left;
}

static inline __attribute__((always_inline)) __m256i load_w(const char *s, const int width)
{
    if (width == 16)
        return _mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)(const void *)s));
    return _mm256_loadu_si256((const __m256i *)(const void *)s);
}

static inline __attribute__((always_inline)) __m256i blend_w(__m256i a, __m256i b, __m256i m,
                                                             const int width)
{
    if (width == 16)
        return _mm256_castsi128_si256(_mm_blendv_epi8(_mm256_castsi256_si128(a),
                                                      _mm256_castsi256_si128(b),
                                                      _mm256_castsi256_si128(m)));
    return _mm256_blendv_epi8(a, b, m);
}

static inline __attribute__((always_inline)) void store_w(char *d, __m256i v, const int width)
{
    if (width == 16)
        _mm_storeu_si128((__m128i *)(void *)d, _mm256_castsi256_si128(v));
    else
        _mm256_storeu_si256((__m256i *)(void *)d, v);
}

/* The stretches of elements with runs loads of width bytes each. */
static inline __attribute__((always_inline)) int64_t
blend_pack(const dt_shuffle_t *sh, const char *first, int64_t stride, int64_t count,
           char **packed, const int runs, const int width)
{
    __m256i mask[DT_BLEND_RUNS];
    int64_t shift[DT_BLEND_RUNS], i = 0, n;
    const int64_t size = sh->size; /* a local: the stores could alias sh */
    const char *w = first + sh->window;
    char *p = *packed;

    for (int r = 0; r < runs; r++) {
        mask[r] = _mm256_loadu_si256((const __m256i *)(const void *)sh->blend[r]);
        shift[r] = sh->shift[r];
    }
    while (i < count && (n = blend_stretch(sh, w, stride, count - i)) > 0) {
        for (int64_t e = 0; e < n; e++, w += stride, p += size) {
            __m256i v = load_w(w + shift[0], width);
            for (int r = 1; r < runs; r++)
                v = blend_w(v, load_w(w + shift[r], width), mask[r], width);
            store_w(p, v, width);
        }
        i += n;
    }
    *packed = p;
    return i;
}

#define BLEND_PACK(runs, width)                                                               \
    DT_PAGE_BOUNDED_READS static int64_t blend_pack_##runs##_##width(                         \
        const dt_shuffle_t *sh, const char *first, int64_t stride, int64_t count,             \
        char **packed)                                                                        \
    {                                                                                         \
        return blend_pack(sh, first, stride, count, packed, runs, width);                     \
    }
BLEND_PACK(1, 16)
BLEND_PACK(2, 16)
BLEND_PACK(3, 16)
BLEND_PACK(4, 16)
BLEND_PACK(1, 32)
BLEND_PACK(2, 32)
BLEND_PACK(3, 32)
BLEND_PACK(4, 32)

int64_t dt_blend_pack_avx2(const dt_shuffle_t *sh, const char *first, int64_t stride,
                           int64_t count, char **packed)
{
    static int64_t (*const by_runs[2][DT_BLEND_RUNS])(const dt_shuffle_t *, const char *,
                                                      int64_t, int64_t, char **) = {
        {blend_pack_1_16, blend_pack_2_16, blend_pack_3_16, blend_pack_4_16},
        {blend_pack_1_32, blend_pack_2_32, blend_pack_3_32, blend_pack_4_32},
    };

    return by_runs[sh->store == 32][sh->runs - 1](sh, first, stride, count, packed);
}
