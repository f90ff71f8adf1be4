/*
 * Strided-copy kernels: the inner loops of pack and unpack.
 *
 * Every innermost loop of a normalized layout is "nblocks blocks of blen
 * bytes, block i at base + i * stride" (stride may be negative or smaller
 * than blen only when blocks do not overlap in the direction copied).
 * pack copies them into a contiguous buffer, unpack copies them back:
 *
 *   pack:   dst[i*blen .. +blen)    = src[i*stride .. +blen)
 *   unpack: dst[i*stride .. +blen)  = src[i*blen .. +blen)
 *
 * A kernel is one method (scalar moves, wide vector copies, gather and
 * scatter instructions, or register shuffles for short regular strides)
 * compiled for one ISA. It may read the gaps between blocks (inside
 * [first block, end of last block)) when a gap is shorter than a page (so
 * every page it touches holds block bytes and is mapped), but nothing
 * outside that span, and it
 * writes only the bytes of the blocks (unpack uses masked stores, never a
 * read-modify-write of the gaps, which belong to the application). Kernels
 * make no libc calls: the freestanding AVX-512 harness runs them.
 *
 * A kernel declares which (blen, stride) it handles; the engine picks,
 * per block-length class, the fastest usable kernel (kernels/select.c,
 * a one-time calibration on the running CPU, or VMPL_DT_METHOD).
 */
#ifndef VMPL_DT_DT_KERNEL_H
#define VMPL_DT_DT_KERNEL_H

#include <vmpl.h>

#include <stddef.h>
#include <stdint.h>

typedef void (*dt_pack_fn_t)(void *restrict dst, const void *restrict src, ptrdiff_t stride,
                             size_t blen, size_t nblocks);
typedef void (*dt_unpack_fn_t)(void *restrict dst, ptrdiff_t stride, const void *restrict src,
                               size_t blen, size_t nblocks);

struct dt_group;
/* pack / unpack with the kernel's plan for (blen, stride) made beforehand (group_build). */
typedef void (*dt_group_pack_fn_t)(const struct dt_group *g, void *restrict dst,
                                   const void *restrict src, ptrdiff_t stride, size_t blen,
                                   size_t nblocks);
typedef void (*dt_group_unpack_fn_t)(const struct dt_group *g, void *restrict dst,
                                     ptrdiff_t stride, const void *restrict src, size_t blen,
                                     size_t nblocks);

typedef enum {
    DT_METHOD_SCALAR,  /* fixed-size moves per block */
    DT_METHOD_VECTOR,  /* multi-vector copies per block (large blocks) */
    DT_METHOD_GATHER,  /* gather/scatter (or structure load/store) instructions */
    DT_METHOD_SHUFFLE, /* contiguous loads, register permutes, contiguous stores */
    DT_METHOD_COUNT
} dt_method_t;

typedef struct dt_kernel {
    const char *name; /* "avx2-shuffle" */
    dt_method_t method;
    vmpl_isa_t isa;
    /* Whether the kernel handles this shape (blen > 0, nblocks > 0). */
    int (*applies)(size_t blen, ptrdiff_t stride);
    dt_pack_fn_t pack;
    dt_unpack_fn_t unpack;
    /* Selected pairs only: the pair for calls that span more than far_span bytes, or NULL. */
    const struct dt_kernel *far;
    uint64_t far_span;
    /* Selected pairs only: the pair for calls that span at most DT_NEAR_SPAN bytes, or NULL. */
    const struct dt_kernel *near;
    /*
     * Mid pairs only (DT_MID_SPAN), else NULL: per side (pack, then
     * unpack) and span (DT_MID_BUCKETS), 0 until the first such call has
     * timed the pair against the pair without gathers after it
     * (dt_kernel_mid_taken), then 1 (take it) or -1 (take the other).
     */
    int *mid_use;
    /*
     * Kernels that work on an element group (kernels/group.h), or NULL: builds
     * the group of (blen, stride) (1 when built), once per layout at commit,
     * and the pack / unpack that take it instead of building it per call.
     */
    int (*group_build)(struct dt_group *g, size_t blen, ptrdiff_t stride);
    dt_group_pack_fn_t group_pack;
    dt_group_unpack_fn_t group_unpack;
} dt_kernel_t;

