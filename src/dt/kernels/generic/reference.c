/*
 * Reference strided-copy kernels: one block at a time, byte by byte. The
 * oracle every vector kernel is tested against; compiled without
 * vectorization so it shares no code generation with the kernels.
 */
#include "dt/kernels/kernel.h"

void dt_reference_pack(void *restrict dst, const void *restrict src, ptrdiff_t stride,
                       size_t blen, size_t nblocks)
{
    unsigned char *d = dst;
    const unsigned char *s = src;

    for (size_t i = 0; i < nblocks; i++) {
        const unsigned char *block = s + (ptrdiff_t)i * stride;
        for (size_t j = 0; j < blen; j++)
            *d++ = block[j];
    }
}

void dt_reference_unpack(void *restrict dst, ptrdiff_t stride, const void *restrict src,
                         size_t blen, size_t nblocks)
{
    unsigned char *d = dst;
    const unsigned char *s = src;

    for (size_t i = 0; i < nblocks; i++) {
        unsigned char *block = d + (ptrdiff_t)i * stride;
        for (size_t j = 0; j < blen; j++)
            block[j] = *s++;
    }
}
