/*
 * Reduction engine internals.
 *
 * Every (op, type) pair has two kernels:
 *   binary: out[i] = a[i] op b[i]              (a is the left operand)
 *   nary:   out[i] = src[0][i] op ... op src[n-1][i], left to right
 * Counts are in elements of the vmpl type. Kernels make no libc calls, so
 * the same objects run in the freestanding AVX-512 test harness.
 *
 * A target (scalar, sse42, avx2, avx512, neon, sve) is one compilation of
 * kernels/op_body.h with that ISA's flags; it fills the entries it
 * vectorizes into a table that starts as a copy of the scalar reference.
 */
#ifndef VMPL_OP_OP_H
#define VMPL_OP_OP_H

#include <vmpl.h>

#include <stddef.h>

typedef void (*op_binary_fn_t)(const void *a, const void *b, void *out, size_t count);
typedef void (*op_nary_fn_t)(const void *const *src, int nsrc, void *out, size_t count);

typedef struct {
    op_binary_fn_t binary;
    op_nary_fn_t nary;
} op_kernel_t;

typedef struct {
    op_kernel_t kernel[VMPL_OP_COUNT][VMPL_TYPE_COUNT];
} op_table_t;

/* One compiled target: fill() overrides the entries this ISA vectorizes. */
typedef struct {
    vmpl_isa_t isa;
    void (*fill)(op_table_t *table);
    size_t (*vector_bytes)(void); /* register width; runtime on SVE */
} op_target_t;

/*
 * Entry points of each compiled target. Only those built for the host
 * architecture exist; op_select.c lists them best first (op_targets()).
 */
void op_target_sse42_fill(op_table_t *table);
void op_target_avx2_fill(op_table_t *table);
void op_target_avx512_fill(op_table_t *table);
void op_target_neon_fill(op_table_t *table);
void op_target_sve_fill(op_table_t *table);
size_t op_target_sse42_vector_bytes(void);
size_t op_target_avx2_vector_bytes(void);
size_t op_target_avx512_vector_bytes(void);
size_t op_target_neon_vector_bytes(void);
size_t op_target_sve_vector_bytes(void);

/* The scalar reference: every valid (op, type); the oracle of the tests. */
void op_reference_fill(op_table_t *table);

/* Size of one element; 0 for an invalid type. */
size_t op_type_size(vmpl_type_t type);

/* Whether op is defined on type (the validity matrix of the MPI standard). */
int op_is_valid(vmpl_op_t op, vmpl_type_t type);

/* Compiled targets for this architecture, best first, scalar last; *count_p entries. */
const op_target_t *op_targets(int *count_p);

/* Whether the running CPU (and OS) can execute a target. */
int op_isa_usable(vmpl_isa_t isa);

/* A table for one target: reference entries overridden by the target's own. */
void op_table_build(const op_target_t *target, op_table_t *table);

/* The table in use, selected once (best usable target, capped by VMPL_OP_ISA). */
const op_table_t *op_table_active(void);

#endif
