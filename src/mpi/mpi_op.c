/* MPI reduction operations over the reduction engine (mpi_impl.h). */
#include "mpi_impl.h"

#include <stdlib.h>

static const struct {
    MPI_Op handle;
    vmpl_op_t op;
} predefined[] = {
    {MPI_MAX, VMPL_OP_MAX},       {MPI_MIN, VMPL_OP_MIN},       {MPI_SUM, VMPL_OP_SUM},
    {MPI_PROD, VMPL_OP_PROD},     {MPI_LAND, VMPL_OP_LAND},     {MPI_BAND, VMPL_OP_BAND},
    {MPI_LOR, VMPL_OP_LOR},       {MPI_BOR, VMPL_OP_BOR},       {MPI_LXOR, VMPL_OP_LXOR},
    {MPI_BXOR, VMPL_OP_BXOR},     {MPI_MINLOC, VMPL_OP_MINLOC}, {MPI_MAXLOC, VMPL_OP_MAXLOC},
    {MPI_REPLACE, VMPL_OP_REPLACE}, {MPI_NO_OP, VMPL_OP_NO_OP},
};

void mpi_ops_init(void)
{
    for (size_t i = 0; i < sizeof(predefined) / sizeof(predefined[0]); i++) {
        uintptr_t index = (uintptr_t)predefined[i].handle;
        if (index == 0 || index > VMPL_MPI_OP_PREDEFINED_COUNT)
            continue;
        mpi_state.ops[index] = (struct vmpl_mpi_op_s){
            .core = {.op = predefined[i].op, .commutative = 1}, .predefined = 1};
    }
}

struct vmpl_mpi_op_s *mpi_op_of(MPI_Op handle)
{
    uintptr_t index = (uintptr_t)handle;

    if (index == 0)
        return NULL;
    if (index <= VMPL_MPI_OP_PREDEFINED_COUNT)
        return mpi_state.ops[index].predefined ? &mpi_state.ops[index] : NULL;
    return mpi_handle_object(MPI_HANDLE_OP, index);
}

/* coll_user_fn_t adapter: the user function sees its MPI datatype handle. */
static void user_adapter(void *in, void *inout, int *len, void *user_dt)
{
    struct vmpl_mpi_op_s *op = ((void **)user_dt)[0];
    MPI_Datatype type = ((void **)user_dt)[1];

    op->user(in, inout, len, &type);
}

const coll_op_t *mpi_op_for(struct vmpl_mpi_op_s *op, struct vmpl_mpi_datatype_s *type,
                            MPI_Datatype handle, mpi_op_call_t *call,
                            struct vmpl_mpi_comm_s *comm, const char *function)
{
    coll_op_t *scratch = &call->core;

    *scratch = op->core;
    if (!op->predefined) {
        call->user_pair[0] = op;
        call->user_pair[1] = handle;
        scratch->user_dt = call->user_pair;
        return scratch;
    }
    if (type->elem == VMPL_TYPE_COUNT || vmpl_op_check(op->core.op, type->elem) != VMPL_OK) {
        mpi_error(comm, MPI_ERR_OP, function, "the operation is not defined on datatype %s",
                  type->name[0] ? type->name : "(derived)");
        return NULL;
    }
    scratch->elem = type->elem;
    return scratch;
}

int PMPI_Op_create(MPI_User_function *user_fn, int commute, MPI_Op *op)
{
    int rc;
    struct vmpl_mpi_op_s *o;

    if ((rc = mpi_init_check("MPI_Op_create")))
        return rc;
    if (!user_fn)
        return mpi_error(NULL, MPI_ERR_ARG, "MPI_Op_create", "null function");
    if ((rc = mpi_pointer_check(NULL, op, "op", "MPI_Op_create")))
        return rc;
    o = calloc(1, sizeof(*o));
    if (!o)
        return mpi_error(NULL, MPI_ERR_NO_MEM, "MPI_Op_create", "out of memory");
    o->user = user_fn;
    o->core = (coll_op_t){.op = VMPL_OP_COUNT, .user = user_adapter, .commutative = !!commute};
    if (!(o->handle = (MPI_Op)mpi_handle_new(MPI_HANDLE_OP, o))) {
        free(o);
        return mpi_error(NULL, MPI_ERR_NO_MEM, "MPI_Op_create", "out of memory");
    }
    *op = o->handle;
    return MPI_SUCCESS;
}
MPI_WEAK(Op_create)

