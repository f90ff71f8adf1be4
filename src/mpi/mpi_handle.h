/*
 * Handles of user-created MPI objects: an index into a table of the
 * object's kind plus a generation, never a pointer. A freed, stale or
 * garbage handle is told apart without dereferencing it, and the value
 * fits a Fortran INTEGER, so MPI_*_c2f/f2c are the identity.
 *
 *   bit 31    0 (the value stays a positive Fortran INTEGER)
 *   27..30    kind (mpi_handle_kind_t, never 0: values start at 2^27,
 *             far above the predefined handles, which are < 4096)
 *   20..26    generation of the slot, bumped when its object is freed
 *    0..19    slot index
 */
#ifndef VMPL_MPI_MPI_HANDLE_H
#define VMPL_MPI_MPI_HANDLE_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    MPI_HANDLE_COMM = 1,
    MPI_HANDLE_GROUP,
    MPI_HANDLE_DATATYPE,
    MPI_HANDLE_OP,
    MPI_HANDLE_REQUEST,
    MPI_HANDLE_ERRHANDLER,
    MPI_HANDLE_INFO,
    MPI_HANDLE_MESSAGE,
    MPI_HANDLE_KINDS
} mpi_handle_kind_t;

#define MPI_HANDLE_KIND_SHIFT 27
#define MPI_HANDLE_GEN_SHIFT 20
#define MPI_HANDLE_GEN_MASK 0x7fu
#define MPI_HANDLE_INDEX_MASK 0xfffffu
#define MPI_HANDLE_CHUNK_BITS 10 /* slots are allocated 1024 at a time, never moved */
#define MPI_HANDLE_CHUNKS ((MPI_HANDLE_INDEX_MASK + 1) >> MPI_HANDLE_CHUNK_BITS)

typedef struct {
    void *object;        /* NULL while the slot is free */
    uint32_t generation; /* the generation a live handle of this slot carries */
    uint32_t next_free;  /* the next free slot + 1, 0 at the end of the free list */
} mpi_handle_slot_t;

typedef struct {
    mpi_handle_slot_t *chunks[MPI_HANDLE_CHUNKS];
    uint32_t used;                 /* slots ever handed out */
    uint32_t free_head, free_tail; /* freed slots, oldest first (index + 1) */
    uint32_t free_count;
} mpi_handle_table_t;

extern mpi_handle_table_t mpi_handle_tables[MPI_HANDLE_KINDS];

/* A new handle of this kind for object, or 0 when out of memory or slots. */
uintptr_t mpi_handle_new(mpi_handle_kind_t kind, void *object);
/* Ends handle (its object is being freed): the handle and its copies become invalid. */
void mpi_handle_free(mpi_handle_kind_t kind, uintptr_t handle);

/* The slot of index in table (its chunk allocated). */
static inline mpi_handle_slot_t *mpi_handle_slot(mpi_handle_table_t *table, uint32_t index)
{
    return &table->chunks[index >> MPI_HANDLE_CHUNK_BITS]
                         [index & ((1u << MPI_HANDLE_CHUNK_BITS) - 1)];
}

/*
 * Ends handle (live) but keeps its slot bound to the same object, for
 * objects that are recycled rather than freed (requests): returns the
 * handle the object has from now on.
 */
static inline uintptr_t mpi_handle_renew(mpi_handle_kind_t kind, uintptr_t handle)
{
    mpi_handle_slot_t *slot =
        mpi_handle_slot(&mpi_handle_tables[kind], handle & MPI_HANDLE_INDEX_MASK);
    slot->generation = (slot->generation + 1) & MPI_HANDLE_GEN_MASK;
    return (handle & ~((uintptr_t)MPI_HANDLE_GEN_MASK << MPI_HANDLE_GEN_SHIFT)) |
           (uintptr_t)slot->generation << MPI_HANDLE_GEN_SHIFT;
}

/* The object of a live handle of this kind; NULL for anything else. Never dereferences handle. */
static inline void *mpi_handle_object(mpi_handle_kind_t kind, uintptr_t handle)
{
    if ((handle >> MPI_HANDLE_KIND_SHIFT) != (uintptr_t)kind)
        return NULL;
    uint32_t index = handle & MPI_HANDLE_INDEX_MASK;
    if (!mpi_handle_tables[kind].chunks[index >> MPI_HANDLE_CHUNK_BITS])
        return NULL;
    const mpi_handle_slot_t *slot = mpi_handle_slot(&mpi_handle_tables[kind], index);
    if (slot->generation != ((handle >> MPI_HANDLE_GEN_SHIFT) & MPI_HANDLE_GEN_MASK))
        return NULL;
    return slot->object;
}

#endif
