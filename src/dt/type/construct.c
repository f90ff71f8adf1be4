/*
 * The MPI type constructors over other types. Each checks its arguments,
 * records what it was built from (the contents queries return exactly
 * that), retains its inner types and computes size and bounds. The layout
 * is built later, at commit.
 */
#include "dt/type/type.h"

#include <base/log.h>

static vmpl_status_t check_old(const dt_type_t *old, const char *who)
{
    if (!old) {
        base_error("dt", "%s: null datatype", who);
        return VMPL_ERR_INVALID_TYPE;
    }
    return VMPL_OK;
}

static vmpl_status_t check_count(dt_count_t count, const char *what, const char *who)
{
    if (count < 0) {
        base_error("dt", "%s: negative %s %lld", who, what, (long long)count);
        return VMPL_ERR_INVALID_ARG;
    }
    return VMPL_OK;
}

/* Finishes a new type: bounds (or the error they hit), and frees on failure. */
static vmpl_status_t finish(dt_type_t *t, const dt_bounds_t *b, int pad, const char *who,
                            dt_type_t **new_p)
{
    vmpl_status_t status = dt_bounds_apply(b, t, pad);

    if (status != VMPL_OK) {
        base_error("dt", "%s: size or extent overflows 64 bits", who);
        dt_type_free_storage(t);
        return status;
    }
    *new_p = t;
    return VMPL_OK;
}

static void hold(dt_type_t *t, int slot, dt_type_t *inner)
{
    dt_type_retain(inner);
    t->types[slot] = inner;
}

/* Bounds of count blocks of blocklen copies of old, block i at i * stride bytes. */
static void bounds_vector(dt_bounds_t *b, const dt_type_t *old, int64_t count, int64_t blocklen,
                          int64_t stride)
{
    int64_t ext = old->ub - old->lb, last, size;

    if (count == 0 || blocklen == 0)
        return;
    dt_bounds_add(b, old, 0, blocklen, ext);
    if (dt_mul(count - 1, stride, &last)) {
        b->overflow = 1;
        return;
    }
    dt_bounds_add(b, old, last, blocklen, ext);
    if (dt_mul(count, blocklen, &size) || dt_mul(size, old->size, &size)) {
        b->overflow = 1;
        return;
    }
    b->size = size;
}

vmpl_status_t dt_type_contiguous(dt_count_t count, dt_type_t *old, dt_type_t **new_p)
{
    dt_bounds_t b;
    dt_type_t *t;
    vmpl_status_t status;

    if ((status = check_old(old, "contiguous")) || (status = check_count(count, "count", "contiguous")))
        return status;
    if ((status = dt_type_alloc(DT_COMBINER_CONTIGUOUS, 1, 0, 1, &t)))
        return status;
    t->ints[0] = count;
    hold(t, 0, old);
    dt_bounds_init(&b);
    bounds_vector(&b, old, 1, count, 0);
    return finish(t, &b, 0, "contiguous", new_p);
}

static vmpl_status_t make_vector(dt_combiner_t combiner, dt_count_t count, dt_count_t blocklen,
                                 int64_t stride_bytes, dt_type_t *old, dt_type_t **t_p)
{
    const char *who = combiner == DT_COMBINER_VECTOR ? "vector" : "hvector";
    dt_type_t *t;
    vmpl_status_t status;

    if ((status = check_old(old, who)) || (status = check_count(count, "count", who)) ||
        (status = check_count(blocklen, "block length", who)))
        return status;
    status = dt_type_alloc(combiner, combiner == DT_COMBINER_VECTOR ? 3 : 2,
                           combiner == DT_COMBINER_VECTOR ? 0 : 1, 1, &t);
    if (status != VMPL_OK)
        return status;
    t->ints[0] = count;
    t->ints[1] = blocklen;
    hold(t, 0, old);
    (void)stride_bytes;
    *t_p = t;
    return VMPL_OK;
}

