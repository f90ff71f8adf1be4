/* MPI point-to-point over the p2p engine (mpi_impl.h). */
#include "mpi_impl.h"

#include <stdlib.h>

/* Argument checks shared by every send and receive; returns an error class or 0. */
static int check_args(struct vmpl_mpi_comm_s *c, const void *buf, int count,
                      struct vmpl_mpi_datatype_s *t, int peer, int tag, int receive,
                      const char *function)
{
    int rc;
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, function, "invalid communicator");
    if (count < 0)
        return mpi_error(c, MPI_ERR_COUNT, function, "negative count %d", count);
    if (!t && !(count == 0 && peer == MPI_PROC_NULL)) /* nothing to describe: any type does */
        return mpi_error(c, MPI_ERR_TYPE, function, "invalid datatype");
    if (t && !t->predefined && !dt_type_is_committed(t->dt))
        return mpi_error(c, MPI_ERR_TYPE, function, "datatype not committed");
    if ((rc = mpi_buffer_check(c, buf, count, t, "buf", function)))
        return rc;
    if (peer != MPI_PROC_NULL && (peer < 0 || peer >= c->core->size) &&
        !(receive && peer == MPI_ANY_SOURCE))
        return mpi_error(c, MPI_ERR_RANK, function, "rank %d outside communicator %s of size %d",
                         peer, c->name, c->core->size);
    if ((tag < 0 || tag > 0x7fffffff) && !(receive && tag == MPI_ANY_TAG))
        return mpi_error(c, MPI_ERR_TAG, function, "invalid tag %d", tag);
    return 0;
}

/* Starts a send or receive into req (which the engine keeps until done). */
static int start(struct vmpl_mpi_request_s *req, const char *function)
{
    struct vmpl_mpi_comm_s *c = req->comm;
    uint32_t ctx = comm_p2p_context(c->core);
    vmpl_status_t status;

    if (req->peer == MPI_PROC_NULL) { /* completes at once, empty */
        req->p2p.done = 1;
        req->p2p.status = (p2p_status_t){.source = MPI_PROC_NULL, .tag = MPI_ANY_TAG};
        return MPI_SUCCESS;
    }
    if (req->kind == MPI_REQ_SEND)
        status = p2p_isend(mpi_state.p2p, req->buf, req->count, req->dt,
                           mpi_comm_peer(c, req->peer), req->tag, ctx, req->mode, &req->p2p);
    else
        status = p2p_irecv(mpi_state.p2p, req->buf, req->count, req->dt,
                           req->peer == MPI_ANY_SOURCE ? MATCH_ANY : mpi_comm_peer(c, req->peer),
                           req->tag == MPI_ANY_TAG ? MATCH_ANY : req->tag, ctx, &req->p2p);
    if (status == VMPL_ERR_PROC_FAILED) /* the peer, or for a wildcard the communicator */
        return mpi_proc_failed(c, MPI_ERR_PROC_FAILED,
                               req->peer == MPI_ANY_SOURCE ? -1 : mpi_comm_peer(c, req->peer),
                               function);
    if (status != VMPL_OK)
        return mpi_error(c, mpi_class_of_status(status), function, "%s",
                         vmpl_status_string(status));
    return MPI_SUCCESS;
}

static int post(const void *buf, int count, MPI_Datatype datatype, int peer, int tag,
                MPI_Comm comm, mpi_req_kind_t kind, p2p_mode_t mode, int persistent,
                MPI_Request *request, const char *function)
{
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm);
    struct vmpl_mpi_datatype_s *t = mpi_type_of(datatype);
    struct vmpl_mpi_request_s *req;
    int rc;

    if ((rc = mpi_init_check(function)))
        return rc;
    if ((rc = mpi_pointer_check(c, request, "request", function)))
        return rc;
    *request = MPI_REQUEST_NULL;
    rc = check_args(c, buf, count, t, peer, tag, kind == MPI_REQ_RECV, function);
    if (rc)
        return rc;
    req = mpi_request_new(c, kind);
    if (!req)
        return mpi_error(c, MPI_ERR_NO_MEM, function, "out of memory");
    req->buf = (void *)buf;
    req->count = count;
    req->dt = t ? t->dt : NULL;
    if (req->dt)
        dt_type_retain(req->dt);
    req->peer = peer;
    req->tag = tag;
    req->mode = mode;
    req->persistent = persistent;
    *request = req->handle;
    if (persistent)
        return MPI_SUCCESS;
    rc = start(req, function);
    if (rc != MPI_SUCCESS) {
        mpi_request_release(req);
        *request = MPI_REQUEST_NULL;
    }
    return rc;
}

int PMPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
               MPI_Comm comm, MPI_Request *request)
{
    return post(buf, count, datatype, dest, tag, comm, MPI_REQ_SEND, P2P_MODE_STANDARD, 0,
                request, "MPI_Isend");
}
MPI_WEAK(Isend)

int PMPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                MPI_Comm comm, MPI_Request *request)
{
    return post(buf, count, datatype, dest, tag, comm, MPI_REQ_SEND, P2P_MODE_SYNC, 0, request,
                "MPI_Issend");
}
MPI_WEAK(Issend)

int PMPI_Irsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                MPI_Comm comm, MPI_Request *request)
{
    return post(buf, count, datatype, dest, tag, comm, MPI_REQ_SEND, P2P_MODE_READY, 0, request,
                "MPI_Irsend");
}
MPI_WEAK(Irsend)

int PMPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
               MPI_Request *request)
{
    return post(buf, count, datatype, source, tag, comm, MPI_REQ_RECV, P2P_MODE_STANDARD, 0,
                request, "MPI_Irecv");
}
MPI_WEAK(Irecv)

/*
 * Blocking send or receive: the request lives on this stack frame (the
 * engine is done with it when the wait returns), so the common path takes
 * nothing from the request pool.
 */
static int blocking(const void *buf, int count, MPI_Datatype datatype, int peer, int tag,
                    MPI_Comm comm, mpi_req_kind_t kind, p2p_mode_t mode, MPI_Status *status,
                    const char *function)
{
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm);
    struct vmpl_mpi_datatype_s *t = mpi_type_of(datatype);
    struct vmpl_mpi_request_s req;
    int rc;

    if ((rc = mpi_init_check(function)))
        return rc;
    rc = check_args(c, buf, count, t, peer, tag, kind == MPI_REQ_RECV, function);
    if (rc)
        return rc;
    req.p2p.done = 0;
    req.kind = kind;
    req.persistent = 0;
    req.comm = c;
    req.buf = (void *)buf;
    req.count = count;
    req.dt = t ? t->dt : NULL; /* the caller's type outlives this call */
    req.peer = peer;
    req.tag = tag;
    req.mode = mode;
    rc = start(&req, function);
    if (rc != MPI_SUCCESS)
        return rc;
    if (kind == MPI_REQ_RECV && peer == MPI_ANY_SOURCE) {
        if (mpi_wildcard_wait(c, &req.p2p) && p2p_cancel_recv(mpi_state.p2p, &req.p2p)) {
            if (status != MPI_STATUS_IGNORE) { /* ULFM: a blocking wildcard receive fails */
                mpi_status_empty(status);
                status->MPI_ERROR = MPI_ERR_PROC_FAILED;
            }
            return mpi_proc_failed(c, MPI_ERR_PROC_FAILED, -1, function);
        }
    }
    if (!req.p2p.done) /* also a wildcard receive matched as it was withdrawn */
        p2p_wait(mpi_state.p2p, &req.p2p);
    if (kind == MPI_REQ_SEND) {
        mpi_status_empty(status);
        return req.p2p.status.error != VMPL_OK
                   ? mpi_status_error(c, &req.p2p.status, function)
                   : MPI_SUCCESS;
    }
    if (status != MPI_STATUS_IGNORE)
        mpi_status_set(status, &req.p2p.status,
                       req.p2p.status.source < 0
                           ? req.p2p.status.source
                           : group_rank_of(c->core->group, req.p2p.status.source));
    if (req.p2p.status.error != VMPL_OK)
        return mpi_status_error(c, &req.p2p.status, function);
    return MPI_SUCCESS;
}

int PMPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
              MPI_Comm comm)
{
    return blocking(buf, count, datatype, dest, tag, comm, MPI_REQ_SEND, P2P_MODE_STANDARD,
                    MPI_STATUS_IGNORE, "MPI_Send");
}
MPI_WEAK(Send)

int PMPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
               MPI_Comm comm)
{
    return blocking(buf, count, datatype, dest, tag, comm, MPI_REQ_SEND, P2P_MODE_SYNC,
                    MPI_STATUS_IGNORE, "MPI_Ssend");
}
MPI_WEAK(Ssend)

int PMPI_Rsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
               MPI_Comm comm)
{
    return blocking(buf, count, datatype, dest, tag, comm, MPI_REQ_SEND, P2P_MODE_READY,
                    MPI_STATUS_IGNORE, "MPI_Rsend");
}
MPI_WEAK(Rsend)

int PMPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm,
              MPI_Status *status)
{
    return blocking(buf, count, datatype, source, tag, comm, MPI_REQ_RECV, P2P_MODE_STANDARD,
                    status, "MPI_Recv");
}
MPI_WEAK(Recv)

int PMPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest,
                  int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype, int source,
                  int recvtag, MPI_Comm comm, MPI_Status *status)
{
    MPI_Request requests[2];
    int rc = post(recvbuf, recvcount, recvtype, source, recvtag, comm, MPI_REQ_RECV,
                  P2P_MODE_STANDARD, 0, &requests[0], "MPI_Sendrecv");

    if (rc != MPI_SUCCESS)
        return rc;
    rc = post(sendbuf, sendcount, sendtype, dest, sendtag, comm, MPI_REQ_SEND,
              P2P_MODE_STANDARD, 0, &requests[1], "MPI_Sendrecv");
    if (rc != MPI_SUCCESS) {
        PMPI_Cancel(&requests[0]);
        PMPI_Wait(&requests[0], MPI_STATUS_IGNORE);
        return rc;
    }
    PMPI_Wait(&requests[1], MPI_STATUS_IGNORE);
    rc = PMPI_Wait(&requests[0], status);
    if (rc == MPI_ERR_PROC_FAILED_PENDING) { /* blocking: withdraw the wildcard receive */
        int withdrawn = p2p_cancel_recv(mpi_state.p2p, &mpi_request_of(requests[0])->p2p);
        int finish = PMPI_Wait(&requests[0], withdrawn ? MPI_STATUS_IGNORE : status);
        if (!withdrawn)
            return finish;
        if (status != MPI_STATUS_IGNORE)
            status->MPI_ERROR = MPI_ERR_PROC_FAILED;
        return MPI_ERR_PROC_FAILED; /* reported through the handler as pending already */
    }
    return rc;
}
MPI_WEAK(Sendrecv)

int PMPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag,
                          int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    struct vmpl_mpi_datatype_s *t = mpi_type_of(datatype);
    size_t bytes = 0;
    void *copy;
    int position = 0, rc;

    if ((rc = mpi_init_check("MPI_Sendrecv_replace")))
        return rc;
    if (!t || dt_pack_size(t->dt, count, &bytes) != VMPL_OK)
        return mpi_error(mpi_comm_of(comm), MPI_ERR_TYPE, "MPI_Sendrecv_replace",
                         "invalid datatype or count");
    copy = malloc(bytes ? bytes : 1);
    if (!copy)
        return mpi_error(mpi_comm_of(comm), MPI_ERR_NO_MEM, "MPI_Sendrecv_replace",
                         "out of memory");
    rc = PMPI_Pack(buf, count, datatype, copy, (int)bytes, &position, comm);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Sendrecv(copy, (int)bytes, MPI_PACKED, dest, sendtag, buf, count, datatype,
                           source, recvtag, comm, status);
    free(copy);
    return rc;
}
MPI_WEAK(Sendrecv_replace)

int PMPI_Send_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                   MPI_Comm comm, MPI_Request *request)
{
    return post(buf, count, datatype, dest, tag, comm, MPI_REQ_SEND, P2P_MODE_STANDARD, 1,
                request, "MPI_Send_init");
}
MPI_WEAK(Send_init)

int PMPI_Ssend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                    MPI_Comm comm, MPI_Request *request)
{
    return post(buf, count, datatype, dest, tag, comm, MPI_REQ_SEND, P2P_MODE_SYNC, 1, request,
                "MPI_Ssend_init");
}
MPI_WEAK(Ssend_init)

