/*
 * Standard semantics that conformance suites check, each against values
 * worked out by hand from MPI-4.1: the predefined C++ datatypes, indexed
 * types with zero-length blocks and structs with empty elements (bounds,
 * pack, receive), and frees deferred while operations still use the
 * object; an unimplemented function reports through the handler of the
 * communicator it names and leaves its outputs null, errors that concern
 * no object go to MPI_COMM_SELF's handler; and the implemented
 * calls no other test makes (Init_thread, Comm_split_type, persistent
 * synchronous and ready sends, Comm_call_errhandler...). Each rank prints
 * "mpi_conform: rank R: N passed, M failed".
 *
 *   test_mpi_conform before-init   calls MPI_Send before MPI_Init: the
 *                                  initial handler must end the process
 *                                  with a message naming the call
 *   test_mpi_conform after-finalize  the same after MPI_Finalize
 */
#include <mpi.h>

#include "check.h"

#include <complex.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static void test_cxx_types(void)
{
    static const struct {
        MPI_Datatype type;
        const char *name;
        int size;
    } cxx[] = {
        {MPI_CXX_BOOL, "MPI_CXX_BOOL", sizeof(bool)},
        {MPI_CXX_FLOAT_COMPLEX, "MPI_CXX_FLOAT_COMPLEX", sizeof(float complex)},
        {MPI_CXX_DOUBLE_COMPLEX, "MPI_CXX_DOUBLE_COMPLEX", sizeof(double complex)},
        {MPI_CXX_LONG_DOUBLE_COMPLEX, "MPI_CXX_LONG_DOUBLE_COMPLEX", sizeof(long double complex)},
    };
    for (size_t i = 0; i < sizeof(cxx) / sizeof(cxx[0]); i++) {
        char name[MPI_MAX_OBJECT_NAME] = "";
        int size = -1, len = 0;
        CHECK(MPI_Type_size(cxx[i].type, &size) == MPI_SUCCESS && size == cxx[i].size,
              "%s: size %d", cxx[i].name, size);
        CHECK(MPI_Type_get_name(cxx[i].type, name, &len) == MPI_SUCCESS &&
                  !strcmp(name, cxx[i].name), "%s: name %s", cxx[i].name, name);
    }
    bool b[2] = {rank == 0, 0}, bo[2] = {0, 1};
    CHECK(MPI_Allreduce(b, bo, 2, MPI_CXX_BOOL, MPI_LOR, MPI_COMM_WORLD) == MPI_SUCCESS &&
              bo[0] && !bo[1], "MPI_CXX_BOOL lor");
    double complex z = 1 + 2 * I, w = 0;
    CHECK(MPI_Allreduce(&z, &w, 1, MPI_CXX_DOUBLE_COMPLEX, MPI_SUM, MPI_COMM_WORLD) ==
                  MPI_SUCCESS && creal(w) == size && cimag(w) == 2 * size,
          "MPI_CXX_DOUBLE_COMPLEX sum");
}

/* Indexed {0 @0, 2 @3, 1 @7} ints: lb 12, extent 20, packs ints 3, 4, 7. */
static void test_zero_length_blocks(void)
{
    int bl[3] = {0, 2, 1}, dp[3] = {0, 3, 7}, src[16], out[8], back[16], pos = 0;
    MPI_Aint lb, extent;
    MPI_Datatype t;

    for (int i = 0; i < 16; i++)
        src[i] = i, back[i] = -1;
    MPI_Type_indexed(3, bl, dp, MPI_INT, &t);
    MPI_Type_commit(&t);
    MPI_Type_get_extent(t, &lb, &extent);
    CHECK(lb == 12 && extent == 20, "indexed, leading empty block: lb %ld extent %ld",
          (long)lb, (long)extent);
    CHECK(MPI_Pack(src, 2, t, out, sizeof(out), &pos, MPI_COMM_SELF) == MPI_SUCCESS && pos == 24,
          "indexed, leading empty block: pack position %d", pos);
    CHECK(out[0] == 3 && out[1] == 4 && out[2] == 7 && out[3] == 8 && out[4] == 9 &&
              out[5] == 12, "indexed, leading empty block: packed %d %d %d %d %d %d", out[0],
          out[1], out[2], out[3], out[4], out[5]);
    pos = 0;
    CHECK(MPI_Unpack(out, 24, &pos, back, 2, t, MPI_COMM_SELF) == MPI_SUCCESS && pos == 24,
          "indexed, leading empty block: unpack");
    for (int i = 0; i < 16; i++) {
        int in = i == 3 || i == 4 || i == 7 || i == 8 || i == 9 || i == 12;
        CHECK(back[i] == (in ? i : -1), "indexed, leading empty block: back[%d] = %d", i,
              back[i]);
    }
    MPI_Type_free(&t);
}

