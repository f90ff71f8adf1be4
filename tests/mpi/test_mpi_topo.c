/*
 * Graph and distributed-graph topologies through vmplrun (run at 1, 3 and
 * 4 ranks): MPI_Graph_create and its queries on a ring and a star,
 * MPI_Dist_graph_create_adjacent with and without weights,
 * MPI_Dist_graph_create with edges declared by processes other than their
 * endpoints, MPI_Topo_test on every kind, MPI_Comm_dup keeping the
 * topology, and the error class of bad arguments under MPI_ERRORS_RETURN.
 *
 * Rank 0 gathers every rank's counts and prints one line per rank,
 * "mpi_topo: rank R: N passed, M failed", in rank order; a failed check
 * also prints "FAIL" on stderr. Exits non-zero on any failure anywhere.
 */
#include <mpi.h>

#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SENTINEL (-7) /* written into outputs first, so that "not written" shows */

static void fill(int *a, int n, int value)
{
    for (int i = 0; i < n; i++)
        a[i] = value;
}

static int same(const int *a, const int *b, int n)
{
    return n == 0 || memcmp(a, b, (size_t)n * sizeof(int)) == 0;
}

static int topo_of(MPI_Comm comm)
{
    int status = SENTINEL;

    MPI_Topo_test(comm, &status);
    return status;
}

/* ---- graphs ---- */

/* Checks every node's neighbours through MPI_Graph_neighbors(_count) against index/edges. */
static void check_graph_nodes(MPI_Comm graph, int nnodes, const int index[], const int edges[],
                              const char *name)
{
    int got[64], count;

    for (int node = 0; node < nnodes; node++) {
        int first = node > 0 ? index[node - 1] : 0, degree = index[node] - first;
        count = SENTINEL;
        int rc = MPI_Graph_neighbors_count(graph, node, &count);
        CHECK(rc == MPI_SUCCESS && count == degree, "%s: node %d has %d neighbours, not %d",
              name, node, count, degree);
        fill(got, 64, SENTINEL);
        rc = MPI_Graph_neighbors(graph, node, 64, got);
        CHECK(rc == MPI_SUCCESS && same(got, edges + first, degree) && got[degree] == SENTINEL,
              "%s: neighbours of node %d", name, node);
    }
}

/* Everything MPI_Graph_create's communicator tells about the graph it was given. */
static void check_graph(MPI_Comm graph, int nnodes, const int index[], const int edges[],
                        const char *name)
{
    int got_nnodes = SENTINEL, got_nedges = SENTINEL, got_index[64], got_edges[64], my_rank;
    int nedges = nnodes > 0 ? index[nnodes - 1] : 0, gsize = SENTINEL;

    CHECK(topo_of(graph) == MPI_GRAPH, "%s: Topo_test %d", name, topo_of(graph));
    MPI_Comm_size(graph, &gsize);
    MPI_Comm_rank(graph, &my_rank);
    CHECK(gsize == nnodes && my_rank == rank, "%s: size %d rank %d (identity mapping)", name,
          gsize, my_rank);
    MPI_Graphdims_get(graph, &got_nnodes, &got_nedges);
    CHECK(got_nnodes == nnodes && got_nedges == nedges, "%s: graphdims %d %d", name, got_nnodes,
          got_nedges);
    fill(got_index, 64, SENTINEL);
    fill(got_edges, 64, SENTINEL);
    MPI_Graph_get(graph, 64, 64, got_index, got_edges);
    CHECK(same(got_index, index, nnodes) && same(got_edges, edges, nedges) &&
              got_index[nnodes] == SENTINEL && got_edges[nedges] == SENTINEL,
          "%s: graph_get", name);
    /* shorter arrays: only what fits is written */
    fill(got_index, 64, SENTINEL);
    fill(got_edges, 64, SENTINEL);
    MPI_Graph_get(graph, 1, 1, got_index, got_edges);
    CHECK(got_index[0] == index[0] && got_index[1] == SENTINEL &&
              (nedges == 0 ? got_edges[0] == SENTINEL : got_edges[0] == edges[0]) &&
              got_edges[1] == SENTINEL,
          "%s: graph_get into short arrays", name);
    check_graph_nodes(graph, nnodes, index, edges, name);
}

