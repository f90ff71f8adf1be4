/*
 * MPI distributed graph topologies (MPI_Dist_graph_create_adjacent,
 * MPI_Dist_graph_create and their queries; mpi_impl.h). Each process keeps
 * only its own in- and out-neighbours.
 *
 * Both constructors first agree on the arguments (one allreduce), so that
 * an error one process finds fails the call at every process instead of
 * leaving the others waiting in the collectives that follow. The general
 * constructor lets any process declare any edge, so the edges travel to
 * their endpoints: an alltoall of edge counts, then an alltoallv of the
 * edges. Cost, p processes and m edges declared in all: allreduce +
 * 2 alltoall rounds + the communicator's creation; a process holds its
 * own declared edges twice over and the edges that end at it.
 *
 * One node: the mapping is the identity; reorder and info are ignored.
 * That each edge of MPI_Dist_graph_create_adjacent is given at both ends
 * is the application's promise and is not checked (it would cost an
 * exchange).
 */
#include "mpi_impl.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* An edge on its way to its endpoints (MPI_Dist_graph_create), sent as three MPI_INTs. */
typedef struct {
    int source, destination;
    int weight; /* 0 in an unweighted graph */
} dist_edge_t;
_Static_assert(sizeof(dist_edge_t) == 3 * sizeof(int), "dist_edge_t travels as three ints");

mpi_dist_graph_t *mpi_dist_graph_new(int indegree, int outdegree, int weighted)
{
    /* at least one element each, so that NULL only ever means out of memory */
    size_t in = (size_t)(indegree > 0 ? indegree : 1);
    size_t out = (size_t)(outdegree > 0 ? outdegree : 1);
    mpi_dist_graph_t *graph = calloc(1, sizeof(*graph));

    if (!graph)
        return NULL;
    graph->indegree = indegree;
    graph->outdegree = outdegree;
    graph->weighted = weighted;
    graph->sources = calloc(in, sizeof(int));
    graph->sourceweights = calloc(in, sizeof(int));
    graph->destinations = calloc(out, sizeof(int));
    graph->destweights = calloc(out, sizeof(int));
    if (!graph->sources || !graph->sourceweights || !graph->destinations ||
        !graph->destweights) {
        mpi_dist_graph_free(graph);
        return NULL;
    }
    return graph;
}

/* A distributed graph holding copies of these lists (weights NULL: zeros); NULL when out of memory. */
static mpi_dist_graph_t *dist_graph_of(int indegree, const int sources[], const int *sourceweights,
                                       int outdegree, const int destinations[],
                                       const int *destweights, int weighted)
{
    mpi_dist_graph_t *graph = mpi_dist_graph_new(indegree, outdegree, weighted);

    if (graph && indegree > 0) {
        memcpy(graph->sources, sources, (size_t)indegree * sizeof(int));
        if (sourceweights)
            memcpy(graph->sourceweights, sourceweights, (size_t)indegree * sizeof(int));
    }
    if (graph && outdegree > 0) {
        memcpy(graph->destinations, destinations, (size_t)outdegree * sizeof(int));
        if (destweights)
            memcpy(graph->destweights, destweights, (size_t)outdegree * sizeof(int));
    }
    return graph;
}

mpi_dist_graph_t *mpi_dist_graph_copy(const mpi_dist_graph_t *from)
{
    return dist_graph_of(from->indegree, from->sources, from->sourceweights, from->outdegree,
                         from->destinations, from->destweights, from->weighted);
}

void mpi_dist_graph_free(mpi_dist_graph_t *graph)
{
    if (!graph)
        return;
    free(graph->sources);
    free(graph->sourceweights);
    free(graph->destinations);
    free(graph->destweights);
    free(graph);
}

/* A member's failure fails the whole collective, as in mpi_coll.c. */
static int dist_coll_result(struct vmpl_mpi_comm_s *c, vmpl_status_t status,
                            const char *function)
{
    if (status == VMPL_ERR_PROC_FAILED)
        return mpi_proc_failed(c, MPI_ERR_PROC_FAILED, -1, function);
    return status == VMPL_OK ? MPI_SUCCESS
                             : mpi_error(c, mpi_class_of_status(status), function, "%s",
                                         vmpl_status_string(status));
}

