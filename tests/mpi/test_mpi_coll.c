/*
 * Collective results against a reference every rank computes alone: each
 * rank's input is a function of (rank, index), so any rank can fold all of
 * them in rank order with MPI_Reduce_local. Run once per algorithm (forced
 * through VMPL_COLL_<NAME>) at several process counts, powers of two and
 * not. Covers every predefined operation on the types it allows, in
 * allreduce, reduce, reduce_scatter_block and (ex)scan alike, counts
 * 0, 1, below, at and above the process count and large, MPI_IN_PLACE,
 * a non-commutative user operation (operand order must be kept) and a
 * derived datatype; reduce to every root (in place and not, with no
 * receive buffer elsewhere), broadcast from several roots of sizes around
 * the inline and buffer limits and of a non-contiguous type, and the
 * barrier's one promise (nobody leaves before everyone arrived);
 * allgather(v) and alltoall(v) of ints and of a strided type, in place and
 * not, with uneven counts and gaps between the blocks (v forms);
 * reduce_scatter(_block) and (ex)scan, in place and not; gather and
 * scatter to and from every root, in place and not. Prints
 * "mpi_coll (P ranks): N passed, M failed" on rank 0.
 */
#include <mpi.h>

#include "check.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Inputs small enough that sums and products are exact in every type. */
static void fill(MPI_Datatype type, void *buf, int count, int who)
{
    for (int i = 0; i < count; i++) {
        int v = (who * 7 + i * 13) % 5 + (i % 3 == 0 ? -2 : 1);
        int bit = 1 << ((who + i) % 7);
        if (type == MPI_INT8_T)
            ((int8_t *)buf)[i] = (int8_t)(v * 37); /* wraps: SUM and PROD wrap too */
        else if (type == MPI_UNSIGNED_SHORT)
            ((unsigned short *)buf)[i] = (unsigned short)(bit | (v & 1));
        else if (type == MPI_INT)
            ((int *)buf)[i] = v;
        else if (type == MPI_INT64_T)
            ((int64_t *)buf)[i] = (int64_t)v * ((int64_t)1 << 33) + bit;
        else if (type == MPI_FLOAT)
            ((float *)buf)[i] = (float)v * 0.5f;
        else if (type == MPI_DOUBLE)
            ((double *)buf)[i] = (double)v * 0.25;
        else if (type == MPI_C_DOUBLE_COMPLEX)
            ((double *)buf)[2 * i] = v, ((double *)buf)[2 * i + 1] = (i + who) % 3 - 1;
        else if (type == MPI_2INT)
            ((int *)buf)[2 * i] = v % 3, ((int *)buf)[2 * i + 1] = who;
        else if (type == MPI_DOUBLE_INT) {
            struct { double d; int i; } *p = buf;
            p[i].d = v % 2, p[i].i = (who * 5 + i) % size;
        }
    }
}

static size_t type_bytes(MPI_Datatype type)
{
    MPI_Aint lb, extent;
    MPI_Type_get_extent(type, &lb, &extent);
    return (size_t)extent;
}

/* acc = x0 op x1 op ... op x(upto-1) for inputs made by fill(). */
static void prefix_reference(MPI_Datatype type, MPI_Op op, void *acc, void *x, int count,
                             int upto)
{
    fill(type, acc, count, 0);
    for (int r = 1; r < upto; r++) {
        fill(type, x, count, r);
        if (count)
            MPI_Reduce_local(acc, x, count, type, op); /* x = acc op x_r */
        memcpy(acc, x, (size_t)count * type_bytes(type));
    }
}

/* acc = x0 op x1 op ... op x(size-1). */
static void reference(MPI_Datatype type, MPI_Op op, void *acc, void *x, int count)
{
    prefix_reference(type, op, acc, x, count, size);
}

/*
 * Whether two results agree in their data: the padding of a pair struct
 * carries none, and complex products may differ in the sign of a zero
 * with the order of the factors (exact values otherwise).
 */