static void test_graph_ring(void)
{
    int index[64], edges[128], newrank = SENTINEL, first[2] = {SENTINEL, SENTINEL};
    MPI_Comm ring = MPI_COMM_NULL, dup = MPI_COMM_NULL;

    for (int node = 0; node < size; node++) {
        index[node] = 2 * (node + 1);
        edges[2 * node] = (node + size - 1) % size; /* with one rank: two self-loops */
        edges[2 * node + 1] = (node + 1) % size;
    }
    int rc = MPI_Graph_create(MPI_COMM_WORLD, size, index, edges, 1, &ring);
    CHECK(rc == MPI_SUCCESS && ring != MPI_COMM_NULL, "ring: graph_create -> %d", rc);
    if (ring == MPI_COMM_NULL)
        return;
    check_graph(ring, size, index, edges, "ring");
    MPI_Graph_map(MPI_COMM_WORLD, size, index, edges, &newrank);
    CHECK(newrank == rank, "ring: graph_map gives %d", newrank);
    rc = MPI_Graph_neighbors(ring, rank, 1, first);
    CHECK(rc == MPI_SUCCESS && first[0] == (rank + size - 1) % size && first[1] == SENTINEL,
          "ring: maxneighbors 1 writes one neighbour");

    /* the duplicate keeps the graph, and its own copy of it */
    MPI_Comm_dup(ring, &dup);
    MPI_Comm_free(&ring);
    CHECK(ring == MPI_COMM_NULL, "ring: free sets MPI_COMM_NULL");
    check_graph(dup, size, index, edges, "dup of ring");
    /* communication on the graph communicator works like on any other */
    int next = (rank + 1) % size, prev = (rank + size - 1) % size, got = SENTINEL;
    MPI_Sendrecv(&rank, 1, MPI_INT, next, 5, &got, 1, MPI_INT, prev, 5, dup, MPI_STATUS_IGNORE);
    CHECK(got == prev, "ring: sendrecv on the graph communicator got %d", got);
    MPI_Comm_free(&dup);
}

/* Node 0 joined to every other node; with more than one rank the last rank stays out. */
static void test_graph_star(void)
{
    int nnodes = size > 1 ? size - 1 : 1, index[64], edges[128], e = 0, newrank = SENTINEL;
    MPI_Comm star = MPI_COMM_WORLD;

    for (int node = 0; node < nnodes; node++) {
        if (node == 0)
            for (int leaf = 1; leaf < nnodes; leaf++)
                edges[e++] = leaf;
        else
            edges[e++] = 0;
        index[node] = e;
    }
    int rc = MPI_Graph_create(MPI_COMM_WORLD, nnodes, index, edges, 0, &star);
    CHECK(rc == MPI_SUCCESS, "star: graph_create -> %d", rc);
    MPI_Graph_map(MPI_COMM_WORLD, nnodes, index, edges, &newrank);
    if (rank >= nnodes) {
        CHECK(star == MPI_COMM_NULL, "star: rank %d is outside the graph", rank);
        CHECK(newrank == MPI_UNDEFINED, "star: graph_map outside the graph gives %d", newrank);
        return;
    }
    CHECK(newrank == rank, "star: graph_map gives %d", newrank);
    CHECK(star != MPI_COMM_NULL && star != MPI_COMM_WORLD, "star: no communicator");
    if (star == MPI_COMM_NULL || star == MPI_COMM_WORLD)
        return;
    check_graph(star, nnodes, index, edges, "star");
    MPI_Comm_free(&star);
}

/* ---- distributed graphs ---- */

static int weight_of(int source, int destination)
{
    return 100 * source + destination + 1;
}

/* Out-edges to the next two ranks, in-edges from the previous two; weights or not. */
typedef struct {
    int sources[2], sourceweights[2], destinations[2], destweights[2];
} adjacent_t;

static adjacent_t adjacent_of_rank(void)
{
    int p1 = (rank + size - 1) % size, p2 = (rank + 2 * size - 2) % size;
    int n1 = (rank + 1) % size, n2 = (rank + 2) % size;
    /* destinations out of order on purpose: the order given must be kept */
    adjacent_t a = {{p1, p2},
                    {weight_of(p1, rank), weight_of(p2, rank)},
                    {n2, n1},
                    {weight_of(rank, n2), weight_of(rank, n1)}};
    return a;
}