/* Every entry of ranks[n] a rank of c. */
static int dist_ranks_check(struct vmpl_mpi_comm_s *c, int n, const int ranks[],
                            const char *what, const char *function)
{
    for (int i = 0; i < n; i++)
        if (ranks[i] < 0 || ranks[i] >= c->core->size)
            return mpi_error(c, MPI_ERR_RANK, function,
                             "%s[%d] = %d is not a rank of the communicator of %d processes",
                             what, i, ranks[i], c->core->size);
    return MPI_SUCCESS;
}

/* The weights of n edges: MPI_UNWEIGHTED, or n non-negative values (none to read when n is 0). */
static int dist_weights_check(struct vmpl_mpi_comm_s *c, int n, const int *weights,
                              const char *what, const char *function)
{
    if (n == 0 || weights == MPI_UNWEIGHTED)
        return MPI_SUCCESS;
    if (!weights || weights == MPI_WEIGHTS_EMPTY)
        return mpi_error(c, MPI_ERR_ARG, function, "%s is %s for %d edges", what,
                         weights ? "MPI_WEIGHTS_EMPTY" : "NULL", n);
    for (int i = 0; i < n; i++)
        if (weights[i] < 0)
            return mpi_error(c, MPI_ERR_ARG, function, "%s[%d] = %d < 0", what, i, weights[i]);
    return MPI_SUCCESS;
}

/*
 * Agrees on the arguments at every process of c: one allreduce (MAX) of
 * {the error class this process found, whether it gave weights, whether
 * it gave MPI_UNWEIGHTED}. Fails with the local error (already reported),
 * else with another process's error, else when MPI_UNWEIGHTED was given by
 * some processes only (MPI says all or none).
 */
static int dist_args_agree(struct vmpl_mpi_comm_s *c, int error, int weighted,
                           const char *function)
{
    coll_op_t max = {.op = VMPL_OP_MAX, .elem = VMPL_TYPE_INT32, .commutative = 1};
    int mine[3] = {error, weighted, !weighted}, all[3];
    vmpl_status_t status;

    status = coll_allreduce(&c->core->coll, mine, all, 3, dt_named(DT_INT), &max);
    if (status != VMPL_OK)
        return dist_coll_result(c, status, function);
    if (error != MPI_SUCCESS)
        return error;
    if (all[0] != MPI_SUCCESS)
        return mpi_error(c, all[0], function, "another process passed invalid arguments");
    if (all[1] && all[2])
        return mpi_error(c, MPI_ERR_ARG, function,
                         "MPI_UNWEIGHTED was given by some processes and not by others");
    return MPI_SUCCESS;
}

static int adjacent_args_check(struct vmpl_mpi_comm_s *c, int indegree, const int sources[],
                               const int *sourceweights, int outdegree,
                               const int destinations[], const int *destweights,
                               const char *function)
{
    int rc;

    if (indegree < 0 || outdegree < 0)
        return mpi_error(c, MPI_ERR_ARG, function, "indegree %d, outdegree %d", indegree,
                         outdegree);
    /* MPI_UNWEIGHTED on one side only: an error when the other side has weights to read */
    if (sourceweights == MPI_UNWEIGHTED && destweights != MPI_UNWEIGHTED && outdegree > 0)
        return mpi_error(c, MPI_ERR_ARG, function,
                         "sourceweights is MPI_UNWEIGHTED but destweights is not");
    if (destweights == MPI_UNWEIGHTED && sourceweights != MPI_UNWEIGHTED && indegree > 0)
        return mpi_error(c, MPI_ERR_ARG, function,
                         "destweights is MPI_UNWEIGHTED but sourceweights is not");
    if ((rc = dist_ranks_check(c, indegree, sources, "sources", function)) ||
        (rc = dist_ranks_check(c, outdegree, destinations, "destinations", function)))
        return rc;
    if (sourceweights == MPI_UNWEIGHTED || destweights == MPI_UNWEIGHTED)
        return MPI_SUCCESS;
    if ((rc = dist_weights_check(c, indegree, sourceweights, "sourceweights", function)) ||
        (rc = dist_weights_check(c, outdegree, destweights, "destweights", function)))
        return rc;
    return MPI_SUCCESS;
}

int PMPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[],
                                    const int *sourceweights, int outdegree,
                                    const int destinations[], const int *destweights,
                                    MPI_Info info, int reorder, MPI_Comm *comm_dist_graph)
{
    static const char function[] = "MPI_Dist_graph_create_adjacent";
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm_old);
    int weighted = sourceweights != MPI_UNWEIGHTED && destweights != MPI_UNWEIGHTED;
    mpi_dist_graph_t *graph;
    int rc;

    (void)info;
    (void)reorder; /* one node: no placement to improve */
    if ((rc = mpi_init_check(function)))
        return rc;
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, function, "invalid communicator");
    if (comm_dist_graph)
        *comm_dist_graph = MPI_COMM_NULL;
    rc = adjacent_args_check(c, indegree, sources, sourceweights, outdegree, destinations,
                             destweights, function);
    if (rc == MPI_SUCCESS && mpi_pointer_check(c, comm_dist_graph, "comm_dist_graph", function))
        rc = MPI_ERR_ARG;
    rc = dist_args_agree(c, rc, weighted, function);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = PMPI_Comm_split(comm_old, 0, c->core->rank, comm_dist_graph);
    if (rc != MPI_SUCCESS)
        return rc;
    /* the neighbours in the order given, as MPI_Dist_graph_neighbors must return them */
    graph = dist_graph_of(indegree, sources, weighted ? sourceweights : NULL, outdegree,
                          destinations, weighted ? destweights : NULL, weighted);
    if (!graph) {
        PMPI_Comm_free(comm_dist_graph);
        return mpi_error(c, MPI_ERR_NO_MEM, function, "out of memory");
    }
    mpi_comm_of(*comm_dist_graph)->dist_graph = graph;
    return MPI_SUCCESS;
}
MPI_WEAK(Dist_graph_create_adjacent)

/* Checks MPI_Dist_graph_create's edge lists and counts the edges this process declares. */
static int declared_args_check(struct vmpl_mpi_comm_s *c, int n, const int sources[],
                               const int degrees[], const int destinations[],
                               const int *weights, int *nedges_p, const char *function)
{
    int64_t nedges = 0;
    int rc;

    if (n < 0)
        return mpi_error(c, MPI_ERR_ARG, function, "n %d < 0", n);
    if ((rc = dist_ranks_check(c, n, sources, "sources", function)))
        return rc;
    for (int i = 0; i < n; i++) {
        if (degrees[i] < 0)
            return mpi_error(c, MPI_ERR_ARG, function, "degrees[%d] = %d < 0", i, degrees[i]);
        nedges += degrees[i];
    }
    if (nedges > INT_MAX)
        return mpi_error(c, MPI_ERR_ARG, function, "the degrees add up to %lld edges, over %d",
                         (long long)nedges, INT_MAX);
    if ((rc = dist_ranks_check(c, (int)nedges, destinations, "destinations", function)) ||
        (rc = dist_weights_check(c, (int)nedges, weights, "weights", function)))
        return rc;
    *nedges_p = (int)nedges;
    return MPI_SUCCESS;
}

/*
 * An alltoallv of records of `width` ints over c's collective context:
 * sendcounts[r] records go to rank r and recvcounts[r] come from it
 * (NULL counts: one record each), packed in rank order in both buffers.
 */
static vmpl_status_t ints_alltoallv(struct vmpl_mpi_comm_s *c, const void *sendbuf,
                                    const int sendcounts[], void *recvbuf,
                                    const int recvcounts[], int width)
{
    int size = c->core->size;
    int64_t *counts = malloc(4 * (size_t)size * sizeof(*counts)), soff = 0, roff = 0;
    const dt_type_t **types = malloc((size_t)size * sizeof(*types));
    vmpl_status_t status = VMPL_ERR_NO_MEMORY;

    if (counts && types) {
        int64_t *sc = counts, *sd = sc + size, *rc = sd + size, *rd = rc + size;
        for (int r = 0; r < size; r++) {
            sc[r] = (int64_t)(sendcounts ? sendcounts[r] : 1) * width;
            rc[r] = (int64_t)(recvcounts ? recvcounts[r] : 1) * width;
            sd[r] = soff * (int64_t)sizeof(int); /* the core takes byte displacements */
            rd[r] = roff * (int64_t)sizeof(int);
            soff += sc[r];
            roff += rc[r];
            types[r] = dt_named(DT_INT);
        }
        status = coll_alltoallw(&c->core->coll, sendbuf, sc, sd, types, recvbuf, rc, rd, types);
    }
    free(counts);
    free(types);
    return status;
}