vmpl_status_t dt_type_vector(dt_count_t count, dt_count_t blocklen, dt_count_t stride,
                             dt_type_t *old, dt_type_t **new_p)
{
    int64_t stride_bytes;
    dt_bounds_t b;
    dt_type_t *t;
    vmpl_status_t status = make_vector(DT_COMBINER_VECTOR, count, blocklen, 0, old, &t);

    if (status != VMPL_OK)
        return status;
    t->ints[2] = stride;
    dt_bounds_init(&b);
    if (dt_mul(stride, old->ub - old->lb, &stride_bytes))
        b.overflow = 1;
    else
        bounds_vector(&b, old, count, blocklen, stride_bytes);
    return finish(t, &b, 0, "vector", new_p);
}

vmpl_status_t dt_type_hvector(dt_count_t count, dt_count_t blocklen, dt_aint_t stride_bytes,
                              dt_type_t *old, dt_type_t **new_p)
{
    dt_bounds_t b;
    dt_type_t *t;
    vmpl_status_t status = make_vector(DT_COMBINER_HVECTOR, count, blocklen, stride_bytes, old, &t);

    if (status != VMPL_OK)
        return status;
    t->addrs[0] = stride_bytes;
    dt_bounds_init(&b);
    bounds_vector(&b, old, count, blocklen, stride_bytes);
    return finish(t, &b, 0, "hvector", new_p);
}

/*
 * The four indexed forms. displs are in elements of old (scale = its
 * extent) or in bytes (scale 0); blocklens is NULL for the _block forms,
 * which use blocklen for every block.
 */
static vmpl_status_t make_indexed(dt_combiner_t combiner, const char *who, dt_count_t count,
                                  const dt_count_t blocklens[], dt_count_t blocklen,
                                  const int64_t displs[], int in_bytes, dt_type_t *old,
                                  dt_type_t **new_p)
{
    int per_block = blocklens != NULL;
    int num_ints, num_addrs;
    int64_t ext, disp = 0;
    dt_bounds_t b;
    dt_type_t *t;
    vmpl_status_t status;

    if ((status = check_old(old, who)) || (status = check_count(count, "count", who)))
        return status;
    if (!per_block && (status = check_count(blocklen, "block length", who)))
        return status;
    if (count > 0 && (!displs || (per_block && !blocklens))) {
        base_error("dt", "%s: null array for %lld blocks", who, (long long)count);
        return VMPL_ERR_INVALID_ARG;
    }
    if (count > (1 << 28)) {
        base_error("dt", "%s: %lld blocks is more than this engine supports", who, (long long)count);
        return VMPL_ERR_INVALID_ARG;
    }
    for (int64_t i = 0; per_block && i < count; i++)
        if ((status = check_count(blocklens[i], "block length", who)))
            return status;
    num_ints = 1 + (per_block ? (int)count : 1) + (in_bytes ? 0 : (int)count);
    num_addrs = in_bytes ? (int)count : 0;
    if ((status = dt_type_alloc(combiner, num_ints, num_addrs, 1, &t)))
        return status;
    t->ints[0] = count;
    if (!per_block)
        t->ints[1] = blocklen;
    for (int64_t i = 0; i < count; i++) {
        if (per_block)
            t->ints[1 + i] = blocklens[i];
        if (in_bytes)
            t->addrs[i] = displs[i];
        else
            t->ints[1 + (per_block ? count : 1) + i] = displs[i];
    }
    hold(t, 0, old);
    ext = old->ub - old->lb;
    dt_bounds_init(&b);
    for (int64_t i = 0; i < count && !b.overflow; i++) {
        if (!in_bytes && dt_mul(displs[i], ext, &disp))
            b.overflow = 1;
        else
            dt_bounds_add(&b, old, in_bytes ? displs[i] : disp, per_block ? blocklens[i] : blocklen,
                          ext);
    }
    return finish(t, &b, 0, who, new_p);
}

vmpl_status_t dt_type_indexed(dt_count_t count, const dt_count_t blocklens[],
                              const dt_count_t displs[], dt_type_t *old, dt_type_t **new_p)
{
    return make_indexed(DT_COMBINER_INDEXED, "indexed", count, blocklens, 0, displs, 0, old,
                        new_p);
}

vmpl_status_t dt_type_hindexed(dt_count_t count, const dt_count_t blocklens[],
                               const dt_aint_t displs_bytes[], dt_type_t *old, dt_type_t **new_p)
{
    return make_indexed(DT_COMBINER_HINDEXED, "hindexed", count, blocklens, 0, displs_bytes, 1,
                        old, new_p);
}