static void check_adjacent(MPI_Comm dist, const adjacent_t *a, int weighted, const char *name)
{
    int in = SENTINEL, out = SENTINEL, w = SENTINEL, gs[3], gsw[3], gd[3], gdw[3];

    CHECK(topo_of(dist) == MPI_DIST_GRAPH, "%s: Topo_test %d", name, topo_of(dist));
    MPI_Dist_graph_neighbors_count(dist, &in, &out, &w);
    CHECK(in == 2 && out == 2 && w == weighted, "%s: in %d out %d weighted %d", name, in, out,
          w);
    fill(gs, 3, SENTINEL);
    fill(gsw, 3, SENTINEL);
    fill(gd, 3, SENTINEL);
    fill(gdw, 3, SENTINEL);
    MPI_Dist_graph_neighbors(dist, 3, gs, gsw, 3, gd, gdw);
    CHECK(same(gs, a->sources, 2) && same(gd, a->destinations, 2) && gs[2] == SENTINEL &&
              gd[2] == SENTINEL,
          "%s: neighbours in the order given", name);
    if (weighted)
        CHECK(same(gsw, a->sourceweights, 2) && same(gdw, a->destweights, 2) &&
                  gsw[2] == SENTINEL && gdw[2] == SENTINEL,
              "%s: weights", name);
    else
        CHECK(gsw[0] == SENTINEL && gdw[0] == SENTINEL, "%s: weights written", name);
    /* shorter arrays, and MPI_UNWEIGHTED as the output: neighbours without weights */
    fill(gs, 3, SENTINEL);
    fill(gd, 3, SENTINEL);
    MPI_Dist_graph_neighbors(dist, 1, gs, MPI_UNWEIGHTED, 0, gd, MPI_UNWEIGHTED);
    CHECK(gs[0] == a->sources[0] && gs[1] == SENTINEL && gd[0] == SENTINEL,
          "%s: maxindegree 1, maxoutdegree 0", name);
}

static void test_dist_adjacent(int weighted)
{
    const char *name = weighted ? "adjacent weighted" : "adjacent unweighted";
    adjacent_t a = adjacent_of_rank();
    MPI_Comm dist = MPI_COMM_NULL, dup = MPI_COMM_NULL;

    int rc = MPI_Dist_graph_create_adjacent(
        MPI_COMM_WORLD, 2, a.sources, weighted ? a.sourceweights : MPI_UNWEIGHTED, 2,
        a.destinations, weighted ? a.destweights : MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &dist);
    CHECK(rc == MPI_SUCCESS && dist != MPI_COMM_NULL, "%s: create -> %d", name, rc);
    if (dist == MPI_COMM_NULL)
        return;
    check_adjacent(dist, &a, weighted, name);
    /* the duplicate keeps its own copy: queried after the original is freed */
    MPI_Comm_dup(dist, &dup);
    MPI_Comm_free(&dist);
    check_adjacent(dup, &a, weighted, weighted ? "dup of adjacent weighted"
                                               : "dup of adjacent unweighted");
    MPI_Comm_free(&dup);
}

/* A directed chain 0 -> 1 -> ... : the ends give MPI_WEIGHTS_EMPTY for their empty side. */
static void test_dist_adjacent_empty_weights(void)
{
    int prev = rank - 1, next = rank + 1, w_in = weight_of(prev, rank),
        w_out = weight_of(rank, next);
    int indegree = rank > 0, outdegree = rank < size - 1;
    int in = SENTINEL, out = SENTINEL, w = SENTINEL, gs = SENTINEL, gsw = SENTINEL,
        gd = SENTINEL, gdw = SENTINEL;
    MPI_Comm chain = MPI_COMM_NULL;

    int rc = MPI_Dist_graph_create_adjacent(
        MPI_COMM_WORLD, indegree, &prev, indegree ? &w_in : MPI_WEIGHTS_EMPTY, outdegree, &next,
        outdegree ? &w_out : MPI_WEIGHTS_EMPTY, MPI_INFO_NULL, 0, &chain);
    CHECK(rc == MPI_SUCCESS && chain != MPI_COMM_NULL, "chain: create -> %d", rc);
    if (chain == MPI_COMM_NULL)
        return;
    MPI_Dist_graph_neighbors_count(chain, &in, &out, &w);
    CHECK(in == indegree && out == outdegree && w == 1, "chain: in %d out %d weighted %d", in,
          out, w);
    MPI_Dist_graph_neighbors(chain, 1, &gs, &gsw, 1, &gd, &gdw);
    CHECK(indegree ? gs == prev && gsw == w_in : gs == SENTINEL && gsw == SENTINEL,
          "chain: in-neighbour %d weight %d", gs, gsw);
    CHECK(outdegree ? gd == next && gdw == w_out : gd == SENTINEL && gdw == SENTINEL,
          "chain: out-neighbour %d weight %d", gd, gdw);
    MPI_Comm_free(&chain);
}

