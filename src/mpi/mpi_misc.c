/* MPI odds and ends: memory, Pcontrol, element counts, matched probes (mpi_impl.h). */
#include "mpi_impl.h"

#include <stdlib.h>

int PMPI_Alloc_mem(MPI_Aint size, MPI_Info info, void *baseptr)
{
    int rc;
    void *memory;

    (void)info;
    if (size < 0)
        return mpi_error(NULL, MPI_ERR_SIZE, "MPI_Alloc_mem", "negative size");
    if ((rc = mpi_pointer_check(NULL, baseptr, "baseptr", "MPI_Alloc_mem")))
        return rc;
    memory = malloc(size ? (size_t)size : 1);
    if (!memory)
        return mpi_error(NULL, MPI_ERR_NO_MEM, "MPI_Alloc_mem", "cannot allocate %ld bytes",
                         (long)size);
    *(void **)baseptr = memory;
    return MPI_SUCCESS;
}
MPI_WEAK(Alloc_mem)

int PMPI_Free_mem(void *base)
{
    free(base);
    return MPI_SUCCESS;
}
MPI_WEAK(Free_mem)

int PMPI_Pcontrol(const int level, ...)
{
    (void)level; /* no profiling library is attached by default */
    return MPI_SUCCESS;
}
MPI_WEAK(Pcontrol)

/* The named pair type of a pair element (a value and an int: two basic elements), else NULL. */
static const dt_type_t *pair_type_of(vmpl_type_t elem)
{
    switch (elem) {
    case VMPL_TYPE_FLOAT_INT: return dt_named(DT_FLOAT_INT);
    case VMPL_TYPE_DOUBLE_INT: return dt_named(DT_DOUBLE_INT);
    case VMPL_TYPE_LONG_INT: return dt_named(DT_LONG_INT);
    case VMPL_TYPE_2INT: return dt_named(DT_2INT);
    case VMPL_TYPE_SHORT_INT: return dt_named(DT_SHORT_INT);
    case VMPL_TYPE_LONG_DOUBLE_INT: return dt_named(DT_LONG_DOUBLE_INT);
    default: return NULL;
    }
}

int PMPI_Get_elements(const MPI_Status *status, MPI_Datatype datatype, int *count)
{
    int rc;
    struct vmpl_mpi_datatype_s *t = mpi_type_of(datatype);
    const dt_type_t *pair;
    MPI_Count element, per_element = 1;

    if ((rc = mpi_init_check("MPI_Get_elements")))
        return rc;
    if ((rc = mpi_pointer_check(NULL, status, "status", "MPI_Get_elements")) ||
        (rc = mpi_pointer_check(NULL, count, "count", "MPI_Get_elements")))
        return rc;
    if (status == MPI_STATUS_IGNORE)
        return mpi_error(NULL, MPI_ERR_ARG, "MPI_Get_elements", "status is MPI_STATUS_IGNORE");
    if (!t)
        return mpi_error(NULL, MPI_ERR_TYPE, "MPI_Get_elements", "invalid datatype");
    if (t->elem == VMPL_TYPE_COUNT)
        return mpi_error(NULL, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Get_elements",
                         "datatypes mixing basic types are not supported here yet");
    pair = pair_type_of(t->elem);
    if (pair) { /* counted in whole pairs (as they are packed), two basic elements each */
        element = (MPI_Count)dt_type_size(pair);
        per_element = 2;
    } else {
        element = (MPI_Count)vmpl_type_size(t->elem);
    }
    *count = status->vmpl_count % element
                 ? MPI_UNDEFINED
                 : (int)(status->vmpl_count / element * per_element);
    return MPI_SUCCESS;
}
MPI_WEAK(Get_elements)

struct vmpl_mpi_message_s {
    MPI_Message handle;
    p2p_message_t *core;
    struct vmpl_mpi_comm_s *comm;
    p2p_status_t status;
};

int PMPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message,
                 MPI_Status *status)
{
    int rc;
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm);
    struct vmpl_mpi_message_s *m;
    p2p_message_t *core;
    p2p_status_t found;

    if ((rc = mpi_init_check("MPI_Improbe")))
        return rc;
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Improbe", "invalid communicator");
    if ((rc = mpi_pointer_check(c, flag, "flag", "MPI_Improbe")) ||
        (rc = mpi_pointer_check(c, message, "message", "MPI_Improbe")))
        return rc;
    if (source == MPI_PROC_NULL) {
        *flag = 1;
        *message = MPI_MESSAGE_NO_PROC;
        mpi_status_empty(status);
        if (status != MPI_STATUS_IGNORE)
            status->MPI_SOURCE = MPI_PROC_NULL;
        return MPI_SUCCESS;
    }
    if ((source != MPI_ANY_SOURCE && (source < 0 || source >= c->core->size)) ||
        (tag < 0 && tag != MPI_ANY_TAG))
        return mpi_error(c, source < -2 || source >= c->core->size ? MPI_ERR_RANK : MPI_ERR_TAG,
                         "MPI_Improbe", "invalid source %d or tag %d", source, tag);
    p2p_progress(mpi_state.p2p);
    *flag = p2p_improbe(mpi_state.p2p, source == MPI_ANY_SOURCE ? MATCH_ANY : mpi_comm_peer(c, source),
                        tag == MPI_ANY_TAG ? MATCH_ANY : tag, comm_p2p_context(c->core), &core,
                        &found);
    if (!*flag)
        return MPI_SUCCESS;
    m = malloc(sizeof(*m));
    if (!m)
        return mpi_error(c, MPI_ERR_NO_MEM, "MPI_Improbe", "out of memory");
    *m = (struct vmpl_mpi_message_s){.core = core, .comm = c, .status = found};
    if (!(m->handle = (MPI_Message)mpi_handle_new(MPI_HANDLE_MESSAGE, m))) {
        free(m); /* the matched message stays in the engine: a later probe finds it again */
        return mpi_error(c, MPI_ERR_NO_MEM, "MPI_Improbe", "out of memory");
    }
    *message = m->handle;
    mpi_status_set(status, &found, group_rank_of(c->core->group, found.source));
    return MPI_SUCCESS;
}
MPI_WEAK(Improbe)

int PMPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status)
{
    int flag = 0, rc;

    while ((rc = PMPI_Improbe(source, tag, comm, &flag, message, status)) == MPI_SUCCESS && !flag)
        p2p_progress(mpi_state.p2p);
    return rc;
}
MPI_WEAK(Mprobe)

int PMPI_Imrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
                MPI_Request *request)
{
    int rc;
    struct vmpl_mpi_datatype_s *t = mpi_type_of(datatype);
    struct vmpl_mpi_message_s *m;
    struct vmpl_mpi_request_s *req;
    vmpl_status_t status;

    if ((rc = mpi_init_check("MPI_Imrecv")))
        return rc;
    if ((rc = mpi_pointer_check(NULL, message, "message", "MPI_Imrecv")) ||
        (rc = mpi_pointer_check(NULL, request, "request", "MPI_Imrecv")))
        return rc;
    *request = MPI_REQUEST_NULL;
    if (*message == MPI_MESSAGE_NO_PROC) {
        req = mpi_request_new(&mpi_state.self, MPI_REQ_RECV);
        if (!req)
            return mpi_error(NULL, MPI_ERR_NO_MEM, "MPI_Imrecv", "out of memory");
        req->p2p.done = 1;
        req->p2p.status = (p2p_status_t){.source = MPI_PROC_NULL, .tag = MPI_ANY_TAG};
        *request = req->handle;
        *message = MPI_MESSAGE_NULL;
        return MPI_SUCCESS;
    }
    if (!(m = mpi_handle_object(MPI_HANDLE_MESSAGE, (uintptr_t)*message)))
        return mpi_error(NULL, MPI_ERR_REQUEST, "MPI_Imrecv", "invalid message");
    if (!t || count < 0)
        return mpi_error(m->comm, !t ? MPI_ERR_TYPE : MPI_ERR_COUNT, "MPI_Imrecv",
                         "invalid datatype or count");
    if ((rc = mpi_buffer_check(m->comm, buf, count, t, "buf", "MPI_Imrecv")))
        return rc;
    req = mpi_request_new(m->comm, MPI_REQ_RECV);
    if (!req)
        return mpi_error(m->comm, MPI_ERR_NO_MEM, "MPI_Imrecv", "out of memory");
    req->dt = t->dt;
    dt_type_retain(req->dt); /* released with the request */
    status = p2p_imrecv(mpi_state.p2p, buf, count, t->dt, m->core, &req->p2p);
    if (status != VMPL_OK) {
        mpi_request_release(req);
        return mpi_error(m->comm, mpi_class_of_status(status), "MPI_Imrecv", "%s",
                         vmpl_status_string(status));
    }
    mpi_handle_free(MPI_HANDLE_MESSAGE, (uintptr_t)m->handle);
    free(m);
    *message = MPI_MESSAGE_NULL;
    *request = req->handle;
    return MPI_SUCCESS;
}
MPI_WEAK(Imrecv)

int PMPI_Mrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
               MPI_Status *status)
{
    MPI_Request request;
    int rc = PMPI_Imrecv(buf, count, datatype, message, &request);

    return rc != MPI_SUCCESS ? rc : PMPI_Wait(&request, status);
}
MPI_WEAK(Mrecv)
