/*
 * AVX-512 target: 512-bit vectors, tails through byte-masked moves
 * (AVX-512BW). Compiled with -mavx512f -mavx512bw -mavx512dq -mavx512vl.
 * No libc: the same object runs in the freestanding Bochs test harness.
 */
#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#define VBYTES 64

static inline __m512i vec_avx512_load_bytes(const void *p, size_t nbytes)
{
    return _mm512_maskz_loadu_epi8((__mmask64)((1ull << nbytes) - 1), p);
}

static inline void vec_avx512_store_bytes(void *p, __m512i v, size_t nbytes)
{
    _mm512_mask_storeu_epi8(p, (__mmask64)((1ull << nbytes) - 1), v);
}

/* partial vectors are shorter than VBYTES, so nbytes < 64 */
#define VEC_PART_BYTES_LOAD(p, nbytes) vec_avx512_load_bytes(p, nbytes)
#define VEC_PART_BYTES_STORE(p, v, nbytes) vec_avx512_store_bytes(p, (__m512i)(v), nbytes)

#define OP_TARGET_FILL op_target_avx512_fill
#include "kernels/vec_gnu.h"
#include "kernels/op_body.h"

size_t op_target_avx512_vector_bytes(void)
{
    return VBYTES;
}