/* An edge list known to every process: (source, destination, weight). */
typedef struct {
    int n, source[256], destination[256], weight[256];
} edge_list_t;

static void edge_add(edge_list_t *list, int source, int destination, int weight)
{
    list->source[list->n] = source;
    list->destination[list->n] = destination;
    list->weight[list->n++] = weight;
}

static int pair_cmp(const void *a, const void *b)
{
    const int *x = a, *y = b;

    return x[0] != y[0] ? (x[0] > y[0]) - (x[0] < y[0]) : (x[1] > y[1]) - (x[1] < y[1]);
}

/* Whether peers[n] with weights[n] (NULL: ignore weights) is the multiset expected[n][2]. */
static int same_multiset(int n, const int peers[], const int weights[], int expected[][2])
{
    int(*got)[2] = malloc(sizeof(*got) * (size_t)(n > 0 ? n : 1));
    int equal;

    for (int i = 0; i < n; i++) {
        got[i][0] = peers[i];
        got[i][1] = weights ? weights[i] : 0;
        if (!weights)
            expected[i][1] = 0;
    }
    qsort(got, (size_t)n, sizeof(*got), pair_cmp);
    qsort(expected, (size_t)n, sizeof(*expected), pair_cmp);
    equal = n == 0 || memcmp(got, expected, sizeof(*got) * (size_t)n) == 0;
    free(got);
    return equal;
}

/* Compares what dist tells this process with the in- and out-edges of the list. */
static void check_dist_against(MPI_Comm dist, const edge_list_t *all, int weighted,
                               const char *name)
{
    int in_expected[256][2], out_expected[256][2], nin = 0, nout = 0;
    int in = SENTINEL, out = SENTINEL, w = SENTINEL;
    int gs[257], gsw[257], gd[257], gdw[257];

    for (int e = 0; e < all->n; e++) {
        if (all->destination[e] == rank) {
            in_expected[nin][0] = all->source[e];
            in_expected[nin++][1] = all->weight[e];
        }
        if (all->source[e] == rank) {
            out_expected[nout][0] = all->destination[e];
            out_expected[nout++][1] = all->weight[e];
        }
    }
    CHECK(topo_of(dist) == MPI_DIST_GRAPH, "%s: Topo_test %d", name, topo_of(dist));
    MPI_Dist_graph_neighbors_count(dist, &in, &out, &w);
    CHECK(in == nin && out == nout && w == weighted, "%s: in %d/%d out %d/%d weighted %d", name,
          in, nin, out, nout, w);
    if (in != nin || out != nout)
        return;
    fill(gs, 257, SENTINEL);
    fill(gsw, 257, SENTINEL);
    fill(gd, 257, SENTINEL);
    fill(gdw, 257, SENTINEL);
    MPI_Dist_graph_neighbors(dist, nin, gs, gsw, nout, gd, gdw);
    CHECK(same_multiset(nin, gs, weighted ? gsw : NULL, in_expected) && gs[nin] == SENTINEL,
          "%s: in-neighbours and their weights", name);
    CHECK(same_multiset(nout, gd, weighted ? gdw : NULL, out_expected) && gd[nout] == SENTINEL,
          "%s: out-neighbours and their weights", name);
    if (!weighted)
        CHECK(gsw[0] == SENTINEL && gdw[0] == SENTINEL, "%s: weights written", name);
}

/*
 * Rank 0 declares every edge, one per entry: a ring, a self-loop at every
 * rank and a doubled edge 0 -> size-1. The others declare none and pass
 * MPI_WEIGHTS_EMPTY.
 */
