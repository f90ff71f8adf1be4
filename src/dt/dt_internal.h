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
#ifndef VMPL_DT_DT_INTERNAL_H
#define VMPL_DT_DT_INTERNAL_H

#include "dt.h"
#include "dt_kernel_private.h"

#include <string.h>

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
            int small_blocks; /* every child a BLOCK: an element program (dt_pack_small.c) */
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
        } seq;
    } u;
};

/* Blocks up to this length are cut into moves (element programs on AVX2 and AVX-512). */
#define DT_MASKED_BLOCK 256

/* Blocks up to this length are copied by fixed-size moves in element programs. */
#define DT_SMALL_BLOCK 32

struct dt_type {
    int refcount;
    unsigned named : 1;
    unsigned committed : 1;
    unsigned explicit_bounds : 1; /* lb/ub set by resized, sticky in outer types */
    unsigned has_data_or_bounds : 1;

    dt_combiner_t combiner;
    int64_t size;
    int64_t lb, ub;
    int64_t true_lb, true_ub;
    int64_t align; /* largest alignment of the basic types inside */

    /* What it was built from (MPI_Type_get_contents); inner types retained. */
    int num_ints, num_addrs, num_types;
    dt_count_t *ints;
    dt_aint_t *addrs;
    dt_type_t **types;

    /* Subarray and darray: the equivalent type built from simpler constructors. */
    dt_type_t *equiv;

    dt_node_t *layout; /* normalized, built at commit; NULL while uncommitted or empty */
    dt_named_t named_id;
};

/* ---- checked 64-bit arithmetic: nonzero on overflow ---- */
static inline int dt_mul(int64_t a, int64_t b, int64_t *r)
{
    return __builtin_mul_overflow(a, b, r);
}
static inline int dt_add(int64_t a, int64_t b, int64_t *r)
{
    return __builtin_add_overflow(a, b, r);
}

/* ---- type objects (dt_type.c) ---- */
vmpl_status_t dt_type_alloc(dt_combiner_t combiner, int num_ints, int num_addrs, int num_types,
                            dt_type_t **type_p);
void dt_type_free_storage(dt_type_t *type);

/* Bounds accumulation over the copies of an inner type (dt_bounds.c). */
typedef struct {
    int any;       /* some copy carries data or explicit bounds */
    int any_data;  /* some copy carries data */
    int64_t lb, ub, true_lb, true_ub;
    int64_t size;
    int64_t align;
    int explicit_bounds;
    int overflow;
} dt_bounds_t;

void dt_bounds_init(dt_bounds_t *b);
/* count copies of type, copy i at disp + i * stride bytes. */
void dt_bounds_add(dt_bounds_t *b, const dt_type_t *type, int64_t disp, int64_t count,
                   int64_t stride);
/* Fills size/bounds/align of type; struct types get MPI's alignment padding. */
vmpl_status_t dt_bounds_apply(const dt_bounds_t *b, dt_type_t *type, int pad_to_alignment);

/* ---- subarray/darray composition (dt_subarray.c) ---- */
/* Wraps *t_p as one array dimension: nruns runs (lens[k] copies of *t_p at element offs[k]). */
vmpl_status_t dt_subarray_wrap_dimension(dt_type_t **t_p, int64_t nruns, const dt_count_t lens[],
                                         const int64_t offs[], int64_t gsize);
/* A type reporting combiner/old over an equivalent composition (which it keeps). */
vmpl_status_t dt_subarray_adopt_equiv(dt_combiner_t combiner, int num_ints, dt_type_t *old,
                                      dt_type_t *equiv, dt_type_t **t_p);

/* ---- layout (dt_layout.c) ---- */
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
/*
 * Attaches kernels to every strided leaf loop and element plans to small
 * sequences; stride: bytes between copies of node (the type's extent at
 * the root), or 0 when it does not repeat.
 */
void dt_layout_select_kernels(dt_node_t *node, int64_t stride);

/* ---- element programs for sequences of small blocks (dt_pack_small.c) ---- */
/* count whole elements of seq, element i at first + i * stride. */
void dt_small_pack(const dt_node_t *seq, const char *first, int64_t stride, int64_t count,
                   char **packed);
void dt_small_unpack(const dt_node_t *seq, char *first, int64_t stride, int64_t count,
                     char **packed);
/*
 * count elements of seq as dt_small_pack packs them when the masked moves
 * decline: the element shuffle or fixed-size moves, then exact copies for
 * the last elements. When a block passes DT_SMALL_BLOCK: 32-byte moves of
 * the blocks' cut (dt_pack_masked.c) on AVX2 CPUs, else the move plan or
 * exact copies. Writes nothing past the packed range. Returns the end.
 */
char *dt_small_pack_moves(const dt_node_t *seq, const char *first, int64_t stride,
                          int64_t count, char *p);
/* The same for dt_small_unpack: moves of exactly each block's bytes. Returns the end. */
const char *dt_small_unpack_moves(const dt_node_t *seq, char *first, int64_t stride,
                                  int64_t count, const char *p);
/* Commit: prepares the element shuffle when the CPU and the blocks allow it. */
void dt_small_prepare(dt_node_t *seq);
/* Bytes [off, off + len) of one element, starting inside block k. */
void dt_small_seq_range(const dt_node_t *seq, char *base, int64_t k, int64_t off, int64_t len,
                        char **packed, int unpack);

/*
 * ---- masked element programs on AVX-512 (dt_pack_masked.c) ----
 * Each returns 0, having done nothing, when seq has no masked plan (other
 * CPUs and builds): the caller then uses the element programs above.
 */
int dt_masked_pack(const dt_node_t *seq, const char *first, int64_t stride, int64_t count,
                   char **packed);
int dt_masked_unpack(const dt_node_t *seq, char *first, int64_t stride, int64_t count,
                     char **packed);
int dt_masked_range(const dt_node_t *seq, char *base, int64_t k, int64_t off, int64_t len,
                    char **packed, int unpack);
/* Commit: the plans of a small-block sequence repeated every stride bytes (0: unknown). */
void dt_masked_prepare(dt_node_t *seq, int64_t stride);
/*
 * Whether this CPU runs the masked programs (AVX-512 BW, not capped by
 * VMPL_DT_ISA; asked once). Without them a sequence's moves serve only the
 * 32-byte moves of dt_small_pack_moves on AVX2 CPUs.
 */
int dt_masked_usable(void);

/* n bytes, not overlapping: memcpy, or last bytes first where memcpy is slow there (dt_copy.c). */
void dt_copy(char *restrict d, const char *restrict s, size_t n);

/*
 * n >= 1 bytes, exactly: two overlapping moves up to twice DT_SMALL_BLOCK
 * (32-byte halves past it), else dt_copy. A call into the C library per
 * block of 33-64 bytes cost the irregular indexed layout's unpack by exact
 * copies (5 of its 49 blocks) a fifth to a third of its speed from L3 on
 * Zen 3: a throwaway loop unpacking 4 MiB of it, medians of 40, 5.6-6.0
 * GB/s with memcpy there against 7.0-8.4 inline; pack_bench indexed_int
 * unpack, 16 alternations, quiet rounds: hot 4 MiB 7.59 -> 8.11 GB/s,
 * cold 64 KiB 3.67 -> 3.90, hot 64 KiB level.
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

/* ---- pack walker (dt_pack.c) ---- */
const dt_kernel_t *dt_strided_kernel(const dt_node_t *loop, char *first, int64_t nfull,
                                     char *packed, int unpack);
void dt_walk(const dt_node_t *node, const char *origin, int64_t skip, int64_t len, char *packed,
             int unpack);

#endif
