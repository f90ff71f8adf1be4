/*
 * Bad input under MPI_ERRORS_RETURN, at 2 ranks: every erroneous call must
 * return the error class MPICH returns (never crash, never hang), leave
 * the user's buffers and the bytes around them untouched, and leave its
 * outputs defined (MPI_REQUEST_NULL, MPI_COMM_NULL, MPI_DATATYPE_NULL...).
 * Collective cases are erroneous on every rank alike, or run on
 * MPI_COMM_SELF where only the root's arguments are wrong. Also checks the
 * standard-conformance cases users reported (empty request arrays,
 * persistent derived sends, MPI_Dims_create balance, MPI_BOTTOM with
 * absolute addresses...) and mismatched collective counts (the receiver
 * gets MPI_ERR_TRUNCATE). Each rank counts its own failures; rank 0
 * gathers the tallies with plain MPI_Recv and prints
 * "mpi_badinput (2 ranks): N passed, M failed". An argument runs one
 * section by name (to debug), or "messages" checks the log messages
 * (see run_messages).
 */
#include <mpi.h>

#include "check.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define W MPI_COMM_WORLD
#define S MPI_COMM_SELF
#define GUARD 64     /* guard bytes on each side of a user buffer */
#define ELEMS 64     /* ints in each user buffer */
#define PATTERN 0xa5 /* what the guard bytes and untouched buffers hold */

/* A user buffer with guard bytes on both sides. */
typedef struct {
    unsigned char *base; /* GUARD + ELEMS ints + GUARD */
} guarded_t;

static guarded_t send_area, recv_area;
static int peer; /* the other rank */

static void *area_buf(const guarded_t *g)
{
    return g->base + GUARD;
}

static size_t area_bytes(void)
{
    return 2 * GUARD + ELEMS * sizeof(int);
}

static void area_reset(guarded_t *g)
{
    memset(g->base, PATTERN, area_bytes());
}

/* Whether bytes [from, to) of the area still hold the pattern. */
static int area_untouched(const guarded_t *g, size_t from, size_t to)
{
    for (size_t i = from; i < to; i++)
        if (g->base[i] != PATTERN)
            return 0;
    return 1;
}

/* Whether the guards around the first n bytes of the buffer are intact. */
static int guards_intact(const guarded_t *g, size_t n)
{
    return area_untouched(g, 0, GUARD) && area_untouched(g, GUARD + n, area_bytes());
}

/*
 * One bad-input case: rc must be of error class `want`, and neither user
 * buffer nor its guards may have changed.
 */
static void expect(int rc, int want, const char *call, int line)
{
    int got = rc;

    if (rc != MPI_SUCCESS && MPI_Error_class(rc, &got) != MPI_SUCCESS)
        got = -1;
    CHECK(got == want, "line %d: %s returned class %d, expected %d", line, call, got, want);
    CHECK(area_untouched(&send_area, 0, area_bytes()) &&
              area_untouched(&recv_area, 0, area_bytes()),
          "line %d: %s wrote into a user buffer or its guards", line, call);
    area_reset(&send_area);
    area_reset(&recv_area);
}

#define EXPECT(call, want) expect((call), (want), #call, __LINE__)

/* A call that may write into the user's buffers: its class only. */
static void expect_class(int rc, int want, const char *call, int n)
{
    int got = rc;

    if (rc != MPI_SUCCESS && MPI_Error_class(rc, &got) != MPI_SUCCESS)
        got = -1;
    CHECK(got == want, "%s (n=%d) returned class %d, expected %d", call, n, got, want);
}

static int copy_fails(MPI_Comm comm, int keyval, void *extra, void *in, void *out, int *flag)
{
    (void)comm, (void)keyval, (void)extra, (void)in, (void)out;
    *flag = 0;
    return 999; /* not an error class: the caller reports MPI_ERR_OTHER */
}

