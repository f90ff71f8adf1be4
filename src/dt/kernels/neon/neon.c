/*
 * NEON strided-copy kernels (kernels/kernel.h): structure loads. Blocks of b
 * words every s words (s = 2, 3 or 4, b < s, words of 4 or 8 bytes) are
 * de-interleaved by one LD2/LD3/LD4 and the first b registers stored
 * interleaved by ST1/ST2/ST3: the packed blocks of 4 (or 2) elements per
 * instruction pair. Pack only: the inverse would have to store the gap
 * registers too, so unpack keeps the portable word moves. Tails go word by
 * word. No libc calls.
 */
#include "dt/kernels/kernel_private.h"

#include <arm_neon.h>

#define LANES_u32 4
#define LANES_u64 2
typedef uint32x4x2_t u32x2_t;
typedef uint32x4x3_t u32x3_t;
typedef uint32x4x4_t u32x4_t;
typedef uint64x2x2_t u64x2_t;
typedef uint64x2x3_t u64x3_t;
typedef uint64x2x4_t u64x4_t;

/* Store the first b registers of a structure load of s registers. */
#define ST_1(T, p, r) vst1q_##T(p, r.val[0])
#define ST_2(T, p, r) vst2q_##T(p, ((T##x2_t){{r.val[0], r.val[1]}}))
#define ST_3(T, p, r) vst3q_##T(p, ((T##x3_t){{r.val[0], r.val[1], r.val[2]}}))

#define NEON_PACK(T, E, S, B)                                                                 \
    static void pack_##T##_##S##_##B(E *d, const E *s, size_t nblocks)                       \
    {                                                                                         \
        size_t i = 0;                                                                         \
        /* a load spans whole strides: the last block's trailing gap is never read */         \
        for (; i + LANES_##T < nblocks; i += LANES_##T, s += (S)*LANES_##T,                   \
                                         d += (B)*LANES_##T) {                                \
            T##x##S##_t r = vld##S##q_##T(s);                                                 \
            ST_##B(T, d, r);                                                                  \
        }                                                                                     \
        for (; i < nblocks; i++, s += (S), d += (B))                                          \
            __builtin_memcpy(d, s, (B) * sizeof(E));                                          \
    }
#define NEON_PACK_ALL(T, E)                                                                   \
    NEON_PACK(T, E, 2, 1) NEON_PACK(T, E, 3, 1) NEON_PACK(T, E, 3, 2)                        \
    NEON_PACK(T, E, 4, 1) NEON_PACK(T, E, 4, 2) NEON_PACK(T, E, 4, 3)
NEON_PACK_ALL(u32, uint32_t)
NEON_PACK_ALL(u64, uint64_t)

/* Word size and counts of a shape, or 0 when structure loads do not fit it. */
static size_t shape_words(size_t blen, ptrdiff_t stride, int *s_p, int *b_p)
{
    for (size_t e = 8; e >= 4; e /= 2) {
        if (blen % e || stride <= 0 || (size_t)stride % e)
            continue;
        *b_p = (int)(blen / e);
        *s_p = (int)((size_t)stride / e);
        if (*s_p >= 2 && *s_p <= 4 && *b_p < *s_p)
            return e;
    }
    return 0;
}

static int structure_applies(size_t blen, ptrdiff_t stride)
{
    int s = 0, b = 0;
    return shape_words(blen, stride, &s, &b) != 0;
}

static void structure_pack(void *restrict dst, const void *restrict src, ptrdiff_t stride,
                           size_t blen, size_t nblocks)
{
    int s = 0, b = 0;
    size_t e = shape_words(blen, stride, &s, &b);

#define CASE(T, E, S, B)                                                                      \
    if (s == (S) && b == (B)) {                                                               \
        pack_##T##_##S##_##B((E *)dst, (const E *)src, nblocks);                              \
        return;                                                                               \
    }
    if (e == 4) {
        CASE(u32, uint32_t, 2, 1) CASE(u32, uint32_t, 3, 1) CASE(u32, uint32_t, 3, 2)
        CASE(u32, uint32_t, 4, 1) CASE(u32, uint32_t, 4, 2) CASE(u32, uint32_t, 4, 3)
    } else {
        CASE(u64, uint64_t, 2, 1) CASE(u64, uint64_t, 3, 1) CASE(u64, uint64_t, 3, 2)
        CASE(u64, uint64_t, 4, 1) CASE(u64, uint64_t, 4, 2) CASE(u64, uint64_t, 4, 3)
    }
#undef CASE
}

static void words_unpack(void *restrict dst, ptrdiff_t stride, const void *restrict src,
                         size_t blen, size_t nblocks)
{
    char *d = dst;
    const char *s = src;

    for (size_t i = 0; i < nblocks; i++, d += stride)
        for (size_t j = 0; j < blen; j += 4, s += 4)
            __builtin_memcpy(d + j, s, 4);
}

const dt_kernel_t dt_neon_kernels[] = {
    {"neon-structure", DT_METHOD_GATHER, VMPL_ISA_NEON, structure_applies, structure_pack,
     words_unpack, NULL, 0, NULL, NULL, NULL, NULL, NULL},
};
const size_t dt_neon_kernel_count = sizeof(dt_neon_kernels) / sizeof(dt_neon_kernels[0]);
