/*
 * MPI graph topologies (MPI_Graph_create and its queries, mpi_impl.h).
 * Every process holds the whole graph, as MPI's graph queries ask about
 * any node. One node: the mapping is the identity and reorder is ignored.
 */
#include "mpi_impl.h"

#include <stdlib.h>
#include <string.h>

mpi_graph_t *mpi_graph_new(int nnodes, const int index[], const int edges[])
{
    int nedges = nnodes > 0 ? index[nnodes - 1] : 0;
    mpi_graph_t *graph = calloc(1, sizeof(*graph));

    if (!graph)
        return NULL;
    graph->nnodes = nnodes;
    /* at least one element each, so that NULL only ever means out of memory */
    graph->index = malloc((size_t)(nnodes > 0 ? nnodes : 1) * sizeof(int));
    graph->edges = malloc((size_t)(nedges > 0 ? nedges : 1) * sizeof(int));
    if (!graph->index || !graph->edges) {
        mpi_graph_free(graph);
        return NULL;
    }
    if (nnodes > 0)
        memcpy(graph->index, index, (size_t)nnodes * sizeof(int));
    if (nedges > 0)
        memcpy(graph->edges, edges, (size_t)nedges * sizeof(int));
    return graph;
}

void mpi_graph_free(mpi_graph_t *graph)
{
    if (!graph)
        return;
    free(graph->index);
    free(graph->edges);
    free(graph);
}

/*
 * Checks the graph arguments of MPI_Graph_create and MPI_Graph_map: nnodes
 * within the communicator, index non-negative and non-decreasing, every
 * edge a node of the graph (self-loops and repeated edges are allowed).
 * Every process passes the same arguments, so all find the same error.
 */
static int graph_args_check(struct vmpl_mpi_comm_s *c, int nnodes, const int index[],
                            const int edges[], const char *function)
{
    if (nnodes < 0)
        return mpi_error(c, MPI_ERR_ARG, function, "nnodes %d < 0", nnodes);
    if (nnodes > c->core->size)
        return mpi_error(c, MPI_ERR_ARG, function,
                         "the graph has %d nodes but the communicator %d processes", nnodes,
                         c->core->size);
    for (int i = 0; i < nnodes; i++) {
        if (index[i] < 0)
            return mpi_error(c, MPI_ERR_ARG, function, "index[%d] = %d < 0", i, index[i]);
        if (i > 0 && index[i] < index[i - 1])
            return mpi_error(c, MPI_ERR_ARG, function, "index[%d] = %d < index[%d] = %d", i,
                             index[i], i - 1, index[i - 1]);
    }
    for (int e = 0; nnodes > 0 && e < index[nnodes - 1]; e++)
        if (edges[e] < 0 || edges[e] >= nnodes)
            return mpi_error(c, MPI_ERR_RANK, function,
                             "edges[%d] = %d is not a node of the %d-node graph", e, edges[e],
                             nnodes);
    return MPI_SUCCESS;
}

int PMPI_Graph_create(MPI_Comm comm_old, int nnodes, const int index[], const int edges[],
                      int reorder, MPI_Comm *comm_graph)
{
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm_old);
    int rc;

    (void)reorder; /* one node: no placement to improve */
    if ((rc = mpi_init_check("MPI_Graph_create")))
        return rc;
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Graph_create", "invalid communicator");
    if ((rc = mpi_pointer_check(c, comm_graph, "comm_graph", "MPI_Graph_create")))
        return rc;
    *comm_graph = MPI_COMM_NULL;
    rc = graph_args_check(c, nnodes, index, edges, "MPI_Graph_create");
    if (rc != MPI_SUCCESS)
        return rc;
    /* processes past the last node get MPI_COMM_NULL */
    rc = PMPI_Comm_split(comm_old, c->core->rank < nnodes ? 0 : MPI_UNDEFINED, c->core->rank,
                         comm_graph);
    if (rc != MPI_SUCCESS || *comm_graph == MPI_COMM_NULL)
        return rc;
    struct vmpl_mpi_comm_s *graph = mpi_comm_of(*comm_graph);
    graph->graph = mpi_graph_new(nnodes, index, edges);
    if (!graph->graph) {
        PMPI_Comm_free(comm_graph);
        return mpi_error(c, MPI_ERR_NO_MEM, "MPI_Graph_create", "out of memory");
    }
    return MPI_SUCCESS;
}
MPI_WEAK(Graph_create)

