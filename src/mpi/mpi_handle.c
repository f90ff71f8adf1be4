/* The handle tables (mpi_handle.h). MPI_THREAD_SERIALIZED at most: no locks yet. */
#include "mpi_handle.h"

#include <stdlib.h>

mpi_handle_table_t mpi_handle_tables[MPI_HANDLE_KINDS];

/*
 * Freed slots wait in a FIFO and are reused only once this many are
 * free, so that a stale handle meets its slot's generation again only
 * after about (MPI_HANDLE_GEN_MASK + 1) * MPI_HANDLE_REUSE_AFTER frees.
 */
#define MPI_HANDLE_REUSE_AFTER 64

/* A free slot's index, from the FIFO or a fresh one; UINT32_MAX when none is left. */
static uint32_t take_slot(mpi_handle_table_t *table)
{
    uint32_t index;

    if (table->free_count >= MPI_HANDLE_REUSE_AFTER ||
        (table->free_count && table->used > MPI_HANDLE_INDEX_MASK)) {
        index = table->free_head - 1;
        table->free_head = mpi_handle_slot(table, index)->next_free;
        if (!table->free_head)
            table->free_tail = 0;
        table->free_count--;
        return index;
    }
    if (table->used > MPI_HANDLE_INDEX_MASK)
        return UINT32_MAX;
    index = table->used;
    mpi_handle_slot_t **chunk = &table->chunks[index >> MPI_HANDLE_CHUNK_BITS];
    if (!*chunk && !(*chunk = calloc(1u << MPI_HANDLE_CHUNK_BITS, sizeof(**chunk))))
        return UINT32_MAX;
    table->used++;
    return index;
}

uintptr_t mpi_handle_new(mpi_handle_kind_t kind, void *object)
{
    mpi_handle_table_t *table = &mpi_handle_tables[kind];
    uint32_t index = take_slot(table);

    if (index == UINT32_MAX)
        return 0;
    mpi_handle_slot_t *slot = mpi_handle_slot(table, index);
    slot->object = object;
    slot->next_free = 0;
    return (uintptr_t)kind << MPI_HANDLE_KIND_SHIFT |
           (uintptr_t)slot->generation << MPI_HANDLE_GEN_SHIFT | index;
}

void mpi_handle_free(mpi_handle_kind_t kind, uintptr_t handle)
{
    mpi_handle_table_t *table = &mpi_handle_tables[kind];

    if (!mpi_handle_object(kind, handle))
        return;
    uint32_t index = handle & MPI_HANDLE_INDEX_MASK;
    mpi_handle_slot_t *slot = mpi_handle_slot(table, index);
    slot->object = NULL;
    slot->generation = (slot->generation + 1) & MPI_HANDLE_GEN_MASK;
    if (table->free_tail)
        mpi_handle_slot(table, table->free_tail - 1)->next_free = index + 1;
    else
        table->free_head = index + 1;
    table->free_tail = index + 1;
    table->free_count++;
}