int PMPI_Op_free(MPI_Op *op)
{
    int rc;
    struct vmpl_mpi_op_s *o;

    if ((rc = mpi_init_check("MPI_Op_free")))
        return rc;
    if ((rc = mpi_pointer_check(NULL, op, "op", "MPI_Op_free")))
        return rc;
    o = mpi_op_of(*op);
    if (!o || o->predefined)
        return mpi_error(NULL, MPI_ERR_OP, "MPI_Op_free", "invalid or predefined operation");
    mpi_handle_free(MPI_HANDLE_OP, (uintptr_t)o->handle);
    free(o);
    *op = MPI_OP_NULL;
    return MPI_SUCCESS;
}
MPI_WEAK(Op_free)

int PMPI_Op_commutative(MPI_Op op, int *commute)
{
    int rc;
    struct vmpl_mpi_op_s *o = mpi_op_of(op);

    if (!o)
        return mpi_error(NULL, MPI_ERR_OP, "MPI_Op_commutative", "invalid operation");
    if ((rc = mpi_pointer_check(NULL, commute, "commute", "MPI_Op_commutative")))
        return rc;
    *commute = o->core.commutative;
    return MPI_SUCCESS;
}
MPI_WEAK(Op_commutative)

int PMPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype,
                      MPI_Op op)
{
    int rc;
    struct vmpl_mpi_op_s *o = mpi_op_of(op);
    struct vmpl_mpi_datatype_s *t = mpi_type_of(datatype);
    mpi_op_call_t call;
    vmpl_status_t status;

    if (!o || !t)
        return mpi_error(NULL, !o ? MPI_ERR_OP : MPI_ERR_TYPE, "MPI_Reduce_local",
                         "invalid %s", !o ? "operation" : "datatype");
    if (count < 0)
        return mpi_error(NULL, MPI_ERR_COUNT, "MPI_Reduce_local", "negative count %d", count);
    if ((rc = mpi_buffer_check(NULL, inbuf, count, t, "inbuf", "MPI_Reduce_local")) ||
        (rc = mpi_buffer_check(NULL, inoutbuf, count, t, "inoutbuf", "MPI_Reduce_local")))
        return rc;
    if (!o->predefined) {
        int len = count;
        o->user((void *)inbuf, inoutbuf, &len, &datatype);
        return MPI_SUCCESS;
    }
    if (!mpi_op_for(o, t, datatype, &call, NULL, "MPI_Reduce_local"))
        return MPI_ERR_OP;
    dt_aint_t lb, extent;
    size_t elem = vmpl_type_size(t->elem), elements;
    dt_type_extent(t->dt, &lb, &extent);
    if (dt_type_is_contiguous(t->dt))
        elements = (size_t)count * (dt_type_size(t->dt) / elem);
    else if (lb == 0 && (size_t)extent == elem) /* a padded pair (MPI_DOUBLE_INT): the C layout */
        elements = (size_t)count;
    else
        return mpi_error(NULL, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Reduce_local",
                         "predefined operations on non-contiguous datatypes are not supported here");
    status = vmpl_reduce_local(inbuf, inoutbuf, elements, t->elem, o->core.op);
    return status == VMPL_OK ? MPI_SUCCESS
                             : mpi_error(NULL, mpi_class_of_status(status), "MPI_Reduce_local",
                                         "%s", vmpl_status_string(status));
}
MPI_WEAK(Reduce_local)
