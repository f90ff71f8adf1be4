/*
 * Masked loads and stores that keep their window inside the page of the
 * call's last byte, for the AVX-512 reduction and datatype kernels
 * (include after immintrin.h, in files compiled for AVX-512 BW; the lane
 * forms also need DQ). No libc calls.
 *
 * A masked move whose window reaches into a page that is not present
 * costs a microcode assist even when every byte there is masked off
 * (record: docs/perf/base-avx512-in-page.md). Only the last moves of a
 * call can reach past its last byte; where one would cross into the next
 * page, these move the window back to end on the last byte's page (which
 * holds data, so it is present) and shift the bytes through a stack
 * buffer. Other pages a window may enter hold data of the call, written
 * or read by it anyway.
 */
#ifndef VMPL_BASE_AVX512_IN_PAGE_H
#define VMPL_BASE_AVX512_IN_PAGE_H

#include <stdint.h>

#define BASE_PAGE_BYTES 4096

/* The last byte of the page holding last: windows must end by it. */
static inline uintptr_t base_page_end(const char *last)
{
    return (uintptr_t)last | (BASE_PAGE_BYTES - 1);
}

/* How far the width-byte window at q must move back to end by page_end (0: it need not). */
static inline unsigned base_back_by(const void *q, unsigned width, uintptr_t page_end)
{
    uintptr_t end = (uintptr_t)q + width - 1;

    return end > page_end ? (unsigned)(end - page_end) : 0;
}

/*
 * The moved-back forms, 64-byte windows (the 32-byte ones below call them
 * with back + 32: a 64-byte window at q whose first 32 bytes are the
 * 32-byte window). back >= 64 leaves no byte of the window on the page:
 * the mask has none of the call's bytes then, so nothing moves.
 */
static __attribute__((noinline, cold)) __m512i base_load64_back(__mmask64 m, const char *q,
                                                             unsigned back)
{
    char tmp[128] __attribute__((aligned(64)));

    if (back >= 64)
        return _mm512_setzero_si512();
    _mm512_store_si512(tmp, _mm512_maskz_loadu_epi8(m << back, q - back));
    _mm512_store_si512(tmp + 64, _mm512_setzero_si512());
    return _mm512_loadu_si512(tmp + back);
}

static __attribute__((noinline, cold)) void base_store64_back(char *q, __mmask64 m, __m512i v,
                                                            unsigned back)
{
    char tmp[128] __attribute__((aligned(64)));

    if (back >= 64)
        return;
    _mm512_store_si512(tmp, _mm512_setzero_si512());
    _mm512_store_si512(tmp + 64, v);
    _mm512_mask_storeu_epi8(q - back, m << back, _mm512_loadu_si512(tmp + 64 - back));
}

/* The masked moves, their window kept by page_end (base_page_end of the call's last byte). */
static inline __m512i base_maskz_load64(__mmask64 m, const char *q, uintptr_t page_end)
{
    unsigned back = base_back_by(q, 64, page_end);

    return __builtin_expect(back == 0, 1) ? _mm512_maskz_loadu_epi8(m, q)
                                          : base_load64_back(m, q, back);
}

static inline void base_mask_store64(char *q, __mmask64 m, __m512i v, uintptr_t page_end)
{
    unsigned back = base_back_by(q, 64, page_end);

    if (__builtin_expect(back == 0, 1))
        _mm512_mask_storeu_epi8(q, m, v);
    else
        base_store64_back(q, m, v, back);
}

static inline __m256i base_maskz_load32(__mmask32 m, const char *q, uintptr_t page_end)
{
    unsigned back = base_back_by(q, 32, page_end);

    return __builtin_expect(back == 0, 1)
               ? _mm256_maskz_loadu_epi8(m, q)
               : _mm512_castsi512_si256(base_load64_back(m, q, back + 32));
}

static inline void base_mask_store32(char *q, __mmask32 m, __m256i v, uintptr_t page_end)
{
    unsigned back = base_back_by(q, 32, page_end);

    if (__builtin_expect(back == 0, 1))
        _mm256_mask_storeu_epi8(q, m, v);
    else
        base_store64_back(q, m, _mm512_castsi256_si512(v), back + 32);
}

#ifdef __AVX512DQ__
/* The same for masks of 32- and 64-bit lanes (the moved-back form takes bytes). */
static inline __m512i base_maskz_load64_lanes32(__mmask16 m, const void *q, uintptr_t page_end)
{
    unsigned back = base_back_by(q, 64, page_end);

    return __builtin_expect(back == 0, 1)
               ? _mm512_maskz_loadu_epi32(m, q)
               : base_load64_back(_mm512_movepi8_mask(_mm512_movm_epi32(m)), q, back);
}

static inline __m512i base_maskz_load64_lanes64(__mmask8 m, const void *q, uintptr_t page_end)
{
    unsigned back = base_back_by(q, 64, page_end);

    return __builtin_expect(back == 0, 1)
               ? _mm512_maskz_loadu_epi64(m, q)
               : base_load64_back(_mm512_movepi8_mask(_mm512_movm_epi64(m)), q, back);
}

static inline void base_mask_store64_lanes32(void *q, __mmask16 m, __m512i v, uintptr_t page_end)
{
    unsigned back = base_back_by(q, 64, page_end);

    if (__builtin_expect(back == 0, 1))
        _mm512_mask_storeu_epi32(q, m, v);
    else
        base_store64_back(q, _mm512_movepi8_mask(_mm512_movm_epi32(m)), v, back);
}

static inline void base_mask_store64_lanes64(void *q, __mmask8 m, __m512i v, uintptr_t page_end)
{
    unsigned back = base_back_by(q, 64, page_end);

    if (__builtin_expect(back == 0, 1))
        _mm512_mask_storeu_epi64(q, m, v);
    else
        base_store64_back(q, _mm512_movepi8_mask(_mm512_movm_epi64(m)), v, back);
}
#endif

#endif
