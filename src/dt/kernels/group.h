/*
 * Element groups: k whole elements of a short repeating layout (a C struct
 * of small fields, or blocks of a short stride) packed per step by one
 * byte permutation across registers.
 *
 * The k elements' data lies in a 128-byte window of user memory and fills
 * at most 64 packed bytes. Pack is two loads, one two-source byte permute
 * and one masked store (three loads for two steps where their windows
 * fit in 192 bytes); unpack is one load, one or two byte permutes and
 * masked stores that write data bytes only. While a step's window (its
 * packed vector, for unpack) ends before the call's last data byte, its
 * loads are unmasked: they also read gap bytes between data bytes, which
 * share pages with data and cannot fault. Later steps load only data bytes
 * through masks, and the last, partial step uses the masks cut to its
 * elements, so no byte past the type is read.
 *
 * The plan is built once per layout and stride (dt_group_init, or the
 * avx512-permute strided kernel's group_build for a loop of blocks); the step
 * loops are AVX-512 VBMI (kernels/avx512vbmi/vbmi.c), with no libc calls, so
 * the freestanding Bochs harness runs them.
 */
#ifndef VMPL_DT_DT_GROUP_H
#define VMPL_DT_DT_GROUP_H

#include <stdint.h>

#define DT_GROUP_WINDOW 128 /* user bytes one step may span */
#define DT_GROUP_PACKED 64  /* packed bytes one step may fill */

/* One block of an element program: where it sits and how long it is. */
typedef struct dt_piece {
    int64_t disp;
    int64_t len;
} dt_piece_t;

typedef struct dt_group {
    int64_t stride;   /* bytes from one element to the next (> 0) */
    int64_t window;   /* displacement of the element's first data byte */
    int64_t width;    /* first to last data byte of one element, + 1 (<= stride) */
    int64_t size;     /* packed bytes per element */
    int64_t k;        /* elements per step (>= 2) */
    uint64_t data[2]; /* which bytes of the window hold data of the k elements */
    uint8_t pack_idx[DT_GROUP_PACKED];    /* packed byte j <- window byte */
    uint8_t unpack_idx[DT_GROUP_WINDOW];  /* window byte t <- packed byte (data bytes) */
} dt_group_t;

/*
 * The plan for n pieces (type-map order; displacements from the element's
 * origin) repeated every stride bytes. Returns 0 when the layout does not
 * fit (an element wider than its stride, or fewer than two elements per
 * step), 1 when *g is ready.
 */
int dt_group_init(dt_group_t *g, const dt_piece_t *pieces, int64_t n, int64_t stride);

/*
 * count whole elements, element i at first + i * stride (first: the
 * element's origin, not its window). Pack returns the packed end; unpack
 * the end of the packed bytes read.
 */
char *dt_group_pack_vbmi(const dt_group_t *g, const char *first, int64_t count, char *packed);
const char *dt_group_unpack_vbmi(const dt_group_t *g, char *first, int64_t count,
                                 const char *packed);

#endif
