/*
 * MPI_Type_create_darray: the local part of a block / cyclic(k) / not
 * distributed array on a row-major process grid. Built dimension by
 * dimension, fastest first, like the subarray (type/subarray.c): each level
 * selects this process's runs along one dimension and has the extent of
 * the whole global array in that dimension.
 */
#include "dt/type/type.h"

#include <base/log.h>

#include <stdlib.h>

typedef struct {
    int64_t nruns;
    dt_count_t *lens;
    int64_t *offs;
} runs_t;

/* This process's runs along one dimension; VMPL_ERR_INVALID_ARG on a bad distribution. */
static vmpl_status_t dimension_runs(int64_t gsize, int distrib, int64_t darg, int psize, int coord,
                                    runs_t *r)
{
    int64_t block, n, start, max_runs;

    r->nruns = 0;
    if (distrib == DT_DISTRIBUTE_NONE) {
        if (psize != 1)
            return VMPL_ERR_INVALID_ARG;
        block = gsize;
    } else if (distrib == DT_DISTRIBUTE_BLOCK) {
        block = darg == DT_DISTRIBUTE_DFLT_DARG ? (gsize + psize - 1) / psize : darg;
        if (block < 1 || block * psize < gsize)
            return VMPL_ERR_INVALID_ARG;
    } else if (distrib == DT_DISTRIBUTE_CYCLIC) {
        block = darg == DT_DISTRIBUTE_DFLT_DARG ? 1 : darg;
        if (block < 1)
            return VMPL_ERR_INVALID_ARG;
    } else {
        return VMPL_ERR_INVALID_ARG;
    }
    max_runs = distrib == DT_DISTRIBUTE_CYCLIC ? gsize / block + 1 : 1;
    r->lens = malloc((size_t)max_runs * sizeof(*r->lens));
    r->offs = malloc((size_t)max_runs * sizeof(*r->offs));
    if (!r->lens || !r->offs)
        return VMPL_ERR_NO_MEMORY;
    if (distrib != DT_DISTRIBUTE_CYCLIC) {
        start = (int64_t)coord * block;
        n = gsize - start < block ? gsize - start : block;
        r->lens[0] = n > 0 ? n : 0;
        r->offs[0] = n > 0 ? start : 0;
        r->nruns = 1;
        return VMPL_OK;
    }
    for (start = (int64_t)coord * block; start < gsize; start += block * psize) {
        r->lens[r->nruns] = gsize - start < block ? gsize - start : block;
        r->offs[r->nruns++] = start;
    }
    return VMPL_OK;
}

static vmpl_status_t darray_check(int size, int rank, int ndims, const dt_count_t gsizes[],
                                  const int distribs[], const dt_count_t dargs[],
                                  const int psizes[], int order)
{
    int64_t procs = 1;

    if (ndims < 1 || !gsizes || !distribs || !dargs || !psizes || size < 1 || rank < 0 ||
        rank >= size || (order != DT_ORDER_C && order != DT_ORDER_FORTRAN))
        return VMPL_ERR_INVALID_ARG;
    for (int d = 0; d < ndims; d++) {
        if (gsizes[d] < 1 || psizes[d] < 1)
            return VMPL_ERR_INVALID_ARG;
        procs *= psizes[d];
        if (procs > size)
            return VMPL_ERR_INVALID_ARG;
    }
    return procs == size ? VMPL_OK : VMPL_ERR_INVALID_ARG;
}

static void record_contents(dt_type_t *t, int size, int rank, int ndims,
                            const dt_count_t gsizes[], const int distribs[],
                            const dt_count_t dargs[], const int psizes[], int order)
{
    t->ints[0] = size;
    t->ints[1] = rank;
    t->ints[2] = ndims;
    for (int d = 0; d < ndims; d++) {
        t->ints[3 + d] = gsizes[d];
        t->ints[3 + ndims + d] = distribs[d];
        t->ints[3 + 2 * ndims + d] = dargs[d];
        t->ints[3 + 3 * ndims + d] = psizes[d];
    }
    t->ints[3 + 4 * ndims] = order;
}

vmpl_status_t dt_type_darray(int size, int rank, int ndims, const dt_count_t gsizes[],
                             const int distribs[], const dt_count_t dargs[], const int psizes[],
                             int order, dt_type_t *old, dt_type_t **new_p)
{
    dt_type_t *t = old, *result;
    int coords[64];
    vmpl_status_t status;

    if (!old)
        return VMPL_ERR_INVALID_TYPE;
    status = darray_check(size, rank, ndims, gsizes, distribs, dargs, psizes, order);
    if (status != VMPL_OK || ndims > 64) {
        base_error("dt", "darray: invalid process grid, distribution or order");
        return VMPL_ERR_INVALID_ARG;
    }
    for (int d = ndims - 1, r = rank; d >= 0; d--) { /* row-major process grid */
        coords[d] = r % psizes[d];
        r /= psizes[d];
    }
    dt_type_retain(t);
    for (int i = 0; i < ndims; i++) {
        int d = order == DT_ORDER_C ? ndims - 1 - i : i;
        runs_t runs = {0};

        status = dimension_runs(gsizes[d], distribs[d], dargs[d], psizes[d], coords[d], &runs);
        if (status == VMPL_OK)
            status = dt_subarray_wrap_dimension(&t, runs.nruns, runs.lens, runs.offs, gsizes[d]);
        free(runs.lens);
        free(runs.offs);
        if (status != VMPL_OK) {
            base_error("dt", "darray: dimension %d: %s", d, vmpl_status_string(status));
            goto err_release;
        }
    }
    status = dt_subarray_adopt_equiv(DT_COMBINER_DARRAY, 4 * ndims + 4, old, t, &result);
    if (status != VMPL_OK)
        goto err_release;
    record_contents(result, size, rank, ndims, gsizes, distribs, dargs, psizes, order);
    *new_p = result;
    return VMPL_OK;

err_release:
    dt_type_release(t);
    return status;
}