static int same(MPI_Datatype type, const void *a, const void *b, int count)
{
    if (type == MPI_C_DOUBLE_COMPLEX) {
        for (int i = 0; i < 2 * count; i++)
            if (((const double *)a)[i] != ((const double *)b)[i])
                return 0;
        return 1;
    }
    if (type != MPI_DOUBLE_INT)
        return !memcmp(a, b, (size_t)count * type_bytes(type));
    const struct { double d; int i; } *x = a, *y = b;
    for (int i = 0; i < count; i++)
        if (x[i].d != y[i].d || x[i].i != y[i].i)
            return 0;
    return 1;
}

static void check_allreduce(const char *what, MPI_Datatype type, MPI_Op op, int count,
                            int in_place)
{
    size_t bytes = (size_t)(count ? count : 1) * type_bytes(type);
    char *in = malloc(bytes), *out = malloc(bytes), *want = malloc(bytes), *x = malloc(bytes);

    fill(type, in, count, rank);
    memset(out, 0x5a, bytes);
    if (in_place)
        memcpy(out, in, bytes);
    MPI_Allreduce(in_place ? MPI_IN_PLACE : in, out, count, type, op, MPI_COMM_WORLD);
    reference(type, op, want, x, count);
    CHECK(same(type, out, want, count),
          "allreduce %s count %d%s", what, count, in_place ? " in place" : "");
    free(in), free(out), free(want), free(x);
}

/* Reduce to root: only the root's buffer is written; the others pass none. */
static void check_reduce(const char *what, MPI_Datatype type, MPI_Op op, int count, int root,
                         int in_place)
{
    size_t bytes = (size_t)(count ? count : 1) * type_bytes(type);
    char *in = malloc(bytes), *out = rank == root ? malloc(bytes) : NULL;
    char *want = malloc(bytes), *x = malloc(bytes);

    fill(type, in, count, rank);
    if (out) {
        memset(out, 0x5a, bytes);
        if (in_place)
            memcpy(out, in, bytes);
    }
    MPI_Reduce(in_place && rank == root ? MPI_IN_PLACE : in, out, count, type, op, root,
               MPI_COMM_WORLD);
    if (out) {
        reference(type, op, want, x, count);
        CHECK(same(type, out, want, count), "reduce %s count %d root %d%s", what, count, root,
              in_place ? " in place" : "");
    }
    free(in), free(out), free(want), free(x);
}

/*
 * Reduce-scatter of a vector whose block r holds count elements (block) or
 * count + r % 3 (v form); rank r gets block r of the reduction.
 */
static void check_reduce_scatter(const char *what, MPI_Datatype type, MPI_Op op, int count,
                                 int block, int in_place)
{
    int *counts = malloc((size_t)size * sizeof(int)), total = 0, before = 0;
    size_t tb = type_bytes(type);

    for (int r = 0; r < size; r++) {
        counts[r] = count + (block ? 0 : r % 3);
        before += r < rank ? counts[r] : 0;
        total += counts[r];
    }
    size_t bytes = (size_t)(total ? total : 1) * tb;
    char *in = malloc(bytes), *out = malloc(bytes), *want = malloc(bytes), *x = malloc(bytes);
    fill(type, in, total, rank);
    memset(out, 0x5a, bytes);
    if (in_place)
        memcpy(out, in, bytes);
    if (block)
        MPI_Reduce_scatter_block(in_place ? MPI_IN_PLACE : in, out, count, type, op,
                                 MPI_COMM_WORLD);
    else
        MPI_Reduce_scatter(in_place ? MPI_IN_PLACE : in, out, counts, type, op, MPI_COMM_WORLD);
    reference(type, op, want, x, total);
    CHECK(same(type, out, want + (size_t)before * tb, counts[rank]),
          "reduce_scatter%s %s count %d%s", block ? "_block" : "", what, count,
          in_place ? " in place" : "");
    free(counts), free(in), free(out), free(want), free(x);
}