/*
 * Struct {0 float @8, 1 int @0, 2 int @8}: the empty element has no part in
 * the type map, so its ints land at 0, 8 and 12 of each 16-byte element.
 */
static void test_struct_empty_element(void)
{
    int bl[3] = {0, 1, 2}, send[6] = {1, 2, 3, 4, 5, 6}, recv[8], count = -1;
    MPI_Aint dp[3] = {8, 0, 8}, lb, extent;
    MPI_Datatype types[3] = {MPI_FLOAT, MPI_INT, MPI_INT}, t;
    MPI_Request req;
    MPI_Status st;
    static const int want[8] = {1, -1, 2, 3, 4, -1, 5, 6};

    for (int i = 0; i < 8; i++)
        recv[i] = -1;
    MPI_Type_create_struct(3, bl, dp, types, &t);
    MPI_Type_commit(&t);
    MPI_Type_get_extent(t, &lb, &extent);
    CHECK(lb == 0 && extent == 16, "struct, empty element: lb %ld extent %ld", (long)lb,
          (long)extent);
    MPI_Irecv(recv, 2, t, 0, 5, MPI_COMM_SELF, &req);
    MPI_Send(send, 6, MPI_INT, 0, 5, MPI_COMM_SELF);
    MPI_Wait(&req, &st);
    CHECK(!memcmp(recv, want, sizeof(want)), "struct, empty element: received %d %d %d %d %d",
          recv[0], recv[1], recv[2], recv[3], recv[4]);
    CHECK(MPI_Get_count(&st, t, &count) == MPI_SUCCESS && count == 2,
          "struct, empty element: count %d", count);
    MPI_Type_free(&t);
}

/*
 * Frees that pending work outlives: a communicator freed with a receive
 * and a send pending on it, a derived datatype freed under a pending
 * receive and under a persistent send started after the free, and a keyval
 * freed while an attribute holds it (its copy and delete callbacks still
 * run, and its number is not handed out again meanwhile).
 */
static int copies, deletes;
static int count_copy(MPI_Comm comm, int keyval, void *extra, void *in, void *out, int *flag)
{
    (void)comm, (void)keyval, (void)extra;
    copies++;
    *(void **)out = (char *)in + 1;
    *flag = 1;
    return MPI_SUCCESS;
}
static int count_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)value, (void)extra;
    deletes++;
    return MPI_SUCCESS;
}

static void test_deferred_frees(void)
{
    int peer = (rank + 1) % size, from = (rank + size - 1) % size;
    MPI_Comm dup;
    MPI_Request reqs[2];

    { /* communicator */
        int out = 100 + rank, in = -1;
        MPI_Comm_dup(MPI_COMM_WORLD, &dup);
        MPI_Irecv(&in, 1, MPI_INT, from, 1, dup, &reqs[0]);
        MPI_Isend(&out, 1, MPI_INT, peer, 1, dup, &reqs[1]);
        CHECK(MPI_Comm_free(&dup) == MPI_SUCCESS && dup == MPI_COMM_NULL, "free with requests");
        CHECK(MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE) == MPI_SUCCESS && in == 100 + from,
              "requests on a freed communicator: got %d", in);
    }
    { /* datatype: every other int of 64, received after the type is gone */
        int out[32], in[64], ok = 1;
        MPI_Datatype every_other;
        for (int i = 0; i < 32; i++)
            out[i] = 1000 * rank + i;
        for (int i = 0; i < 64; i++)
            in[i] = -1;
        MPI_Type_vector(32, 1, 2, MPI_INT, &every_other);
        MPI_Type_commit(&every_other);
        MPI_Irecv(in, 1, every_other, from, 2, MPI_COMM_WORLD, &reqs[0]);
        CHECK(MPI_Type_free(&every_other) == MPI_SUCCESS, "free a type under a receive");
        MPI_Send(out, 32, MPI_INT, peer, 2, MPI_COMM_WORLD);
        CHECK(MPI_Wait(&reqs[0], MPI_STATUS_IGNORE) == MPI_SUCCESS, "wait");
        for (int i = 0; i < 64; i++)
            ok &= in[i] == (i % 2 ? -1 : 1000 * from + i / 2);
        CHECK(ok, "a receive whose type was freed: in[2] %d in[3] %d", in[2], in[3]);
    }
    { /* a persistent send of a derived type, started after the type is freed */
        int out[8], in[4] = {-1, -1, -1, -1};
        MPI_Datatype pairs;
        for (int i = 0; i < 8; i++)
            out[i] = 10 * rank + i;
        MPI_Type_vector(2, 2, 4, MPI_INT, &pairs); /* ints 0, 1, 4, 5 */
        MPI_Type_commit(&pairs);
        MPI_Send_init(out, 1, pairs, peer, 3, MPI_COMM_WORLD, &reqs[1]);
        MPI_Type_free(&pairs);
        MPI_Irecv(in, 4, MPI_INT, from, 3, MPI_COMM_WORLD, &reqs[0]);
        MPI_Start(&reqs[1]);
        MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
        CHECK(in[0] == 10 * from && in[1] == 10 * from + 1 && in[2] == 10 * from + 4 &&
                  in[3] == 10 * from + 5, "persistent send of a freed type: %d %d %d %d",
              in[0], in[1], in[2], in[3]);
        MPI_Request_free(&reqs[1]);
    }
    { /* keyval */
        int key = MPI_KEYVAL_INVALID, again = MPI_KEYVAL_INVALID, flag = 0;
        void *value = NULL;
        char base[4];
        MPI_Comm second;
        MPI_Comm_dup(MPI_COMM_WORLD, &dup);
        MPI_Comm_create_keyval(count_copy, count_delete, &key, NULL);
        MPI_Comm_set_attr(dup, key, base);
        int saved = key;
        CHECK(MPI_Comm_free_keyval(&key) == MPI_SUCCESS && key == MPI_KEYVAL_INVALID,
              "free a keyval in use");
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &again, NULL);
        CHECK(again != saved, "a keyval's number given again while in use (%d)", again);
        MPI_Comm_dup(dup, &second);
        CHECK(copies == 1, "the freed keyval's copy callback ran %d times", copies);
        MPI_Comm_get_attr(second, saved, &value, &flag);
        CHECK(flag && value == base + 1, "the copied attribute: flag %d", flag);
        MPI_Comm_free(&second);
        MPI_Comm_free(&dup);
        CHECK(deletes == 2, "the freed keyval's delete callback ran %d times", deletes);
        MPI_Comm_free_keyval(&again);
    }
}

