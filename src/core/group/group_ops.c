/*
 * Group set operations and rank selections, each building a new group
 * from a list of job ranks in the order the standard prescribes.
 */
#include "group.h"

#include <base/log.h>

#include <stdlib.h>

/* A scratch list of up to cap job ranks; the result group copies it. */
static int *scratch(int cap)
{
    return malloc((size_t)(cap > 0 ? cap : 1) * sizeof(int));
}

static vmpl_status_t from_list(int *list, int n, group_t **out_p)
{
    vmpl_status_t status = list ? group_create(n, list, out_p) : VMPL_ERR_NO_MEMORY;

    free(list);
    return status;
}

vmpl_status_t group_union(const group_t *g1, const group_t *g2, group_t **out_p)
{
    int *list = scratch(g1->size + g2->size), n = 0;

    for (int r = 0; list && r < g1->size; r++)
        list[n++] = g1->world[r];
    for (int r = 0; list && r < g2->size; r++)
        if (group_rank_of(g1, g2->world[r]) == GROUP_UNDEFINED)
            list[n++] = g2->world[r];
    return from_list(list, n, out_p);
}

vmpl_status_t group_intersection(const group_t *g1, const group_t *g2, group_t **out_p)
{
    int *list = scratch(g1->size), n = 0;

    for (int r = 0; list && r < g1->size; r++)
        if (group_rank_of(g2, g1->world[r]) != GROUP_UNDEFINED)
            list[n++] = g1->world[r];
    return from_list(list, n, out_p);
}

vmpl_status_t group_difference(const group_t *g1, const group_t *g2, group_t **out_p)
{
    int *list = scratch(g1->size), n = 0;

    for (int r = 0; list && r < g1->size; r++)
        if (group_rank_of(g2, g1->world[r]) == GROUP_UNDEFINED)
            list[n++] = g1->world[r];
    return from_list(list, n, out_p);
}

/* Marks ranks[] of g in taken[]; fails on an invalid or repeated rank. */
static vmpl_status_t mark_ranks(const group_t *g, int n, const int ranks[], char *taken,
                                const char *who)
{
    if (n < 0 || n > g->size || (n > 0 && !ranks)) {
        base_error("group", "%s: %d ranks of a group of %d", who, n, g->size);
        return VMPL_ERR_INVALID_ARG;
    }
    for (int i = 0; i < n; i++) {
        if (ranks[i] < 0 || ranks[i] >= g->size || taken[ranks[i]]) {
            base_error("group", "%s: rank %d invalid or repeated", who, ranks[i]);
            return VMPL_ERR_INVALID_ARG;
        }
        taken[ranks[i]] = 1;
    }
    return VMPL_OK;
}

vmpl_status_t group_incl(const group_t *g, int n, const int ranks[], group_t **out_p)
{
    char *taken = calloc((size_t)g->size + 1, 1);
    int *list = scratch(n);
    vmpl_status_t status = !taken || !list ? VMPL_ERR_NO_MEMORY
                                           : mark_ranks(g, n, ranks, taken, "incl");

    free(taken);
    if (status != VMPL_OK) {
        free(list);
        return status;
    }
    for (int i = 0; i < n; i++)
        list[i] = g->world[ranks[i]];
    return from_list(list, n, out_p);
}

vmpl_status_t group_excl(const group_t *g, int n, const int ranks[], group_t **out_p)
{
    char *taken = calloc((size_t)g->size + 1, 1);
    int *list = scratch(g->size), m = 0;
    vmpl_status_t status = !taken || !list ? VMPL_ERR_NO_MEMORY
                                           : mark_ranks(g, n, ranks, taken, "excl");

    if (status == VMPL_OK)
        for (int r = 0; r < g->size; r++)
            if (!taken[r])
                list[m++] = g->world[r];
    free(taken);
    if (status != VMPL_OK) {
        free(list);
        return status;
    }
    return from_list(list, m, out_p);
}

/* The ranks named by ranges, in order; *n_p of them (malloc'd). */
static vmpl_status_t expand_ranges(const group_t *g, int n, const int ranges[][3], int **ranks_p,
                                   int *n_p)
{
    long total = 0;
    int *ranks, k = 0;

    if (n < 0 || (n > 0 && !ranges))
        return VMPL_ERR_INVALID_ARG;
    for (int i = 0; i < n; i++) {
        int first = ranges[i][0], last = ranges[i][1], stride = ranges[i][2];
        if (stride == 0 || first < 0 || first >= g->size || last < 0 || last >= g->size ||
            (stride > 0 && first > last) || (stride < 0 && first < last)) {
            base_error("group", "range (%d, %d, %d) invalid for a group of %d", first, last,
                       stride, g->size);
            return VMPL_ERR_INVALID_ARG;
        }
        total += (last - first) / stride + 1;
        if (total > g->size) {
            base_error("group", "ranges name more ranks than the group has");
            return VMPL_ERR_INVALID_ARG;
        }
    }
    ranks = scratch((int)total);
    if (!ranks)
        return VMPL_ERR_NO_MEMORY;
    for (int i = 0; i < n; i++)
        for (int r = ranges[i][0]; ranges[i][2] > 0 ? r <= ranges[i][1] : r >= ranges[i][1];
             r += ranges[i][2])
            ranks[k++] = r;
    *ranks_p = ranks;
    *n_p = k;
    return VMPL_OK;
}

vmpl_status_t group_range_incl(const group_t *g, int n, const int ranges[][3], group_t **out_p)
{
    int *ranks, k;
    vmpl_status_t status = expand_ranges(g, n, ranges, &ranks, &k);

    if (status != VMPL_OK)
        return status;
    status = group_incl(g, k, ranks, out_p);
    free(ranks);
    return status;
}

vmpl_status_t group_range_excl(const group_t *g, int n, const int ranges[][3], group_t **out_p)
{
    int *ranks, k;
    vmpl_status_t status = expand_ranges(g, n, ranges, &ranks, &k);

    if (status != VMPL_OK)
        return status;
    status = group_excl(g, k, ranks, out_p);
    free(ranks);
    return status;
}