/* Inclusive or exclusive scan: rank r gets x0 op ... op x(r) (x(r-1) exclusive). */
static void check_scan(const char *what, MPI_Datatype type, MPI_Op op, int count, int exclusive,
                       int in_place)
{
    size_t bytes = (size_t)(count ? count : 1) * type_bytes(type);
    char *in = malloc(bytes), *out = malloc(bytes), *want = malloc(bytes), *x = malloc(bytes);

    fill(type, in, count, rank);
    memset(out, 0x5a, bytes);
    if (in_place)
        memcpy(out, in, bytes);
    if (exclusive)
        MPI_Exscan(in_place ? MPI_IN_PLACE : in, out, count, type, op, MPI_COMM_WORLD);
    else
        MPI_Scan(in_place ? MPI_IN_PLACE : in, out, count, type, op, MPI_COMM_WORLD);
    if (!exclusive || rank > 0) { /* exscan leaves rank 0's result undefined */
        prefix_reference(type, op, want, x, count, exclusive ? rank : rank + 1);
        CHECK(same(type, out, want, count), "%s %s count %d%s", exclusive ? "exscan" : "scan",
              what, count, in_place ? " in place" : "");
    }
    free(in), free(out), free(want), free(x);
}

/* Broadcast of count elements of type (ints, possibly strided) from root. */
static void check_bcast(const char *what, MPI_Datatype type, int ints_per_elem, int stride,
                        int count, int root)
{
    size_t n = (size_t)count * (size_t)ints_per_elem * (size_t)stride + 1;
    int *buf = malloc(n * sizeof(int)), bad = 0;

    for (size_t i = 0; i < n; i++)
        buf[i] = rank == root ? (int)(i * 2654435761u) : -1;
    MPI_Bcast(buf, count, type, root, MPI_COMM_WORLD);
    for (size_t i = 0; i < n; i++) {
        int carried = i % (size_t)stride == 0 && i < n - 1; /* the type's data, not its gaps */
        int want = rank == root || carried ? (int)(i * 2654435761u) : -1;
        bad += buf[i] != want;
    }
    CHECK(!bad, "bcast %s count %d root %d: %d ints wrong", what, count, root, bad);
    free(buf);
}

/* The value rank `from` puts at index i of its block for rank `to`. */
static int value_of(int from, int to, int i)
{
    return from * 100003 + to * 1009 + i * 7 + 1;
}

/*
 * Allgather of count elements of type (ints, one in every `stride`) per
 * rank; v: rank r brings count + r elements and the blocks sit one
 * element apart.
 */
static void check_allgather(const char *what, MPI_Datatype type, int stride, int count, int v,
                            int in_place)
{
    int *counts = malloc((size_t)size * sizeof(int)), *displs = malloc((size_t)size * sizeof(int));
    int total = 0, bad = 0, mine = count + (v ? rank : 0);
    int *send = malloc(((size_t)mine * stride + 1) * sizeof(int)), *recv;

    for (int r = 0; r < size; r++) {
        counts[r] = count + (v ? r : 0);
        displs[r] = total;
        total += counts[r] + (v ? 1 : 0);
    }
    recv = malloc(((size_t)total * stride + 1) * sizeof(int));
    for (int i = 0; i < total * stride + 1; i++)
        recv[i] = -1;
    for (int i = 0; i < mine; i++)
        send[i * stride] = value_of(rank, 0, i);
    if (in_place)
        for (int i = 0; i < mine; i++)
            recv[(displs[rank] + i) * stride] = value_of(rank, 0, i);
    if (v)
        MPI_Allgatherv(in_place ? MPI_IN_PLACE : send, mine, type, recv, counts, displs, type,
                       MPI_COMM_WORLD);
    else
        MPI_Allgather(in_place ? MPI_IN_PLACE : send, mine, type, recv, count, type,
                      MPI_COMM_WORLD);
    for (int r = 0; r < size; r++)
        for (int i = 0; i < counts[r]; i++)
            bad += recv[(displs[r] + i) * stride] != value_of(r, 0, i);
    for (int i = 0; i < total * stride + 1; i++) { /* gaps and the guard stay untouched */
        int r = 0;
        while (r + 1 < size && i >= displs[r + 1] * stride)
            r++;
        int in_block = i % stride == 0 && i / stride >= displs[r] &&
                       i / stride < displs[r] + counts[r];
        bad += !in_block && recv[i] != -1;
    }
    CHECK(!bad, "allgather%s %s count %d%s: %d ints wrong", v ? "v" : "", what, count,
          in_place ? " in place" : "", bad);
    free(counts), free(displs), free(send), free(recv);
}

