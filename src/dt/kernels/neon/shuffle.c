/*
 * aarch64 element shuffle (kernels/shuffle.h): the 32-byte window in two
 * registers, TBL picks the packed bytes. Advanced SIMD is baseline on
 * aarch64, so this is always usable there.
 */
#include "dt/kernels/kernel_private.h"
#include "dt/kernels/shuffle.h"

#include <arm_neon.h>

DT_PAGE_BOUNDED_READS int64_t dt_shuffle_pack_neon(const dt_shuffle_t *sh, const char *first, int64_t stride,
                             int64_t count, char **packed)
{
    const uint8x16_t lo = vld1q_u8(sh->table), hi = vld1q_u8(sh->table + 16);
    const char *window = first + sh->window;
    char *p = *packed;
    int64_t i;

    for (i = 0; i < count; i++, p += sh->size) {
        const uint8_t *w = (const uint8_t *)(window + i * stride);
        uint8x16x2_t x;

        if ((((uintptr_t)w + (uintptr_t)sh->data_end - 1) ^ ((uintptr_t)w + 31)) >= 4096)
            break;
        x.val[0] = vld1q_u8(w);
        x.val[1] = vld1q_u8(w + 16);
        vst1q_u8((uint8_t *)p, vqtbl2q_u8(x, lo));
        vst1q_u8((uint8_t *)p + 16, vqtbl2q_u8(x, hi));
    }
    *packed = p;
    return i;
}
