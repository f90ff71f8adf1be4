/*
 * dt/type: the type object, as the constructors build it and the
 * queries read it. Its layout (layout.h) is built at commit.
 */
#ifndef VMPL_DT_TYPE_TYPE_H
#define VMPL_DT_TYPE_TYPE_H

#include "dt/dt.h"

#include <string.h>

struct dt_node;
struct dt_kernel;
struct dt_group;

struct dt_type {
    int refcount;
    unsigned named : 1;
    unsigned committed : 1;
    unsigned explicit_bounds : 1; /* lb/ub set by resized, sticky in outer types */
    unsigned has_data_or_bounds : 1;

    dt_combiner_t combiner;
    int64_t size;
    int64_t lb, ub;
    int64_t true_lb, true_ub;
    int64_t align; /* largest alignment of the basic types inside */

    /* What it was built from (MPI_Type_get_contents); inner types retained. */
    int num_ints, num_addrs, num_types;
    dt_count_t *ints;
    dt_aint_t *addrs;
    dt_type_t **types;

    /* Subarray and darray: the equivalent type built from simpler constructors. */
    dt_type_t *equiv;

    struct dt_node *layout; /* normalized, built at commit; NULL while uncommitted or empty */
    /*
     * A layout of one block whose extent differs from its size: the kernel
     * (and its group, freed with the type) for count elements at the extent,
     * chosen at commit (pack/prepare.c); NULL otherwise.
     */
    const struct dt_kernel *elements_kernel;
    struct dt_group *elements_group;
    dt_named_t named_id;
};

/* ---- checked 64-bit arithmetic: nonzero on overflow ---- */
static inline int dt_mul(int64_t a, int64_t b, int64_t *r)
{
    return __builtin_mul_overflow(a, b, r);
}
static inline int dt_add(int64_t a, int64_t b, int64_t *r)
{
    return __builtin_add_overflow(a, b, r);
}

/* ---- type objects (type/type.c) ---- */
vmpl_status_t dt_type_alloc(dt_combiner_t combiner, int num_ints, int num_addrs, int num_types,
                            dt_type_t **type_p);
void dt_type_free_storage(dt_type_t *type);

/* Bounds accumulation over the copies of an inner type (type/bounds.c). */
typedef struct {
    int any;       /* some copy carries data or explicit bounds */
    int any_data;  /* some copy carries data */
    int64_t lb, ub, true_lb, true_ub;
    int64_t size;
    int64_t align;
    int explicit_bounds;
    int overflow;
} dt_bounds_t;

void dt_bounds_init(dt_bounds_t *b);
/* count copies of type, copy i at disp + i * stride bytes. */
void dt_bounds_add(dt_bounds_t *b, const dt_type_t *type, int64_t disp, int64_t count,
                   int64_t stride);
/* Fills size/bounds/align of type; struct types get MPI's alignment padding. */
vmpl_status_t dt_bounds_apply(const dt_bounds_t *b, dt_type_t *type, int pad_to_alignment);

/* ---- subarray/darray composition (type/subarray.c) ---- */
/* Wraps *t_p as one array dimension: nruns runs (lens[k] copies of *t_p at element offs[k]). */
vmpl_status_t dt_subarray_wrap_dimension(dt_type_t **t_p, int64_t nruns, const dt_count_t lens[],
                                         const int64_t offs[], int64_t gsize);
/* A type reporting combiner/old over an equivalent composition (which it keeps). */
vmpl_status_t dt_subarray_adopt_equiv(dt_combiner_t combiner, int num_ints, dt_type_t *old,
                                      dt_type_t *equiv, dt_type_t **t_p);

#endif
