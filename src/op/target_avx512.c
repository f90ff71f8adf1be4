/*
 * AVX-512 target: 512-bit vectors, tails through byte-masked moves
 * (AVX-512BW). Compiled with -mavx512f -mavx512bw -mavx512dq -mavx512vl.
 * No libc: the same object runs in the freestanding Bochs test harness.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include <base/avx512_in_page.h>

#define VBYTES 64

/* 1 <= nbytes < 64 bytes at p, the window kept on the page of the last one */
static inline __m512i vec_avx512_load_bytes(const void *p, size_t nbytes)
{
    return base_maskz_load64((__mmask64)((1ull << nbytes) - 1), p,
                             base_page_end((const char *)p + nbytes - 1));
}

static inline void vec_avx512_store_bytes(void *p, __m512i v, size_t nbytes)
{
    base_mask_store64(p, (__mmask64)((1ull << nbytes) - 1), v,
                      base_page_end((const char *)p + nbytes - 1));
}

/* partial vectors are shorter than VBYTES, so nbytes < 64 */
#define VEC_PART_BYTES_LOAD(p, nbytes) vec_avx512_load_bytes(p, nbytes)
#define VEC_PART_BYTES_STORE(p, v, nbytes) vec_avx512_store_bytes(p, (__m512i)(v), nbytes)

#define OP_TARGET_FILL op_target_avx512_fill
#define OP_PART_OUT_OF_LINE 1
#include "kernels/vec_gnu.h"
#include "kernels/op_body.h"

size_t op_target_avx512_vector_bytes(void)
{
    return VBYTES;
}
