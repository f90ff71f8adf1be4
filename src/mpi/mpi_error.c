/* MPI error handling: handlers, classes and strings (mpi_impl.h). */
#include "mpi_impl.h"

#include <base/log.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void mpi_errhandler_ref(MPI_Errhandler handle)
{
    struct vmpl_mpi_errhandler_s *h = mpi_errhandler_of(handle);

    if (h && h->kind == MPI_EH_USER)
        h->refcount++;
}

void mpi_errhandler_unref(MPI_Errhandler handle)
{
    struct vmpl_mpi_errhandler_s *h = mpi_errhandler_of(handle);

    if (h && h->kind == MPI_EH_USER && --h->refcount == 0) {
        mpi_handle_free(MPI_HANDLE_ERRHANDLER, (uintptr_t)h->handle);
        free(h); /* allocated by MPI_Comm_create_errhandler */
    }
}

struct vmpl_mpi_errhandler_s *mpi_errhandler_of(MPI_Errhandler handle)
{
    if (handle == MPI_ERRORS_ARE_FATAL)
        return &mpi_state.eh_fatal;
    if (handle == MPI_ERRORS_RETURN)
        return &mpi_state.eh_return;
    if (handle == MPI_ERRORS_ABORT)
        return &mpi_state.eh_abort;
    return mpi_handle_object(MPI_HANDLE_ERRHANDLER, (uintptr_t)handle);
}

int mpi_class_of_status(vmpl_status_t status)
{
    switch (status) {
    case VMPL_OK: return MPI_SUCCESS;
    case VMPL_ERR_NO_MEMORY: return MPI_ERR_NO_MEM;
    case VMPL_ERR_TRUNCATE: return MPI_ERR_TRUNCATE;
    case VMPL_ERR_INVALID_TYPE: return MPI_ERR_TYPE;
    case VMPL_ERR_TYPE_NOT_COMMITTED: return MPI_ERR_TYPE;
    case VMPL_ERR_INVALID_OP: return MPI_ERR_OP;
    case VMPL_ERR_OP_TYPE_MISMATCH: return MPI_ERR_OP;
    case VMPL_ERR_OVERFLOW: return MPI_ERR_VALUE_TOO_LARGE;
    case VMPL_ERR_UNSUPPORTED: return MPI_ERR_UNSUPPORTED_OPERATION;
    case VMPL_ERR_INVALID_ARG: return MPI_ERR_ARG;
    case VMPL_ERR_PROC_FAILED: return MPI_ERR_PROC_FAILED;
    default: return MPI_ERR_OTHER;
    }
}

static const struct vmpl_mpi_errhandler_s initial_errhandler = {.kind = MPI_EH_FATAL};

int mpi_error(struct vmpl_mpi_comm_s *comm, int error_class, const char *function,
              const char *format, ...)
{
    const struct vmpl_mpi_errhandler_s *handler;
    char message[512];
    va_list args;

    va_start(args, format);
    vsnprintf(message, sizeof(message), format, args);
    va_end(args);
    if (!comm && mpi_state.initialized && !mpi_state.finalized)
        comm = &mpi_state.self; /* no object concerned: MPI_COMM_SELF's handler (MPI-4) */
    /* before MPI_Init and after MPI_Finalize: the initial error handler, fatal */
    handler = comm ? mpi_errhandler_of(comm->errhandler) : NULL;
    if (!handler)
        handler = &initial_errhandler;
    switch (handler->kind) {
    case MPI_EH_RETURN:
        base_info("mpi", "%s: %s", function, message);
        return error_class;
    case MPI_EH_USER: {
        MPI_Comm handle = comm == &mpi_state.world ? MPI_COMM_WORLD
                          : comm == &mpi_state.self ? MPI_COMM_SELF
                                                    : comm->handle;
        int code = error_class;
        handler->fn(&handle, &code);
        return error_class;
    }
    case MPI_EH_FATAL:
    case MPI_EH_ABORT:
    default: {
        int live = mpi_state.rt && mpi_state.initialized && !mpi_state.finalized;
        if (live)
            fprintf(stderr, "vmpl: rank %d: %s: %s (%s); aborting the job\n",
                    mpi_state.rt->rank, function, message, comm ? comm->name : "no communicator");
        else
            fprintf(stderr, "vmpl: %s: %s; exiting\n", function, message);
        fflush(stderr);
        if (live)
            rt_abort(error_class ? error_class : 1, message);
        exit(error_class ? error_class : 1);
    }
    }
}