/*
 * An error that concerns no object goes to MPI_COMM_SELF's handler (MPI-4):
 * with MPI_ERRORS_RETURN there, and MPI_COMM_WORLD's left fatal, a type
 * constructor's bad count returns its class instead of ending the job.
 */
static void test_objectless_errors(void)
{
    MPI_Datatype t = MPI_DATATYPE_NULL;
    int rc, cls = -1;

    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    rc = MPI_Type_contiguous(-1, MPI_INT, &t);
    if (rc != MPI_SUCCESS)
        MPI_Error_class(rc, &cls);
    CHECK(cls == MPI_ERR_COUNT && t == MPI_DATATYPE_NULL,
          "an object-less error through MPI_COMM_SELF's handler: rc %d", rc);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_ARE_FATAL);
}

/* MPI_Ibarrier is not implemented yet: its error goes to dup's handler (ERRORS_RETURN). */
static void test_unsupported_routing(void)
{
    MPI_Comm dup;
    MPI_Request req = (MPI_Request)&dup; /* anything but null */
    int rc, cls = -1;

    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_set_errhandler(dup, MPI_ERRORS_RETURN);
    rc = MPI_Ibarrier(dup, &req);
    if (rc != MPI_SUCCESS)
        MPI_Error_class(rc, &cls);
    CHECK(rc == MPI_SUCCESS || (cls == MPI_ERR_UNSUPPORTED_OPERATION && req == MPI_REQUEST_NULL),
          "an unsupported call on a communicator with MPI_ERRORS_RETURN: rc %d", rc);
    if (rc == MPI_SUCCESS)
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    MPI_Comm_free(&dup);
}

static int handler_calls, handler_code;
static void count_handler(MPI_Comm *comm, int *code, ...)
{
    (void)comm;
    handler_calls++;
    handler_code = *code;
}