/*
 * Calls whose blocks span more than this many bytes of user memory do
 * without gathers and scatters.
 * - Strides above 512 bytes: 64 MiB. Once blocks miss the TLB and its
 *   page-walk caches, the moves keep more misses in flight.
 * - Strides up to 512 bytes: 2 MiB, twice the L2. The blocks are a few
 *   cache lines apart, which the hardware prefetchers follow for plain
 *   loads and stores and not for gathers.
 * (record: docs/perf/dt-strided-kernels.md)
 */
#define DT_FAR_SPAN_SPARSE ((uint64_t)64 << 20)
/*
 * Sparse strides only: calls that span more than this many bytes (and up
 * to DT_FAR_SPAN_SPARSE) use the fastest gathers or the fastest moves,
 * whichever the first such call finds faster on its own blocks
 * (dt_kernel_mid_taken), whatever the calibration, timed in L2, picked:
 * out of L2 the calibration's ranking does not hold (kernels/select.c;
 * record: docs/perf/dt-strided-kernels.md).
 */
#define DT_MID_SPAN ((uint64_t)2 << 20)
/*
 * The trial's answers per span, in powers of 4 from DT_MID_SPAN (2-8,
 * 8-32, 32-64 MiB): the page walks that set the ranking grow with the
 * span (record: docs/perf/dt-strided-kernels.md).
 */
#define DT_MID_BUCKETS 3
/*
 * Calls whose blocks span at most this many bytes stay in L1 when they
 * repeat. There the load and store ports set the speed, not the misses a
 * gather keeps in flight, and the calibration (in L2) may have picked a
 * gather that loses to plain moves. Each class that picked a gather times
 * every usable kernel at a 16 KiB span (kernels/select.c) and keeps, per
 * side, one that beats its own by 10 % as `near` (record:
 * docs/perf/dt-strided-kernels.md).
 */
#define DT_NEAR_SPAN ((uint64_t)32 << 10)
#define DT_FAR_SPAN_NEAR ((uint64_t)2 << 20)
#define DT_FAR_NEAR_STRIDE 512

/* Reference kernels: any shape; the oracle of the kernel tests. */
void dt_reference_pack(void *restrict dst, const void *restrict src, ptrdiff_t stride,
                       size_t blen, size_t nblocks);
void dt_reference_unpack(void *restrict dst, ptrdiff_t stride, const void *restrict src,
                         size_t blen, size_t nblocks);

/* Kernels compiled for this architecture, usable or not, NULL-terminated, best ISA first. */
const dt_kernel_t *const *dt_kernels_all(void);

/* Whether VMPL_DT_ISA lets code of this ISA run (any ISA when "auto"). */
int dt_kernel_isa_allowed(vmpl_isa_t isa);

/* Whether VMPL_DT_METHOD lets this method run ("auto" or the method itself). */
int dt_kernel_method_allowed(dt_method_t method);

/* Whether the running CPU can execute a kernel of dt_kernels_all(). */
int dt_kernel_usable(const dt_kernel_t *k);

/* The kernel pair to use for one shape (fixed after the first call per class). */
const dt_kernel_t *dt_kernel_select(size_t blen, ptrdiff_t stride);

/*
 * Whether calls of one direction take the mid pair (with mid_use) or the
 * pair without gathers after it (mid->far): the first such call of a span
 * bucket times the two on its own blocks (nblocks of blen at stride from
 * first, packed stream at packed), leaving them moved, and the answer
 * stands for later calls of the bucket.
 */
int dt_kernel_mid_taken(const dt_kernel_t *mid, int unpack, char *first, ptrdiff_t stride,
                        size_t blen, size_t nblocks, char *packed);

/* The selection for representative shapes, as text (vmpl_info); returns the length needed. */
size_t dt_kernel_describe(char *buf, size_t len);

#endif