int PMPI_Rsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                    MPI_Comm comm, MPI_Request *request)
{
    return post(buf, count, datatype, dest, tag, comm, MPI_REQ_SEND, P2P_MODE_READY, 1, request,
                "MPI_Rsend_init");
}
MPI_WEAK(Rsend_init)

int PMPI_Bsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                    MPI_Comm comm, MPI_Request *request)
{
    int rc = post(buf, count, datatype, dest, tag, comm, MPI_REQ_SEND, P2P_MODE_STANDARD, 1,
                  request, "MPI_Bsend_init");

    if (rc == MPI_SUCCESS) {
        mpi_request_of(*request)->buffered = 1;
        mpi_request_of(*request)->comm_handle = comm;
    }
    return rc;
}
MPI_WEAK(Bsend_init)

int PMPI_Recv_init(void *buf, int count, MPI_Datatype datatype, int source, int tag,
                   MPI_Comm comm, MPI_Request *request)
{
    return post(buf, count, datatype, source, tag, comm, MPI_REQ_RECV, P2P_MODE_STANDARD, 1,
                request, "MPI_Recv_init");
}
MPI_WEAK(Recv_init)

int PMPI_Start(MPI_Request *request)
{
    int rc;
    struct vmpl_mpi_request_s *req;

    if ((rc = mpi_init_check("MPI_Start")))
        return rc;
    if ((rc = mpi_pointer_check(NULL, request, "request", "MPI_Start")))
        return rc;
    req = mpi_request_of(*request);
    if (!req || !req->persistent)
        return mpi_error(NULL, MPI_ERR_REQUEST, "MPI_Start", "not a persistent request");
    if (req->active)
        return mpi_error(req->comm, MPI_ERR_REQUEST, "MPI_Start", "request already active");
    req->p2p = (p2p_req_t){0};
    req->active = 1;
    if (req->buffered) {
        int rc = mpi_bsend_start(req, "MPI_Start");
        if (rc != MPI_SUCCESS)
            req->active = 0;
        return rc;
    }
    return start(req, "MPI_Start");
}
MPI_WEAK(Start)

static int probe_status(struct vmpl_mpi_comm_s *c, const p2p_status_t *found, MPI_Status *status)
{
    mpi_status_set(status, found, group_rank_of(c->core->group, found->source));
    return MPI_SUCCESS;
}

int PMPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status)
{
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm);
    p2p_status_t found;
    int rc;

    if ((rc = mpi_init_check("MPI_Iprobe")))
        return rc;
    rc = check_args(c, NULL, 0, &mpi_state.types[(uintptr_t)MPI_BYTE], source, tag, 1,
                    "MPI_Iprobe");
    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(c, flag, "flag", "MPI_Iprobe")))
        return rc;
    if (source == MPI_PROC_NULL) {
        *flag = 1;
        mpi_status_empty(status);
        if (status != MPI_STATUS_IGNORE)
            status->MPI_SOURCE = MPI_PROC_NULL;
        return MPI_SUCCESS;
    }
    p2p_progress(mpi_state.p2p);
    *flag = p2p_iprobe(mpi_state.p2p, source == MPI_ANY_SOURCE ? MATCH_ANY : mpi_comm_peer(c, source),
                       tag == MPI_ANY_TAG ? MATCH_ANY : tag, comm_p2p_context(c->core), &found);
    if (*flag)
        return probe_status(c, &found, status);
    /* nothing can come from a failed source; a wildcard waits for the acknowledgement */
    if (source != MPI_ANY_SOURCE && p2p_peer_is_failed(mpi_state.p2p, mpi_comm_peer(c, source)))
        return mpi_proc_failed(c, MPI_ERR_PROC_FAILED, mpi_comm_peer(c, source), "MPI_Iprobe");
    if (source == MPI_ANY_SOURCE && mpi_wildcard_blocked(c))
        return mpi_proc_failed(c, MPI_ERR_PROC_FAILED, -1, "MPI_Iprobe");
    return MPI_SUCCESS;
}
MPI_WEAK(Iprobe)

int PMPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    int flag = 0, rc;

    while ((rc = PMPI_Iprobe(source, tag, comm, &flag, status)) == MPI_SUCCESS && !flag)
        p2p_progress(mpi_state.p2p);
    return rc;
}
MPI_WEAK(Probe)