/*
 * Sends each edge this process declared (weights NULL: unweighted) to its
 * source and its destination, once for a self-loop, and receives the
 * edges, declared anywhere, that end here, in the order of the declaring
 * ranks. *received_p is allocated here and freed by the caller.
 */
static int dist_edges_exchange(struct vmpl_mpi_comm_s *c, int n, const int sources[],
                               const int degrees[], const int destinations[],
                               const int *weights, int nedges, dist_edge_t **received_p,
                               int64_t *nreceived_p, const char *function)
{
    int size = c->core->size;
    int *scount = calloc((size_t)size, sizeof(int)), *rcount = calloc((size_t)size, sizeof(int));
    int64_t *next = malloc((size_t)size * sizeof(int64_t)), nreceived = 0, offset = 0;
    dist_edge_t *sent = malloc((size_t)(nedges > 0 ? 2 * (int64_t)nedges : 1) * sizeof(*sent));
    dist_edge_t *received = NULL;
    vmpl_status_t status = VMPL_ERR_NO_MEMORY;

    if (!scount || !rcount || !next || !sent)
        goto free_buffers;
    for (int i = 0, e = 0; i < n; i++)
        for (int k = 0; k < degrees[i]; k++, e++) {
            scount[sources[i]]++;
            if (destinations[e] != sources[i])
                scount[destinations[e]]++;
        }
    /* first how many edges each process sends each other, then the edges */
    status = ints_alltoallv(c, scount, NULL, rcount, NULL, 1);
    if (status != VMPL_OK)
        goto free_buffers;
    for (int r = 0; r < size; r++) {
        next[r] = offset;
        offset += scount[r];
        nreceived += rcount[r];
    }
    for (int i = 0, e = 0; i < n; i++)
        for (int k = 0; k < degrees[i]; k++, e++) {
            dist_edge_t edge = {sources[i], destinations[e], weights ? weights[e] : 0};
            sent[next[edge.source]++] = edge;
            if (edge.destination != edge.source)
                sent[next[edge.destination]++] = edge;
        }
    received = malloc((size_t)(nreceived > 0 ? nreceived : 1) * sizeof(*received));
    status = received ? ints_alltoallv(c, sent, scount, received, rcount, 3) : VMPL_ERR_NO_MEMORY;
free_buffers:
    free(scount);
    free(rcount);
    free(next);
    free(sent);
    *received_p = received;
    *nreceived_p = nreceived;
    return dist_coll_result(c, status, function);
}

/* This process's neighbour lists from the edges that end here; NULL when out of memory. */
static mpi_dist_graph_t *dist_graph_from_edges(int rank, const dist_edge_t edges[], int64_t n,
                                               int weighted)
{
    int64_t indegree = 0, outdegree = 0;
    mpi_dist_graph_t *graph;

    for (int64_t i = 0; i < n; i++) {
        indegree += edges[i].destination == rank;
        outdegree += edges[i].source == rank;
    }
    if (indegree > INT_MAX || outdegree > INT_MAX)
        return NULL;
    graph = mpi_dist_graph_new((int)indegree, (int)outdegree, weighted);
    if (!graph)
        return NULL;
    indegree = outdegree = 0;
    for (int64_t i = 0; i < n; i++) {
        if (edges[i].destination == rank) {
            graph->sources[indegree] = edges[i].source;
            graph->sourceweights[indegree++] = edges[i].weight;
        }
        if (edges[i].source == rank) {
            graph->destinations[outdegree] = edges[i].destination;
            graph->destweights[outdegree++] = edges[i].weight;
        }
    }
    return graph;
}

int PMPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[],
                           const int destinations[], const int *weights, MPI_Info info,
                           int reorder, MPI_Comm *comm_dist_graph)
{
    static const char function[] = "MPI_Dist_graph_create";
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm_old);
    int weighted = weights != MPI_UNWEIGHTED, nedges = 0, rc;
    dist_edge_t *received = NULL;
    int64_t nreceived = 0;
    mpi_dist_graph_t *graph;

    (void)info;
    (void)reorder; /* one node: no placement to improve */
    if ((rc = mpi_init_check(function)))
        return rc;
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, function, "invalid communicator");
    if (comm_dist_graph)
        *comm_dist_graph = MPI_COMM_NULL;
    rc = declared_args_check(c, n, sources, degrees, destinations, weights, &nedges, function);
    if (rc == MPI_SUCCESS && mpi_pointer_check(c, comm_dist_graph, "comm_dist_graph", function))
        rc = MPI_ERR_ARG;
    rc = dist_args_agree(c, rc, weighted, function);
    if (rc != MPI_SUCCESS)
        return rc;
    rc = dist_edges_exchange(c, n, sources, degrees, destinations, weighted ? weights : NULL,
                             nedges, &received, &nreceived, function);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Comm_split(comm_old, 0, c->core->rank, comm_dist_graph);
    if (rc == MPI_SUCCESS) {
        graph = dist_graph_from_edges(c->core->rank, received, nreceived, weighted);
        if (graph) {
            mpi_comm_of(*comm_dist_graph)->dist_graph = graph;
        } else {
            PMPI_Comm_free(comm_dist_graph);
            rc = mpi_error(c, MPI_ERR_NO_MEM, function, "out of memory");
        }
    }
    free(received);
    return rc;
}
MPI_WEAK(Dist_graph_create)

int PMPI_Dist_graph_neighbors_count(MPI_Comm comm, int *indegree, int *outdegree,
                                    int *weighted)
{
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_topo_comm_arg(comm, MPI_TOPO_DIST_GRAPH, &c, "MPI_Dist_graph_neighbors_count");

    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(c, indegree, "indegree", "MPI_Dist_graph_neighbors_count")) ||
        (rc = mpi_pointer_check(c, outdegree, "outdegree", "MPI_Dist_graph_neighbors_count")) ||
        (rc = mpi_pointer_check(c, weighted, "weighted", "MPI_Dist_graph_neighbors_count")))
        return rc;
    *indegree = c->dist_graph->indegree;
    *outdegree = c->dist_graph->outdegree;
    *weighted = c->dist_graph->weighted;
    return MPI_SUCCESS;
}
MPI_WEAK(Dist_graph_neighbors_count)

/* Whether a weights argument of MPI_Dist_graph_neighbors is an array to fill. */
static int weights_wanted(const int *weights)
{
    return weights && weights != MPI_UNWEIGHTED && weights != MPI_WEIGHTS_EMPTY;
}

/*
 * The first maxindegree sources and maxoutdegree destinations: in the
 * order given to MPI_Dist_graph_create_adjacent, or by declaring rank
 * after MPI_Dist_graph_create. Weights only for a weighted graph and
 * into real arrays (not MPI_UNWEIGHTED).
 */
int PMPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[], int *sourceweights,
                              int maxoutdegree, int destinations[], int *destweights)
{
    const mpi_dist_graph_t *graph;
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_topo_comm_arg(comm, MPI_TOPO_DIST_GRAPH, &c, "MPI_Dist_graph_neighbors");

    if (rc)
        return rc;
    if (maxindegree < 0 || maxoutdegree < 0)
        return mpi_error(c, MPI_ERR_ARG, "MPI_Dist_graph_neighbors",
                         "maxindegree %d, maxoutdegree %d", maxindegree, maxoutdegree);
    graph = c->dist_graph;
    for (int i = 0; i < maxindegree && i < graph->indegree; i++) {
        sources[i] = graph->sources[i];
        if (graph->weighted && weights_wanted(sourceweights))
            sourceweights[i] = graph->sourceweights[i];
    }
    for (int i = 0; i < maxoutdegree && i < graph->outdegree; i++) {
        destinations[i] = graph->destinations[i];
        if (graph->weighted && weights_wanted(destweights))
            destweights[i] = graph->destweights[i];
    }
    return MPI_SUCCESS;
}
MPI_WEAK(Dist_graph_neighbors)
