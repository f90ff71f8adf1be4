/*
 * SVE strided-copy kernels (kernels/kernel.h), vector-length agnostic, compiled
 * with +sve and used only when HWCAP reports SVE. No libc calls.
 *
 * gather   blocks of 4 or 8 bytes at any stride: one gather load (pack)
 *          or scatter store (unpack) per vector of blocks, with byte
 *          offsets from svindex (signed, so negative strides work) and a
 *          svwhilelt predicate for the tail.
 */
#include "dt/kernels/kernel_private.h"

#include <arm_sve.h>

static int gather_applies(size_t blen, ptrdiff_t stride)
{
    return (blen == 4 && stride >= -(1 << 24) && stride <= (1 << 24)) || blen == 8;
}

static void gather_pack(void *restrict dst, const void *restrict src, ptrdiff_t stride,
                        size_t blen, size_t nblocks)
{
    const char *s = src;

    if (blen == 8) {
        uint64_t *d = dst, vl = svcntd();
        svint64_t offs = svindex_s64(0, stride);
        for (uint64_t i = 0; i < nblocks; i += vl) {
            svbool_t pg = svwhilelt_b64_u64(i, nblocks);
            svst1_u64(pg, d + i,
                      svld1_gather_s64offset_u64(pg, (const uint64_t *)(s + (ptrdiff_t)i * stride),
                                                 offs));
        }
    } else {
        uint32_t *d = dst, vl = (uint32_t)svcntw();
        svint32_t offs = svindex_s32(0, (int32_t)stride);
        for (uint64_t i = 0; i < nblocks; i += vl) {
            svbool_t pg = svwhilelt_b32_u64(i, nblocks);
            svst1_u32(pg, d + i,
                      svld1_gather_s32offset_u32(pg, (const uint32_t *)(s + (ptrdiff_t)i * stride),
                                                 offs));
        }
    }
}

static void scatter_unpack(void *restrict dst, ptrdiff_t stride, const void *restrict src,
                           size_t blen, size_t nblocks)
{
    char *d = dst;

    if (blen == 8) {
        const uint64_t *s = src;
        uint64_t vl = svcntd();
        svint64_t offs = svindex_s64(0, stride);
        for (uint64_t i = 0; i < nblocks; i += vl) {
            svbool_t pg = svwhilelt_b64_u64(i, nblocks);
            svst1_scatter_s64offset_u64(pg, (uint64_t *)(d + (ptrdiff_t)i * stride), offs,
                                        svld1_u64(pg, s + i));
        }
    } else {
        const uint32_t *s = src;
        uint32_t vl = (uint32_t)svcntw();
        svint32_t offs = svindex_s32(0, (int32_t)stride);
        for (uint64_t i = 0; i < nblocks; i += vl) {
            svbool_t pg = svwhilelt_b32_u64(i, nblocks);
            svst1_scatter_s32offset_u32(pg, (uint32_t *)(d + (ptrdiff_t)i * stride), offs,
                                        svld1_u32(pg, s + i));
        }
    }
}

const dt_kernel_t dt_sve_kernels[] = {
    {"sve-gather", DT_METHOD_GATHER, VMPL_ISA_SVE, gather_applies, gather_pack, scatter_unpack,
     NULL, 0, NULL, NULL, NULL, NULL, NULL},
};
const size_t dt_sve_kernel_count = sizeof(dt_sve_kernels) / sizeof(dt_sve_kernels[0]);
