/*
 * MPI_Comm_split: every process learns every (color, key) by an allgather
 * over the parent; the members of one color are ordered by key, then by
 * parent rank. The new context is agreed over the whole parent.
 */
#include "comm_private.h"

#include <stdlib.h>

typedef struct {
    int color, key, rank;
} split_entry_t;

static int entry_cmp(const void *a, const void *b)
{
    const split_entry_t *x = a, *y = b;

    if (x->key != y->key)
        return (x->key > y->key) - (x->key < y->key);
    return (x->rank > y->rank) - (x->rank < y->rank);
}

vmpl_status_t comm_split(comm_t *parent, int color, int key, comm_t **comm_p)
{
    int p = parent->size, n = 0, me = 0;
    split_entry_t *all = malloc((size_t)p * sizeof(*all)), mine = {color, key, parent->rank};
    int64_t *counts = malloc((size_t)p * sizeof(int64_t) * 2), *displs;
    int *world = malloc((size_t)p * sizeof(int));
    group_t *group = NULL;
    vmpl_status_t status = VMPL_ERR_NO_MEMORY;

    if (!all || !counts || !world)
        goto out;
    displs = counts + p;
    for (int r = 0; r < p; r++) {
        counts[r] = 3;
        displs[r] = 3 * r;
    }
    status = coll_allgatherv(&parent->coll, &mine, 3, dt_named(DT_INT), all, counts, displs,
                             dt_named(DT_INT));
    if (status != VMPL_OK)
        goto out;
    for (int r = 0; r < p; r++)
        if (all[r].color == color && color != COMM_UNDEFINED)
            all[n++] = all[r];
    qsort(all, (size_t)n, sizeof(*all), entry_cmp);
    for (int i = 0; i < n; i++) {
        world[i] = parent->group->world[all[i].rank];
        if (all[i].rank == parent->rank)
            me = i;
    }
    if (color != COMM_UNDEFINED && (status = group_create(n, world, &group)) != VMPL_OK)
        goto out;
    {
        int id;
        status = comm_context_agree(parent, color != COMM_UNDEFINED, &id);
        if (status == VMPL_OK && group)
            status = comm_object_new(parent, group, me, id, comm_p);
        else if (status == VMPL_OK)
            *comm_p = NULL;
    }
out:
    if (group)
        group_release(group);
    free(all);
    free(counts);
    free(world);
    return status;
}
