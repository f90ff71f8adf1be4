/*
 * Buffered sends (MPI_Bsend, MPI_Ibsend, MPI_Bsend_init) over the buffer the application
 * attaches: each message is packed into a first-fit block of that buffer
 * (MPI_BSEND_OVERHEAD bytes of bookkeeping each), sent from there, and
 * its block is reused once the send completes. MPI_Buffer_detach waits
 * for every buffered message to leave.
 */
#include "mpi_impl.h"

#include <stdlib.h>
#include <string.h>

typedef struct bsend_block {
    size_t offset, size;         /* bytes of the attached buffer it holds */
    struct vmpl_mpi_request_s *req;
    struct bsend_block *next;    /* in offset order */
} bsend_block_t;

static struct {
    char *buffer;
    size_t size;
    bsend_block_t *blocks; /* messages still leaving */
} attached;

/* Frees the blocks whose sends completed. */
static void blocks_reap(void)
{
    bsend_block_t **at = &attached.blocks;

    p2p_progress(mpi_state.p2p);
    while (*at) {
        bsend_block_t *b = *at;
        if (b->req->p2p.done) {
            *at = b->next;
            mpi_request_release(b->req);
            free(b);
        } else {
            at = &b->next;
        }
    }
}

/* First fit for `size` bytes; links the new block in offset order. */
static bsend_block_t *block_take(size_t size)
{
    bsend_block_t **at = &attached.blocks, *b;
    size_t start = 0;

    for (;; at = &(*at)->next) {
        size_t end = *at ? (*at)->offset : attached.size;
        if (end >= start && end - start >= size)
            break;
        if (!*at)
            return NULL;
        start = (*at)->offset + (*at)->size;
    }
    b = calloc(1, sizeof(*b));
    if (!b)
        return NULL;
    b->offset = start;
    b->size = size;
    b->next = *at;
    *at = b;
    return b;
}

static void block_drop(bsend_block_t *dropped)
{
    for (bsend_block_t **at = &attached.blocks; *at; at = &(*at)->next)
        if (*at == dropped) {
            *at = dropped->next;
            free(dropped);
            return;
        }
}

int PMPI_Buffer_attach(void *buffer, int size)
{
    int rc;
    if ((rc = mpi_init_check("MPI_Buffer_attach")))
        return rc;
    if (attached.buffer)
        return mpi_error(NULL, MPI_ERR_BUFFER, "MPI_Buffer_attach", "a buffer is already attached");
    if (size < 0 || (!buffer && size))
        return mpi_error(NULL, MPI_ERR_BUFFER, "MPI_Buffer_attach", "invalid buffer or size %d",
                         size);
    attached.buffer = buffer;
    attached.size = (size_t)size;
    return MPI_SUCCESS;
}
MPI_WEAK(Buffer_attach)

int PMPI_Buffer_detach(void *buffer_addr, int *size)
{
    int rc;
    if ((rc = mpi_init_check("MPI_Buffer_detach")))
        return rc;
    if ((rc = mpi_pointer_check(NULL, buffer_addr, "buffer_addr", "MPI_Buffer_detach")) ||
        (rc = mpi_pointer_check(NULL, size, "size", "MPI_Buffer_detach")))
        return rc;
    while (attached.blocks) /* MPI: detach blocks until every buffered message left */
        blocks_reap();
    *(void **)buffer_addr = attached.buffer;
    *size = (int)attached.size;
    attached.buffer = NULL;
    attached.size = 0;
    return MPI_SUCCESS;
}
MPI_WEAK(Buffer_detach)

/*
 * Packs the message (arguments checked) into a block of the attached
 * buffer and sends it from there. Takes the dt type, not the handle: a
 * persistent request's handle may be freed before a start.
 */
static int bsend_post(struct vmpl_mpi_comm_s *c, const void *buf, int count, const dt_type_t *dt,
                      int dest, int tag, MPI_Comm comm, const char *function)
{
    bsend_block_t *block;
    MPI_Request inner;
    size_t bytes;
    vmpl_status_t status;
    int rc;

    if (dt_pack_size(dt, count, &bytes) != VMPL_OK || bytes > 0x7fffffff)
        return mpi_error(c, MPI_ERR_COUNT, function, "%d elements do not fit a message", count);
    blocks_reap();
    block = block_take(bytes + MPI_BSEND_OVERHEAD);
    if (!block)
        return mpi_error(c, MPI_ERR_BUFFER, function,
                         "%zu bytes do not fit in the attached buffer (%zu bytes, %s)",
                         bytes + MPI_BSEND_OVERHEAD, attached.size,
                         attached.buffer ? "partly in use" : "none attached");
    status = bytes ? dt_pack(dt, count, buf, 0, attached.buffer + block->offset, bytes) : VMPL_OK;
    rc = status == VMPL_OK ? PMPI_Isend(attached.buffer + block->offset, (int)bytes, MPI_PACKED,
                                        dest, tag, comm, &inner)
                           : mpi_error(c, mpi_class_of_status(status), function, "%s",
                                       vmpl_status_string(status));
    if (rc != MPI_SUCCESS) {
        block_drop(block);
        return rc;
    }
    block->req = mpi_request_of(inner);
    return MPI_SUCCESS;
}

int PMPI_Ibsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
                MPI_Comm comm, MPI_Request *request)
{
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm);
    struct vmpl_mpi_datatype_s *t = mpi_type_of(datatype);
    int rc;

    if ((rc = mpi_init_check("MPI_Ibsend")))
        return rc;
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Ibsend", "invalid communicator");
    if ((rc = mpi_pointer_check(c, request, "request", "MPI_Ibsend")))
        return rc;
    *request = MPI_REQUEST_NULL;
    if (count < 0)
        return mpi_error(c, MPI_ERR_COUNT, "MPI_Ibsend", "negative count %d", count);
    if (!t || (!t->predefined && !dt_type_is_committed(t->dt)))
        return mpi_error(c, MPI_ERR_TYPE, "MPI_Ibsend", "invalid or uncommitted datatype");
    if ((rc = mpi_buffer_check(c, buf, count, t, "buf", "MPI_Ibsend")))
        return rc;
    rc = bsend_post(c, buf, count, t->dt, dest, tag, comm, "MPI_Ibsend");
    if (rc != MPI_SUCCESS)
        return rc;
    /* the application's request is complete at once: its data is in the buffer */
    struct vmpl_mpi_request_s *done = mpi_request_new(c, MPI_REQ_DONE);
    if (!done)
        return mpi_error(c, MPI_ERR_NO_MEM, "MPI_Ibsend", "out of memory");
    *request = done->handle;
    return MPI_SUCCESS;
}
MPI_WEAK(Ibsend)

int PMPI_Bsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,
               MPI_Comm comm)
{
    MPI_Request request;
    int rc = PMPI_Ibsend(buf, count, datatype, dest, tag, comm, &request);

    return rc != MPI_SUCCESS ? rc : PMPI_Wait(&request, MPI_STATUS_IGNORE);
}
MPI_WEAK(Bsend)

/* MPI_Start of an MPI_Bsend_init request: complete once the data is in the buffer. */
int mpi_bsend_start(struct vmpl_mpi_request_s *req, const char *function)
{
    int rc = bsend_post(req->comm, req->buf, (int)req->count, req->dt, req->peer, req->tag,
                        req->comm_handle, function);

    if (rc == MPI_SUCCESS) {
        req->p2p.done = 1;
        req->p2p.status = (p2p_status_t){0};
    }
    return rc;
}
