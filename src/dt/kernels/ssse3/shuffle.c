/*
 * SSSE3 element shuffle (kernels/shuffle.h) in 16-byte registers: each
 * half of the packed element is PSHUFB of the window's low half OR'd with
 * PSHUFB of its high half. Uses 128-bit operations only, which suits cores
 * that split 256-bit work (and lane crossing) into several micro-ops.
 */
#include "dt/kernels/kernel_private.h"
#include "dt/kernels/shuffle.h"

#include <immintrin.h>

DT_PAGE_BOUNDED_READS int64_t dt_shuffle_pack_ssse3(const dt_shuffle_t *sh, const char *first, int64_t stride,
                              int64_t count, char **packed)
{
    const __m128i c_ll = _mm_loadu_si128((const __m128i *)sh->ssse3[0]);
    const __m128i c_lh = _mm_loadu_si128((const __m128i *)sh->ssse3[1]);
    const __m128i c_hl = _mm_loadu_si128((const __m128i *)sh->ssse3[2]);
    const __m128i c_hh = _mm_loadu_si128((const __m128i *)sh->ssse3[3]);
    const char *window = first + sh->window;
    char *p = *packed;
    int64_t i;

    for (i = 0; i < count; i++, p += sh->size) {
        const char *w = window + i * stride;
        __m128i lo, hi;

        if ((((uintptr_t)w + (uintptr_t)sh->data_end - 1) ^ ((uintptr_t)w + 31)) >= 4096)
            break;
        lo = _mm_loadu_si128((const __m128i *)w);
        hi = _mm_loadu_si128((const __m128i *)(w + 16));
        _mm_storeu_si128((__m128i *)p,
                         _mm_or_si128(_mm_shuffle_epi8(lo, c_ll), _mm_shuffle_epi8(hi, c_lh)));
        if (sh->size > 16)
            _mm_storeu_si128((__m128i *)(p + 16), _mm_or_si128(_mm_shuffle_epi8(lo, c_hl),
                                                               _mm_shuffle_epi8(hi, c_hh)));
    }
    *packed = p;
    return i;
}
