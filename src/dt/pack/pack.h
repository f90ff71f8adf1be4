/*
 * dt/pack: the walker over a committed layout, the element programs of
 * small-block sequences, and the commit hook that prepares both.
 */
#ifndef VMPL_DT_PACK_PACK_H
#define VMPL_DT_PACK_PACK_H

#include "dt/layout/layout.h"

/*
 * Commit (prepare.c): attaches kernels to every strided leaf loop and
 * element plans to small sequences; stride: bytes between copies of node
 * (the type's extent at the root), or 0 when it does not repeat.
 */
void dt_pack_prepare(dt_node_t *node, int64_t stride);
/*
 * Commit of a type whose layout is built: dt_pack_prepare at its extent,
 * and the kernel of count elements when the layout is one block that does
 * not tile (type->elements_kernel), so that no call selects one.
 */
void dt_pack_prepare_type(dt_type_t *type);

/* ---- element programs for sequences of small blocks (pack/program.c) ---- */
/* count whole elements of seq, element i at first + i * stride, by the path that moves them. */
void dt_program_pack(const dt_node_t *seq, const char *first, int64_t stride, int64_t count,
                     char **packed);
void dt_program_unpack(const dt_node_t *seq, char *first, int64_t stride, int64_t count,
                       char **packed);
/* Bytes [off, off + len) of one element, starting inside block k. */
void dt_program_range(const dt_node_t *seq, char *base, int64_t k, int64_t off, int64_t len,
                      char **packed, int unpack);

/* The masked moves of seq (its blocks' cut, pack/masked.c) as a program for their path. */
static inline dt_program_t dt_seq_moves(const dt_node_t *seq)
{
    return (dt_program_t){.pieces = seq->u.seq.moves, .n = seq->u.seq.nmoves,
                          .size = seq->size, .data_end = seq->u.seq.data_end,
                          .dense = seq->u.seq.dense, .group = seq->u.seq.group};
}

/* ---- the portable moves of element programs (pack/small.c) ---- */
/*
 * count elements of seq as dt_program_pack packs them when the masked moves
 * decline: the element shuffle or fixed-size moves, then exact copies for
 * the last elements. When a block passes DT_SMALL_BLOCK: 32-byte moves of
 * the blocks' cut (pack/masked.c) on AVX2 CPUs, else the move plan or
 * exact copies. Writes nothing past the packed range. Returns the end.
 */
char *dt_small_pack_moves(const dt_node_t *seq, const char *first, int64_t stride,
                          int64_t count, char *p);
/* The same for dt_program_unpack: moves of exactly each block's bytes. Returns the end. */
const char *dt_small_unpack_moves(const dt_node_t *seq, char *first, int64_t stride,
                                  int64_t count, const char *p);
/* Commit: prepares the element shuffle when the CPU and the blocks allow it. */
void dt_small_prepare(dt_node_t *seq);
/* dt_program_range by these moves. */
void dt_small_range(const dt_node_t *seq, char *base, int64_t k, int64_t off, int64_t len,
                    char **packed, int unpack);

/* ---- masked element programs on AVX-512 (pack/masked.c) ---- */
/* Commit: the plans of a small-block sequence repeated every stride bytes (0: unknown). */
void dt_masked_prepare(dt_node_t *seq, int64_t stride);
/*
 * Whether this CPU runs the masked programs (AVX-512 BW, not capped by
 * VMPL_DT_ISA; chosen once, dt_program_path). Without them a sequence's moves serve only the
 * 32-byte moves of dt_small_pack_moves on AVX2 CPUs.
 */
int dt_masked_usable(void);

/* n bytes, not overlapping: memcpy, or last bytes first where memcpy is slow there (pack/copy.c). */
void dt_copy(char *restrict d, const char *restrict s, size_t n);

/*
 * n >= 1 bytes, exactly: two overlapping moves up to twice DT_SMALL_BLOCK
 * (32-byte halves past it), else dt_copy. A call into the C library per
 * block of 33-64 bytes cost the irregular indexed layout's unpack by
 * exact copies a fifth to a third of its speed from L3 (record:
 * docs/perf/dt-copy.md).
 */
static inline void dt_copy_exact(char *d, const char *s, int64_t n)
{
    if (n > 2 * DT_SMALL_BLOCK) {
        dt_copy(d, s, (size_t)n);
    } else if (n > DT_SMALL_BLOCK) { /* not overlapping: as dt_move_small, 32 bytes wide */
        __builtin_memcpy(d, s, DT_SMALL_BLOCK);
        __builtin_memcpy(d + n - DT_SMALL_BLOCK, s + n - DT_SMALL_BLOCK, DT_SMALL_BLOCK);
    } else {
        dt_move_small(d, s, (size_t)n);
    }
}

/* len bytes between user memory and the packed stream, in the direction asked (none if <= 0). */
static inline void dt_xfer_exact(char *user, char *packed, int64_t len, int unpack)
{
    if (len <= 0)
        return;
    if (unpack)
        dt_copy_exact(user, packed, len);
    else
        dt_copy_exact(packed, user, len);
}

/* ---- pack walker (pack/pack.c) ---- */
const dt_kernel_t *dt_strided_kernel(const dt_node_t *loop, char *first, int64_t nfull,
                                     char *packed, int unpack);
void dt_walk(const dt_node_t *node, const char *origin, int64_t skip, int64_t len, char *packed,
             int unpack);

#endif