static void test_dist_create_by_rank0(void)
{
    static edge_list_t all;
    int degrees[256];
    MPI_Comm dist = MPI_COMM_NULL, dup = MPI_COMM_NULL;

    all.n = 0;
    for (int r = 0; r < size; r++) {
        edge_add(&all, r, (r + 1) % size, 1000 + r);
        edge_add(&all, r, r, 2000 + r);
    }
    edge_add(&all, 0, size - 1, 3000);
    edge_add(&all, 0, size - 1, 3001);
    fill(degrees, all.n, 1);
    int rc = MPI_Dist_graph_create(MPI_COMM_WORLD, rank == 0 ? all.n : 0, all.source, degrees,
                                   all.destination, rank == 0 ? all.weight : MPI_WEIGHTS_EMPTY,
                                   MPI_INFO_NULL, 0, &dist);
    CHECK(rc == MPI_SUCCESS && dist != MPI_COMM_NULL, "by rank 0: create -> %d", rc);
    if (dist == MPI_COMM_NULL)
        return;
    check_dist_against(dist, &all, 1, "by rank 0");
    MPI_Comm_dup(dist, &dup);
    MPI_Comm_free(&dist);
    check_dist_against(dup, &all, 1, "dup of by rank 0");
    MPI_Comm_free(&dup);
}

/*
 * Rank r declares the edges of its successor s: s -> s+1 and s -> r, plus
 * an empty entry for itself; several sources per call, degrees above one.
 */
static void test_dist_create_by_others(int weighted)
{
    const char *name = weighted ? "by others weighted" : "by others unweighted";
    static edge_list_t all;
    int s = (rank + 1) % size, sources[2] = {s, rank}, degrees[2] = {2, 0};
    int destinations[2] = {(s + 1) % size, rank}, weights[2];
    MPI_Comm dist = MPI_COMM_NULL;

    all.n = 0;
    for (int r = 0; r < size; r++) {
        int rs = (r + 1) % size;
        edge_add(&all, rs, (rs + 1) % size, 10 * r + 1);
        edge_add(&all, rs, r, 10 * r + 2);
    }
    weights[0] = 10 * rank + 1;
    weights[1] = 10 * rank + 2;
    int rc = MPI_Dist_graph_create(MPI_COMM_WORLD, 2, sources, degrees, destinations,
                                   weighted ? weights : MPI_UNWEIGHTED, MPI_INFO_NULL, 1, &dist);
    CHECK(rc == MPI_SUCCESS && dist != MPI_COMM_NULL, "%s: create -> %d", name, rc);
    if (dist == MPI_COMM_NULL)
        return;
    check_dist_against(dist, &all, weighted, name);
    MPI_Comm_free(&dist);
}

/* ---- Topo_test and the queries on the wrong kind ---- */

