/*
 * Element programs: whole elements of a sequence of small blocks (a C
 * struct, say), copied block by block with fixed-size moves.
 *
 * Pack moves every block with one fixed-width load and store (16 or 32
 * bytes whatever its length): the excess lands in packed bytes that the
 * next block overwrites. A wide load reads past a block only within the
 * page of the block's last byte (so it cannot fault); the last elements,
 * whose excess would run past the packed range, take exact copies.
 * Unpack never writes outside the blocks: exact copies by at most two
 * overlapping fixed-size moves.
 */
#include "dt_internal.h"

#include <stdint.h>
#include <string.h>

/* Whether width bytes from src stay on the page of the block's last byte. */
#define WIDE_READ_SAFE(src, len, width)                                                        \
    ((((uintptr_t)(src) + (uintptr_t)(len)-1) ^ ((uintptr_t)(src) + (width)-1)) < 4096)

/* n in [1, DT_SMALL_BLOCK] bytes, exactly. */
static inline void copy_exact(char *d, const char *s, int64_t n)
{
    if (n >= 16) {
        memcpy(d, s, 16);
        memcpy(d + n - 16, s + n - 16, 16);
    } else if (n >= 8) {
        memcpy(d, s, 8);
        memcpy(d + n - 8, s + n - 8, 8);
    } else if (n >= 4) {
        memcpy(d, s, 4);
        memcpy(d + n - 4, s + n - 4, 4);
    } else if (n >= 2) {
        memcpy(d, s, 2);
        memcpy(d + n - 2, s + n - 2, 2);
    } else {
        *d = *s;
    }
}

#define PACK_WIDE(width)                                                                      \
    static char *pack_wide_##width(const dt_piece_t *pc, int64_t n, const char *first,       \
                                   int64_t stride, int64_t count, char *p)                    \
    {                                                                                         \
        for (int64_t i = 0; i < count; i++) {                                                 \
            const char *element = first + i * stride;                                         \
            for (int64_t k = 0; k < n; k++) {                                                 \
                const char *src = element + pc[k].disp;                                       \
                if (WIDE_READ_SAFE(src, pc[k].len, width))                                    \
                    memcpy(p, src, width);                                                    \
                else                                                                          \
                    copy_exact(p, src, pc[k].len);                                            \
                p += pc[k].len;                                                               \
            }                                                                                 \
        }                                                                                     \
        return p;                                                                             \
    }
PACK_WIDE(16)
PACK_WIDE(32)

/*
 * The common short programs with the block loop unrolled: pieces live in
 * registers and each element is straight-line code, as a C loop would be.
 */
#define PACK_UNROLLED(nb, width)                                                              \
    static char *pack_##nb##_##width(const dt_piece_t *pc, const char *first, int64_t stride,  \
                                     int64_t count, char *p, int64_t size)                    \
    {                                                                                         \
        int64_t d[nb], o[nb], l[nb];                                                          \
        for (int k = 0, at = 0; k < nb; at += (int)pc[k].len, k++) {                          \
            d[k] = pc[k].disp;                                                                \
            l[k] = pc[k].len;                                                                 \
            o[k] = at;                                                                        \
        }                                                                                     \
        for (int64_t i = 0; i < count; i++, p += size) {                                      \
            const char *element = first + i * stride;                                         \
            for (int k = 0; k < nb; k++) {                                                    \
                if (WIDE_READ_SAFE(element + d[k], l[k], width))                              \
                    memcpy(p + o[k], element + d[k], width);                                  \
                else                                                                          \
                    copy_exact(p + o[k], element + d[k], l[k]);                               \
            }                                                                                 \
        }                                                                                     \
        return p;                                                                             \
    }
PACK_UNROLLED(2, 16)
PACK_UNROLLED(3, 16)
PACK_UNROLLED(4, 16)
PACK_UNROLLED(2, 32)
PACK_UNROLLED(3, 32)
PACK_UNROLLED(4, 32)

static char *pack_wide(const dt_node_t *seq, const char *first, int64_t stride, int64_t count,
                       char *p, int64_t width)
{
    const dt_piece_t *pc = seq->u.seq.pieces;
    int64_t n = seq->u.seq.n, size = seq->size;

    switch (n * 64 + width) {
    case 2 * 64 + 16: return pack_2_16(pc, first, stride, count, p, size);
    case 3 * 64 + 16: return pack_3_16(pc, first, stride, count, p, size);
    case 4 * 64 + 16: return pack_4_16(pc, first, stride, count, p, size);
    case 2 * 64 + 32: return pack_2_32(pc, first, stride, count, p, size);
    case 3 * 64 + 32: return pack_3_32(pc, first, stride, count, p, size);
    case 4 * 64 + 32: return pack_4_32(pc, first, stride, count, p, size);
    }
    return width == 16 ? pack_wide_16(pc, n, first, stride, count, p)
                       : pack_wide_32(pc, n, first, stride, count, p);
}

static char *pack_exact(const dt_piece_t *pc, int64_t n, const char *first, int64_t stride,
                        int64_t count, char *p)
{
    for (int64_t i = 0; i < count; i++) {
        const char *element = first + i * stride;
        for (int64_t k = 0; k < n; k++) {
            copy_exact(p, element + pc[k].disp, pc[k].len);
            p += pc[k].len;
        }
    }
    return p;
}

/* Elements at the end whose wide stores could overrun the packed range. */
static int64_t exact_tail(const dt_node_t *seq, int64_t width)
{
    return 1 + (width + seq->size - 1) / seq->size;
}

void dt_small_pack(const dt_node_t *seq, const char *first, int64_t stride, int64_t count,
                   char **packed)
{
    const dt_piece_t *pc = seq->u.seq.pieces;
    int64_t n = seq->u.seq.n, width = seq->u.seq.widest <= 16 ? 16 : 32, wide = 0;
    char *p = *packed;

    wide = count - exact_tail(seq, width);
    if (wide < 0)
        wide = 0;
    if (wide)
        p = pack_wide(seq, first, stride, wide, p, width);
    *packed = pack_exact(pc, n, first + wide * stride, stride, count - wide, p);
}

void dt_small_unpack(const dt_node_t *seq, char *first, int64_t stride, int64_t count,
                     char **packed)
{
    const dt_piece_t *pc = seq->u.seq.pieces;
    int64_t n = seq->u.seq.n;
    const char *p = *packed;

    for (int64_t i = 0; i < count; i++) {
        char *element = first + i * stride;
        for (int64_t k = 0; k < n; k++) {
            copy_exact(element + pc[k].disp, p, pc[k].len);
            p += pc[k].len;
        }
    }
    *packed = (char *)p;
}

/*
 * Bytes [off, off + len) of a sequence of small blocks starting inside
 * block k (one element, e.g. an irregular indexed type): the iovec path.
 */
void dt_small_seq_range(const dt_node_t *seq, char *base, int64_t k, int64_t off, int64_t len,
                        char **packed, int unpack)
{
    const dt_piece_t *pc = seq->u.seq.pieces;
    char *p = *packed;

    for (; len > 0; k++, off = 0) {
        char *user = base + pc[k].disp + off;
        int64_t part = pc[k].len - off < len ? pc[k].len - off : len;

        if (unpack)
            copy_exact(user, p, part);
        else if (part <= 16 && len >= 16 && WIDE_READ_SAFE(user, part, 16))
            memcpy(p, user, 16);
        else if (len >= 32 && WIDE_READ_SAFE(user, part, 32))
            memcpy(p, user, 32);
        else
            copy_exact(p, user, part);
        p += part;
        len -= part;
    }
    *packed = p;
}