/*
 * Alltoall of count elements per pair; v: ranks r and q exchange
 * count + (r + q) % 3 elements each way (in place needs it symmetric), and
 * the blocks sit one element apart.
 */
static void check_alltoall(const char *what, MPI_Datatype type, int stride, int count, int v,
                           int in_place)
{
    int *sc = malloc(4 * (size_t)size * sizeof(int)), *sd = sc + size, *rc = sd + size,
        *rd = rc + size;
    int stotal = 0, rtotal = 0, bad = 0;
    int *send, *recv;

    for (int q = 0; q < size; q++) {
        sc[q] = count + (v ? (rank + q) % 3 : 0), sd[q] = stotal, stotal += sc[q] + v;
        rc[q] = sc[q], rd[q] = rtotal, rtotal += rc[q] + v;
    }
    if (in_place) /* the outgoing blocks are in recv, laid out as the incoming ones */
        for (int q = 0; q < size; q++)
            sc[q] = rc[q], sd[q] = rd[q];
    send = malloc(((size_t)stotal * stride + 1) * sizeof(int));
    recv = malloc(((size_t)rtotal * stride + 1) * sizeof(int));
    for (int i = 0; i < rtotal * stride + 1; i++)
        recv[i] = -1;
    for (int q = 0; q < size; q++)
        for (int i = 0; i < sc[q]; i++)
            (in_place ? recv : send)[(sd[q] + i) * stride] = value_of(rank, q, i);
    if (v)
        MPI_Alltoallv(in_place ? MPI_IN_PLACE : send, sc, sd, type, recv, rc, rd, type,
                      MPI_COMM_WORLD);
    else
        MPI_Alltoall(in_place ? MPI_IN_PLACE : send, count, type, recv, count, type,
                     MPI_COMM_WORLD);
    for (int r = 0; r < size; r++)
        for (int i = 0; i < rc[r]; i++)
            bad += recv[(rd[r] + i) * stride] != value_of(r, rank, i);
    bad += recv[rtotal * stride] != -1;
    CHECK(!bad, "alltoall%s %s count %d%s: %d ints wrong", v ? "v" : "", what, count,
          in_place ? " in place" : "", bad);
    free(sc), free(send), free(recv);
}

/* Gather of count elements of type (ints, one in every `stride`) per rank to root. */
static void check_gather(const char *what, MPI_Datatype type, int stride, int count, int root,
                         int in_place)
{
    size_t span = (size_t)count * stride;
    int *send = malloc((span + 1) * sizeof(int)), *recv = NULL, bad = 0;

    for (size_t i = 0; i < span + 1; i++)
        send[i] = i % (size_t)stride ? -2 : value_of(rank, root, (int)(i / (size_t)stride));
    if (rank == root) {
        recv = malloc((span * (size_t)size + 1) * sizeof(int));
        for (size_t i = 0; i < span * (size_t)size + 1; i++)
            recv[i] = -1;
        if (in_place)
            memcpy(recv + span * (size_t)rank, send, span * sizeof(int));
    }
    MPI_Gather(in_place && rank == root ? MPI_IN_PLACE : send, count, type, recv, count, type,
               root, MPI_COMM_WORLD);
    if (rank == root) {
        for (size_t i = 0; i < span * (size_t)size + 1; i++) {
            size_t r = i / (span ? span : 1), j = i % (span ? span : 1);
            int carried = i < span * (size_t)size && j % (size_t)stride == 0;
            int want = carried ? value_of((int)r, root, (int)(j / (size_t)stride))
                               : in_place && r == (size_t)rank && i < span * (size_t)size ? -2
                                                                                          : -1;
            bad += recv[i] != want;
        }
        CHECK(!bad, "gather %s count %d root %d%s: %d ints wrong", what, count, root,
              in_place ? " in place" : "", bad);
    }
    free(send), free(recv);
}

