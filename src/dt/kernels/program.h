/*
 * Element-program paths: the ISA code that moves whole elements of a
 * sequence of small blocks (a C struct, an irregular indexed type), and
 * the contiguous copy's backward path, each behind one descriptor so that
 * pack/ never names an ISA function. kernels/select.c keeps the one
 * usable descriptor per role, chosen once per process (dt_program_path);
 * commit stores it in the sequence's node.
 */
#ifndef VMPL_DT_KERNELS_PROGRAM_H
#define VMPL_DT_KERNELS_PROGRAM_H

#include "dt/kernels/kernel.h"
#include "dt/kernels/group.h"

#include <base/cpu.h>

/* What a program moves per element: n pieces, their packed bytes and extent. */
typedef struct dt_program {
    const dt_piece_t *pieces; /* the blocks, or their cut into moves */
    int64_t n;
    int64_t size;     /* packed bytes per element */
    int64_t data_end; /* end of the highest piece past the element's origin (or more) */
    int dense;        /* no gap between data bytes passes DT_WIDE_MAX_GAP */
    const dt_group_t *group; /* the plan of group programs, else NULL */
} dt_program_t;

/*
 * One ISA path for element programs: count elements, element i at first
 * + i * stride. pack returns the packed end, unpack the end of the packed
 * bytes read; unpack is NULL for a path that only packs.
 */
typedef struct dt_program_kernel {
    const char *name; /* "avx512-masked" */
    vmpl_isa_t isa;
    /* Whether a CPU with these features runs it (reads the struct only). */
    int (*usable)(const base_cpu_features_t *cpu);
    /* Whether it moves this program at this stride (stride 0: one element). */
    int (*applies)(const dt_program_t *p, int64_t stride);
    char *(*pack)(const dt_program_t *p, const char *first, int64_t stride, int64_t count,
                  char *packed);
    const char *(*unpack)(const dt_program_t *p, char *first, int64_t stride, int64_t count,
                          const char *packed);
} dt_program_kernel_t;

/* The roles an element-program path fills (pack/program.c, pack/small.c). */
typedef enum {
    DT_PROGRAM_WIDE,   /* unmasked 32-byte moves, one per piece (pack only) */
    DT_PROGRAM_MASKED, /* masked moves of exactly each piece's bytes */
    DT_PROGRAM_GROUP,  /* k whole elements per step by one byte permute */
    DT_PROGRAM_ROLES
} dt_program_role_t;

/* The usable path of a role on this CPU under VMPL_DT_ISA / VMPL_DT_METHOD, or NULL. */
const dt_program_kernel_t *dt_program_path(dt_program_role_t role);

/*
 * The contiguous copy's backward path (last bytes first, pack/copy.c) as
 * a strided kernel of one block (nblocks 1, blen the bytes), or NULL.
 */
const dt_kernel_t *dt_copy_backward_path(void);

/* The descriptors of the compiled ISA files (x86 builds only). */
extern const dt_program_kernel_t dt_avx2_wide_program;
extern const dt_program_kernel_t dt_avx512_masked_program;
extern const dt_program_kernel_t dt_avx512vbmi_group_program;
extern const dt_kernel_t dt_avx2_backward_copy;

#endif
