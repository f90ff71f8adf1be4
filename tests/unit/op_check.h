/*
 * Freestanding checker of a reduction table against the scalar reference.
 * No libc: it runs in the hosted unit test and in the Bochs AVX-512
 * harness alike. The caller gives scratch memory and a line printer.
 */
#ifndef VMPL_TEST_OP_CHECK_H
#define VMPL_TEST_OP_CHECK_H

#include "op/op.h"

#include <stddef.h>

typedef struct {
    void (*print)(const char *line); /* one line, without the newline */
    unsigned char *arena;            /* scratch, 64-byte aligned */
    size_t arena_bytes;              /* at least op_check_arena_bytes(max_count) */
    size_t max_count;                /* largest element count tried */
    unsigned long seed;
    int verbose; /* print one line per (op, type) checked */
} op_check_env_t;

typedef struct {
    unsigned long passed; /* (op, type, count, form) cases equal to the reference */
    unsigned long failed;
    unsigned long skipped; /* (op, type) pairs whose kernels are the reference's own */
} op_check_result_t;

/* Scratch bytes needed for counts up to max_count. */
size_t op_check_arena_bytes(size_t max_count);

/*
 * Every valid (op, type) of `table` against `reference`, in the binary form
 * (out separate, out aliasing a, out aliasing b) and the n-ary form
 * (1, 2, 3 and 5 sources), at counts 0, 1, lanes-1, lanes, lanes+1,
 * 4 lanes +- 1 and odd counts up to max_count, with misaligned buffers.
 * lanes are derived from vector_bytes per type. Prints the first
 * mismatches with their position and both values in hex. A pair whose
 * kernels are the reference's own functions (the scalar target, and the
 * long double rows every target takes from it) is not compared: it
 * counts as skipped, never as passed.
 */
op_check_result_t op_check_table(const op_table_t *table, const op_table_t *reference,
                                 size_t vector_bytes, const op_check_env_t *env);

#endif