/* Scatter of count elements of type per rank from root. */
static void check_scatter(const char *what, MPI_Datatype type, int stride, int count, int root,
                          int in_place)
{
    size_t span = (size_t)count * stride;
    int *send = NULL, *recv = malloc((span + 1) * sizeof(int)), bad = 0;

    if (rank == root) {
        send = malloc((span * (size_t)size + 1) * sizeof(int));
        for (size_t i = 0; i < span * (size_t)size + 1; i++)
            send[i] = value_of(root, (int)(i / (span ? span : 1)), (int)(i % (span ? span : 1)));
    }
    for (size_t i = 0; i < span + 1; i++)
        recv[i] = -1;
    MPI_Scatter(send, count, type, in_place && rank == root ? MPI_IN_PLACE : recv, count, type,
                root, MPI_COMM_WORLD);
    if (!(in_place && rank == root)) {
        for (size_t i = 0; i < span + 1; i++) {
            int carried = i < span && i % (size_t)stride == 0;
            bad += recv[i] != (carried ? value_of(root, rank, (int)i) : -1);
        }
        CHECK(!bad, "scatter %s count %d root %d%s: %d ints wrong", what, count, root,
              in_place ? " in place" : "", bad);
    } else {
        for (size_t i = 0; i < span * (size_t)size + 1; i++) /* the root's buffer is untouched */
            bad += send[i] != value_of(root, (int)(i / (span ? span : 1)),
                                       (int)(i % (span ? span : 1)));
        CHECK(!bad, "scatter %s count %d: the root's send buffer changed", what, count);
    }
    free(send), free(recv);
}

static void sleep_ms(int ms)
{
    struct timespec t = {0, ms * 1000000L};
    nanosleep(&t, NULL);
}

/*
 * A barrier must hold everyone until all arrived: rank r - 1 sends to r
 * only after leaving it, so r, dawdling before it enters, must not see
 * that message yet.
 */
