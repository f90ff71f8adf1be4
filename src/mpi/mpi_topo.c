/*
 * MPI Cartesian topologies over core/topo/cart, and what every topology
 * shares: MPI_Topo_test, the copy on MPI_Comm_dup and the free with the
 * communicator (mpi_impl.h).
 */
#include "mpi_impl.h"

#include <core/topo/cart.h>

#include <stdlib.h>
#include <string.h>

static mpi_cart_t *cart_new(int ndims, const int dims[], const int periods[])
{
    mpi_cart_t *cart = calloc(1, sizeof(*cart));

    if (!cart)
        return NULL;
    cart->ndims = ndims;
    cart->dims = calloc((size_t)(ndims > 0 ? ndims : 1), sizeof(int));
    cart->periods = calloc((size_t)(ndims > 0 ? ndims : 1), sizeof(int));
    if (!cart->dims || !cart->periods) {
        free(cart->dims);
        free(cart->periods);
        free(cart);
        return NULL;
    }
    for (int d = 0; d < ndims; d++) {
        cart->dims[d] = dims[d];
        cart->periods[d] = !!periods[d];
    }
    return cart;
}

static void cart_free(mpi_cart_t *cart)
{
    if (!cart)
        return;
    free(cart->dims);
    free(cart->periods);
    free(cart);
}

int mpi_topo_copy(const struct vmpl_mpi_comm_s *from, struct vmpl_mpi_comm_s *to)
{
    if (from->cart && !(to->cart = cart_new(from->cart->ndims, from->cart->dims,
                                             from->cart->periods)))
        return MPI_ERR_NO_MEM;
    if (from->graph && !(to->graph = mpi_graph_new(from->graph->nnodes, from->graph->index,
                                                   from->graph->edges)))
        return MPI_ERR_NO_MEM;
    if (from->dist_graph && !(to->dist_graph = mpi_dist_graph_copy(from->dist_graph)))
        return MPI_ERR_NO_MEM;
    return MPI_SUCCESS;
}

void mpi_topo_free(struct vmpl_mpi_comm_s *c)
{
    cart_free(c->cart);
    mpi_graph_free(c->graph);
    mpi_dist_graph_free(c->dist_graph);
    c->cart = NULL;
    c->graph = NULL;
    c->dist_graph = NULL;
}

/* The cells of a grid of dims, checked against c: MPI_SUCCESS or the error raised. */
static int grid_cells(struct vmpl_mpi_comm_s *c, int ndims, const int dims[], long *cells_p,
                      const char *function)
{
    long cells = 1;

    if (ndims < 0)
        return mpi_error(c, MPI_ERR_DIMS, function, "ndims %d < 0", ndims);
    for (int d = 0; d < ndims; d++) {
        if (dims[d] <= 0)
            return mpi_error(c, MPI_ERR_DIMS, function, "dims[%d] = %d", d, dims[d]);
        cells *= dims[d];
    }
    if (cells > c->core->size)
        return mpi_error(c, MPI_ERR_DIMS, function,
                         "the grid has %ld cells but the communicator %d processes", cells,
                         c->core->size);
    *cells_p = cells;
    return MPI_SUCCESS;
}

int PMPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[],
                     int reorder, MPI_Comm *comm_cart)
{
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm_old);
    long cells;
    int rc;

    (void)reorder; /* one node: no placement to improve */
    if ((rc = mpi_init_check("MPI_Cart_create")))
        return rc;
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Cart_create", "invalid communicator");
    if ((rc = mpi_pointer_check(c, comm_cart, "comm_cart", "MPI_Cart_create")))
        return rc;
    *comm_cart = MPI_COMM_NULL;
    if (ndims > 0 && ((rc = mpi_pointer_check(c, dims, "dims", "MPI_Cart_create")) ||
                      (rc = mpi_pointer_check(c, periods, "periods", "MPI_Cart_create"))))
        return rc;
    rc = grid_cells(c, ndims, dims, &cells, "MPI_Cart_create");
    if (rc != MPI_SUCCESS)
        return rc;
    rc = PMPI_Comm_split(comm_old, c->core->rank < cells ? 0 : MPI_UNDEFINED, c->core->rank,
                         comm_cart);
    if (rc != MPI_SUCCESS || *comm_cart == MPI_COMM_NULL)
        return rc;
    struct vmpl_mpi_comm_s *cart = mpi_comm_of(*comm_cart);
    cart->cart = cart_new(ndims, dims, periods);
    if (!cart->cart) {
        PMPI_Comm_free(comm_cart);
        return mpi_error(c, MPI_ERR_NO_MEM, "MPI_Cart_create", "out of memory");
    }
    return MPI_SUCCESS;
}
MPI_WEAK(Cart_create)

