/*
 * Commit: the normalized layout of one element, built from the type's
 * constructor arguments (layout.c does the normalization).
 */
#include "dt/layout/layout.h"

#include <stdlib.h>

static dt_node_t *layout_of(const dt_type_t *type);

/* A fresh layout of one element of inner, as count copies at stride from disp. */
static dt_node_t *copies(const dt_type_t *inner, int64_t disp, int64_t count, int64_t stride)
{
    if (count == 0)
        return NULL;
    return dt_node_loop(disp, count, stride, layout_of(inner));
}

static int64_t extent_of(const dt_type_t *t)
{
    return t->ub - t->lb;
}

/* Indexed forms and struct: one child per block, then a normalized sequence. */
static dt_node_t *layout_blocks(const dt_type_t *type)
{
    int64_t n = type->ints[0];
    dt_node_t **children = malloc((size_t)(n ? n : 1) * sizeof(*children)), *result;

    if (!children)
        return &dt_node_nomem;
    for (int64_t i = 0; i < n; i++) {
        const dt_type_t *inner = type->types[type->combiner == DT_COMBINER_STRUCT ? i : 0];
        int64_t ext = extent_of(inner), blocklen, disp;

        switch (type->combiner) {
        case DT_COMBINER_INDEXED:
            blocklen = type->ints[1 + i];
            disp = type->ints[1 + n + i] * ext;
            break;
        case DT_COMBINER_HINDEXED:
        case DT_COMBINER_STRUCT:
            blocklen = type->ints[1 + i];
            disp = type->addrs[i];
            break;
        case DT_COMBINER_INDEXED_BLOCK:
            blocklen = type->ints[1];
            disp = type->ints[2 + i] * ext;
            break;
        default: /* DT_COMBINER_HINDEXED_BLOCK */
            blocklen = type->ints[1];
            disp = type->addrs[i];
            break;
        }
        children[i] = copies(inner, disp, blocklen, ext);
    }
    result = dt_node_seq(n, children);
    free(children);
    return result;
}

static dt_node_t *layout_of(const dt_type_t *type)
{
    const dt_type_t *old = type->num_types ? type->types[0] : NULL;

    if (type->committed)
        return dt_node_clone(type->layout);
    switch (type->combiner) {
    case DT_COMBINER_DUP:
    case DT_COMBINER_RESIZED:
        return layout_of(old);
    case DT_COMBINER_SUBARRAY:
    case DT_COMBINER_DARRAY:
        return layout_of(type->equiv);
    case DT_COMBINER_CONTIGUOUS:
        return copies(old, 0, type->ints[0], extent_of(old));
    case DT_COMBINER_VECTOR:
        return dt_node_loop(0, type->ints[0], type->ints[2] * extent_of(old),
                            copies(old, 0, type->ints[1], extent_of(old)));
    case DT_COMBINER_HVECTOR:
        return dt_node_loop(0, type->ints[0], type->addrs[0],
                            copies(old, 0, type->ints[1], extent_of(old)));
    case DT_COMBINER_INDEXED:
    case DT_COMBINER_HINDEXED:
    case DT_COMBINER_INDEXED_BLOCK:
    case DT_COMBINER_HINDEXED_BLOCK:
    case DT_COMBINER_STRUCT:
        return layout_blocks(type);
    default: /* named types are always committed */
        return &dt_node_nomem;
    }
}

vmpl_status_t dt_layout_build(const dt_type_t *type, dt_node_t **layout_p)
{
    dt_node_t *layout = type->size ? layout_of(type) : NULL;

    if (layout == &dt_node_nomem)
        return VMPL_ERR_NO_MEMORY;
    *layout_p = layout;
    return VMPL_OK;
}