static void check_barrier(int late)
{
    int next = (rank + 1) % size, prev = (rank + size - 1) % size, token = rank, got = -1;
    int early = 0;
    MPI_Request req;

    if (size < 2)
        return;
    if (rank == late)
        sleep_ms(20);
    MPI_Iprobe(prev, 77, MPI_COMM_WORLD, &early, MPI_STATUS_IGNORE);
    CHECK(!early, "barrier: rank %d's message came before rank %d entered (late %d)", prev,
          rank, late);
    MPI_Barrier(MPI_COMM_WORLD);
    MPI_Isend(&token, 1, MPI_INT, next, 77, MPI_COMM_WORLD, &req);
    MPI_Recv(&got, 1, MPI_INT, prev, 77, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Wait(&req, MPI_STATUS_IGNORE);
    CHECK(got == prev, "barrier: token %d from rank %d", got, prev);
}

/* Affine maps x -> a x + b (mod 2^32), composed: associative, not commutative. */
static void compose(void *in, void *inout, int *len, MPI_Datatype *type)
{
    uint32_t *f = in, *g = inout; /* g = f op g: apply f, then g */
    (void)type;
    for (int i = 0; i < *len; i++, f += 2, g += 2) {
        uint32_t a = g[0] * f[0], b = g[0] * f[1] + g[1];
        g[0] = a, g[1] = b;
    }
}

/*
 * Every reduction collective with one operation on one type: allreduce,
 * reduce (to a root that moves with the count), reduce_scatter_block and
 * scan or exscan (alternately); in place or not (alternately too).
 */
static void check_reductions(const char *what, MPI_Datatype type, MPI_Op op, int count,
                             int turn)
{
    check_allreduce(what, type, op, count, turn % 2);
    check_reduce(what, type, op, count, (count + turn) % size, !(turn % 2));
    check_reduce_scatter(what, type, op, count / (size > 1 ? size : 1) + turn % 2, 1, turn % 2);
    check_scan(what, type, op, count, turn % 2, !(turn % 2));
}

static void check_noncommutative(int count)
{
    MPI_Datatype pair;
    MPI_Op op;
    uint32_t *in = malloc(8 * (size_t)(count + 1)), *out = malloc(8 * (size_t)(count + 1));
    uint32_t *want = malloc(8 * (size_t)(count + 1));
    int bad = 0;

    MPI_Type_contiguous(2, MPI_UINT32_T, &pair);
    MPI_Type_commit(&pair);
    MPI_Op_create(compose, 0, &op);
    for (int i = 0; i < count; i++)
        in[2 * i] = 2u * (uint32_t)(rank + i) + 3u, in[2 * i + 1] = (uint32_t)(rank * 11 + i);
    MPI_Allreduce(in, out, count, pair, op, MPI_COMM_WORLD);
    for (int i = 0; i < count; i++) {
        uint32_t a = 1, b = 0; /* identity, then x0, x1, ... in rank order */
        for (int r = 0; r < size; r++) {
            uint32_t fa = 2u * (uint32_t)(r + i) + 3u, fb = (uint32_t)(r * 11 + i);
            uint32_t na = fa * a, nb = fa * b + fb;
            a = na, b = nb;
        }
        want[2 * i] = a, want[2 * i + 1] = b;
        bad += out[2 * i] != a || out[2 * i + 1] != b;
    }
    CHECK(!bad, "non-commutative allreduce, count %d: %d elements out of order", count, bad);
    MPI_Op_free(&op);
    MPI_Type_free(&pair);
    free(in), free(out), free(want);
}

typedef struct {
    const char *name;
    MPI_Datatype type;
} named_type_t;

int main(int argc, char **argv)
{
    static const named_type_t arith[] = {
        {"int8", MPI_INT8_T}, {"int", MPI_INT}, {"int64", MPI_INT64_T},
        {"float", MPI_FLOAT}, {"double", MPI_DOUBLE}};
    static const named_type_t bits[] = {
        {"ushort", MPI_UNSIGNED_SHORT}, {"int", MPI_INT}, {"int64", MPI_INT64_T}};
    const MPI_Op arith_ops[] = {MPI_SUM, MPI_PROD, MPI_MAX, MPI_MIN};
    const MPI_Op bit_ops[] = {MPI_BAND, MPI_BOR, MPI_BXOR, MPI_LAND, MPI_LOR, MPI_LXOR};
    int counts[] = {0, 1, 0, 0, 0, 1000, 100003};
    char what[64];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    counts[2] = size > 1 ? size - 1 : 2;
    counts[3] = size;
    counts[4] = size + 1;
    for (int c = 0; c < 7; c++) {
        int big = counts[c] > 1000;
        for (size_t t = 0; t < sizeof(arith) / sizeof(arith[0]); t++)
            for (int o = 0; o < 4; o++) {
                if (big && o != 0)
                    continue; /* one op per type at the large count */
                snprintf(what, sizeof(what), "%s op %d", arith[t].name, o);
                if (big)
                    check_allreduce(what, arith[t].type, arith_ops[o], counts[c], c % 2);
                else
                    check_reductions(what, arith[t].type, arith_ops[o], counts[c], c + o);
            }
        for (size_t t = 0; t < sizeof(bits) / sizeof(bits[0]) && !big; t++)
            for (int o = 0; o < 6; o++) {
                snprintf(what, sizeof(what), "%s bit/logic op %d", bits[t].name, o);
                check_reductions(what, bits[t].type, bit_ops[o], counts[c], c + o);
            }
        if (!big) {
            check_reductions("double complex sum", MPI_C_DOUBLE_COMPLEX, MPI_SUM, counts[c], c);
            check_reductions("double complex prod", MPI_C_DOUBLE_COMPLEX, MPI_PROD, counts[c],
                             c + 1);
            check_reductions("2int maxloc", MPI_2INT, MPI_MAXLOC, counts[c], c);
            check_reductions("2int minloc", MPI_2INT, MPI_MINLOC, counts[c], c + 1);
            check_reductions("double_int maxloc", MPI_DOUBLE_INT, MPI_MAXLOC, counts[c], c + 1);
        }
        check_noncommutative(counts[c]);
        for (int root = 0; root < size; root += size > 2 ? size - 2 : 1) {
            check_reduce("float sum", MPI_FLOAT, MPI_SUM, counts[c], root, c % 2);
            check_reduce("int8 prod", MPI_INT8_T, MPI_PROD, counts[c], root, !(c % 2));
            if (!big) {
                check_reduce("2int minloc", MPI_2INT, MPI_MINLOC, counts[c], root, c % 2);
                check_reduce("double_int maxloc", MPI_DOUBLE_INT, MPI_MAXLOC, counts[c], root, 0);
            }
        }
        for (int v = 0; v < 2; v++) {
            int n = big ? counts[c] / size : counts[c];
            check_reduce_scatter("float sum", MPI_FLOAT, MPI_SUM, n, v, c % 2);
            check_scan("float sum", MPI_FLOAT, MPI_SUM, counts[c], v, c % 2);
            if (!big) {
                check_reduce_scatter("int max", MPI_INT, MPI_MAX, n, !v, !(c % 2));
                check_reduce_scatter("2int minloc", MPI_2INT, MPI_MINLOC, n, v, 0);
                check_scan("int8 prod", MPI_INT8_T, MPI_PROD, counts[c], v, !(c % 2));
                check_scan("double_int maxloc", MPI_DOUBLE_INT, MPI_MAXLOC, counts[c], v, 0);
            }
        }
    }
    {
        const int bcast_counts[] = {0, 1, 13, 14, 15, 1000, 16384, 16385, 70001};
        MPI_Datatype one, strided; /* one int in every three */
        MPI_Type_vector(1, 1, 3, MPI_INT, &one);
        MPI_Type_create_resized(one, 0, 3 * sizeof(int), &strided);
        MPI_Type_free(&one);
        MPI_Type_commit(&strided);
        for (size_t k = 0; k < sizeof(bcast_counts) / sizeof(bcast_counts[0]); k++)
            for (int root = 0; root < size; root += size > 1 ? size - 1 : 1) {
                check_bcast("int", MPI_INT, 1, 1, bcast_counts[k], root);
                check_bcast("strided int", strided, 1, 3, bcast_counts[k] / 3, root);
            }
        const int block_counts[] = {0, 1, 13, 14, 15, 200, 1000, 20001};
        for (size_t k = 0; k < sizeof(block_counts) / sizeof(block_counts[0]); k++)
            for (int v = 0; v < 2; v++)
                for (int in_place = 0; in_place < 2; in_place++) {
                    int n = block_counts[k];
                    check_allgather("int", MPI_INT, 1, n, v, in_place);
                    check_alltoall("int", MPI_INT, 1, n, v, in_place);
                    if (n <= 1000) {
                        check_allgather("strided int", strided, 3, n, v, in_place);
                        check_alltoall("strided int", strided, 3, n, v, in_place);
                    }
                }
        for (size_t k = 0; k < sizeof(block_counts) / sizeof(block_counts[0]); k++)
            for (int root = 0; root < size; root += size > 1 ? size - 1 : 1)
                for (int in_place = 0; in_place < 2; in_place++) {
                    int n = block_counts[k];
                    check_gather("int", MPI_INT, 1, n, root, in_place);
                    check_scatter("int", MPI_INT, 1, n, root, in_place);
                    if (n <= 1000) {
                        check_gather("strided int", strided, 3, n, root, in_place);
                        check_scatter("strided int", strided, 3, n, root, in_place);
                    }
                }
        MPI_Type_free(&strided);
    }
    for (int late = 0; late < size; late += size > 2 ? size / 2 : 1)
        check_barrier(late);
    {
        int all_failures = 0, all_checks = 0;
        MPI_Reduce(&failures, &all_failures, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
        MPI_Reduce(&checks, &all_checks, 1, MPI_INT, MPI_SUM, 0, MPI_COMM_WORLD);
        if (rank == 0)
            printf("mpi_coll (%d ranks): %d passed, %d failed\n", size,
                   all_checks - all_failures, all_failures);
    }
    MPI_Finalize();
    return failures ? 1 : 0;
}
