/* MPI requests and completion: wait and test families (mpi_impl.h). */
#include "mpi_impl.h"

#include <stdlib.h>
#include <string.h>

struct vmpl_mpi_request_s *mpi_request_new(struct vmpl_mpi_comm_s *comm, mpi_req_kind_t kind)
{
    struct vmpl_mpi_request_s *req = mpi_state.free_requests;

    MPI_Request handle;

    if (req) { /* recycled: its handle was renewed when it was released */
        mpi_state.free_requests = req->next_free;
        handle = req->handle;
    } else {
        if (!(req = malloc(sizeof(*req))))
            return NULL;
        if (!(handle = (MPI_Request)mpi_handle_new(MPI_HANDLE_REQUEST, req))) {
            free(req);
            return NULL;
        }
    }
    memset(req, 0, sizeof(*req));
    req->handle = handle;
    req->comm = comm;
    mpi_comm_ref(comm);
    req->kind = kind;
    return req;
}

void mpi_request_release(struct vmpl_mpi_request_s *req)
{
    mpi_comm_unref(req->comm);
    dt_type_release(req->dt); /* NULL and named types: nothing */
    req->comm = NULL;
    req->dt = NULL;
    /* the application's copies of the handle die here; the slot stays with req */
    req->handle = (MPI_Request)mpi_handle_renew(MPI_HANDLE_REQUEST, (uintptr_t)req->handle);
    req->next_free = mpi_state.free_requests;
    mpi_state.free_requests = req;
}

void mpi_status_empty(MPI_Status *status)
{
    if (status == MPI_STATUS_IGNORE || !status)
        return;
    status->MPI_SOURCE = MPI_ANY_SOURCE;
    status->MPI_TAG = MPI_ANY_TAG;
    status->MPI_ERROR = MPI_SUCCESS;
    status->vmpl_count = 0;
    status->vmpl_cancelled = 0;
}

void mpi_status_set(MPI_Status *status, const p2p_status_t *p2p, int source_rank)
{
    if (status == MPI_STATUS_IGNORE)
        return;
    status->MPI_SOURCE = source_rank;
    status->MPI_TAG = p2p->tag;
    status->MPI_ERROR = mpi_class_of_status(p2p->error);
    status->vmpl_count = (MPI_Count)p2p->bytes;
    status->vmpl_cancelled = p2p->cancelled;
}

/* The communicator rank of the engine rank a message came from. */
static int source_rank(const struct vmpl_mpi_request_s *req)
{
    if (req->p2p.status.source < 0)
        return req->p2p.status.source;
    return group_rank_of(req->comm->core->group, req->p2p.status.source);
}

int mpi_status_error(struct vmpl_mpi_comm_s *c, const p2p_status_t *status, const char *function)
{
    int error = mpi_class_of_status(status->error);

    if (error == MPI_ERR_PROC_FAILED)
        return mpi_proc_failed(c, error, status->source, function);
    if (error == MPI_ERR_TRUNCATE)
        return mpi_error(c, error, function, "message truncated: %llu bytes arrived",
                         (unsigned long long)status->bytes);
    return mpi_error(c, error, function, "%s", vmpl_status_string(status->error));
}

/* Finishes a completed request: status out, then freed or made inactive. */
static int request_finish(MPI_Request *request, struct vmpl_mpi_request_s *req,
                          MPI_Status *status)
{
    p2p_status_t done = req->p2p.status;
    int rc;

    if (req->kind == MPI_REQ_RECV) {
        mpi_status_set(status, &done, source_rank(req));
    } else {
        mpi_status_empty(status);
        if (req->kind == MPI_REQ_SEND && status != MPI_STATUS_IGNORE) {
            status->vmpl_cancelled = done.cancelled;
            status->MPI_ERROR = mpi_class_of_status(done.error);
        }
    }
    if (req->kind == MPI_REQ_DONE)
        done.error = VMPL_OK;
    rc = done.error != VMPL_OK ? mpi_status_error(req->comm, &done, "MPI_Wait") : MPI_SUCCESS;
    if (req->persistent) {
        req->active = 0;
    } else {
        mpi_request_release(req); /* the last reference to a freed communicator, maybe */
        *request = MPI_REQUEST_NULL;
    }
    return rc;
}

/*
 * A receive from MPI_ANY_SOURCE, not complete, on a communicator with
 * unacknowledged failures: it reports MPI_ERR_PROC_FAILED_PENDING and
 * stays pending (ULFM).
 */