int mpi_buffer_error(struct vmpl_mpi_comm_s *c, int count, const struct vmpl_mpi_datatype_s *t,
                     const char *what, const char *function)
{
    return mpi_error(c, MPI_ERR_BUFFER, function, "%s is NULL for %d elements of %s", what, count,
                     t->name);
}

int mpi_pointer_error(struct vmpl_mpi_comm_s *c, const char *what, const char *function)
{
    return mpi_error(c, MPI_ERR_ARG, function, "%s is NULL", what);
}

int mpi_init_error(const char *function)
{
    return mpi_error(NULL, MPI_ERR_OTHER, function, "%s",
                     mpi_state.finalized ? "called after MPI_Finalize" : "called before MPI_Init");
}

int mpi_handle_error(int error_class, const char *what, const char *function)
{
    return mpi_error(NULL, error_class, function, "%s", what);
}

int mpi_topo_error(struct vmpl_mpi_comm_s *c, mpi_topo_kind_t kind, const char *function)
{
    static const char *const missing[] = {
        [MPI_TOPO_CART] = "the communicator has no Cartesian topology",
        [MPI_TOPO_GRAPH] = "the communicator has no graph topology",
        [MPI_TOPO_DIST_GRAPH] = "the communicator has no distributed graph topology",
    };
    return mpi_error(c, MPI_ERR_TOPOLOGY, function, "%s", missing[kind]);
}

int mpi_unsupported(MPI_Comm comm, const char *function)
{
    return mpi_error(mpi_comm_of(comm), MPI_ERR_UNSUPPORTED_OPERATION, function,
                     "not implemented in vmpl yet (the README lists what is)");
}

int mpi_unsupported_on_errhandler(MPI_Errhandler errhandler, const char *function)
{
    const struct vmpl_mpi_errhandler_s *handler = mpi_errhandler_of(errhandler);

    if (handler && handler->kind == MPI_EH_RETURN) {
        base_info("mpi", "%s: not implemented in vmpl yet", function);
        return MPI_ERR_UNSUPPORTED_OPERATION;
    }
    return mpi_unsupported(MPI_COMM_NULL, function);
}

static const char *const class_strings[] = {
    [MPI_SUCCESS] = "no error",
    [MPI_ERR_BUFFER] = "invalid buffer pointer",
    [MPI_ERR_COUNT] = "invalid count argument",
    [MPI_ERR_TYPE] = "invalid datatype",
    [MPI_ERR_TAG] = "invalid tag",
    [MPI_ERR_COMM] = "invalid communicator",
    [MPI_ERR_RANK] = "invalid rank",
    [MPI_ERR_REQUEST] = "invalid request",
    [MPI_ERR_ROOT] = "invalid root",
    [MPI_ERR_GROUP] = "invalid group",
    [MPI_ERR_OP] = "invalid operation",
    [MPI_ERR_TOPOLOGY] = "invalid topology",
    [MPI_ERR_DIMS] = "invalid dimension argument",
    [MPI_ERR_ARG] = "invalid argument",
    [MPI_ERR_UNKNOWN] = "unknown error",
    [MPI_ERR_TRUNCATE] = "message truncated",
    [MPI_ERR_OTHER] = "other error",
    [MPI_ERR_INTERN] = "internal error",
    [MPI_ERR_IN_STATUS] = "error code is in status",
    [MPI_ERR_PENDING] = "pending request",
    [MPI_ERR_NO_MEM] = "out of memory",
    [MPI_ERR_PROC_FAILED] = "a process failed",
    [MPI_ERR_PROC_FAILED_PENDING] = "a process failed; the operation is pending",
    [MPI_ERR_REVOKED] = "the communicator was revoked",
    [MPI_ERR_VALUE_TOO_LARGE] = "value too large to store",
    [MPI_ERR_UNSUPPORTED_OPERATION] = "operation not supported (not implemented in vmpl yet)",
};

int PMPI_Error_string(int errorcode, char *string, int *resultlen)
{
    int rc;
    const char *text;
    int n;

    if (errorcode < 0 || errorcode > MPI_ERR_LASTCODE)
        return mpi_error(NULL, MPI_ERR_ARG, "MPI_Error_string", "%d is not an error code",
                         errorcode);
    if ((rc = mpi_pointer_check(NULL, string, "string", "MPI_Error_string")) ||
        (rc = mpi_pointer_check(NULL, resultlen, "resultlen", "MPI_Error_string")))
        return rc;
    text = errorcode < (int)(sizeof(class_strings) / sizeof(class_strings[0])) &&
                   class_strings[errorcode]
               ? class_strings[errorcode]
               : "error class without a description";
    n = snprintf(string, MPI_MAX_ERROR_STRING, "%s", text);
    *resultlen = n < MPI_MAX_ERROR_STRING ? n : MPI_MAX_ERROR_STRING - 1;
    return MPI_SUCCESS;
}
MPI_WEAK(Error_string)

