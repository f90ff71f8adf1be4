/* Group objects and lookups (group.h). */
#include "group.h"

#include <base/log.h>

#include <stdlib.h>
#include <string.h>

static int member_cmp(const void *a, const void *b)
{
    const group_member_t *x = a, *y = b;
    return (x->world > y->world) - (x->world < y->world);
}

vmpl_status_t group_create(int size, const int world[], group_t **group_p)
{
    group_t *g;

    if (size < 0)
        return VMPL_ERR_INVALID_ARG;
    g = calloc(1, sizeof(*g));
    if (!g)
        return VMPL_ERR_NO_MEMORY;
    g->refcount = 1;
    g->size = size;
    g->world = malloc((size_t)(size ? size : 1) * sizeof(int));
    g->sorted = malloc((size_t)(size ? size : 1) * sizeof(group_member_t));
    if (!g->world || !g->sorted)
        goto err_free;
    for (int r = 0; r < size; r++) {
        g->world[r] = world[r];
        g->sorted[r] = (group_member_t){world[r], r};
    }
    qsort(g->sorted, (size_t)size, sizeof(group_member_t), member_cmp);
    for (int r = 1; r < size; r++)
        if (g->sorted[r].world == g->sorted[r - 1].world) {
            base_error("group", "process %d appears twice", g->sorted[r].world);
            goto err_free_invalid;
        }
    *group_p = g;
    return VMPL_OK;

err_free_invalid:
    free(g->world);
    free(g->sorted);
    free(g);
    return VMPL_ERR_INVALID_ARG;
err_free:
    free(g->world);
    free(g->sorted);
    free(g);
    return VMPL_ERR_NO_MEMORY;
}

void group_retain(group_t *g)
{
    g->refcount++;
}

void group_release(group_t *g)
{
    if (g && --g->refcount == 0) {
        free(g->world);
        free(g->sorted);
        free(g);
    }
}

int group_rank_of(const group_t *g, int world)
{
    group_member_t key = {world, 0};
    const group_member_t *hit =
        bsearch(&key, g->sorted, (size_t)g->size, sizeof(group_member_t), member_cmp);

    return hit ? hit->rank : GROUP_UNDEFINED;
}

vmpl_status_t group_translate(const group_t *g1, int n, const int ranks1[], const group_t *g2,
                              int ranks2[])
{
    if (n < 0 || (n > 0 && (!ranks1 || !ranks2)))
        return VMPL_ERR_INVALID_ARG;
    for (int i = 0; i < n; i++)
        if (ranks1[i] != GROUP_PROC_NULL && (ranks1[i] < 0 || ranks1[i] >= g1->size)) {
            base_error("group", "translate: rank %d not in a group of %d", ranks1[i], g1->size);
            return VMPL_ERR_INVALID_ARG;
        }
    for (int i = 0; i < n; i++)
        ranks2[i] = ranks1[i] == GROUP_PROC_NULL ? GROUP_PROC_NULL
                                                 : group_rank_of(g2, g1->world[ranks1[i]]);
    return VMPL_OK;
}

group_compare_t group_compare(const group_t *g1, const group_t *g2)
{
    if (g1->size != g2->size)
        return GROUP_UNEQUAL;
    if (!memcmp(g1->world, g2->world, (size_t)g1->size * sizeof(int)))
        return GROUP_IDENT;
    for (int r = 0; r < g1->size; r++)
        if (g1->sorted[r].world != g2->sorted[r].world)
            return GROUP_UNEQUAL;
    return GROUP_SIMILAR;
}
