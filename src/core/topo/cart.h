/*
 * Cartesian topology arithmetic: MPI_Dims_create's balanced factorization,
 * rank <-> coordinates in row-major order, and shifts with periodic or
 * open boundaries. Pure functions; the communicator layer keeps the
 * (ndims, dims, periods) of each Cartesian communicator.
 */
#ifndef VMPL_CORE_TOPO_CART_H
#define VMPL_CORE_TOPO_CART_H

#include <vmpl.h>

#define CART_PROC_NULL (-1)

/*
 * Fills the zero entries of dims[] so the product is nnodes, as balanced
 * as possible and non-increasing; nonzero entries are kept.
 * VMPL_ERR_INVALID_ARG when they cannot be (a negative entry, or the
 * fixed entries do not divide nnodes).
 */
vmpl_status_t cart_dims_create(int nnodes, int ndims, int dims[]);

/* Rank of coords; periodic dimensions wrap, others must be in range (else -1). */
int cart_rank(int ndims, const int dims[], const int periods[], const int coords[]);
void cart_coords(int ndims, const int dims[], int rank, int coords[]);
/* MPI_Cart_shift: the ranks disp steps back (source) and forward (dest) along direction. */
void cart_shift(int ndims, const int dims[], const int periods[], int rank, int direction,
                int disp, int *source_p, int *dest_p);

#endif