static void test_kinds(void)
{
    int dims[1] = {size}, periods[1] = {1}, got_dims[1] = {SENTINEL}, got_periods[1],
        coords[1];
    int index[1] = {0}, one = SENTINEL, two = SENTINEL, three = SENTINEL;
    MPI_Comm cart = MPI_COMM_NULL, dup = MPI_COMM_NULL, graph = MPI_COMM_NULL,
             dist = MPI_COMM_NULL, split = MPI_COMM_NULL;

    CHECK(topo_of(MPI_COMM_WORLD) == MPI_UNDEFINED, "world: Topo_test %d",
          topo_of(MPI_COMM_WORLD));
    MPI_Cart_create(MPI_COMM_WORLD, 1, dims, periods, 0, &cart);
    CHECK(topo_of(cart) == MPI_CART, "cart: Topo_test %d", topo_of(cart));
    MPI_Comm_dup(cart, &dup);
    MPI_Comm_free(&cart);
    CHECK(topo_of(dup) == MPI_CART, "dup of cart: Topo_test %d", topo_of(dup));
    int rc = MPI_Cart_get(dup, 1, got_dims, got_periods, coords);
    CHECK(rc == MPI_SUCCESS && got_dims[0] == size && got_periods[0] == 1 && coords[0] == rank,
          "dup of cart: cart_get");
    MPI_Comm_free(&dup);
    /* Cart_map: the rank Cart_create gives, MPI_UNDEFINED outside the grid */
    int mapped = SENTINEL, small[1] = {1};
    MPI_Cart_map(MPI_COMM_WORLD, 1, dims, periods, &mapped);
    CHECK(mapped == rank, "cart_map: %d", mapped);
    MPI_Cart_map(MPI_COMM_WORLD, 1, small, periods, &mapped);
    CHECK(mapped == (rank == 0 ? 0 : MPI_UNDEFINED), "cart_map of 1 cell: %d", mapped);
    MPI_Errhandler previous;
    MPI_Comm_get_errhandler(MPI_COMM_WORLD, &previous);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    int too_many[1] = {size + 1};
    mapped = SENTINEL;
    rc = MPI_Cart_map(MPI_COMM_WORLD, 1, too_many, periods, &mapped);
    CHECK(rc == MPI_ERR_DIMS && mapped == SENTINEL, "cart_map of more cells than ranks -> %d", rc);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, previous);

    /* a graph of one node: rank 0 alone */
    MPI_Graph_create(MPI_COMM_WORLD, 1, index, index, 0, &graph);
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 0, NULL, MPI_UNWEIGHTED, 0, NULL,
                                   MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &dist);
    CHECK(topo_of(dist) == MPI_DIST_GRAPH, "empty dist graph: Topo_test %d", topo_of(dist));
    MPI_Dist_graph_neighbors_count(dist, &one, &two, &three);
    CHECK(one == 0 && two == 0 && three == 0, "empty dist graph: %d %d %d", one, two, three);
    /* split makes a plain communicator */
    MPI_Comm_split(dist, 0, rank, &split);
    CHECK(topo_of(split) == MPI_UNDEFINED, "split of a dist graph: Topo_test %d",
          topo_of(split));
    MPI_Comm_free(&split);
    if (rank == 0) {
        CHECK(topo_of(graph) == MPI_GRAPH, "one-node graph: Topo_test %d", topo_of(graph));
        rc = MPI_Graphdims_get(graph, &one, &two);
        CHECK(rc == MPI_SUCCESS && one == 1 && two == 0, "one-node graph: dims %d %d", one, two);
    } else {
        CHECK(graph == MPI_COMM_NULL, "one-node graph: rank %d outside", rank);
    }

    /* each kind's queries refuse the other kinds: MPI_ERR_TOPOLOGY */
    MPI_Comm_set_errhandler(dist, MPI_ERRORS_RETURN);
    rc = MPI_Graphdims_get(dist, &one, &two);
    CHECK(rc == MPI_ERR_TOPOLOGY, "graphdims_get on a dist graph -> %d", rc);
    rc = MPI_Cartdim_get(dist, &one);
    CHECK(rc == MPI_ERR_TOPOLOGY, "cartdim_get on a dist graph -> %d", rc);
    rc = MPI_Dist_graph_neighbors_count(MPI_COMM_WORLD, &one, &two, &three);
    CHECK(rc == MPI_ERR_TOPOLOGY, "dist_graph_neighbors_count on world -> %d", rc);
    rc = MPI_Graph_neighbors(MPI_COMM_WORLD, 0, 1, &one);
    CHECK(rc == MPI_ERR_TOPOLOGY, "graph_neighbors on world -> %d", rc);
    if (graph != MPI_COMM_NULL) {
        MPI_Comm_set_errhandler(graph, MPI_ERRORS_RETURN);
        rc = MPI_Dist_graph_neighbors(graph, 1, &one, MPI_UNWEIGHTED, 1, &two, MPI_UNWEIGHTED);
        CHECK(rc == MPI_ERR_TOPOLOGY, "dist_graph_neighbors on a graph -> %d", rc);
        rc = MPI_Cart_shift(graph, 0, 1, &one, &two);
        CHECK(rc == MPI_ERR_TOPOLOGY, "cart_shift on a graph -> %d", rc);
        /* and the arguments of the graph queries */
        rc = MPI_Graph_neighbors_count(graph, 1, &one);
        CHECK(rc == MPI_ERR_RANK, "graph_neighbors_count of node 1 of 1 -> %d", rc);
        rc = MPI_Graph_neighbors(graph, -1, 1, &one);
        CHECK(rc == MPI_ERR_RANK, "graph_neighbors of node -1 -> %d", rc);
        rc = MPI_Graph_neighbors(graph, 0, -1, &one);
        CHECK(rc == MPI_ERR_ARG, "graph_neighbors maxneighbors -1 -> %d", rc);
        rc = MPI_Graph_get(graph, -1, 0, &one, &two);
        CHECK(rc == MPI_ERR_ARG, "graph_get maxindex -1 -> %d", rc);
        MPI_Comm_free(&graph);
    }
    rc = MPI_Dist_graph_neighbors(dist, -1, &one, MPI_UNWEIGHTED, 0, &two, MPI_UNWEIGHTED);
    CHECK(rc == MPI_ERR_ARG, "dist_graph_neighbors maxindegree -1 -> %d", rc);
    MPI_Comm_free(&dist);
}

