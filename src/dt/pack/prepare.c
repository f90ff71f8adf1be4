/*
 * Commit hook of pack: every node of a fresh layout resolved to what moves
 * it, so that a pack or unpack call decides nothing the layout fixes
 * (yaksa's type create hook does the same per backend).
 */
#include "dt/pack/pack.h"

#include <stdlib.h>

/* A leaf loop's strided kernel, and its group where it works on one. */
static void loop_kernel(dt_node_t *loop, const dt_node_t *block)
{
    const dt_kernel_t *k = dt_kernel_select((size_t)block->size, loop->u.loop.stride);
    dt_group_t g;

    loop->u.loop.kernel = k;
    if (loop->u.loop.group || !k->group_build ||
        !k->group_build(&g, (size_t)block->size, loop->u.loop.stride) ||
        !(loop->u.loop.group = malloc(sizeof(g))))
        return; /* no group: the kernel builds it per call */
    *loop->u.loop.group = g;
}

void dt_pack_prepare(dt_node_t *node, int64_t stride)
{
    if (!node || node == &dt_node_nomem)
        return;
    if (node->kind == DT_NODE_LOOP) {
        dt_node_t *child = node->u.loop.child;
        if (child->kind == DT_NODE_BLOCK)
            loop_kernel(node, child);
        dt_pack_prepare(child, node->u.loop.stride);
    } else if (node->kind == DT_NODE_SEQ) {
        dt_masked_prepare(node, stride);
        dt_small_prepare(node);
        for (int64_t k = 0; k < node->u.seq.n; k++)
            dt_pack_prepare(node->u.seq.child[k], 0);
    }
}

void dt_pack_prepare_type(dt_type_t *type)
{
    dt_node_t *layout = type->layout;
    const int64_t extent = type->ub - type->lb;
    dt_node_t elements;

    dt_pack_prepare(layout, extent);
    if (!layout || layout == &dt_node_nomem || layout->kind != DT_NODE_BLOCK ||
        extent == layout->size)
        return;
    elements.kind = DT_NODE_LOOP;
    elements.u.loop.stride = extent;
    elements.u.loop.child = layout;
    elements.u.loop.group = NULL;
    loop_kernel(&elements, layout);
    type->elements_kernel = elements.u.loop.kernel;
    type->elements_group = elements.u.loop.group;
}