vmpl_status_t dt_type_indexed_block(dt_count_t count, dt_count_t blocklen,
                                    const dt_count_t displs[], dt_type_t *old, dt_type_t **new_p)
{
    return make_indexed(DT_COMBINER_INDEXED_BLOCK, "indexed_block", count, NULL, blocklen, displs,
                        0, old, new_p);
}

vmpl_status_t dt_type_hindexed_block(dt_count_t count, dt_count_t blocklen,
                                     const dt_aint_t displs_bytes[], dt_type_t *old,
                                     dt_type_t **new_p)
{
    return make_indexed(DT_COMBINER_HINDEXED_BLOCK, "hindexed_block", count, NULL, blocklen,
                        displs_bytes, 1, old, new_p);
}

vmpl_status_t dt_type_struct(dt_count_t count, const dt_count_t blocklens[],
                             const dt_aint_t displs_bytes[], dt_type_t *const types[],
                             dt_type_t **new_p)
{
    dt_bounds_t b;
    dt_type_t *t;
    vmpl_status_t status;

    if ((status = check_count(count, "count", "struct")))
        return status;
    if (count > 0 && (!blocklens || !displs_bytes || !types)) {
        base_error("dt", "struct: null array for %lld blocks", (long long)count);
        return VMPL_ERR_INVALID_ARG;
    }
    if (count > (1 << 28)) {
        base_error("dt", "struct: %lld blocks is more than this engine supports", (long long)count);
        return VMPL_ERR_INVALID_ARG;
    }
    for (int64_t i = 0; i < count; i++)
        if ((status = check_old(types[i], "struct")) ||
            (status = check_count(blocklens[i], "block length", "struct")))
            return status;
    if ((status = dt_type_alloc(DT_COMBINER_STRUCT, 1 + (int)count, (int)count, (int)count, &t)))
        return status;
    t->ints[0] = count;
    dt_bounds_init(&b);
    for (int64_t i = 0; i < count; i++) {
        t->ints[1 + i] = blocklens[i];
        t->addrs[i] = displs_bytes[i];
        hold(t, (int)i, types[i]);
        dt_bounds_add(&b, types[i], displs_bytes[i], blocklens[i], types[i]->ub - types[i]->lb);
    }
    return finish(t, &b, 1, "struct", new_p);
}

vmpl_status_t dt_type_resized(dt_type_t *old, dt_aint_t lb, dt_aint_t extent, dt_type_t **new_p)
{
    dt_type_t *t;
    vmpl_status_t status;

    if ((status = check_old(old, "resized")))
        return status;
    if ((status = dt_type_alloc(DT_COMBINER_RESIZED, 0, 2, 1, &t)))
        return status;
    t->addrs[0] = lb;
    t->addrs[1] = extent;
    hold(t, 0, old);
    t->size = old->size;
    t->align = old->align;
    t->true_lb = old->true_lb;
    t->true_ub = old->true_ub;
    t->lb = lb;
    t->explicit_bounds = 1;
    t->has_data_or_bounds = 1;
    if (dt_add(lb, extent, &t->ub)) {
        base_error("dt", "resized: lb + extent overflows 64 bits");
        dt_type_free_storage(t);
        return VMPL_ERR_OVERFLOW;
    }
    *new_p = t;
    return VMPL_OK;
}

/* A new handle for the same type; committed when old is. */
vmpl_status_t dt_type_dup(dt_type_t *old, dt_type_t **new_p)
{
    dt_type_t *t;
    vmpl_status_t status;

    if ((status = check_old(old, "dup")))
        return status;
    if ((status = dt_type_alloc(DT_COMBINER_DUP, 0, 0, 1, &t)))
        return status;
    hold(t, 0, old);
    t->size = old->size;
    t->lb = old->lb;
    t->ub = old->ub;
    t->true_lb = old->true_lb;
    t->true_ub = old->true_ub;
    t->align = old->align;
    t->explicit_bounds = old->explicit_bounds;
    t->has_data_or_bounds = old->has_data_or_bounds;
    if (old->committed && (status = dt_type_commit(t)) != VMPL_OK) {
        dt_type_free_storage(t);
        return status;
    }
    *new_p = t;
    return VMPL_OK;
}
