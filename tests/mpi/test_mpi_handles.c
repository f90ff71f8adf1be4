/*
 * Handle validation under MPI_ERRORS_RETURN: a freed handle, a stale copy
 * of a completed request, garbage values (an address, a value of the
 * right shape whose slot was never used, a handle of another kind) must
 * each be refused with the class of the handle's kind, never crash and
 * never reach another live object. Also: handles of freed objects stay
 * invalid after their slots are reused many times, and the C/Fortran
 * conversions keep a handle usable. Each rank runs the cases on
 * MPI_COMM_SELF and prints "mpi_handles: N passed, M failed".
 */
#include <mpi.h>

#include "check.h"

#include <stdint.h>
#include <string.h>

#define S MPI_COMM_SELF

/* The error class of rc (-1 when MPI_Error_class refuses it). */
static int class_of(int rc)
{
    int got = rc;

    if (rc != MPI_SUCCESS && MPI_Error_class(rc, &got) != MPI_SUCCESS)
        got = -1;
    return got;
}

#define EXPECT(call, want)                                                                    \
    do {                                                                                      \
        int got_ = class_of(call);                                                            \
        CHECK(got_ == (want), "%s returned class %d, expected %d", #call, got_, (want));     \
    } while (0)

/* Garbage of every shape, cast to each handle kind by the cases below. */
static int stack_word;
static uintptr_t garbage[4];

static void garbage_init(void)
{
    garbage[0] = (uintptr_t)0xdeadbeefu;        /* no kind */
    garbage[1] = (uintptr_t)&stack_word;        /* an address */
    garbage[2] = (uintptr_t)1 << 27 | 0xfffffu; /* the comm kind's last slot, never used */
    garbage[3] = (uintptr_t)0x7fffffffu;        /* every bit of a 31-bit handle */
}

static void test_comms(void)
{
    MPI_Comm dup, copy, later;
    int value;

    MPI_Comm_dup(S, &dup);
    copy = dup;
    EXPECT(MPI_Comm_rank(dup, &value), MPI_SUCCESS);
    MPI_Comm_free(&dup);
    CHECK(dup == MPI_COMM_NULL, "Comm_free left the handle set");
    EXPECT(MPI_Comm_rank(copy, &value), MPI_ERR_COMM);
    EXPECT(MPI_Comm_free(&copy), MPI_ERR_COMM);
    EXPECT(MPI_Send(&value, 1, MPI_INT, 0, 0, copy), MPI_ERR_COMM);
    EXPECT(MPI_Barrier(copy), MPI_ERR_COMM);
    /* the freed slot is reused many times: the old handle never comes back to life */
    for (int i = 0; i < 300; i++) {
        MPI_Comm_dup(S, &later);
        CHECK(later != copy, "a new communicator got a freed handle's value (round %d)", i);
        MPI_Comm_free(&later);
    }
    EXPECT(MPI_Comm_size(copy, &value), MPI_ERR_COMM);
    for (int i = 0; i < 4; i++)
        EXPECT(MPI_Comm_size((MPI_Comm)garbage[i], &value), MPI_ERR_COMM);
}

static void test_requests(void)
{
    MPI_Request sent, stale, all[2];
    MPI_Status status;
    int in = 7, out = 0, flag;

    MPI_Isend(&in, 1, MPI_INT, 0, 3, S, &sent);
    stale = sent;
    MPI_Recv(&out, 1, MPI_INT, 0, 3, S, MPI_STATUS_IGNORE);
    EXPECT(MPI_Wait(&sent, &status), MPI_SUCCESS);
    CHECK(sent == MPI_REQUEST_NULL && out == 7, "the first wait went wrong");
    EXPECT(MPI_Wait(&stale, MPI_STATUS_IGNORE), MPI_ERR_REQUEST);
    EXPECT(MPI_Test(&stale, &flag, MPI_STATUS_IGNORE), MPI_ERR_REQUEST);
    EXPECT(MPI_Request_free(&stale), MPI_ERR_REQUEST);
    EXPECT(MPI_Cancel(&stale), MPI_ERR_REQUEST);
    EXPECT(MPI_Start(&stale), MPI_ERR_REQUEST);
    /* an array with one bad entry is refused whole: the good request is left pending */
    MPI_Irecv(&out, 1, MPI_INT, 0, 4, S, &all[0]);
    all[1] = stale;
    EXPECT(MPI_Waitall(2, all, MPI_STATUSES_IGNORE), MPI_ERR_REQUEST);
    EXPECT(MPI_Testany(2, all, &in, &flag, MPI_STATUS_IGNORE), MPI_ERR_REQUEST);
    CHECK(all[0] != MPI_REQUEST_NULL, "the valid request was completed or lost");
    in = 9;
    MPI_Send(&in, 1, MPI_INT, 0, 4, S);
    EXPECT(MPI_Wait(&all[0], MPI_STATUS_IGNORE), MPI_SUCCESS);
    CHECK(out == 9, "the pending receive got %d", out);
    for (int i = 0; i < 4; i++) {
        MPI_Request bad = (MPI_Request)garbage[i];
        EXPECT(MPI_Wait(&bad, MPI_STATUS_IGNORE), MPI_ERR_REQUEST);
    }
    /* a request handle given as a communicator: the kinds never mix */
    MPI_Irecv(&out, 1, MPI_INT, 0, 5, S, &sent);
    EXPECT(MPI_Barrier((MPI_Comm)sent), MPI_ERR_COMM);
    EXPECT(MPI_Cancel(&sent), MPI_SUCCESS);
    EXPECT(MPI_Wait(&sent, MPI_STATUS_IGNORE), MPI_SUCCESS);
}

static void test_datatypes(void)
{
    MPI_Datatype pair, copy;
    int value[2] = {1, 2}, size;

    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    copy = pair;
    MPI_Type_free(&pair);
    EXPECT(MPI_Type_size(copy, &size), MPI_ERR_TYPE);
    EXPECT(MPI_Send(value, 1, copy, 0, 0, S), MPI_ERR_TYPE);
    EXPECT(MPI_Type_free(&copy), MPI_ERR_TYPE);
    for (int i = 0; i < 4; i++)
        EXPECT(MPI_Type_size((MPI_Datatype)garbage[i], &size), MPI_ERR_TYPE);
}

static void user_sum(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    for (int i = 0; i < *len; i++)
        ((int *)inout)[i] += ((int *)in)[i];
}

static void test_ops(void)
{
    MPI_Op op, copy;
    int in[4] = {1, 2, 3, 4}, inout[4] = {0};

    MPI_Op_create(user_sum, 1, &op);
    EXPECT(MPI_Reduce_local(in, inout, 4, MPI_INT, op), MPI_SUCCESS);
    CHECK(inout[3] == 4, "the user op gave %d", inout[3]);
    copy = op;
    MPI_Op_free(&op);
    EXPECT(MPI_Reduce_local(in, inout, 4, MPI_INT, copy), MPI_ERR_OP);
    EXPECT(MPI_Op_free(&copy), MPI_ERR_OP);
    for (int i = 0; i < 4; i++)
        EXPECT(MPI_Reduce_local(in, inout, 4, MPI_INT, (MPI_Op)garbage[i]), MPI_ERR_OP);
    CHECK(inout[0] == 1, "a refused reduction changed the buffer (%d)", inout[0]);
}

static void test_groups_infos(void)
{
    MPI_Group group, copy;
    MPI_Info info, info_copy;
    int value;

    MPI_Comm_group(S, &group);
    copy = group;
    MPI_Group_free(&group);
    EXPECT(MPI_Group_size(copy, &value), MPI_ERR_GROUP);
    EXPECT(MPI_Group_free(&copy), MPI_ERR_GROUP);
    MPI_Info_create(&info);
    info_copy = info;
    MPI_Info_free(&info);
    EXPECT(MPI_Info_set(info_copy, "key", "value"), MPI_ERR_INFO);
    EXPECT(MPI_Info_get_nkeys(info_copy, &value), MPI_ERR_INFO);
    for (int i = 0; i < 4; i++) {
        EXPECT(MPI_Group_size((MPI_Group)garbage[i], &value), MPI_ERR_GROUP);
        EXPECT(MPI_Info_get_nkeys((MPI_Info)garbage[i], &value), MPI_ERR_INFO);
    }
}

static void handler(MPI_Comm *comm, int *code, ...)
{
    (void)comm;
    (void)code;
}

static void test_errhandlers_messages(void)
{
    MPI_Errhandler eh, copy;
    MPI_Message message, stale;
    MPI_Comm dup;
    int in = 5, out = 0, flag = 0;

    MPI_Comm_create_errhandler(handler, &eh);
    copy = eh;
    MPI_Errhandler_free(&eh);
    MPI_Comm_dup(S, &dup);
    MPI_Comm_set_errhandler(dup, MPI_ERRORS_RETURN);
    EXPECT(MPI_Comm_set_errhandler(dup, copy), MPI_ERR_ARG);
    MPI_Comm_free(&dup);
    MPI_Send(&in, 1, MPI_INT, 0, 6, S);
    while (!flag)
        MPI_Improbe(0, 6, S, &flag, &message, MPI_STATUS_IGNORE);
    stale = message;
    EXPECT(MPI_Mrecv(&out, 1, MPI_INT, &message, MPI_STATUS_IGNORE), MPI_SUCCESS);
    CHECK(out == 5 && message == MPI_MESSAGE_NULL, "the matched receive went wrong");
    EXPECT(MPI_Mrecv(&out, 1, MPI_INT, &stale, MPI_STATUS_IGNORE), MPI_ERR_REQUEST);
}

static void test_fortran(void)
{
    MPI_Comm dup, back;
    MPI_Datatype pair;
    MPI_Fint f;
    int value;

    MPI_Comm_dup(S, &dup);
    f = MPI_Comm_c2f(dup);
    back = MPI_Comm_f2c(f);
    CHECK(back == dup && f > 0, "Comm_f2c(Comm_c2f(h)) != h");
    EXPECT(MPI_Comm_size(back, &value), MPI_SUCCESS);
    CHECK(MPI_Comm_f2c(MPI_Comm_c2f(MPI_COMM_WORLD)) == MPI_COMM_WORLD,
          "MPI_COMM_WORLD did not convert back");
    CHECK(MPI_Comm_c2f(MPI_COMM_NULL) == 0 && MPI_Type_f2c(0) == MPI_DATATYPE_NULL,
          "the null handles are not 0 in Fortran");
    MPI_Comm_free(&dup);
    EXPECT(MPI_Comm_size(MPI_Comm_f2c(f), &value), MPI_ERR_COMM);
    MPI_Type_contiguous(3, MPI_INT, &pair);
    CHECK(MPI_Type_f2c(MPI_Type_c2f(pair)) == pair, "Type_f2c(Type_c2f(h)) != h");
    MPI_Type_free(&pair);
    EXPECT(MPI_Comm_size(MPI_Comm_f2c(12345), &value), MPI_ERR_COMM);
}

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(S, MPI_ERRORS_RETURN);
    garbage_init();
    test_comms();
    test_requests();
    test_datatypes();
    test_ops();
    test_groups_infos();
    test_errhandlers_messages();
    test_fortran();
    printf("mpi_handles (rank %d): %d passed, %d failed\n", rank, checks - failures, failures);
    MPI_Finalize();
    return failures ? 1 : 0;
}