/* Calls no other test makes, each against what the standard says it returns. */
static void test_misc_calls(void)
{
    char version[MPI_MAX_LIBRARY_VERSION_STRING] = "";
    int len = 0, flag = -1, peer = (rank + 1) % size, from = (rank + size - 1) % size;
    MPI_Aint base = 1000;
    MPI_Comm shared;
    MPI_Errhandler eh;
    MPI_Request reqs[4];

    CHECK(MPI_Get_library_version(version, &len) == MPI_SUCCESS && len > 0 &&
              len == (int)strlen(version) && !strncmp(version, "vmpl", 4),
          "library version '%s' (%d)", version, len);
    CHECK(MPI_Aint_add(base, 24) == 1024 && MPI_Aint_diff(base, 24) == 976, "Aint_add/diff");
    CHECK(MPI_Is_thread_main(&flag) == MPI_SUCCESS && flag == 1, "Is_thread_main %d", flag);
    CHECK(MPI_Pcontrol(1) == MPI_SUCCESS, "Pcontrol");

    /*
     * the ranks of a node share memory, in rank order by key; a node is
     * what MPI_Get_processor_name names (each virtual node its own)
     */
    CHECK(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, -rank, MPI_INFO_NULL,
                              &shared) == MPI_SUCCESS, "split_type shared");
    {
        int n = -1, r = -1, name_len, same = 0, after = 0;
        char name[MPI_MAX_PROCESSOR_NAME], *names = calloc((size_t)size, sizeof(name));
        MPI_Get_processor_name(name, &name_len);
        MPI_Allgather(name, sizeof(name), MPI_CHAR, names, sizeof(name), MPI_CHAR,
                      MPI_COMM_WORLD);
        for (int i = 0; i < size; i++)
            if (!strcmp(names + (size_t)i * sizeof(name), name)) {
                same++;
                after += i > rank;
            }
        free(names);
        MPI_Comm_size(shared, &n);
        MPI_Comm_rank(shared, &r);
        CHECK(n == same && r == after, "split_type: size %d rank %d (%s: %d ranks, %d after)", n,
              r, name, same, after);
        MPI_Comm_free(&shared);
    }
    CHECK(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_UNDEFINED, 0, MPI_INFO_NULL, &shared) ==
                  MPI_SUCCESS && shared == MPI_COMM_NULL, "split_type undefined");

    /* the user handler is called with the code, and the call returns it */
    MPI_Comm_create_errhandler(count_handler, &eh);
    {
        MPI_Comm dup;
        MPI_Comm_dup(MPI_COMM_WORLD, &dup);
        MPI_Comm_set_errhandler(dup, eh);
        CHECK(MPI_Comm_call_errhandler(dup, MPI_ERR_TAG) == MPI_SUCCESS && handler_calls == 1 &&
                  handler_code == MPI_ERR_TAG, "call_errhandler: %d calls, code %d",
              handler_calls, handler_code);
        MPI_Comm_free(&dup);
    }
    MPI_Errhandler_free(&eh);

    /* persistent synchronous and ready sends around a ring */
    {
        int out[2] = {rank, -rank}, in[2] = {-1, -1}, out2 = 7 * rank, in2 = -1;
        MPI_Recv_init(in, 2, MPI_INT, from, 11, MPI_COMM_WORLD, &reqs[0]);
        MPI_Recv_init(&in2, 1, MPI_INT, from, 12, MPI_COMM_WORLD, &reqs[1]);
        MPI_Ssend_init(out, 2, MPI_INT, peer, 11, MPI_COMM_WORLD, &reqs[2]);
        MPI_Rsend_init(&out2, 1, MPI_INT, peer, 12, MPI_COMM_WORLD, &reqs[3]);
        for (int round = 0; round < 3; round++) {
            MPI_Startall(2, reqs);
            MPI_Barrier(MPI_COMM_WORLD); /* every receive posted: the ready send may go */
            MPI_Startall(2, reqs + 2);
            MPI_Waitall(4, reqs, MPI_STATUSES_IGNORE);
            CHECK(in[0] == from && in[1] == -from && in2 == 7 * from,
                  "persistent ssend/rsend round %d: %d %d %d", round, in[0], in[1], in2);
            in[0] = in[1] = in2 = -1;
        }
        for (int i = 0; i < 4; i++)
            MPI_Request_free(&reqs[i]);
    }
}

int main(int argc, char **argv)
{
    int token = 0, provided = -1;

    if (argc > 1 && !strcmp(argv[1], "before-init")) {
        MPI_Send(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD); /* must not return */
        printf("mpi_conform: MPI_Send returned before MPI_Init\n");
        return 0;
    }
    MPI_Init_thread(&argc, &argv, MPI_THREAD_SINGLE, &provided);
    if (argc > 1 && !strcmp(argv[1], "after-finalize")) {
        MPI_Finalize();
        MPI_Send(&token, 1, MPI_INT, 0, 0, MPI_COMM_WORLD); /* must not return */
        printf("mpi_conform: MPI_Send returned after MPI_Finalize\n");
        return 0;
    }
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK(provided >= MPI_THREAD_SINGLE && provided <= MPI_THREAD_MULTIPLE, "provided %d",
          provided);
    test_misc_calls();
    test_cxx_types();
    test_zero_length_blocks();
    test_struct_empty_element();
    test_unsupported_routing();
    test_objectless_errors();
    test_deferred_frees();
    printf("mpi_conform: rank %d: %d passed, %d failed\n", rank, checks - failures, failures);
    MPI_Finalize();
    return 0;
}