static int request_failure_pending(const struct vmpl_mpi_request_s *req)
{
    return req->kind == MPI_REQ_RECV && req->peer == MPI_ANY_SOURCE && !req->p2p.done &&
           !req->p2p.matched && mpi_wildcard_blocked(req->comm);
}

static int request_report_pending(const struct vmpl_mpi_request_s *req, MPI_Status *status,
                                  const char *function)
{
    if (status != MPI_STATUS_IGNORE) {
        mpi_status_empty(status);
        status->MPI_ERROR = MPI_ERR_PROC_FAILED_PENDING;
    }
    return mpi_proc_failed(req->comm, MPI_ERR_PROC_FAILED_PENDING, -1, function);
}

/* A request that needs no waiting: null (NULL), or inactive persistent. */
static int request_inert(const struct vmpl_mpi_request_s *req)
{
    return !req || (req->persistent && !req->active);
}

static int request_done(const struct vmpl_mpi_request_s *req)
{
    return req->kind == MPI_REQ_DONE || req->p2p.done;
}

/*
 * The request behind *request: *req is NULL for MPI_REQUEST_NULL. An
 * invalid handle (freed, completed before, garbage) raises MPI_ERR_REQUEST.
 */
static int request_arg(const MPI_Request *request, struct vmpl_mpi_request_s **req,
                       const char *function)
{
    int rc;
    if ((rc = mpi_pointer_check(NULL, request, "request", function)))
        return rc;
    *req = mpi_request_of(*request);
    if (!*req && *request != MPI_REQUEST_NULL)
        return mpi_error(NULL, MPI_ERR_REQUEST, function, "invalid request");
    return MPI_SUCCESS;
}

/* The array arguments of the multiple-completion calls: MPI_SUCCESS or the error raised. */
static int array_args(int count, const MPI_Request requests[], const char *function)
{
    if (count < 0)
        return mpi_error(NULL, MPI_ERR_COUNT, function, "negative count %d", count);
    if (count > 0 && !requests)
        return mpi_error(NULL, MPI_ERR_ARG, function, "requests is NULL for %d requests", count);
    for (int i = 0; i < count; i++)
        if (requests[i] != MPI_REQUEST_NULL && !mpi_request_of(requests[i]))
            return mpi_error(NULL, MPI_ERR_REQUEST, function, "requests[%d] is invalid", i);
    return MPI_SUCCESS;
}

/* Completes req (not inert), then finishes it as Wait does. */
static int request_wait(MPI_Request *request, struct vmpl_mpi_request_s *req, MPI_Status *status,
                        const char *function)
{
    if (req->kind == MPI_REQ_RECV && req->peer == MPI_ANY_SOURCE) {
        if (mpi_wildcard_wait(req->comm, &req->p2p))
            return request_report_pending(req, status, function);
    } else if (req->kind != MPI_REQ_DONE) {
        p2p_wait(mpi_state.p2p, &req->p2p);
    }
    return request_finish(request, req, status);
}

int PMPI_Wait(MPI_Request *request, MPI_Status *status)
{
    struct vmpl_mpi_request_s *req;
    int rc;

    if ((rc = mpi_init_check("MPI_Wait")))
        return rc;
    if ((rc = request_arg(request, &req, "MPI_Wait")))
        return rc;
    if (request_inert(req)) {
        mpi_status_empty(status);
        return MPI_SUCCESS;
    }
    return request_wait(request, req, status, "MPI_Wait");
}
MPI_WEAK(Wait)

int PMPI_Test(MPI_Request *request, int *flag, MPI_Status *status)
{
    struct vmpl_mpi_request_s *req;
    int rc;

    if ((rc = mpi_init_check("MPI_Test")))
        return rc;
    if ((rc = request_arg(request, &req, "MPI_Test")))
        return rc;
    if ((rc = mpi_pointer_check(NULL, flag, "flag", "MPI_Test")))
        return rc;
    if (request_inert(req)) {
        *flag = 1;
        mpi_status_empty(status);
        return MPI_SUCCESS;
    }
    if (!request_done(req))
        p2p_progress(mpi_state.p2p);
    *flag = request_done(req);
    if (!*flag && request_failure_pending(req))
        return request_report_pending(req, status, "MPI_Test");
    return *flag ? request_finish(request, req, status) : MPI_SUCCESS;
}
MPI_WEAK(Test)