int PMPI_Cart_map(MPI_Comm comm, int ndims, const int dims[], const int periods[], int *newrank)
{
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm);
    long cells;
    int rc;

    (void)periods;
    if ((rc = mpi_init_check("MPI_Cart_map")))
        return rc;
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Cart_map", "invalid communicator");
    if ((rc = mpi_pointer_check(c, newrank, "newrank", "MPI_Cart_map")) ||
        (ndims > 0 && (rc = mpi_pointer_check(c, dims, "dims", "MPI_Cart_map"))))
        return rc;
    rc = grid_cells(c, ndims, dims, &cells, "MPI_Cart_map");
    if (rc != MPI_SUCCESS)
        return rc;
    /* the identity: the rank MPI_Cart_create gives this process */
    *newrank = c->core->rank < cells ? c->core->rank : MPI_UNDEFINED;
    return MPI_SUCCESS;
}
MPI_WEAK(Cart_map)

int PMPI_Dims_create(int nnodes, int ndims, int dims[])
{
    int rc;
    if (ndims > 0 && (rc = mpi_pointer_check(NULL, dims, "dims", "MPI_Dims_create")))
        return rc;
    if (nnodes < 1 || ndims < 0 || cart_dims_create(nnodes, ndims, dims) != VMPL_OK)
        return mpi_error(NULL, MPI_ERR_DIMS, "MPI_Dims_create",
                         "cannot factor %d processes over %d dimensions as given", nnodes, ndims);
    return MPI_SUCCESS;
}
MPI_WEAK(Dims_create)

int PMPI_Topo_test(MPI_Comm comm, int *status)
{
    int rc;
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm);

    if ((rc = mpi_init_check("MPI_Topo_test")))
        return rc;
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Topo_test", "invalid communicator");
    if ((rc = mpi_pointer_check(c, status, "status", "MPI_Topo_test")))
        return rc;
    *status = c->cart         ? MPI_CART
              : c->graph      ? MPI_GRAPH
              : c->dist_graph ? MPI_DIST_GRAPH
                              : MPI_UNDEFINED;
    return MPI_SUCCESS;
}
MPI_WEAK(Topo_test)

int PMPI_Cartdim_get(MPI_Comm comm, int *ndims)
{
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_topo_comm_arg(comm, MPI_TOPO_CART, &c, "MPI_Cartdim_get");

    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(c, ndims, "ndims", "MPI_Cartdim_get")))
        return rc;
    *ndims = c->cart->ndims;
    return MPI_SUCCESS;
}
MPI_WEAK(Cartdim_get)

int PMPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[])
{
    int n;
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_topo_comm_arg(comm, MPI_TOPO_CART, &c, "MPI_Cart_get");

    if (rc)
        return rc;
    n = maxdims < c->cart->ndims ? maxdims : c->cart->ndims;
    if (n > 0 && ((rc = mpi_pointer_check(c, dims, "dims", "MPI_Cart_get")) ||
                  (rc = mpi_pointer_check(c, periods, "periods", "MPI_Cart_get")) ||
                  (rc = mpi_pointer_check(c, coords, "coords", "MPI_Cart_get"))))
        return rc;
    int *all = calloc((size_t)(c->cart->ndims > 0 ? c->cart->ndims : 1), sizeof(int));
    if (!all)
        return mpi_error(c, MPI_ERR_NO_MEM, "MPI_Cart_get", "out of memory");
    cart_coords(c->cart->ndims, c->cart->dims, c->core->rank, all);
    for (int d = 0; d < n; d++) {
        dims[d] = c->cart->dims[d];
        periods[d] = c->cart->periods[d];
        coords[d] = all[d];
    }
    free(all);
    return MPI_SUCCESS;
}
MPI_WEAK(Cart_get)

