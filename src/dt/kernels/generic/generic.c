/*
 * Portable strided-copy kernels (kernels/kernel.h), compiled without ISA flags:
 *   fixed   blocks of 1, 2, 4, 8, 12, 16, 24 or 32 bytes: one constant-size
 *           move per block, four blocks per iteration;
 *   small   other blocks up to 32 bytes: two overlapping moves per block;
 *   large   longer blocks: 32-byte constant-size moves, the last one
 *           overlapping the previous (no libc call: the freestanding
 *           harness and -ffreestanding callers can run every kernel).
 */
#include "dt/kernels/kernel_private.h"

/* The block lengths with a fixed kernel. */
#define FIXED_LENGTHS(X) X(1) X(2) X(4) X(8) X(12) X(16) X(24) X(32)

#define FIXED_KERNELS(N)                                                                      \
    static void pack_fixed_##N(void *restrict dst, const void *restrict src, ptrdiff_t stride, \
                               size_t blen, size_t nblocks)                                   \
    {                                                                                         \
        (void)blen;                                                                           \
        dt_fixed_moves(dst, src, N, stride, nblocks, N);                                      \
    }                                                                                         \
    static void unpack_fixed_##N(void *restrict dst, ptrdiff_t stride, const void *restrict src, \
                                 size_t blen, size_t nblocks)                                 \
    {                                                                                         \
        (void)blen;                                                                           \
        dt_fixed_moves(dst, src, stride, N, nblocks, N);                                      \
    }
FIXED_LENGTHS(FIXED_KERNELS)

DT_BLOCK_LOOP_KERNELS(pack_small, unpack_small, dt_move_small)

/* n > 32 bytes: 32-byte moves, the last ending exactly at n (overlapping). */
static inline void move_large(char *d, const char *s, size_t n)
{
    size_t j = 0;

    for (; j + 32 < n; j += 32)
        __builtin_memcpy(d + j, s + j, 32);
    __builtin_memcpy(d + n - 32, s + n - 32, 32);
}

DT_BLOCK_LOOP_KERNELS(pack_large, unpack_large, move_large)

#define APPLIES_FIXED(N)                                                                      \
    static int applies_##N(size_t blen, ptrdiff_t stride)                                     \
    {                                                                                         \
        (void)stride;                                                                         \
        return blen == (N);                                                                   \
    }
FIXED_LENGTHS(APPLIES_FIXED)

/*
 * Only lengths without a fixed kernel: where one exists it moves each block
 * once instead of twice, and the two were level only in L2, where the
 * calibration times (kernels/select.c), which picked the small moves
 * where the fixed ones were faster out of L2 (record:
 * docs/perf/dt-strided-kernels.md).
 */
#define OR_IS_LENGTH(N) || blen == (N)
static int fixed_length(size_t blen)
{
    return 0 FIXED_LENGTHS(OR_IS_LENGTH);
}

static int applies_small(size_t blen, ptrdiff_t stride)
{
    (void)stride;
    return blen <= 32 && !fixed_length(blen);
}

static int applies_large(size_t blen, ptrdiff_t stride)
{
    (void)stride;
    return blen > 32;
}

#define FIXED_ENTRY(N)                                                                        \
    {"generic-fixed" #N, DT_METHOD_SCALAR, VMPL_ISA_SCALAR, applies_##N, pack_fixed_##N,      \
     unpack_fixed_##N, NULL, 0, NULL, NULL, NULL, NULL, NULL},
const dt_kernel_t dt_generic_kernels[] = {
    FIXED_LENGTHS(FIXED_ENTRY)
    {"generic-small", DT_METHOD_SCALAR, VMPL_ISA_SCALAR, applies_small, pack_small, unpack_small,
     NULL, 0, NULL, NULL, NULL, NULL, NULL},
    {"generic-large", DT_METHOD_VECTOR, VMPL_ISA_SCALAR, applies_large, pack_large, unpack_large,
     NULL, 0, NULL, NULL, NULL, NULL, NULL},
};
const size_t dt_generic_kernel_count = sizeof(dt_generic_kernels) / sizeof(dt_generic_kernels[0]);