/* ---- bad arguments, under MPI_ERRORS_RETURN on the world ---- */

/* A constructor that must fail with class `expected` and leave its output alone. */
#define EXPECT_ERROR(expected, newcomm, call, what)                                          \
    do {                                                                                     \
        newcomm = MPI_COMM_NULL;                                                             \
        int rc_ = (call);                                                                    \
        CHECK(rc_ == (expected) && newcomm == MPI_COMM_NULL, "%s -> %d, not %d", what, rc_,  \
              expected);                                                                     \
        if (newcomm != MPI_COMM_NULL)                                                        \
            MPI_Comm_free(&newcomm);                                                         \
    } while (0)

static void test_bad_graph_arguments(void)
{
    int index[65], edges[130], newrank = SENTINEL;
    MPI_Comm out;

    for (int node = 0; node < size; node++) {
        index[node] = 2 * (node + 1);
        edges[2 * node] = (node + 1) % size;
        edges[2 * node + 1] = (node + size - 1) % size;
    }
    index[size] = 2 * (size + 1);
    edges[2 * size] = edges[2 * size + 1] = 0;
    EXPECT_ERROR(MPI_ERR_ARG, out,
                 MPI_Graph_create(MPI_COMM_WORLD, size + 1, index, edges, 0, &out),
                 "graph_create nnodes > size");
    EXPECT_ERROR(MPI_ERR_ARG, out, MPI_Graph_create(MPI_COMM_WORLD, -1, index, edges, 0, &out),
                 "graph_create nnodes -1");
    int rc = MPI_Graph_map(MPI_COMM_WORLD, size + 1, index, edges, &newrank);
    CHECK(rc == MPI_ERR_ARG && newrank == SENTINEL, "graph_map nnodes > size -> %d", rc);

    index[0] = -2; /* a negative degree for node 0 */
    EXPECT_ERROR(MPI_ERR_ARG, out, MPI_Graph_create(MPI_COMM_WORLD, size, index, edges, 0, &out),
                 "graph_create index[0] < 0");
    index[0] = 2;
    if (size > 1) {
        index[1] = 1; /* node 1 with a negative degree: index decreases */
        EXPECT_ERROR(MPI_ERR_ARG, out,
                     MPI_Graph_create(MPI_COMM_WORLD, size, index, edges, 0, &out),
                     "graph_create decreasing index");
        index[1] = 4;
    }
    edges[1] = size; /* out of range */
    EXPECT_ERROR(MPI_ERR_RANK, out,
                 MPI_Graph_create(MPI_COMM_WORLD, size, index, edges, 0, &out),
                 "graph_create edge to node size");
    rc = MPI_Graph_map(MPI_COMM_WORLD, size, index, edges, &newrank);
    CHECK(rc == MPI_ERR_RANK && newrank == SENTINEL, "graph_map edge to node size -> %d", rc);
    edges[1] = -1;
    EXPECT_ERROR(MPI_ERR_RANK, out,
                 MPI_Graph_create(MPI_COMM_WORLD, size, index, edges, 0, &out),
                 "graph_create edge to node -1");
    edges[1] = 0;
    if (size > 1) {
        /* a rank of the communicator, but not a node of a graph of size - 1 nodes */
        edges[0] = size - 1;
        EXPECT_ERROR(MPI_ERR_RANK, out,
                     MPI_Graph_create(MPI_COMM_WORLD, size - 1, index, edges, 0, &out),
                     "graph_create edge past nnodes");
    }
}

