/*
 * Target selection and the public reduction entry points. The table is
 * chosen once: the best target the CPU and OS support, capped by the
 * VMPL_OP_ISA setting. The per-call path is a bounds check and an
 * indirect call; no CPU test, no allocation.
 */
#include "op.h"
#include "base/cpu.h"
#include "base/isa.h"
#include "base/log.h"
#include "base/settings.h"

#include <string.h>

static size_t scalar_vector_bytes(void)
{
    return 1;
}

static void scalar_fill(op_table_t *table)
{
    (void)table; /* the reference entries are the scalar target */
}

static const op_target_t target_list[] = {
#if defined(__x86_64__)
    {VMPL_ISA_AVX512, op_target_avx512_fill, op_target_avx512_vector_bytes},
    {VMPL_ISA_AVX2, op_target_avx2_fill, op_target_avx2_vector_bytes},
    {VMPL_ISA_SSE42, op_target_sse42_fill, op_target_sse42_vector_bytes},
#elif defined(__aarch64__)
    {VMPL_ISA_SVE, op_target_sve_fill, op_target_sve_vector_bytes},
    {VMPL_ISA_NEON, op_target_neon_fill, op_target_neon_vector_bytes},
#endif
    {VMPL_ISA_SCALAR, scalar_fill, scalar_vector_bytes},
};

const op_target_t *op_targets(int *count_p)
{
    *count_p = (int)(sizeof(target_list) / sizeof(target_list[0]));
    return target_list;
}

int op_isa_usable(vmpl_isa_t isa)
{
    const base_cpu_features_t *cpu = base_cpu_features();

    switch (isa) {
    case VMPL_ISA_SCALAR: return 1;
    case VMPL_ISA_SSE42: return cpu->sse42;
    case VMPL_ISA_AVX2: return cpu->avx2 && cpu->f16c; /* every AVX2 CPU has F16C */
    case VMPL_ISA_AVX512: return cpu->avx512bw;
    case VMPL_ISA_NEON: return cpu->neon;
    case VMPL_ISA_SVE: return cpu->sve;
    default: return 0;
    }
}

void op_table_build(const op_target_t *target, op_table_t *table)
{
    memset(table, 0, sizeof(*table));
    op_reference_fill(table);
    target->fill(table);
}

/* Rank of an ISA name in target_list (lower is better), or -1 for "auto". */
static int isa_cap_index(const char *name, int *index_p)
{
    int count;
    const op_target_t *targets = op_targets(&count);
    vmpl_isa_t isa;

    if (strcmp(name, "auto") == 0) {
        *index_p = 0;
        return 0;
    }
    if (base_isa_from_name(name, &isa) != 0)
        return -1;
    for (int i = 0; i < count; i++) {
        if (targets[i].isa == isa) {
            *index_p = i;
            return 0;
        }
    }
    return -1;
}

static op_table_t active_table;
static vmpl_isa_t active_isa;
/* NULL until the first call selects the table; the hot path tests only this. */
static const op_table_t *active;

static void op_table_select(void)
{
    const char *cap = base_settings()->op_isa;
    int count, first;
    const op_target_t *targets = op_targets(&count);

    if (isa_cap_index(cap, &first) != 0) {
        base_warn("op", "VMPL_OP_ISA=%s is not a target of this build; using auto", cap);
        first = 0;
    }
    for (int i = first; i < count; i++) {
        if (op_isa_usable(targets[i].isa)) {
            op_table_build(&targets[i], &active_table);
            active_isa = targets[i].isa;
            break;
        }
    }
    base_debug("op", "reduction target: %s", vmpl_isa_name(active_isa));
    active = &active_table;
}

const op_table_t *op_table_active(void)
{
    if (active == NULL)
        op_table_select();
    return active;
}

vmpl_isa_t vmpl_op_isa(void)
{
    op_table_active();
    return active_isa;
}

/* REPLACE and NO_OP move bytes; overlap of out with a source is allowed. */
static vmpl_status_t op_copy_operand(const void *from, void *out, size_t bytes)
{
    if (from != out)
        memmove(out, from, bytes);
    return VMPL_OK;
}

/*
 * Everything but a plain valid reduction: first use, invalid op or type,
 * REPLACE/NO_OP (no kernel in the table), count 0, NULL buffers.
 */
static __attribute__((noinline)) vmpl_status_t
op_reduce_slow(const void *a, const void *b, void *out, size_t count, vmpl_type_t type,
               vmpl_op_t op)
{
    vmpl_status_t status = vmpl_op_check(op, type);

    if (status != VMPL_OK)
        return status;
    if (count == 0)
        return VMPL_OK;
    if (a == NULL || b == NULL || out == NULL)
        return VMPL_ERR_INVALID_ARG;
    if (op == VMPL_OP_REPLACE || op == VMPL_OP_NO_OP)
        return op_copy_operand(op == VMPL_OP_REPLACE ? a : b, out, count * op_type_size(type));
    op_table_active()->kernel[op][type].binary(a, b, out, count);
    return VMPL_OK;
}

vmpl_status_t vmpl_reduce_local3(const void *a, const void *b, void *out, size_t count,
                                 vmpl_type_t type, vmpl_op_t op)
{
    op_binary_fn_t kernel;

    if (__builtin_expect(active == NULL || (unsigned)op >= VMPL_OP_COUNT ||
                             (unsigned)type >= VMPL_TYPE_COUNT || count == 0 ||
                             a == NULL || b == NULL || out == NULL, 0))
        return op_reduce_slow(a, b, out, count, type, op);
    kernel = active->kernel[op][type].binary;
    if (__builtin_expect(kernel == NULL, 0))
        return op_reduce_slow(a, b, out, count, type, op);
    kernel(a, b, out, count);
    return VMPL_OK;
}

vmpl_status_t vmpl_reduce_local(const void *in, void *inout, size_t count, vmpl_type_t type,
                                vmpl_op_t op)
{
    return vmpl_reduce_local3(in, inout, inout, count, type, op);
}

vmpl_status_t vmpl_reduce_localn(const void *const *src, int nsrc, void *out, size_t count,
                                 vmpl_type_t type, vmpl_op_t op)
{
    vmpl_status_t status = vmpl_op_check(op, type);

    if (status != VMPL_OK)
        return status;
    if (nsrc < 1)
        return VMPL_ERR_INVALID_ARG;
    if (count == 0)
        return VMPL_OK;
    if (src == NULL || out == NULL)
        return VMPL_ERR_INVALID_ARG;
    for (int s = 0; s < nsrc; s++)
        if (src[s] == NULL)
            return VMPL_ERR_INVALID_ARG;
    if (op == VMPL_OP_REPLACE || op == VMPL_OP_NO_OP) {
        /* left to right: REPLACE keeps the first source, NO_OP the last */
        return op_copy_operand(op == VMPL_OP_REPLACE ? src[0] : src[nsrc - 1], out,
                               count * op_type_size(type));
    }
    op_table_active()->kernel[op][type].nary(src, nsrc, out, count);
    return VMPL_OK;
}
