/*
 * Datatype engine internals: the type object and its normalized layout.
 *
 * Layout: a tree of three node kinds, each at a byte displacement from the
 * origin of its parent (for the root: from the element's origin):
 *   BLOCK  len contiguous bytes
 *   LOOP   count copies of child, copy i displaced by i * stride bytes
 *   SEQ    children one after the other in type-map order
 * Every node knows its packed size; a SEQ keeps the packed offset of each
 * child, so any byte of the packed stream is found by division and binary
 * search (resumable partial pack). Commit builds the tree normalized: no
 * empty nodes, adjacent blocks merged, nested loops folded, SEQs of
 * regularly repeating children turned into LOOPs. A SEQ of many irregular
 * BLOCKs is the iovec fallback.
 */
#ifndef VMPL_DT_LAYOUT_LAYOUT_H
#define VMPL_DT_LAYOUT_LAYOUT_H

#include "dt/kernels/kernel_private.h"
#include "dt/kernels/program.h"
#include "dt/type/type.h"

typedef enum { DT_NODE_BLOCK, DT_NODE_LOOP, DT_NODE_SEQ } dt_node_kind_t;

typedef struct dt_node dt_node_t;
struct dt_node {
    dt_node_kind_t kind;
    int64_t disp; /* from the parent's origin (or the element's) */
    int64_t size; /* packed bytes */
    union {
        struct {
            int64_t count;
            int64_t stride;
            dt_node_t *child;
            const dt_kernel_t *kernel; /* child is a BLOCK: its strided kernel (commit) */
            struct dt_group *group;    /* the kernel's group for child and stride (commit) */
        } loop;
        struct {
            int64_t n;
            dt_node_t **child;
            int64_t *start;  /* packed offset of child k; start[n] == size */
            int small_blocks; /* every child a BLOCK: an element program (pack/small.c) */
            struct dt_piece *pieces; /* small_blocks: the blocks as a flat program */
            int64_t widest;          /* small_blocks: longest block */
            int64_t data_end;        /* small_blocks: end of the highest block past the origin */
            struct dt_shuffle *shuffle; /* small_blocks in one 32-byte window (commit) */
            struct dt_group *group;     /* small_blocks: k elements per step (commit) */
            /* small_blocks on AVX2 and AVX-512: the blocks cut into moves of <= 32 bytes */
            struct dt_piece *moves;
            int64_t nmoves;
            int64_t *move_of; /* first move of block k; move_of[n] == nmoves */
            int moves_use[2]; /* [0] pack, [1] unpack by them: 1, 0, -1 until a call chose */
            int dense; /* small_blocks: no data gap passes DT_WIDE_MAX_GAP (commit) */
            struct dt_move_plan *move_plan; /* small_blocks, n > 4: moves by width (commit) */
            /* small_blocks: the ISA paths that move it (commit, kernels/program.h), or NULL */
            const dt_program_kernel_t *grouped; /* the group above */
            const dt_program_kernel_t *masked;  /* the moves above, masked */
            const dt_program_kernel_t *wide;    /* 32-byte moves of the blocks or the moves */
        } seq;
    } u;
};

/* Blocks up to this length are cut into moves (element programs on AVX2 and AVX-512). */
#define DT_MASKED_BLOCK 256

/* Blocks up to this length are copied by fixed-size moves in element programs. */
#define DT_SMALL_BLOCK 32

/* ---- layout (layout/layout.c) ---- */
dt_node_t *dt_node_block(int64_t disp, int64_t len);
dt_node_t *dt_node_loop(int64_t disp, int64_t count, int64_t stride, dt_node_t *child);
/* Takes ownership of children[] entries (not of the array). */
dt_node_t *dt_node_seq(int64_t n, dt_node_t **children);
void dt_node_free(dt_node_t *node);
dt_node_t *dt_node_clone(const dt_node_t *node);
/* Sentinel returned by the node builders on allocation failure. */
extern dt_node_t dt_node_nomem;

/* Builds the normalized layout of one element of type (NULL when empty). */
vmpl_status_t dt_layout_build(const dt_type_t *type, dt_node_t **layout_p);

#endif