static void test_bad_dist_arguments(void)
{
    int next = (rank + 1) % size, prev = (rank + size - 1) % size, one = 1, minus = -1;
    int bad = size, degree = 1, neg_degree = -1;
    MPI_Comm out;

    EXPECT_ERROR(MPI_ERR_ARG, out,
                 MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, -1, &prev, MPI_UNWEIGHTED, 1,
                                                &next, MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &out),
                 "adjacent indegree -1");
    EXPECT_ERROR(MPI_ERR_ARG, out,
                 MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &prev, MPI_UNWEIGHTED, -3,
                                                &next, MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &out),
                 "adjacent outdegree -3");
    EXPECT_ERROR(MPI_ERR_RANK, out,
                 MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &bad, MPI_UNWEIGHTED, 1,
                                                &next, MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &out),
                 "adjacent source = size");
    EXPECT_ERROR(MPI_ERR_ARG, out,
                 MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &prev, &one, 1, &next,
                                                &minus, MPI_INFO_NULL, 0, &out),
                 "adjacent negative weight");
    EXPECT_ERROR(MPI_ERR_ARG, out,
                 MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &prev, MPI_UNWEIGHTED, 1,
                                                &next, &one, MPI_INFO_NULL, 0, &out),
                 "adjacent MPI_UNWEIGHTED on one side");
    /* one process alone is wrong: every process fails, none waits for it */
    EXPECT_ERROR(MPI_ERR_RANK, out,
                 MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, &prev, MPI_UNWEIGHTED, 1,
                                                rank == 0 ? &bad : &next, MPI_UNWEIGHTED,
                                                MPI_INFO_NULL, 0, &out),
                 "adjacent destination = size at rank 0 only");

    EXPECT_ERROR(MPI_ERR_ARG, out,
                 MPI_Dist_graph_create(MPI_COMM_WORLD, -1, &rank, &degree, &next, MPI_UNWEIGHTED,
                                       MPI_INFO_NULL, 0, &out),
                 "create n -1");
    EXPECT_ERROR(MPI_ERR_ARG, out,
                 MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &rank,
                                       rank == 0 ? &neg_degree : &degree, &next, MPI_UNWEIGHTED,
                                       MPI_INFO_NULL, 0, &out),
                 "create negative degree at rank 0 only");
    EXPECT_ERROR(MPI_ERR_RANK, out,
                 MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &rank, &degree,
                                       rank == size - 1 ? &bad : &next, MPI_UNWEIGHTED,
                                       MPI_INFO_NULL, 0, &out),
                 "create destination = size at the last rank only");
    EXPECT_ERROR(MPI_ERR_RANK, out,
                 MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &minus, &degree, &next, MPI_UNWEIGHTED,
                                       MPI_INFO_NULL, 0, &out),
                 "create source -1");
    EXPECT_ERROR(MPI_ERR_ARG, out,
                 MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &rank, &degree, &next, &minus,
                                       MPI_INFO_NULL, 0, &out),
                 "create negative weight");
    EXPECT_ERROR(MPI_ERR_ARG, out,
                 MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &rank, &degree, &next,
                                       MPI_WEIGHTS_EMPTY, MPI_INFO_NULL, 0, &out),
                 "create MPI_WEIGHTS_EMPTY for an edge");
    if (size > 1)
        EXPECT_ERROR(MPI_ERR_ARG, out,
                     MPI_Dist_graph_create(MPI_COMM_WORLD, 1, &rank, &degree, &next,
                                           rank == 0 ? MPI_UNWEIGHTED : &one, MPI_INFO_NULL, 0,
                                           &out),
                     "create MPI_UNWEIGHTED at rank 0 only");
}

int main(int argc, char **argv)
{
    int counts[2], *all = NULL;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size > 64) {
        if (rank == 0)
            fprintf(stderr, "mpi_topo: at most 64 ranks\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    /* every communicator made below inherits the handler: errors come back as classes */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    test_graph_ring();
    test_graph_star();
    test_dist_adjacent(1);
    test_dist_adjacent(0);
    test_dist_adjacent_empty_weights();
    test_dist_create_by_rank0();
    test_dist_create_by_others(1);
    test_dist_create_by_others(0);
    test_kinds();
    test_bad_graph_arguments();
    test_bad_dist_arguments();
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);

    counts[0] = checks - failures;
    counts[1] = failures;
    if (rank == 0)
        all = malloc(sizeof(int) * 2 * (size_t)size);
    MPI_Gather(counts, 2, MPI_INT, all, 2, MPI_INT, 0, MPI_COMM_WORLD);
    for (int r = 0; rank == 0 && r < size; r++)
        printf("mpi_topo: rank %d: %d passed, %d failed\n", r, all[2 * r], all[2 * r + 1]);
    free(all);
    MPI_Finalize();
    return failures ? 1 : 0;
}
