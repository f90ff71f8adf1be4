/*
 * Element group plans (kernels/group.h). Plain C with no libc calls, built
 * without vector flags: commit runs it on any CPU, and the Bochs harness
 * links it with the VBMI step loops.
 */
#include "dt/kernels/group.h"

int dt_group_init(dt_group_t *g, const dt_piece_t *pieces, int64_t n, int64_t stride)
{
    int64_t lo = INT64_MAX, hi = INT64_MIN, size = 0, width, k, j = 0;
    uint64_t data[2] = {0, 0};

    if (n < 1 || stride <= 0)
        return 0;
    for (int64_t p = 0; p < n; p++) {
        if (pieces[p].len <= 0 || pieces[p].len > DT_GROUP_PACKED / 2 ||
            (size += pieces[p].len) > DT_GROUP_PACKED / 2)
            return 0;
        lo = pieces[p].disp < lo ? pieces[p].disp : lo;
        hi = pieces[p].disp + pieces[p].len > hi ? pieces[p].disp + pieces[p].len : hi;
    }
    if (__builtin_sub_overflow(hi, lo, &width) || width > stride || width > DT_GROUP_WINDOW)
        return 0;
    k = DT_GROUP_PACKED / size;
    if ((DT_GROUP_WINDOW - width) / stride + 1 < k)
        k = (DT_GROUP_WINDOW - width) / stride + 1;
    if (k < 2)
        return 0;

    *g = (dt_group_t){.stride = stride, .window = lo, .width = width, .size = size, .k = k};
    for (int64_t e = 0; e < k; e++)
        for (int64_t p = 0; p < n; p++)
            for (int64_t b = 0; b < pieces[p].len; b++, j++) {
                int64_t t = e * stride + pieces[p].disp - lo + b;
                g->pack_idx[j] = (uint8_t)t;
                g->unpack_idx[t] = (uint8_t)j; /* overlapping pieces: the last one wins */
                data[t / 64] |= 1ull << (t % 64);
            }
    g->data[0] = data[0];
    g->data[1] = data[1];
    return 1;
}