int PMPI_Cart_rank(MPI_Comm comm, const int coords[], int *rank)
{
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_topo_comm_arg(comm, MPI_TOPO_CART, &c, "MPI_Cart_rank");

    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(c, rank, "rank", "MPI_Cart_rank")) ||
        (c->cart->ndims > 0 && (rc = mpi_pointer_check(c, coords, "coords", "MPI_Cart_rank"))))
        return rc;
    *rank = cart_rank(c->cart->ndims, c->cart->dims, c->cart->periods, coords);
    if (*rank < 0)
        return mpi_error(c, MPI_ERR_ARG, "MPI_Cart_rank", "coordinates outside the grid");
    return MPI_SUCCESS;
}
MPI_WEAK(Cart_rank)

int PMPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[])
{
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_topo_comm_arg(comm, MPI_TOPO_CART, &c, "MPI_Cart_coords");

    if (rc)
        return rc;
    if (rank < 0 || rank >= c->core->size)
        return mpi_error(c, MPI_ERR_RANK, "MPI_Cart_coords", "rank %d", rank);
    if (maxdims < c->cart->ndims)
        return mpi_error(c, MPI_ERR_ARG, "MPI_Cart_coords", "maxdims %d < ndims %d", maxdims,
                         c->cart->ndims);
    if (c->cart->ndims > 0 && (rc = mpi_pointer_check(c, coords, "coords", "MPI_Cart_coords")))
        return rc;
    cart_coords(c->cart->ndims, c->cart->dims, rank, coords);
    return MPI_SUCCESS;
}
MPI_WEAK(Cart_coords)

int PMPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest)
{
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_topo_comm_arg(comm, MPI_TOPO_CART, &c, "MPI_Cart_shift");

    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(c, rank_source, "rank_source", "MPI_Cart_shift")) ||
        (rc = mpi_pointer_check(c, rank_dest, "rank_dest", "MPI_Cart_shift")))
        return rc;
    if (direction < 0 || direction >= c->cart->ndims)
        return mpi_error(c, MPI_ERR_ARG, "MPI_Cart_shift", "direction %d", direction);
    cart_shift(c->cart->ndims, c->cart->dims, c->cart->periods, c->core->rank, direction, disp,
               rank_source, rank_dest);
    if (*rank_source == CART_PROC_NULL)
        *rank_source = MPI_PROC_NULL;
    if (*rank_dest == CART_PROC_NULL)
        *rank_dest = MPI_PROC_NULL;
    return MPI_SUCCESS;
}
MPI_WEAK(Cart_shift)

int PMPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm)
{
    int *coords, color = 0, key = 0, kept = 0, rc;
    int sub_dims[64], sub_periods[64];
    struct vmpl_mpi_comm_s *c;
    rc = mpi_topo_comm_arg(comm, MPI_TOPO_CART, &c, "MPI_Cart_sub");
    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(c, newcomm, "newcomm", "MPI_Cart_sub")))
        return rc;
    *newcomm = MPI_COMM_NULL;
    if (c->cart->ndims > 0 && (rc = mpi_pointer_check(c, remain_dims, "remain_dims", "MPI_Cart_sub")))
        return rc;
    if (c->cart->ndims > 64)
        return mpi_error(c, MPI_ERR_DIMS, "MPI_Cart_sub", "more than 64 dimensions");
    coords = calloc((size_t)(c->cart->ndims > 0 ? c->cart->ndims : 1), sizeof(int));
    if (!coords)
        return mpi_error(c, MPI_ERR_NO_MEM, "MPI_Cart_sub", "out of memory");
    cart_coords(c->cart->ndims, c->cart->dims, c->core->rank, coords);
    /* color: the coordinates along dropped dimensions; key: along kept ones */
    for (int d = 0; d < c->cart->ndims; d++) {
        if (remain_dims[d]) {
            key = key * c->cart->dims[d] + coords[d];
            sub_dims[kept] = c->cart->dims[d];
            sub_periods[kept++] = c->cart->periods[d];
        } else {
            color = color * c->cart->dims[d] + coords[d];
        }
    }
    free(coords);
    rc = PMPI_Comm_split(comm, color, key, newcomm);
    if (rc != MPI_SUCCESS)
        return rc;
    struct vmpl_mpi_comm_s *sub = mpi_comm_of(*newcomm);
    sub->cart = cart_new(kept, sub_dims, sub_periods);
    if (!sub->cart) {
        PMPI_Comm_free(newcomm);
        return mpi_error(c, MPI_ERR_NO_MEM, "MPI_Cart_sub", "out of memory");
    }
    return MPI_SUCCESS;
}
MPI_WEAK(Cart_sub)
