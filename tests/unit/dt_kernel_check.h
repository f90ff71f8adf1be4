/*
 * Freestanding check of strided-copy kernels against the reference, shared
 * by the Bochs AVX-512 harness (no libc there). For every kernel and
 * every shape it applies to: pack equals the reference and leaves the
 * bytes after the packed data alone; unpack equals the reference and
 * leaves every gap byte alone.
 */
#ifndef VMPL_TESTS_DT_KERNEL_CHECK_H
#define VMPL_TESTS_DT_KERNEL_CHECK_H

#include "dt/dt_kernel.h"

typedef struct {
    unsigned long passed, failed;
} dt_check_result_t;

/* arena: scratch memory of at least DT_CHECK_ARENA_BYTES; print: one line, or NULL. */
#define DT_CHECK_ARENA_BYTES (4u << 20)
dt_check_result_t dt_kernel_check(const dt_kernel_t *kernels, size_t nkernels,
                                  unsigned char *arena, void (*print)(const char *line));

#endif