int PMPI_Graph_map(MPI_Comm comm, int nnodes, const int index[], const int edges[], int *newrank)
{
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm);
    int rc;

    if ((rc = mpi_init_check("MPI_Graph_map")))
        return rc;
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Graph_map", "invalid communicator");
    if ((rc = mpi_pointer_check(c, newrank, "newrank", "MPI_Graph_map")))
        return rc;
    rc = graph_args_check(c, nnodes, index, edges, "MPI_Graph_map");
    if (rc != MPI_SUCCESS)
        return rc;
    /* the identity: the rank MPI_Graph_create gives this process */
    *newrank = c->core->rank < nnodes ? c->core->rank : MPI_UNDEFINED;
    return MPI_SUCCESS;
}
MPI_WEAK(Graph_map)

int PMPI_Graphdims_get(MPI_Comm comm, int *nnodes, int *nedges)
{
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_topo_comm_arg(comm, MPI_TOPO_GRAPH, &c, "MPI_Graphdims_get");

    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(c, nnodes, "nnodes", "MPI_Graphdims_get")) ||
        (rc = mpi_pointer_check(c, nedges, "nedges", "MPI_Graphdims_get")))
        return rc;
    *nnodes = c->graph->nnodes;
    *nedges = c->graph->nnodes > 0 ? c->graph->index[c->graph->nnodes - 1] : 0;
    return MPI_SUCCESS;
}
MPI_WEAK(Graphdims_get)

/* The first maxindex entries of index and maxedges of edges (fewer if the graph is smaller). */
int PMPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int index[], int edges[])
{
    int nedges;
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_topo_comm_arg(comm, MPI_TOPO_GRAPH, &c, "MPI_Graph_get");

    if (rc)
        return rc;
    if (maxindex < 0 || maxedges < 0)
        return mpi_error(c, MPI_ERR_ARG, "MPI_Graph_get", "maxindex %d, maxedges %d", maxindex,
                         maxedges);
    nedges = c->graph->nnodes > 0 ? c->graph->index[c->graph->nnodes - 1] : 0;
    for (int i = 0; i < maxindex && i < c->graph->nnodes; i++)
        index[i] = c->graph->index[i];
    for (int e = 0; e < maxedges && e < nedges; e++)
        edges[e] = c->graph->edges[e];
    return MPI_SUCCESS;
}
MPI_WEAK(Graph_get)

/* Where node rank's neighbours start in edges, and how many there are. */
static void graph_node(const mpi_graph_t *graph, int rank, int *first, int *count)
{
    *first = rank > 0 ? graph->index[rank - 1] : 0;
    *count = graph->index[rank] - *first;
}

int PMPI_Graph_neighbors_count(MPI_Comm comm, int rank, int *nneighbors)
{
    int first;
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_topo_comm_arg(comm, MPI_TOPO_GRAPH, &c, "MPI_Graph_neighbors_count");

    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(c, nneighbors, "nneighbors", "MPI_Graph_neighbors_count")))
        return rc;
    if (rank < 0 || rank >= c->graph->nnodes)
        return mpi_error(c, MPI_ERR_RANK, "MPI_Graph_neighbors_count",
                         "rank %d is not a node of the %d-node graph", rank, c->graph->nnodes);
    graph_node(c->graph, rank, &first, nneighbors);
    return MPI_SUCCESS;
}
MPI_WEAK(Graph_neighbors_count)

/* The neighbours of node rank in the order the creator listed them, at most maxneighbors. */
int PMPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors, int neighbors[])
{
    int first, count;
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_topo_comm_arg(comm, MPI_TOPO_GRAPH, &c, "MPI_Graph_neighbors");

    if (rc)
        return rc;
    if (rank < 0 || rank >= c->graph->nnodes)
        return mpi_error(c, MPI_ERR_RANK, "MPI_Graph_neighbors",
                         "rank %d is not a node of the %d-node graph", rank, c->graph->nnodes);
    if (maxneighbors < 0)
        return mpi_error(c, MPI_ERR_ARG, "MPI_Graph_neighbors", "maxneighbors %d < 0",
                         maxneighbors);
    graph_node(c->graph, rank, &first, &count);
    for (int i = 0; i < maxneighbors && i < count; i++)
        neighbors[i] = c->graph->edges[first + i];
    return MPI_SUCCESS;
}
MPI_WEAK(Graph_neighbors)