int PMPI_Waitall(int count, MPI_Request requests[], MPI_Status statuses[])
{
    int rc;
    int error = MPI_SUCCESS;

    if ((rc = mpi_init_check("MPI_Waitall")))
        return rc;
    if ((error = array_args(count, requests, "MPI_Waitall")))
        return error;
    for (int i = 0; i < count; i++) {
        MPI_Status *status = statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[i];
        struct vmpl_mpi_request_s *req = mpi_request_of(requests[i]);
        if (request_inert(req)) {
            mpi_status_empty(status);
            continue;
        }
        if (request_wait(&requests[i], req, status, "MPI_Waitall") != MPI_SUCCESS)
            error = MPI_ERR_IN_STATUS;
    }
    return error;
}
MPI_WEAK(Waitall)

int PMPI_Testall(int count, MPI_Request requests[], int *flag, MPI_Status statuses[])
{
    int rc;

    if ((rc = mpi_init_check("MPI_Testall")))
        return rc;
    if ((rc = array_args(count, requests, "MPI_Testall")))
        return rc;
    if ((rc = mpi_pointer_check(NULL, flag, "flag", "MPI_Testall")))
        return rc;
    p2p_progress(mpi_state.p2p);
    for (int i = 0; i < count; i++) {
        struct vmpl_mpi_request_s *req = mpi_request_of(requests[i]);
        if (!request_inert(req) && !request_done(req)) {
            *flag = 0;
            return MPI_SUCCESS;
        }
    }
    *flag = 1;
    return PMPI_Waitall(count, requests, statuses);
}
MPI_WEAK(Testall)

int PMPI_Testany(int count, MPI_Request requests[], int *index, int *flag, MPI_Status *status)
{
    int active = 0, rc;

    if ((rc = mpi_init_check("MPI_Testany")))
        return rc;
    if ((rc = array_args(count, requests, "MPI_Testany")))
        return rc;
    if ((rc = mpi_pointer_check(NULL, index, "index", "MPI_Testany")) ||
        (rc = mpi_pointer_check(NULL, flag, "flag", "MPI_Testany")))
        return rc;
    p2p_progress(mpi_state.p2p);
    for (int i = 0; i < count; i++) {
        struct vmpl_mpi_request_s *req = mpi_request_of(requests[i]);
        if (request_inert(req))
            continue;
        active = 1;
        if (request_done(req)) {
            *index = i;
            *flag = 1;
            return request_finish(&requests[i], req, status);
        }
        if (request_failure_pending(req)) { /* stays pending: flag 0 */
            *index = i;
            *flag = 0;
            return request_report_pending(req, status, "MPI_Testany");
        }
    }
    *index = MPI_UNDEFINED;
    *flag = !active;
    if (!active)
        mpi_status_empty(status);
    return MPI_SUCCESS;
}
MPI_WEAK(Testany)

int PMPI_Waitany(int count, MPI_Request requests[], int *index, MPI_Status *status)
{
    int flag = 0, rc;

    if ((rc = mpi_init_check("MPI_Waitany")))
        return rc;
    while ((rc = PMPI_Testany(count, requests, index, &flag, status)) == MPI_SUCCESS && !flag)
        p2p_progress(mpi_state.p2p);
    return rc;
}
MPI_WEAK(Waitany)

/* After one completion: every other request that is already done. */
static void collect_done(int incount, MPI_Request requests[], int *outcount, int indices[],
                         MPI_Status statuses[])
{
    for (int i = 0; i < incount; i++) {
        struct vmpl_mpi_request_s *req = mpi_request_of(requests[i]);
        if (request_inert(req) || !request_done(req))
            continue;
        indices[*outcount] = i;
        request_finish(&requests[i], req,
                       statuses == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &statuses[*outcount]);
        (*outcount)++;
    }
}

int PMPI_Waitsome(int incount, MPI_Request requests[], int *outcount, int indices[],
                  MPI_Status statuses[])
{
    int index, rc;

    if ((rc = mpi_init_check("MPI_Waitsome")))
        return rc;
    if ((rc = array_args(incount, requests, "MPI_Waitsome")))
        return rc;
    if ((rc = mpi_pointer_check(NULL, outcount, "outcount", "MPI_Waitsome")))
        return rc;
    /* no request: statuses and indices may be NULL (nothing is written to them) */
    rc = PMPI_Waitany(incount, requests, &index,
                      statuses == MPI_STATUSES_IGNORE || incount == 0 ? MPI_STATUS_IGNORE
                                                                      : &statuses[0]);
    if (rc == MPI_ERR_PROC_FAILED_PENDING) { /* nothing completed */
        *outcount = 0;
        return rc;
    }
    if (index == MPI_UNDEFINED) {
        *outcount = MPI_UNDEFINED;
        return rc;
    }
    indices[0] = index;
    *outcount = 1;
    collect_done(incount, requests, outcount, indices, statuses);
    return rc;
}
MPI_WEAK(Waitsome)