int PMPI_Error_class(int errorcode, int *errorclass)
{
    int rc;
    if (errorcode < 0 || errorcode > MPI_ERR_LASTCODE)
        return mpi_error(NULL, MPI_ERR_ARG, "MPI_Error_class", "%d is not an error code",
                         errorcode);
    if ((rc = mpi_pointer_check(NULL, errorclass, "errorclass", "MPI_Error_class")))
        return rc;
    *errorclass = errorcode; /* vmpl's codes are its classes */
    return MPI_SUCCESS;
}
MPI_WEAK(Error_class)

int PMPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler)
{
    int rc;
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm);

    if ((rc = mpi_init_check("MPI_Comm_set_errhandler")))
        return rc;
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Comm_set_errhandler", "invalid communicator");
    if (!mpi_errhandler_of(errhandler))
        return mpi_error(c, MPI_ERR_ARG, "MPI_Comm_set_errhandler", "invalid error handler");
    mpi_errhandler_ref(errhandler);
    mpi_errhandler_unref(c->errhandler);
    c->errhandler = errhandler;
    return MPI_SUCCESS;
}
MPI_WEAK(Comm_set_errhandler)

int PMPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler)
{
    int rc;
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm);

    if ((rc = mpi_init_check("MPI_Comm_get_errhandler")))
        return rc;
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Comm_get_errhandler", "invalid communicator");
    if ((rc = mpi_pointer_check(c, errhandler, "errhandler", "MPI_Comm_get_errhandler")))
        return rc;
    mpi_errhandler_ref(c->errhandler); /* the caller frees it (MPI_Errhandler_free) */
    *errhandler = c->errhandler;
    return MPI_SUCCESS;
}
MPI_WEAK(Comm_get_errhandler)

int PMPI_Comm_create_errhandler(MPI_Comm_errhandler_function *fn, MPI_Errhandler *errhandler)
{
    int rc;
    struct vmpl_mpi_errhandler_s *h;

    if ((rc = mpi_init_check("MPI_Comm_create_errhandler")))
        return rc;
    if ((rc = mpi_pointer_check(NULL, fn, "function", "MPI_Comm_create_errhandler")) ||
        (rc = mpi_pointer_check(NULL, errhandler, "errhandler", "MPI_Comm_create_errhandler")))
        return rc;
    h = calloc(1, sizeof(*h));
    if (!h)
        return mpi_error(NULL, MPI_ERR_NO_MEM, "MPI_Comm_create_errhandler", "out of memory");
    *h = (struct vmpl_mpi_errhandler_s){.kind = MPI_EH_USER, .fn = fn, .refcount = 1};
    if (!(h->handle = (MPI_Errhandler)mpi_handle_new(MPI_HANDLE_ERRHANDLER, h))) {
        free(h);
        return mpi_error(NULL, MPI_ERR_NO_MEM, "MPI_Comm_create_errhandler", "out of memory");
    }
    *errhandler = h->handle;
    return MPI_SUCCESS;
}
MPI_WEAK(Comm_create_errhandler)

int PMPI_Errhandler_free(MPI_Errhandler *errhandler)
{
    int rc;
    struct vmpl_mpi_errhandler_s *h;

    if ((rc = mpi_init_check("MPI_Errhandler_free")))
        return rc;
    if ((rc = mpi_pointer_check(NULL, errhandler, "errhandler", "MPI_Errhandler_free")))
        return rc;
    h = mpi_errhandler_of(*errhandler);
    if (!h)
        return mpi_error(NULL, MPI_ERR_ARG, "MPI_Errhandler_free", "invalid error handler");
    mpi_errhandler_unref(*errhandler); /* communicators that use it keep it */
    *errhandler = MPI_ERRHANDLER_NULL;
    return MPI_SUCCESS;
}
MPI_WEAK(Errhandler_free)

int PMPI_Comm_call_errhandler(MPI_Comm comm, int errorcode)
{
    int rc;
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm);

    if ((rc = mpi_init_check("MPI_Comm_call_errhandler")))
        return rc;
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Comm_call_errhandler", "invalid communicator");
    mpi_error(c, errorcode, "MPI_Comm_call_errhandler", "error %d raised by the application",
              errorcode);
    return MPI_SUCCESS;
}
MPI_WEAK(Comm_call_errhandler)
