/*
 * Freestanding check of strided-copy kernels against the reference, shared
 * by the Bochs AVX-512 harness (no libc there). For every kernel and
 * every shape it applies to: pack equals the reference and leaves the
 * bytes after the packed data alone; unpack equals the reference and
 * leaves every gap byte alone.
 */
#ifndef VMPL_TESTS_DT_KERNEL_CHECK_H
#define VMPL_TESTS_DT_KERNEL_CHECK_H

#include "dt/kernels/group.h"
#include "dt/kernels/kernel.h"

typedef struct {
    unsigned long passed, failed;
} dt_check_result_t;

/* arena: scratch memory of at least DT_CHECK_ARENA_BYTES; print: one line, or NULL. */
#define DT_CHECK_ARENA_BYTES (4u << 20)
dt_check_result_t dt_kernel_check(const dt_kernel_t *kernels, size_t nkernels,
                                  unsigned char *arena, void (*print)(const char *line));

/*
 * Element programs (sequences of small blocks, element i at first + i *
 * stride): masked moves of blocks of 1..32 bytes and element groups, on
 * seeded random programs, strides and counts, against a byte loop. A NULL
 * entry is skipped. Pack must leave the bytes after the packed data alone,
 * unpack every byte outside the blocks.
 */
typedef struct {
    char *(*blocks_pack)(const dt_piece_t *pc, int64_t n, const char *first, int64_t stride,
                         int64_t count, char *packed);
    const char *(*blocks_unpack)(const dt_piece_t *pc, int64_t n, char *first, int64_t stride,
                                 int64_t count, const char *packed);
    char *(*group_pack)(const dt_group_t *g, const char *first, int64_t count, char *packed);
    const char *(*group_unpack)(const dt_group_t *g, char *first, int64_t count,
                                const char *packed);
} dt_program_kernels_t;

dt_check_result_t dt_program_check(const dt_program_kernels_t *k, unsigned char *arena,
                                   void (*print)(const char *line));

/*
 * The same on fewer programs, each at counts whose elements span at least
 * span bytes (arena: arena_bytes of scratch, at least 4 x span).
 */
dt_check_result_t dt_program_check_far(const dt_program_kernels_t *k, int64_t span,
                                       unsigned char *arena, size_t arena_bytes,
                                       void (*print)(const char *line));

#endif
