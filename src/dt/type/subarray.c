/*
 * Subarray and darray constructors. Both are defined by the standard as
 * compositions of simpler constructors; the type keeps that composition
 * as its equivalent (used for bounds and layout) and reports its own
 * combiner and arguments to the contents queries.
 *
 * Each array dimension, fastest first, wraps the previous type t:
 *   resized(hindexed(<selected runs of t along this dimension>), 0,
 *           gsize * extent(t))
 * so every level has lb 0 and the extent of the whole array.
 */
#include "dt/type/type.h"

#include <base/log.h>

#include <stdlib.h>

/* One dimension: nruns runs of t (run k: lens[k] copies at element offset offs[k]). */
vmpl_status_t dt_subarray_wrap_dimension(dt_type_t **t_p, int64_t nruns, const dt_count_t lens[],
                                    const int64_t offs[], int64_t gsize)
{
    dt_type_t *t = *t_p, *runs, *wrapped;
    int64_t ext = t->ub - t->lb, full;
    dt_aint_t *displs = malloc((size_t)(nruns ? nruns : 1) * sizeof(*displs));
    vmpl_status_t status = VMPL_ERR_NO_MEMORY;

    if (!displs)
        return status;
    status = VMPL_ERR_OVERFLOW;
    for (int64_t k = 0; k < nruns; k++)
        if (dt_mul(offs[k], ext, &displs[k]))
            goto out_free;
    if (dt_mul(gsize, ext, &full))
        goto out_free;
    status = dt_type_hindexed(nruns, lens, displs, t, &runs);
    if (status != VMPL_OK)
        goto out_free;
    status = dt_type_resized(runs, 0, full, &wrapped);
    dt_type_release(runs);
    if (status != VMPL_OK)
        goto out_free;
    dt_type_release(t);
    *t_p = wrapped;
out_free:
    free(displs);
    return status;
}

/* The user-visible type over an equivalent built from simpler constructors. */
vmpl_status_t dt_subarray_adopt_equiv(dt_combiner_t combiner, int num_ints, dt_type_t *old,
                                 dt_type_t *equiv, dt_type_t **t_p)
{
    dt_type_t *t;
    vmpl_status_t status = dt_type_alloc(combiner, num_ints, 0, 1, &t);

    if (status != VMPL_OK)
        return status;
    dt_type_retain(old);
    t->types[0] = old;
    t->equiv = equiv;
    t->size = equiv->size;
    t->lb = equiv->lb;
    t->ub = equiv->ub;
    t->true_lb = equiv->true_lb;
    t->true_ub = equiv->true_ub;
    t->align = equiv->align;
    t->explicit_bounds = equiv->explicit_bounds;
    t->has_data_or_bounds = equiv->has_data_or_bounds;
    *t_p = t;
    return VMPL_OK;
}

static int dim_index(int i, int ndims, int order)
{
    return order == DT_ORDER_C ? ndims - 1 - i : i; /* i-th fastest dimension */
}

static vmpl_status_t subarray_check(int ndims, const dt_count_t sizes[],
                                    const dt_count_t subsizes[], const dt_count_t starts[],
                                    int order, const dt_type_t *old)
{
    if (!old)
        return VMPL_ERR_INVALID_TYPE;
    if (ndims < 1 || !sizes || !subsizes || !starts ||
        (order != DT_ORDER_C && order != DT_ORDER_FORTRAN))
        return VMPL_ERR_INVALID_ARG;
    for (int d = 0; d < ndims; d++)
        if (sizes[d] < 1 || subsizes[d] < 0 || subsizes[d] > sizes[d] || starts[d] < 0 ||
            starts[d] > sizes[d] - subsizes[d])
            return VMPL_ERR_INVALID_ARG;
    return VMPL_OK;
}

vmpl_status_t dt_type_subarray(int ndims, const dt_count_t sizes[], const dt_count_t subsizes[],
                               const dt_count_t starts[], int order, dt_type_t *old,
                               dt_type_t **new_p)
{
    dt_type_t *t = old, *result;
    vmpl_status_t status = subarray_check(ndims, sizes, subsizes, starts, order, old);

    if (status != VMPL_OK) {
        base_error("dt", "subarray: invalid %s", status == VMPL_ERR_INVALID_TYPE ? "datatype"
                                                                                  : "arguments");
        return status;
    }
    dt_type_retain(t);
    for (int i = 0; i < ndims; i++) {
        int d = dim_index(i, ndims, order);
        status = dt_subarray_wrap_dimension(&t, 1, &subsizes[d], &starts[d], sizes[d]);
        if (status != VMPL_OK)
            goto err_release;
    }
    status = dt_subarray_adopt_equiv(DT_COMBINER_SUBARRAY, 3 * ndims + 2, old, t, &result);
    if (status != VMPL_OK)
        goto err_release;
    result->ints[0] = ndims;
    for (int d = 0; d < ndims; d++) {
        result->ints[1 + d] = sizes[d];
        result->ints[1 + ndims + d] = subsizes[d];
        result->ints[1 + 2 * ndims + d] = starts[d];
    }
    result->ints[1 + 3 * ndims] = order;
    *new_p = result;
    return VMPL_OK;

err_release:
    dt_type_release(t);
    return status;
}
