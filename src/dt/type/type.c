/*
 * Type objects: allocation, reference counting, commit and the queries
 * that MPI answers from a type (size, extent, true extent).
 */
#include "dt/type/type.h"
#include "dt/pack/pack.h"

#include <base/log.h>

#include <stdlib.h>

/*
 * A derived type with room for its contents arrays, allocated together in
 * one block (freed by dt_type_free_storage).
 */
vmpl_status_t dt_type_alloc(dt_combiner_t combiner, int num_ints, int num_addrs, int num_types,
                            dt_type_t **type_p)
{
    size_t bytes = sizeof(dt_type_t) + (size_t)num_ints * sizeof(dt_count_t) +
                   (size_t)num_addrs * sizeof(dt_aint_t) + (size_t)num_types * sizeof(dt_type_t *);
    dt_type_t *t = calloc(1, bytes);
    char *p;

    if (!t) {
        base_error("dt", "out of memory for a datatype with %d entries",
                   num_ints + num_addrs + num_types);
        return VMPL_ERR_NO_MEMORY;
    }
    t->refcount = 1;
    t->combiner = combiner;
    t->num_ints = num_ints;
    t->num_addrs = num_addrs;
    t->num_types = num_types;
    p = (char *)(t + 1);
    t->types = (dt_type_t **)p;
    p += (size_t)num_types * sizeof(dt_type_t *);
    t->ints = (dt_count_t *)p;
    p += (size_t)num_ints * sizeof(dt_count_t);
    t->addrs = (dt_aint_t *)p;
    *type_p = t;
    return VMPL_OK;
}

/* Frees the object and drops its references; inner types may go with it. */
void dt_type_free_storage(dt_type_t *type)
{
    for (int i = 0; i < type->num_types; i++)
        if (type->types[i])
            dt_type_release(type->types[i]);
    if (type->equiv)
        dt_type_release(type->equiv);
    if (type->layout)
        dt_node_free(type->layout);
    free(type->elements_group);
    free(type);
}

void dt_type_retain(dt_type_t *type)
{
    if (type && !type->named)
        type->refcount++;
}

void dt_type_release(dt_type_t *type)
{
    if (!type || type->named)
        return;
    if (--type->refcount == 0)
        dt_type_free_storage(type);
}

vmpl_status_t dt_type_commit(dt_type_t *type)
{
    dt_node_t *layout;
    vmpl_status_t status;

    if (!type)
        return VMPL_ERR_INVALID_TYPE;
    if (type->committed)
        return VMPL_OK;
    status = dt_layout_build(type, &layout);
    if (status != VMPL_OK)
        return status;
    type->layout = layout;
    dt_pack_prepare_type(type);
    type->committed = 1;
    return VMPL_OK;
}

int dt_type_is_committed(const dt_type_t *type)
{
    return type && type->committed;
}

int dt_type_is_named(const dt_type_t *type)
{
    return type && type->named;
}

dt_count_t dt_type_size(const dt_type_t *type)
{
    return type->size;
}

void dt_type_extent(const dt_type_t *type, dt_aint_t *lb_p, dt_aint_t *extent_p)
{
    *lb_p = type->lb;
    *extent_p = type->ub - type->lb;
}

void dt_type_true_extent(const dt_type_t *type, dt_aint_t *lb_p, dt_aint_t *extent_p)
{
    *lb_p = type->true_lb;
    *extent_p = type->true_ub - type->true_lb;
}

int dt_type_is_contiguous(const dt_type_t *type)
{
    return type->committed && type->lb == 0 && type->ub == type->size &&
           (type->size == 0 ||
            (type->layout && type->layout->kind == DT_NODE_BLOCK && type->layout->disp == 0));
}

int dt_type_contiguous_run(const dt_type_t *type, dt_count_t count, dt_aint_t *offset_p)
{
    const dt_node_t *layout = type->layout;

    if (!type->committed || type->size == 0) {
        *offset_p = 0;
        return type->committed;
    }
    if (layout->kind != DT_NODE_BLOCK || (count > 1 && type->ub - type->lb != type->size))
        return 0;
    *offset_p = layout->disp;
    return 1;
}