int PMPI_Testsome(int incount, MPI_Request requests[], int *outcount, int indices[],
                  MPI_Status statuses[])
{
    int active = 0, rc;

    if ((rc = mpi_init_check("MPI_Testsome")))
        return rc;
    if ((rc = array_args(incount, requests, "MPI_Testsome")))
        return rc;
    if ((rc = mpi_pointer_check(NULL, outcount, "outcount", "MPI_Testsome")))
        return rc;
    p2p_progress(mpi_state.p2p);
    for (int i = 0; i < incount; i++)
        active += !request_inert(mpi_request_of(requests[i]));
    *outcount = 0;
    if (!active) {
        *outcount = MPI_UNDEFINED;
        return MPI_SUCCESS;
    }
    collect_done(incount, requests, outcount, indices, statuses);
    return MPI_SUCCESS;
}
MPI_WEAK(Testsome)

int PMPI_Request_free(MPI_Request *request)
{
    struct vmpl_mpi_request_s *req;
    int rc;

    if ((rc = mpi_init_check("MPI_Request_free")))
        return rc;
    if ((rc = request_arg(request, &req, "MPI_Request_free")))
        return rc;
    if (!req)
        return mpi_error(NULL, MPI_ERR_REQUEST, "MPI_Request_free", "null request");
    /* an active operation still completes; the engine owns its request until then */
    if (!request_inert(req) && !request_done(req))
        p2p_wait(mpi_state.p2p, &req->p2p);
    mpi_request_release(req);
    *request = MPI_REQUEST_NULL;
    return MPI_SUCCESS;
}
MPI_WEAK(Request_free)


int PMPI_Startall(int count, MPI_Request requests[])
{
    int rc;

    if ((rc = mpi_init_check("MPI_Startall")))
        return rc;
    if ((rc = array_args(count, requests, "MPI_Startall")))
        return rc;
    for (int i = 0; i < count; i++) {
        int rc = PMPI_Start(&requests[i]);
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_SUCCESS;
}
MPI_WEAK(Startall)

int PMPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count)
{
    int rc;
    struct vmpl_mpi_datatype_s *t = mpi_type_of(datatype);
    dt_count_t size;

    if ((rc = mpi_init_check("MPI_Get_count")))
        return rc;
    if ((rc = mpi_pointer_check(NULL, status, "status", "MPI_Get_count")) ||
        (rc = mpi_pointer_check(NULL, count, "count", "MPI_Get_count")))
        return rc;
    if (status == MPI_STATUS_IGNORE)
        return mpi_error(NULL, MPI_ERR_ARG, "MPI_Get_count", "status is MPI_STATUS_IGNORE");
    if (!t)
        return mpi_error(NULL, MPI_ERR_TYPE, "MPI_Get_count", "invalid datatype");
    size = dt_type_size(t->dt);
    if (size == 0)
        *count = 0;
    else if (status->vmpl_count % size)
        *count = MPI_UNDEFINED;
    else
        *count = (int)(status->vmpl_count / size);
    return MPI_SUCCESS;
}
MPI_WEAK(Get_count)

int PMPI_Test_cancelled(const MPI_Status *status, int *flag)
{
    int rc;
    if ((rc = mpi_pointer_check(NULL, status, "status", "MPI_Test_cancelled")) ||
        (rc = mpi_pointer_check(NULL, flag, "flag", "MPI_Test_cancelled")))
        return rc;
    *flag = status->vmpl_cancelled;
    return MPI_SUCCESS;
}
MPI_WEAK(Test_cancelled)

int PMPI_Cancel(MPI_Request *request)
{
    struct vmpl_mpi_request_s *req;
    int rc;

    if ((rc = mpi_init_check("MPI_Cancel")))
        return rc;
    if ((rc = request_arg(request, &req, "MPI_Cancel")))
        return rc;
    if (request_inert(req))
        return MPI_SUCCESS;
    if (req->kind == MPI_REQ_RECV)
        p2p_cancel_recv(mpi_state.p2p, &req->p2p);
    return MPI_SUCCESS; /* sends cannot be cancelled: they complete normally */
}
MPI_WEAK(Cancel)