static void test_p2p_buffers(void)
{
    void *sb = area_buf(&send_area), *rb = area_buf(&recv_area);
    MPI_Request req;

    EXPECT(MPI_Send(NULL, 4, MPI_INT, peer, 1, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Ssend(NULL, 4, MPI_INT, peer, 1, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Rsend(NULL, 4, MPI_DOUBLE, peer, 1, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Send(NULL, 4, MPI_INT, MPI_PROC_NULL, 1, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Recv(NULL, 4, MPI_INT, peer, 1, W, MPI_STATUS_IGNORE), MPI_ERR_BUFFER);
    EXPECT(MPI_Recv(NULL, 1, MPI_2INT, MPI_ANY_SOURCE, 1, W, MPI_STATUS_IGNORE), MPI_ERR_BUFFER);
    req = (MPI_Request)&req;
    EXPECT(MPI_Isend(NULL, 4, MPI_INT, peer, 1, W, &req), MPI_ERR_BUFFER);
    CHECK(req == MPI_REQUEST_NULL, "failed MPI_Isend leaves *request = MPI_REQUEST_NULL");
    req = (MPI_Request)&req;
    EXPECT(MPI_Irecv(NULL, 4, MPI_INT, peer, 1, W, &req), MPI_ERR_BUFFER);
    CHECK(req == MPI_REQUEST_NULL, "failed MPI_Irecv leaves *request = MPI_REQUEST_NULL");
    EXPECT(MPI_Issend(NULL, 2, MPI_CHAR, peer, 1, W, &req), MPI_ERR_BUFFER);
    EXPECT(MPI_Irsend(NULL, 2, MPI_LONG, peer, 1, W, &req), MPI_ERR_BUFFER);
    EXPECT(MPI_Send_init(NULL, 2, MPI_INT, peer, 1, W, &req), MPI_ERR_BUFFER);
    EXPECT(MPI_Recv_init(NULL, 2, MPI_INT, peer, 1, W, &req), MPI_ERR_BUFFER);
    EXPECT(MPI_Sendrecv(NULL, 4, MPI_INT, peer, 1, rb, 4, MPI_INT, peer, 1, W, MPI_STATUS_IGNORE),
           MPI_ERR_BUFFER);
    EXPECT(MPI_Sendrecv(sb, 4, MPI_INT, peer, 1, NULL, 4, MPI_INT, peer, 1, W, MPI_STATUS_IGNORE),
           MPI_ERR_BUFFER);
    EXPECT(MPI_Sendrecv_replace(NULL, 4, MPI_INT, peer, 1, peer, 1, W, MPI_STATUS_IGNORE),
           MPI_ERR_BUFFER);
    EXPECT(MPI_Bsend(NULL, 4, MPI_INT, peer, 1, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Ibsend(NULL, 4, MPI_INT, peer, 1, W, &req), MPI_ERR_BUFFER);
    EXPECT(MPI_Ibsend(sb, 4, MPI_INT, peer, 1, W, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Bsend_init(NULL, 4, MPI_INT, peer, 1, W, &req), MPI_ERR_BUFFER);
    /* counts, ranks, tags, types, communicators */
    EXPECT(MPI_Send(sb, -1, MPI_INT, peer, 1, W), MPI_ERR_COUNT);
    EXPECT(MPI_Recv(rb, -1, MPI_INT, peer, 1, W, MPI_STATUS_IGNORE), MPI_ERR_COUNT);
    req = (MPI_Request)&req;
    EXPECT(MPI_Isend(sb, -1, MPI_INT, peer, 1, W, &req), MPI_ERR_COUNT);
    CHECK(req == MPI_REQUEST_NULL, "MPI_Isend with count -1 leaves *request = MPI_REQUEST_NULL");
    EXPECT(MPI_Send(sb, 1, MPI_INT, size, 1, W), MPI_ERR_RANK);
    EXPECT(MPI_Send(sb, 1, MPI_INT, MPI_ANY_SOURCE, 1, W), MPI_ERR_RANK);
    EXPECT(MPI_Recv(rb, 1, MPI_INT, -7, 1, W, MPI_STATUS_IGNORE), MPI_ERR_RANK);
    EXPECT(MPI_Send(sb, 1, MPI_INT, peer, -5, W), MPI_ERR_TAG);
    EXPECT(MPI_Send(sb, 1, MPI_INT, peer, MPI_ANY_TAG, W), MPI_ERR_TAG);
    EXPECT(MPI_Send(sb, 1, MPI_DATATYPE_NULL, peer, 1, W), MPI_ERR_TYPE);
    EXPECT(MPI_Send(sb, 1, MPI_INT, peer, 1, MPI_COMM_NULL), MPI_ERR_COMM);
    req = (MPI_Request)&req;
    EXPECT(MPI_Irecv(rb, 1, MPI_INT, peer, 1, MPI_COMM_NULL, &req), MPI_ERR_COMM);
    CHECK(req == MPI_REQUEST_NULL, "MPI_Irecv on MPI_COMM_NULL leaves MPI_REQUEST_NULL");
    /* NULL request outputs */
    EXPECT(MPI_Isend(sb, 1, MPI_INT, peer, 1, W, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Irecv(rb, 1, MPI_INT, peer, 1, W, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Issend(sb, 1, MPI_INT, peer, 1, W, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Send_init(sb, 1, MPI_INT, peer, 1, W, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Recv_init(rb, 1, MPI_INT, peer, 1, W, NULL), MPI_ERR_ARG);
}

static void test_requests(void)
{
    MPI_Request reqs[2] = {MPI_REQUEST_NULL, MPI_REQUEST_NULL};
    MPI_Status status;
    int flag = 0, index = 0, outcount = 0, value = 0;

    EXPECT(MPI_Wait(NULL, MPI_STATUS_IGNORE), MPI_ERR_ARG);
    EXPECT(MPI_Test(NULL, &flag, MPI_STATUS_IGNORE), MPI_ERR_ARG);
    EXPECT(MPI_Test(&reqs[0], NULL, MPI_STATUS_IGNORE), MPI_ERR_ARG);
    EXPECT(MPI_Waitall(-1, reqs, MPI_STATUSES_IGNORE), MPI_ERR_COUNT);
    EXPECT(MPI_Waitall(2, NULL, MPI_STATUSES_IGNORE), MPI_ERR_ARG);
    EXPECT(MPI_Testall(2, NULL, &flag, MPI_STATUSES_IGNORE), MPI_ERR_ARG);
    EXPECT(MPI_Testall(2, reqs, NULL, MPI_STATUSES_IGNORE), MPI_ERR_ARG);
    EXPECT(MPI_Waitany(2, NULL, &index, MPI_STATUS_IGNORE), MPI_ERR_ARG);
    EXPECT(MPI_Testany(-3, reqs, &index, &flag, MPI_STATUS_IGNORE), MPI_ERR_COUNT);
    EXPECT(MPI_Testany(2, reqs, NULL, &flag, MPI_STATUS_IGNORE), MPI_ERR_ARG);
    EXPECT(MPI_Waitsome(2, NULL, &outcount, NULL, MPI_STATUSES_IGNORE), MPI_ERR_ARG);
    EXPECT(MPI_Waitsome(2, reqs, NULL, NULL, MPI_STATUSES_IGNORE), MPI_ERR_ARG);
    EXPECT(MPI_Testsome(-1, reqs, &outcount, NULL, MPI_STATUSES_IGNORE), MPI_ERR_COUNT);
    EXPECT(MPI_Start(NULL), MPI_ERR_ARG);
    EXPECT(MPI_Start(&reqs[0]), MPI_ERR_REQUEST);
    EXPECT(MPI_Startall(2, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Startall(-1, reqs), MPI_ERR_COUNT);
    EXPECT(MPI_Request_free(NULL), MPI_ERR_ARG);
    EXPECT(MPI_Request_free(&reqs[0]), MPI_ERR_REQUEST);
    EXPECT(MPI_Cancel(NULL), MPI_ERR_ARG);
    memset(&status, 0, sizeof(status));
    EXPECT(MPI_Get_count(NULL, MPI_INT, &value), MPI_ERR_ARG);
    EXPECT(MPI_Get_count(&status, MPI_INT, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Get_count(&status, MPI_DATATYPE_NULL, &value), MPI_ERR_TYPE);
    EXPECT(MPI_Get_elements(NULL, MPI_INT, &value), MPI_ERR_ARG);
    EXPECT(MPI_Get_elements(&status, MPI_INT, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Test_cancelled(NULL, &flag), MPI_ERR_ARG);
    EXPECT(MPI_Iprobe(peer, 1, W, NULL, MPI_STATUS_IGNORE), MPI_ERR_ARG);

    /* conformance: empty arrays may be NULL */
    EXPECT(MPI_Waitall(0, NULL, NULL), MPI_SUCCESS);
    EXPECT(MPI_Waitall(0, NULL, MPI_STATUSES_IGNORE), MPI_SUCCESS);
    flag = 0;
    EXPECT(MPI_Testall(0, NULL, &flag, NULL), MPI_SUCCESS);
    CHECK(flag == 1, "MPI_Testall of nothing: flag %d", flag);
    index = 0;
    EXPECT(MPI_Waitany(0, NULL, &index, MPI_STATUS_IGNORE), MPI_SUCCESS);
    CHECK(index == MPI_UNDEFINED, "MPI_Waitany of nothing: index %d", index);
    flag = 0;
    index = 0;
    EXPECT(MPI_Testany(0, NULL, &index, &flag, MPI_STATUS_IGNORE), MPI_SUCCESS);
    CHECK(flag == 1 && index == MPI_UNDEFINED, "MPI_Testany of nothing: flag %d index %d", flag,
          index);
    outcount = 0;
    EXPECT(MPI_Waitsome(0, NULL, &outcount, NULL, NULL), MPI_SUCCESS);
    CHECK(outcount == MPI_UNDEFINED, "MPI_Waitsome of nothing: outcount %d", outcount);
    outcount = 0;
    EXPECT(MPI_Testsome(0, NULL, &outcount, NULL, NULL), MPI_SUCCESS);
    CHECK(outcount == MPI_UNDEFINED, "MPI_Testsome of nothing: outcount %d", outcount);
    EXPECT(MPI_Startall(0, NULL), MPI_SUCCESS);
}

/* Whether int i of the buffer is in one of two vectors of 8 blocks of 2 ints, stride 4. */
static int in_vector(int i)
{
    return i < 60 && (i % 30) % 4 < 2;
}

/*
 * Persistent send (standard, then buffered) and receive of a derived type,
 * the type freed before the starts.
 */
static void test_persistent_derived_mode(int buffered)
{
    MPI_Datatype vec;
    MPI_Request reqs[2];
    int *sb = area_buf(&send_area), *rb = area_buf(&recv_area);
    int attached_bytes = 4096 + MPI_BSEND_OVERHEAD, detached_bytes;
    void *attached = malloc((size_t)attached_bytes), *detached;

    if (buffered)
        MPI_Buffer_attach(attached, attached_bytes);
    MPI_Type_vector(8, 2, 4, MPI_INT, &vec); /* extent 30 ints */
    MPI_Type_commit(&vec);
    CHECK((buffered ? MPI_Bsend_init : MPI_Send_init)(sb, 2, vec, peer, 5, W, &reqs[0]) ==
              MPI_SUCCESS,
          "MPI_%ssend_init", buffered ? "B" : "");
    CHECK(MPI_Recv_init(rb, 2, vec, peer, 5, W, &reqs[1]) == MPI_SUCCESS, "MPI_Recv_init");
    MPI_Type_free(&vec); /* the requests keep using it */
    for (int round = 0; round < 3; round++) {
        int ok = 1;
        for (int i = 0; i < ELEMS; i++)
            sb[i] = 1000 * rank + 100 * round + i;
        area_reset(&recv_area);
        CHECK(MPI_Startall(2, reqs) == MPI_SUCCESS, "MPI_Startall round %d", round);
        CHECK(MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE) == MPI_SUCCESS, "MPI_Waitall round %d",
              round);
        for (int i = 0; i < ELEMS; i++)
            if (in_vector(i) ? rb[i] != 1000 * peer + 100 * round + i
                             : !area_untouched(&recv_area, GUARD + i * sizeof(int),
                                               GUARD + (i + 1) * sizeof(int)))
                ok = 0;
        CHECK(ok && guards_intact(&recv_area, ELEMS * sizeof(int)),
              "persistent derived send round %d: data or gaps wrong", round);
    }
    MPI_Request_free(&reqs[0]);
    MPI_Request_free(&reqs[1]);
    if (buffered)
        MPI_Buffer_detach(&detached, &detached_bytes);
    free(attached);
    area_reset(&send_area);
    area_reset(&recv_area);
}

static void test_persistent_derived(void)
{
    test_persistent_derived_mode(0);
    test_persistent_derived_mode(1);
}

/* MPI_BOTTOM (NULL) with types of absolute addresses must keep working. */
static void test_bottom(void)
{
    struct {
        int i;
        double d;
    } out = {10 + rank, 0.5 + rank}, in = {-1, -1.0};
    int blocks[2] = {1, 1}, ints_out[3] = {rank, 2 * rank, 3 * rank}, ints_in[3] = {-1, -1, -1};
    MPI_Aint addrs[2], hdispls[3];
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, sout, sin, hout, hin;
    int hblocks[3] = {1, 1, 1}, bval = rank == 0 ? 77 : -1;
    MPI_Request req;

    MPI_Get_address(&out.i, &addrs[0]);
    MPI_Get_address(&out.d, &addrs[1]);
    MPI_Type_create_struct(2, blocks, addrs, types, &sout);
    MPI_Get_address(&in.i, &addrs[0]);
    MPI_Get_address(&in.d, &addrs[1]);
    MPI_Type_create_struct(2, blocks, addrs, types, &sin);
    MPI_Type_commit(&sout);
    MPI_Type_commit(&sin);
    EXPECT(MPI_Sendrecv(MPI_BOTTOM, 1, sout, peer, 2, MPI_BOTTOM, 1, sin, peer, 2, W,
                        MPI_STATUS_IGNORE),
           MPI_SUCCESS);
    CHECK(in.i == 10 + peer && in.d == 0.5 + peer, "MPI_BOTTOM struct sendrecv: %d %g", in.i,
          in.d);
    in.i = -1;
    EXPECT(MPI_Irecv(MPI_BOTTOM, 1, sin, peer, 3, W, &req), MPI_SUCCESS);
    EXPECT(MPI_Send(MPI_BOTTOM, 1, sout, peer, 3, W), MPI_SUCCESS);
    EXPECT(MPI_Wait(&req, MPI_STATUS_IGNORE), MPI_SUCCESS);
    CHECK(in.i == 10 + peer, "MPI_BOTTOM struct isend/irecv: %d", in.i);
    for (int k = 0; k < 3; k++)
        MPI_Get_address(&ints_out[k], &hdispls[k]);
    MPI_Type_create_hindexed(3, hblocks, hdispls, MPI_INT, &hout);
    for (int k = 0; k < 3; k++)
        MPI_Get_address(&ints_in[k], &hdispls[k]);
    MPI_Type_create_hindexed(3, hblocks, hdispls, MPI_INT, &hin);
    MPI_Type_commit(&hout);
    MPI_Type_commit(&hin);
    EXPECT(MPI_Sendrecv(MPI_BOTTOM, 1, hout, peer, 4, MPI_BOTTOM, 1, hin, peer, 4, W,
                        MPI_STATUS_IGNORE),
           MPI_SUCCESS);
    CHECK(ints_in[0] == peer && ints_in[2] == 3 * peer, "MPI_BOTTOM hindexed sendrecv");
    /* a collective from MPI_BOTTOM */
    MPI_Get_address(&bval, &hdispls[0]);
    MPI_Type_free(&hin);
    MPI_Type_create_hindexed(1, hblocks, hdispls, MPI_INT, &hin);
    MPI_Type_commit(&hin);
    EXPECT(MPI_Bcast(MPI_BOTTOM, 1, hin, 0, W), MPI_SUCCESS);
    CHECK(bval == 77, "MPI_Bcast from MPI_BOTTOM: %d", bval);
    MPI_Type_free(&sout);
    MPI_Type_free(&sin);
    MPI_Type_free(&hout);
    MPI_Type_free(&hin);
}

static void test_conformance(void)
{
    MPI_Request req = (MPI_Request)&req;
    MPI_Status status;
    char name[MPI_MAX_OBJECT_NAME];
    int len = 0, dims[3], count = -1, keyval;
    MPI_Group world_group;
    MPI_Comm dup = MPI_COMM_WORLD, attr_comm;
    int ranks1[3] = {MPI_PROC_NULL, 0, MPI_PROC_NULL}, ranks2[3] = {5, 5, 5};
    struct {
        float f;
        int i;
    } fi_out[3] = {{1, 1}, {2, 2}, {3, 3}}, fi_in[3];
    struct {
        double d;
        int i;
    } di_out[3] = {{1, 1}, {2, 2}, {3, 3}}, di_in[3];
    int two_out[6] = {1, 2, 3, 4, 5, 6}, two_in[6];

    /* a receive of nothing from nobody: the type does not matter */
    EXPECT(MPI_Irecv(NULL, 0, MPI_DATATYPE_NULL, MPI_PROC_NULL, 0, W, &req), MPI_SUCCESS);
    EXPECT(MPI_Wait(&req, &status), MPI_SUCCESS);
    CHECK(req == MPI_REQUEST_NULL && status.MPI_SOURCE == MPI_PROC_NULL,
          "MPI_Irecv from MPI_PROC_NULL of MPI_DATATYPE_NULL");
    /* MPI_Get_elements counts both members of a pair */
    EXPECT(MPI_Sendrecv(fi_out, 3, MPI_FLOAT_INT, peer, 6, fi_in, 3, MPI_FLOAT_INT, peer, 6, W,
                        &status),
           MPI_SUCCESS);
    EXPECT(MPI_Get_elements(&status, MPI_FLOAT_INT, &count), MPI_SUCCESS);
    CHECK(count == 6, "MPI_Get_elements of 3 MPI_FLOAT_INT: %d", count);
    EXPECT(MPI_Get_count(&status, MPI_FLOAT_INT, &count), MPI_SUCCESS);
    CHECK(count == 3, "MPI_Get_count of 3 MPI_FLOAT_INT: %d", count);
    EXPECT(MPI_Sendrecv(di_out, 3, MPI_DOUBLE_INT, peer, 6, di_in, 3, MPI_DOUBLE_INT, peer, 6, W,
                        &status),
           MPI_SUCCESS);
    EXPECT(MPI_Get_elements(&status, MPI_DOUBLE_INT, &count), MPI_SUCCESS);
    CHECK(count == 6 && di_in[2].d == 3.0 && di_in[2].i == 3,
          "MPI_Get_elements of 3 MPI_DOUBLE_INT: %d", count);
    EXPECT(MPI_Sendrecv(two_out, 2, MPI_2INT, peer, 6, two_in, 3, MPI_2INT, peer, 6, W, &status),
           MPI_SUCCESS);
    EXPECT(MPI_Get_elements(&status, MPI_2INT, &count), MPI_SUCCESS);
    CHECK(count == 4, "MPI_Get_elements of 2 MPI_2INT: %d", count);
    EXPECT(MPI_Get_elements(&status, MPI_INT, &count), MPI_SUCCESS);
    CHECK(count == 4, "MPI_Get_elements of 2 MPI_2INT as MPI_INT: %d", count);
    /* the null communicator's name */
    EXPECT(MPI_Comm_get_name(MPI_COMM_NULL, name, &len), MPI_SUCCESS);
    CHECK(!strcmp(name, "MPI_COMM_NULL") && len == 13, "name of MPI_COMM_NULL: '%s'", name);
    /* balanced dimensions, non-increasing */
    dims[0] = dims[1] = 0;
    EXPECT(MPI_Dims_create(420, 2, dims), MPI_SUCCESS);
    CHECK(dims[0] == 21 && dims[1] == 20, "MPI_Dims_create(420, 2): %d x %d", dims[0], dims[1]);
    dims[0] = dims[1] = dims[2] = 0;
    EXPECT(MPI_Dims_create(420, 3, dims), MPI_SUCCESS);
    CHECK(dims[0] == 10 && dims[1] == 7 && dims[2] == 6, "MPI_Dims_create(420, 3): %d %d %d",
          dims[0], dims[1], dims[2]);
    dims[0] = 0, dims[1] = 3, dims[2] = 0;
    EXPECT(MPI_Dims_create(36, 3, dims), MPI_SUCCESS);
    CHECK(dims[0] == 4 && dims[1] == 3 && dims[2] == 3, "MPI_Dims_create(36, {0,3,0}): %d %d %d",
          dims[0], dims[1], dims[2]);
    dims[0] = dims[1] = dims[2] = 0;
    EXPECT(MPI_Dims_create(1024, 3, dims), MPI_SUCCESS);
    CHECK(dims[0] == 16 && dims[1] == 8 && dims[2] == 8, "MPI_Dims_create(1024, 3): %d %d %d",
          dims[0], dims[1], dims[2]);
    /* MPI_PROC_NULL translates to itself */
    MPI_Comm_group(W, &world_group);
    EXPECT(MPI_Group_translate_ranks(world_group, 3, ranks1, world_group, ranks2), MPI_SUCCESS);
    CHECK(ranks2[0] == MPI_PROC_NULL && ranks2[1] == 0 && ranks2[2] == MPI_PROC_NULL,
          "MPI_Group_translate_ranks of MPI_PROC_NULL: %d %d %d", ranks2[0], ranks2[1],
          ranks2[2]);
    ranks2[0] = 5;
    EXPECT(MPI_Group_translate_ranks(world_group, 1, ranks1, MPI_GROUP_EMPTY, ranks2),
           MPI_SUCCESS);
    CHECK(ranks2[0] == MPI_PROC_NULL, "MPI_PROC_NULL into MPI_GROUP_EMPTY: %d", ranks2[0]);
    MPI_Group_free(&world_group);
    /* a failing copy callback fails MPI_Comm_dup */
    MPI_Comm_dup(W, &attr_comm);
    MPI_Comm_set_errhandler(attr_comm, MPI_ERRORS_RETURN);
    MPI_Comm_create_keyval(copy_fails, MPI_COMM_NULL_DELETE_FN, &keyval, NULL);
    MPI_Comm_set_attr(attr_comm, keyval, &len);
    EXPECT(MPI_Comm_dup(attr_comm, &dup), MPI_ERR_OTHER);
    CHECK(dup == MPI_COMM_NULL, "failed MPI_Comm_dup leaves *newcomm = MPI_COMM_NULL");
    MPI_Comm_delete_attr(attr_comm, keyval);
    MPI_Comm_free_keyval(&keyval);
    MPI_Comm_free(&attr_comm);
}

/* Collectives: erroneous on every rank alike (W), or root-only errors on S. */
static void test_collectives(void)
{
    void *sb = area_buf(&send_area), *rb = area_buf(&recv_area);
    int counts[2] = {1, 1}, displs[2] = {0, 1}, negative[2] = {1, -1}, one = 1, minus = -1;
    int zero = 0;

    EXPECT(MPI_Barrier(MPI_COMM_NULL), MPI_ERR_COMM);
    EXPECT(MPI_Bcast(NULL, 4, MPI_INT, 0, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Bcast(sb, -1, MPI_INT, 0, W), MPI_ERR_COUNT);
    EXPECT(MPI_Bcast(sb, 1, MPI_INT, -1, W), MPI_ERR_ROOT);
    EXPECT(MPI_Bcast(sb, 1, MPI_INT, size, W), MPI_ERR_ROOT);
    EXPECT(MPI_Bcast(sb, 1, MPI_DATATYPE_NULL, 0, W), MPI_ERR_TYPE);
    EXPECT(MPI_Bcast(sb, 1, MPI_INT, 0, MPI_COMM_NULL), MPI_ERR_COMM);
    /* reductions */
    EXPECT(MPI_Allreduce(NULL, rb, 4, MPI_INT, MPI_SUM, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Allreduce(sb, NULL, 4, MPI_INT, MPI_SUM, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Allreduce(MPI_IN_PLACE, MPI_IN_PLACE, 4, MPI_INT, MPI_SUM, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Allreduce(sb, MPI_IN_PLACE, 4, MPI_INT, MPI_SUM, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Allreduce(sb, rb, -2, MPI_INT, MPI_SUM, W), MPI_ERR_COUNT);
    EXPECT(MPI_Allreduce(sb, sb, 4, MPI_INT, MPI_SUM, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Reduce(rb, rb, 4, MPI_INT, MPI_SUM, 0, S), MPI_ERR_BUFFER);
    EXPECT(MPI_Scan(sb, sb, 4, MPI_INT, MPI_SUM, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Reduce_scatter(rb, rb, counts, MPI_INT, MPI_SUM, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Allreduce(sb, rb, 1, MPI_INT, MPI_OP_NULL, W), MPI_ERR_OP);
    EXPECT(MPI_Allreduce(sb, rb, 1, MPI_DATATYPE_NULL, MPI_SUM, W), MPI_ERR_TYPE);
    EXPECT(MPI_Reduce(sb, rb, 4, MPI_INT, MPI_SUM, -1, W), MPI_ERR_ROOT);
    EXPECT(MPI_Reduce(sb, rb, 4, MPI_INT, MPI_SUM, size, W), MPI_ERR_ROOT);
    EXPECT(MPI_Reduce(sb, rb, -1, MPI_INT, MPI_SUM, 0, W), MPI_ERR_COUNT);
    EXPECT(MPI_Reduce(NULL, rb, 4, MPI_INT, MPI_SUM, 0, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Reduce(MPI_IN_PLACE, MPI_IN_PLACE, 4, MPI_INT, MPI_SUM, 0, S), MPI_ERR_BUFFER);
    EXPECT(MPI_Reduce(sb, NULL, 4, MPI_INT, MPI_SUM, 0, S), MPI_ERR_BUFFER);
    EXPECT(MPI_Reduce(sb, MPI_IN_PLACE, 4, MPI_INT, MPI_SUM, 0, S), MPI_ERR_BUFFER);
    EXPECT(MPI_Scan(MPI_IN_PLACE, MPI_IN_PLACE, 4, MPI_INT, MPI_SUM, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Scan(sb, NULL, 4, MPI_INT, MPI_SUM, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Scan(sb, rb, -1, MPI_INT, MPI_SUM, W), MPI_ERR_COUNT);
    EXPECT(MPI_Exscan(NULL, rb, 4, MPI_INT, MPI_SUM, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Exscan(MPI_IN_PLACE, MPI_IN_PLACE, 4, MPI_INT, MPI_SUM, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Reduce_scatter(sb, rb, NULL, MPI_INT, MPI_SUM, W), MPI_ERR_ARG);
    EXPECT(MPI_Reduce_scatter(sb, rb, negative, MPI_INT, MPI_SUM, W), MPI_ERR_COUNT);
    EXPECT(MPI_Reduce_scatter(MPI_IN_PLACE, MPI_IN_PLACE, counts, MPI_INT, MPI_SUM, W),
           MPI_ERR_BUFFER);
    EXPECT(MPI_Reduce_scatter(NULL, rb, counts, MPI_INT, MPI_SUM, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Reduce_scatter_block(sb, rb, -1, MPI_INT, MPI_SUM, W), MPI_ERR_COUNT);
    EXPECT(MPI_Reduce_scatter_block(sb, NULL, 2, MPI_INT, MPI_SUM, W), MPI_ERR_BUFFER);
    /* gather and scatter: root-only errors on MPI_COMM_SELF */
    EXPECT(MPI_Gather(sb, 1, MPI_INT, rb, 1, MPI_INT, 2 + size, W), MPI_ERR_ROOT);
    EXPECT(MPI_Gather(sb, 1, MPI_INT, rb, 1, MPI_INT, 1, S), MPI_ERR_ROOT);
    EXPECT(MPI_Gather(MPI_IN_PLACE, 1, MPI_INT, MPI_IN_PLACE, 1, MPI_INT, 0, S), MPI_ERR_BUFFER);
    EXPECT(MPI_Gather(NULL, 1, MPI_INT, rb, 1, MPI_INT, 0, S), MPI_ERR_BUFFER);
    EXPECT(MPI_Gather(sb, 1, MPI_INT, NULL, 1, MPI_INT, 0, S), MPI_ERR_BUFFER);
    EXPECT(MPI_Gather(sb, -1, MPI_INT, rb, 1, MPI_INT, 0, S), MPI_ERR_COUNT);
    EXPECT(MPI_Gather(sb, 1, MPI_INT, rb, -1, MPI_INT, 0, S), MPI_ERR_COUNT);
    EXPECT(MPI_Gather(NULL, 2, MPI_INT, rb, 2, MPI_INT, 0, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Gatherv(sb, 1, MPI_INT, rb, NULL, displs, MPI_INT, 0, S), MPI_ERR_ARG);
    EXPECT(MPI_Gatherv(sb, 1, MPI_INT, rb, counts, NULL, MPI_INT, 0, S), MPI_ERR_ARG);
    EXPECT(MPI_Gatherv(sb, 1, MPI_INT, rb, &minus, displs, MPI_INT, 0, S), MPI_ERR_COUNT);
    EXPECT(MPI_Gatherv(sb, 1, MPI_INT, NULL, &one, displs, MPI_INT, 0, S), MPI_ERR_BUFFER);
    EXPECT(MPI_Gatherv(MPI_IN_PLACE, 1, MPI_INT, MPI_IN_PLACE, &one, displs, MPI_INT, 0, S),
           MPI_ERR_BUFFER);
    EXPECT(MPI_Scatter(MPI_IN_PLACE, 1, MPI_INT, rb, 1, MPI_INT, 0, S), MPI_ERR_BUFFER);
    EXPECT(MPI_Scatter(NULL, 1, MPI_INT, rb, 1, MPI_INT, 0, S), MPI_ERR_BUFFER);
    EXPECT(MPI_Scatter(sb, 1, MPI_INT, NULL, 1, MPI_INT, 0, S), MPI_ERR_BUFFER);
    EXPECT(MPI_Scatter(sb, -1, MPI_INT, rb, 1, MPI_INT, 0, S), MPI_ERR_COUNT);
    EXPECT(MPI_Scatter(sb, 1, MPI_INT, rb, -1, MPI_INT, 0, S), MPI_ERR_COUNT);
    EXPECT(MPI_Scatter(sb, 1, MPI_INT, rb, 1, MPI_INT, -1, W), MPI_ERR_ROOT);
    EXPECT(MPI_Scatterv(sb, NULL, displs, MPI_INT, rb, 1, MPI_INT, 0, S), MPI_ERR_ARG);
    EXPECT(MPI_Scatterv(sb, &minus, displs, MPI_INT, rb, 1, MPI_INT, 0, S), MPI_ERR_COUNT);
    EXPECT(MPI_Scatterv(NULL, &one, displs, MPI_INT, rb, 1, MPI_INT, 0, S), MPI_ERR_BUFFER);
    EXPECT(MPI_Scatterv(MPI_IN_PLACE, &one, displs, MPI_INT, rb, 1, MPI_INT, 0, S),
           MPI_ERR_BUFFER);
    /* everyone gets everything */
    EXPECT(MPI_Allgather(sb, 1, MPI_INT, MPI_IN_PLACE, 1, MPI_INT, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Allgather(MPI_IN_PLACE, 1, MPI_INT, MPI_IN_PLACE, 1, MPI_INT, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Allgather(NULL, 1, MPI_INT, rb, 1, MPI_INT, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Allgather(sb, 1, MPI_INT, NULL, 1, MPI_INT, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Allgather(sb, -1, MPI_INT, rb, 1, MPI_INT, W), MPI_ERR_COUNT);
    EXPECT(MPI_Allgather(sb, 1, MPI_INT, rb, -1, MPI_INT, W), MPI_ERR_COUNT);
    EXPECT(MPI_Allgatherv(sb, 1, MPI_INT, rb, NULL, displs, MPI_INT, W), MPI_ERR_ARG);
    EXPECT(MPI_Allgatherv(sb, 1, MPI_INT, rb, counts, NULL, MPI_INT, W), MPI_ERR_ARG);
    EXPECT(MPI_Allgatherv(sb, 1, MPI_INT, rb, negative, displs, MPI_INT, W), MPI_ERR_COUNT);
    EXPECT(MPI_Allgatherv(sb, 1, MPI_INT, NULL, counts, displs, MPI_INT, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Alltoall(sb, 1, MPI_INT, MPI_IN_PLACE, 1, MPI_INT, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Alltoall(NULL, 1, MPI_INT, rb, 1, MPI_INT, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Alltoall(sb, 1, MPI_INT, NULL, 1, MPI_INT, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Alltoall(sb, -1, MPI_INT, rb, 1, MPI_INT, W), MPI_ERR_COUNT);
    EXPECT(MPI_Alltoall(sb, 1, MPI_INT, rb, 1, MPI_DATATYPE_NULL, W), MPI_ERR_TYPE);
    EXPECT(MPI_Alltoallv(sb, NULL, displs, MPI_INT, rb, counts, displs, MPI_INT, W), MPI_ERR_ARG);
    EXPECT(MPI_Alltoallv(sb, counts, displs, MPI_INT, rb, counts, NULL, MPI_INT, W), MPI_ERR_ARG);
    EXPECT(MPI_Alltoallv(sb, negative, displs, MPI_INT, rb, counts, displs, MPI_INT, W),
           MPI_ERR_COUNT);
    EXPECT(MPI_Alltoallv(sb, counts, displs, MPI_INT, NULL, counts, displs, MPI_INT, W),
           MPI_ERR_BUFFER);
    /* count 0 with NULL buffers is fine */
    EXPECT(MPI_Bcast(NULL, 0, MPI_INT, 0, W), MPI_SUCCESS);
    EXPECT(MPI_Allreduce(NULL, NULL, 0, MPI_INT, MPI_SUM, W), MPI_SUCCESS);
    EXPECT(MPI_Allgather(NULL, 0, MPI_INT, NULL, 0, MPI_INT, W), MPI_SUCCESS);
    EXPECT(MPI_Gatherv(NULL, 0, MPI_INT, NULL, &zero, displs, MPI_INT, 0, S), MPI_SUCCESS);
}

static void test_datatypes(void)
{
    int lens[2] = {1, 1}, displs[2] = {0, 2}, size_out, len, n;
    MPI_Aint adispls[2] = {0, 8}, lb, extent, addr;
    MPI_Datatype types[2] = {MPI_INT, MPI_DOUBLE}, bad_types[2] = {MPI_INT, MPI_DATATYPE_NULL};
    MPI_Datatype t, predefined = MPI_INT;
    int sizes[1] = {4}, subsizes[1] = {2}, starts[1] = {0}, position = 0;
    char name[MPI_MAX_OBJECT_NAME], packed[64];

    t = MPI_INT;
    EXPECT(MPI_Type_contiguous(-1, MPI_INT, &t), MPI_ERR_COUNT);
    CHECK(t == MPI_DATATYPE_NULL, "failed MPI_Type_contiguous leaves MPI_DATATYPE_NULL");
    t = MPI_INT;
    EXPECT(MPI_Type_contiguous(2, MPI_DATATYPE_NULL, &t), MPI_ERR_TYPE);
    CHECK(t == MPI_DATATYPE_NULL, "MPI_Type_contiguous of MPI_DATATYPE_NULL leaves it NULL");
    EXPECT(MPI_Type_contiguous(2, MPI_INT, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Type_vector(-1, 1, 1, MPI_INT, &t), MPI_ERR_COUNT);
    EXPECT(MPI_Type_vector(2, 1, 1, MPI_INT, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Type_create_hvector(-1, 1, 8, MPI_INT, &t), MPI_ERR_COUNT);
    EXPECT(MPI_Type_indexed(-1, lens, displs, MPI_INT, &t), MPI_ERR_COUNT);
    EXPECT(MPI_Type_indexed(2, NULL, displs, MPI_INT, &t), MPI_ERR_ARG);
    EXPECT(MPI_Type_indexed(2, lens, NULL, MPI_INT, &t), MPI_ERR_ARG);
    EXPECT(MPI_Type_create_hindexed(-1, lens, adispls, MPI_INT, &t), MPI_ERR_COUNT);
    EXPECT(MPI_Type_create_hindexed(2, lens, NULL, MPI_INT, &t), MPI_ERR_ARG);
    EXPECT(MPI_Type_create_indexed_block(-1, 1, displs, MPI_INT, &t), MPI_ERR_COUNT);
    EXPECT(MPI_Type_create_indexed_block(2, 1, NULL, MPI_INT, &t), MPI_ERR_ARG);
    EXPECT(MPI_Type_create_hindexed_block(-1, 1, adispls, MPI_INT, &t), MPI_ERR_COUNT);
    EXPECT(MPI_Type_create_hindexed_block(2, 1, NULL, MPI_INT, &t), MPI_ERR_ARG);
    t = MPI_INT;
    EXPECT(MPI_Type_create_struct(2, NULL, adispls, types, &t), MPI_ERR_ARG);
    CHECK(t == MPI_DATATYPE_NULL, "failed MPI_Type_create_struct leaves MPI_DATATYPE_NULL");
    EXPECT(MPI_Type_create_struct(2, lens, NULL, types, &t), MPI_ERR_ARG);
    EXPECT(MPI_Type_create_struct(2, lens, adispls, NULL, &t), MPI_ERR_ARG);
    EXPECT(MPI_Type_create_struct(-1, lens, adispls, types, &t), MPI_ERR_COUNT);
    EXPECT(MPI_Type_create_struct(2, lens, adispls, bad_types, &t), MPI_ERR_TYPE);
    EXPECT(MPI_Type_create_struct(2, lens, adispls, types, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Type_create_subarray(1, NULL, subsizes, starts, MPI_ORDER_C, MPI_INT, &t),
           MPI_ERR_ARG);
    EXPECT(MPI_Type_create_subarray(1, sizes, subsizes, starts, MPI_ORDER_C, MPI_INT, NULL),
           MPI_ERR_ARG);
    EXPECT(MPI_Type_create_resized(MPI_DATATYPE_NULL, 0, 8, &t), MPI_ERR_TYPE);
    EXPECT(MPI_Type_dup(MPI_INT, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Type_dup(MPI_DATATYPE_NULL, &t), MPI_ERR_TYPE);
    EXPECT(MPI_Type_commit(NULL), MPI_ERR_ARG);
    EXPECT(MPI_Type_free(NULL), MPI_ERR_ARG);
    EXPECT(MPI_Type_free(&predefined), MPI_ERR_TYPE);
    EXPECT(MPI_Type_size(MPI_INT, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Type_size(MPI_DATATYPE_NULL, &size_out), MPI_ERR_TYPE);
    EXPECT(MPI_Type_get_extent(MPI_INT, NULL, &extent), MPI_ERR_ARG);
    EXPECT(MPI_Type_get_extent(MPI_INT, &lb, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Type_get_true_extent(MPI_INT, NULL, &extent), MPI_ERR_ARG);
    EXPECT(MPI_Type_get_name(MPI_INT, NULL, &len), MPI_ERR_ARG);
    EXPECT(MPI_Type_get_name(MPI_INT, name, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Type_set_name(MPI_INT, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Type_get_envelope(MPI_INT, NULL, &n, &n, &n), MPI_ERR_ARG);
    EXPECT(MPI_Get_address(&n, NULL), MPI_ERR_ARG);
    (void)addr;
    EXPECT(MPI_Pack_size(-1, MPI_INT, W, &size_out), MPI_ERR_COUNT);
    EXPECT(MPI_Pack_size(1, MPI_INT, W, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Pack(NULL, 4, MPI_INT, packed, sizeof(packed), &position, W), MPI_ERR_BUFFER);
    EXPECT(MPI_Pack(&n, 1, MPI_INT, packed, sizeof(packed), NULL, W), MPI_ERR_ARG);
    EXPECT(MPI_Unpack(packed, sizeof(packed), &position, NULL, 4, MPI_INT, W), MPI_ERR_BUFFER);
    CHECK(position == 0, "failed MPI_Pack/MPI_Unpack moved position to %d", position);
}

static void test_groups_comms(void)
{
    MPI_Group world_group, g = MPI_GROUP_EMPTY;
    MPI_Comm c = MPI_COMM_WORLD, world = MPI_COMM_WORLD;
    int bad[2] = {0, 0}, out_of_range[1] = {7}, negative[1] = {-1}, ranks2[1], result, value;
    char name[MPI_MAX_OBJECT_NAME], text[MPI_MAX_ERROR_STRING];
    int len;

    MPI_Comm_group(W, &world_group);
    EXPECT(MPI_Group_incl(world_group, 1, out_of_range, &g), MPI_ERR_RANK);
    CHECK(g == MPI_GROUP_NULL, "failed MPI_Group_incl leaves *newgroup = MPI_GROUP_NULL");
    EXPECT(MPI_Group_incl(world_group, 1, negative, &g), MPI_ERR_RANK);
    EXPECT(MPI_Group_incl(world_group, 2, bad, &g), MPI_ERR_RANK);
    EXPECT(MPI_Group_incl(world_group, -1, bad, &g), MPI_ERR_ARG);
    EXPECT(MPI_Group_incl(world_group, size + 1, bad, &g), MPI_ERR_ARG);
    EXPECT(MPI_Group_incl(world_group, 1, NULL, &g), MPI_ERR_ARG);
    EXPECT(MPI_Group_incl(world_group, 1, bad, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Group_incl(MPI_GROUP_NULL, 1, bad, &g), MPI_ERR_GROUP);
    EXPECT(MPI_Group_excl(world_group, 1, out_of_range, &g), MPI_ERR_RANK);
    EXPECT(MPI_Group_excl(world_group, 2, bad, &g), MPI_ERR_RANK);
    EXPECT(MPI_Group_translate_ranks(world_group, 1, out_of_range, world_group, ranks2),
           MPI_ERR_RANK);
    EXPECT(MPI_Group_translate_ranks(world_group, 1, bad, world_group, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Group_size(world_group, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Group_size(MPI_GROUP_NULL, &value), MPI_ERR_GROUP);
    EXPECT(MPI_Group_rank(world_group, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Group_compare(world_group, world_group, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Group_free(NULL), MPI_ERR_ARG);
    EXPECT(MPI_Group_incl(MPI_GROUP_EMPTY, 0, NULL, &g), MPI_SUCCESS);
    CHECK(g == MPI_GROUP_EMPTY, "MPI_Group_incl of nothing is MPI_GROUP_EMPTY");
    MPI_Group_free(&world_group);
    /* communicators */
    EXPECT(MPI_Comm_rank(W, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Comm_size(W, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Comm_rank(MPI_COMM_NULL, &value), MPI_ERR_COMM);
    EXPECT(MPI_Comm_size(MPI_COMM_NULL, &value), MPI_ERR_COMM);
    EXPECT(MPI_Comm_dup(W, NULL), MPI_ERR_ARG);
    c = W;
    EXPECT(MPI_Comm_dup(MPI_COMM_NULL, &c), MPI_ERR_COMM);
    c = W;
    EXPECT(MPI_Comm_split(W, -5, 0, &c), MPI_ERR_ARG);
    CHECK(c == MPI_COMM_NULL, "failed MPI_Comm_split leaves *newcomm = MPI_COMM_NULL");
    EXPECT(MPI_Comm_split(W, 0, 0, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Comm_create(W, MPI_GROUP_NULL, &c), MPI_ERR_GROUP);
    EXPECT(MPI_Comm_compare(W, W, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Comm_group(W, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Comm_get_name(W, NULL, &len), MPI_ERR_ARG);
    EXPECT(MPI_Comm_get_name(W, name, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Comm_set_name(W, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Comm_free(NULL), MPI_ERR_ARG);
    EXPECT(MPI_Comm_free(&world), MPI_ERR_COMM);
    EXPECT(MPI_Comm_get_errhandler(W, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Dims_create(6, 2, NULL), MPI_ERR_ARG);
    /* error codes and strings */
    EXPECT(MPI_Error_string(MPI_ERR_TYPE, NULL, &len), MPI_ERR_ARG);
    EXPECT(MPI_Error_string(MPI_ERR_TYPE, text, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Error_string(12345, text, &len), MPI_ERR_ARG);
    EXPECT(MPI_Error_string(-3, text, &len), MPI_ERR_ARG);
    EXPECT(MPI_Error_class(-4, &value), MPI_ERR_ARG);
    EXPECT(MPI_Error_class(MPI_ERR_COUNT, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Error_string(MPI_ERR_BUFFER, text, &len), MPI_SUCCESS);
    CHECK(len > 0 && (int)strlen(text) == len, "MPI_Error_string(MPI_ERR_BUFFER): '%s'", text);
    (void)result;
}

/*
 * Mismatched counts: a rank whose arguments describe fewer bytes than it
 * is sent gets MPI_ERR_TRUNCATE and nothing past what its arguments
 * describe is written; the sending ranks succeed. Short messages only
 * (one piece in the node channel), in the line and in a slot.
 */
static void test_truncation(void)
{
    int *sb = area_buf(&send_area), *rb = area_buf(&recv_area);

    for (int n = 8; n <= ELEMS; n *= 8) {
        int rc;
        for (int i = 0; i < ELEMS; i++)
            sb[i] = i;
        area_reset(&recv_area);
        /* the root sends n ints, the other rank expects n / 2 */
        rc = MPI_Bcast(rank == 0 ? (void *)sb : (void *)rb, rank == 0 ? n : n / 2, MPI_INT, 0, W);
        expect_class(rc, rank == 0 ? MPI_SUCCESS : MPI_ERR_TRUNCATE, "MPI_Bcast of n / 2", n);
        CHECK(guards_intact(&recv_area, n / 2 * sizeof(int)), "MPI_Bcast n=%d wrote past", n);
        area_reset(&recv_area);
        /* rank 1 gives n ints, the root expects n / 2 from each */
        rc = MPI_Gather(sb, rank == 0 ? n / 2 : n, MPI_INT, rb, n / 2, MPI_INT, 0, W);
        expect_class(rc, rank == 0 ? MPI_ERR_TRUNCATE : MPI_SUCCESS, "MPI_Gather of n / 2", n);
        CHECK(guards_intact(&recv_area, (size_t)size * n / 2 * sizeof(int)),
              "MPI_Gather n=%d wrote past", n);
        area_reset(&recv_area);
        /* the root scatters n ints to each, rank 1 expects n / 2 */
        rc = MPI_Scatter(sb, n / 2, MPI_INT, rb, rank == 0 ? n / 2 : n / 4, MPI_INT, 0, W);
        expect_class(rc, rank == 0 ? MPI_SUCCESS : MPI_ERR_TRUNCATE, "MPI_Scatter of n / 4", n);
        CHECK(guards_intact(&recv_area, (rank == 0 ? n / 2 : n / 4) * sizeof(int)),
              "MPI_Scatter n=%d wrote past", n);
        area_reset(&recv_area);
        /* rank 1 sends n / 2 ints to each, everyone expects n / 4 (rank 1 from itself too) */
        rc = MPI_Alltoall(sb, rank == 0 ? n / 4 : n / 2, MPI_INT, rb, n / 4, MPI_INT, W);
        expect_class(rc, MPI_ERR_TRUNCATE, "MPI_Alltoall of n / 4", n);
        CHECK(guards_intact(&recv_area, (size_t)size * n / 4 * sizeof(int)),
              "MPI_Alltoall n=%d wrote past", n);
        area_reset(&recv_area);
        /* rank 1 reduces n ints, the root n / 2 */
        rc = MPI_Reduce(sb, rb, rank == 0 ? n / 2 : n, MPI_INT, MPI_SUM, 0, W);
        expect_class(rc, rank == 0 ? MPI_ERR_TRUNCATE : MPI_SUCCESS, "MPI_Reduce of n / 2", n);
        CHECK(guards_intact(&recv_area, n / 2 * sizeof(int)), "MPI_Reduce n=%d wrote past", n);
    }
    /* and the communicator still works for correct calls */
    for (int i = 0; i < 4; i++)
        sb[i] = rank == 0 ? 40 + i : -1;
    CHECK(MPI_Bcast(sb, 4, MPI_INT, 0, W) == MPI_SUCCESS && sb[3] == 43,
          "MPI_Bcast after the truncations: %d", sb[3]);
    area_reset(&send_area);
    area_reset(&recv_area);
}

static void user_sum(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)in, (void)inout, (void)len, (void)type;
}

static void user_handler(MPI_Comm *comm, int *code, ...)
{
    (void)comm, (void)code;
}

/* Info objects, matched probes, memory, error handlers, type contents. */
static void test_misc_outputs(void)
{
    MPI_Info info;
    MPI_Message message = MPI_MESSAGE_NULL;
    MPI_Request req;
    MPI_Datatype vec;
    int flag, value, ints[4];
    MPI_Aint addrs[1];
    MPI_Datatype types[1];
    char text[MPI_MAX_INFO_VAL];

    MPI_Info_create(&info);
    MPI_Info_set(info, "key", "value");
    EXPECT(MPI_Info_get(info, NULL, sizeof(text) - 1, text, &flag), MPI_ERR_ARG);
    EXPECT(MPI_Info_get(info, "key", -1, text, &flag), MPI_ERR_ARG);
    EXPECT(MPI_Info_get(info, "key", sizeof(text) - 1, text, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Info_get_valuelen(info, "key", NULL, &flag), MPI_ERR_ARG);
    EXPECT(MPI_Info_get_valuelen(info, NULL, &value, &flag), MPI_ERR_ARG);
    EXPECT(MPI_Info_get_nkeys(info, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Info_get_nthkey(info, 0, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Info_get_nthkey(info, 1, text), MPI_ERR_ARG);
    EXPECT(MPI_Info_delete(info, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Info_delete(info, "nokey"), MPI_ERR_INFO_NOKEY);
    EXPECT(MPI_Info_set(info, "", "value"), MPI_ERR_INFO_KEY);
    EXPECT(MPI_Info_dup(MPI_INFO_NULL, &info), MPI_ERR_INFO);
    EXPECT(MPI_Info_free(NULL), MPI_ERR_ARG);
    MPI_Info_free(&info);
    /* matched probes */
    EXPECT(MPI_Improbe(peer, 1, W, NULL, &message, MPI_STATUS_IGNORE), MPI_ERR_ARG);
    EXPECT(MPI_Improbe(peer, 1, W, &flag, NULL, MPI_STATUS_IGNORE), MPI_ERR_ARG);
    EXPECT(MPI_Improbe(peer, -3, W, &flag, &message, MPI_STATUS_IGNORE), MPI_ERR_TAG);
    EXPECT(MPI_Imrecv(&value, 1, MPI_INT, NULL, &req), MPI_ERR_ARG);
    EXPECT(MPI_Imrecv(&value, 1, MPI_INT, &message, NULL), MPI_ERR_ARG);
    message = MPI_MESSAGE_NULL;
    EXPECT(MPI_Mrecv(&value, 1, MPI_INT, &message, MPI_STATUS_IGNORE), MPI_ERR_REQUEST);
    /* memory and error handlers */
    EXPECT(MPI_Alloc_mem(8, MPI_INFO_NULL, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Alloc_mem(-8, MPI_INFO_NULL, &text), MPI_ERR_SIZE);
    EXPECT(MPI_Comm_create_errhandler(user_handler, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Comm_create_errhandler(NULL, (MPI_Errhandler *)&value), MPI_ERR_ARG);
    EXPECT(MPI_Errhandler_free(NULL), MPI_ERR_ARG);
    EXPECT(MPI_Comm_set_errhandler(W, MPI_ERRHANDLER_NULL), MPI_ERR_ARG);
    /* contents into NULL arrays */
    MPI_Type_vector(2, 1, 2, MPI_INT, &vec);
    EXPECT(MPI_Type_get_contents(vec, 3, 0, 1, NULL, addrs, types), MPI_ERR_ARG);
    EXPECT(MPI_Type_get_contents(vec, 3, 0, 1, ints, addrs, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Type_get_contents(MPI_INT, 3, 0, 1, ints, addrs, types), MPI_ERR_TYPE);
    MPI_Type_free(&vec);
}

/* Outputs of the environment, topology, operation, info and attribute calls. */
static void test_other_outputs(void)
{
    int dims[1] = {size}, periods[1] = {1}, remain[1] = {1}, coords[1] = {0}, value, len;
    int index[1] = {0}, edges[1] = {0}, sources[1] = {0}, keyval;
    MPI_Comm cart, c = MPI_COMM_WORLD;
    MPI_Op op;
    char name[MPI_MAX_PROCESSOR_NAME];
    void *attr;

    EXPECT(MPI_Initialized(NULL), MPI_ERR_ARG);
    EXPECT(MPI_Finalized(NULL), MPI_ERR_ARG);
    EXPECT(MPI_Query_thread(NULL), MPI_ERR_ARG);
    EXPECT(MPI_Get_version(NULL, &value), MPI_ERR_ARG);
    EXPECT(MPI_Get_processor_name(NULL, &len), MPI_ERR_ARG);
    EXPECT(MPI_Get_processor_name(name, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Op_create(user_sum, 1, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Op_commutative(MPI_SUM, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Op_free(NULL), MPI_ERR_ARG);
    EXPECT(MPI_Reduce_local(NULL, &value, 1, MPI_INT, MPI_SUM), MPI_ERR_BUFFER);
    EXPECT(MPI_Reduce_local(&value, NULL, 1, MPI_INT, MPI_SUM), MPI_ERR_BUFFER);
    EXPECT(MPI_Info_create(NULL), MPI_ERR_ARG);
    EXPECT(MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, NULL, NULL),
           MPI_ERR_ARG);
    EXPECT(MPI_Comm_free_keyval(NULL), MPI_ERR_ARG);
    EXPECT(MPI_Comm_get_attr(W, MPI_TAG_UB, &attr, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Comm_get_attr(W, MPI_TAG_UB, NULL, &value), MPI_ERR_ARG);
    keyval = MPI_KEYVAL_INVALID;
    EXPECT(MPI_Comm_get_attr(W, keyval, &attr, &value), MPI_ERR_KEYVAL);
    /* topologies */
    EXPECT(MPI_Topo_test(W, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Cart_create(W, 1, dims, periods, 0, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Cart_create(W, 1, NULL, periods, 0, &c), MPI_ERR_ARG);
    CHECK(c == MPI_COMM_NULL, "failed MPI_Cart_create leaves *comm_cart = MPI_COMM_NULL");
    EXPECT(MPI_Cart_map(W, 1, dims, periods, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Graph_create(W, 1, index, edges, 0, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Graph_map(W, 1, index, edges, NULL), MPI_ERR_ARG);
    EXPECT(MPI_Dist_graph_create_adjacent(W, 1, sources, MPI_UNWEIGHTED, 1, sources,
                                          MPI_UNWEIGHTED, MPI_INFO_NULL, 0, NULL),
           MPI_ERR_ARG);
    if (MPI_Cart_create(W, 1, dims, periods, 0, &cart) == MPI_SUCCESS) {
        MPI_Comm_set_errhandler(cart, MPI_ERRORS_RETURN);
        EXPECT(MPI_Cartdim_get(cart, NULL), MPI_ERR_ARG);
        EXPECT(MPI_Cart_rank(cart, coords, NULL), MPI_ERR_ARG);
        EXPECT(MPI_Cart_rank(cart, NULL, &value), MPI_ERR_ARG);
        EXPECT(MPI_Cart_coords(cart, 0, 1, NULL), MPI_ERR_ARG);
        EXPECT(MPI_Cart_coords(cart, size, 1, coords), MPI_ERR_RANK);
        EXPECT(MPI_Cart_shift(cart, 0, 1, NULL, &value), MPI_ERR_ARG);
        EXPECT(MPI_Cart_get(cart, 1, NULL, periods, coords), MPI_ERR_ARG);
        EXPECT(MPI_Cart_sub(cart, remain, NULL), MPI_ERR_ARG);
        EXPECT(MPI_Cart_sub(cart, NULL, &c), MPI_ERR_ARG);
        MPI_Comm_free(&cart);
    } else {
        CHECK(0, "MPI_Cart_create of %d", size);
    }
    (void)op;
}

static const struct {
    const char *name;
    void (*run)(void);
} sections[] = {
    {"p2p", test_p2p_buffers},    {"requests", test_requests},
    {"persistent", test_persistent_derived}, {"bottom", test_bottom},
    {"conformance", test_conformance}, {"collectives", test_collectives},
    {"datatypes", test_datatypes}, {"groups_comms", test_groups_comms},
    {"outputs", test_other_outputs}, {"misc", test_misc_outputs},
    {"truncation", test_truncation},
};

/*
 * The messages ("messages" argument, VMPL_LOG_LEVEL=3, one rank): a bad
 * call's under MPI_ERRORS_RETURN, then a call after MPI_Finalize, which
 * aborts the job with its message (it once read "called after
 * MPI_Finalize MPI_Init").
 */
static int run_messages(void)
{
    int r;

    MPI_Comm_set_errhandler(W, MPI_ERRORS_RETURN);
    MPI_Send(NULL, 4, MPI_INT, MPI_PROC_NULL, 1, W);
    MPI_Finalize();
    MPI_Comm_rank(W, &r);
    printf("FAIL: MPI_Comm_rank after MPI_Finalize returned\n");
    return 1;
}

int main(int argc, char **argv)
{
    int total_failures;

    MPI_Init(&argc, &argv);
    if (argc > 1 && !strcmp(argv[1], "messages"))
        return run_messages();
    MPI_Comm_rank(W, &rank);
    MPI_Comm_size(W, &size);
    MPI_Comm_set_errhandler(W, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(S, MPI_ERRORS_RETURN);
    peer = (rank + 1) % size;
    send_area.base = malloc(area_bytes());
    recv_area.base = malloc(area_bytes());
    area_reset(&send_area);
    area_reset(&recv_area);
    for (size_t i = 0; i < sizeof(sections) / sizeof(sections[0]); i++)
        if (argc < 2 || !strcmp(argv[1], sections[i].name)) /* one section: to debug */
            sections[i].run();
    free(send_area.base);
    free(recv_area.base);
    total_failures = check_report("mpi_badinput");
    MPI_Finalize();
    return failures || total_failures ? 1 : 0;
}
