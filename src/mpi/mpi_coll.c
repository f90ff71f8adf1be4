/* MPI blocking collectives over src/core/coll (mpi_impl.h). */
#include "mpi_impl.h"

#include <limits.h>
#include <stdlib.h>

/* A member's failure fails the whole collective: the message names the first failed member. */
static int coll_result(struct vmpl_mpi_comm_s *c, vmpl_status_t status, const char *function)
{
    if (status == VMPL_ERR_PROC_FAILED)
        return mpi_proc_failed(c, MPI_ERR_PROC_FAILED, -1, function);
    return status == VMPL_OK ? MPI_SUCCESS
                             : mpi_error(c, mpi_class_of_status(status), function, "%s",
                                         vmpl_status_string(status));
}

/* A datatype argument; MPI allows anything for buffers a rank does not use (pass NULL then). */
static int type_arg(struct vmpl_mpi_comm_s *c, MPI_Datatype handle, int count,
                    struct vmpl_mpi_datatype_s **type_p, const char *function)
{
    struct vmpl_mpi_datatype_s *t = mpi_type_of(handle);

    if (count < 0)
        return mpi_error(c, MPI_ERR_COUNT, function, "negative count %d", count);
    if (!t)
        return mpi_error(c, MPI_ERR_TYPE, function, "invalid datatype");
    if (!t->predefined && !dt_type_is_committed(t->dt))
        return mpi_error(c, MPI_ERR_TYPE, function, "datatype not committed");
    *type_p = t;
    return MPI_SUCCESS;
}

static int root_arg(struct vmpl_mpi_comm_s *c, int root, const char *function)
{
    if (root < 0 || root >= c->core->size)
        return mpi_error(c, MPI_ERR_ROOT, function, "root %d outside communicator of size %d",
                         root, c->core->size);
    return MPI_SUCCESS;
}

/* MPI_IN_PLACE where MPI does not allow it (as recvbuf, or where this rank has no place). */
static int in_place_arg(struct vmpl_mpi_comm_s *c, const void *buf, const char *what,
                        const char *function)
{
    if (buf != MPI_IN_PLACE)
        return MPI_SUCCESS;
    return mpi_error(c, MPI_ERR_BUFFER, function, "%s cannot be MPI_IN_PLACE here", what);
}

/*
 * The counts (and displacements, when displs_what is not NULL) of a
 * v-collective: MPI_ERR_ARG for a NULL array, MPI_ERR_COUNT for a
 * negative count. *total_p is their sum, capped at INT_MAX.
 */
static int counts_arg(struct vmpl_mpi_comm_s *c, const int counts[], const char *counts_what,
                      const int displs[], const char *displs_what, int *total_p,
                      const char *function)
{
    int rc;
    long total = 0;

    *total_p = 0;
    if ((rc = mpi_pointer_check(c, counts, counts_what, function)) ||
        (displs_what && (rc = mpi_pointer_check(c, displs, displs_what, function))))
        return rc;
    for (int r = 0; r < c->core->size; r++) {
        if (counts[r] < 0)
            return mpi_error(c, MPI_ERR_COUNT, function, "negative %s[%d] = %d", counts_what, r,
                             counts[r]);
        total += counts[r];
    }
    *total_p = total > INT_MAX ? INT_MAX : (int)total;
    return MPI_SUCCESS;
}

/*
 * The buffers of a reduction: recv says whether this rank receives a
 * result. MPI_IN_PLACE is for sendbuf on receiving ranks only; the same
 * buffer as both is MPICH's aliasing error (MPI_IN_PLACE says it).
 */
static int reduce_buffers_arg(struct vmpl_mpi_comm_s *c, const void *sendbuf, const void *recvbuf,
                              int count, const struct vmpl_mpi_datatype_s *t, int recv,
                              const char *function)
{
    int rc;
    if (sendbuf == MPI_IN_PLACE && recvbuf == MPI_IN_PLACE)
        return mpi_error(c, MPI_ERR_BUFFER, function, "sendbuf and recvbuf are both MPI_IN_PLACE");
    if ((!recv && (rc = in_place_arg(c, sendbuf, "sendbuf", function))) ||
        (recv && (rc = in_place_arg(c, recvbuf, "recvbuf", function))))
        return rc;
    if ((sendbuf != MPI_IN_PLACE && (rc = mpi_buffer_check(c, sendbuf, count, t, "sendbuf", function))) ||
        (recv && (rc = mpi_buffer_check(c, recvbuf, count, t, "recvbuf", function))))
        return rc;
    if (recv && count > 0 && sendbuf == recvbuf)
        return mpi_error(c, MPI_ERR_BUFFER, function,
                         "sendbuf and recvbuf are the same buffer (MPI_IN_PLACE is for that)");
    return MPI_SUCCESS;
}

static const void *in_place(const void *buf)
{
    return buf == MPI_IN_PLACE ? COLL_IN_PLACE : buf;
}

int PMPI_Barrier(MPI_Comm comm)
{
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_comm_arg(comm, &c, "MPI_Barrier");

    if (rc)
        return rc;
    return coll_result(c, coll_barrier(&c->core->coll), "MPI_Barrier");
}
MPI_WEAK(Barrier)

int PMPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    struct vmpl_mpi_datatype_s *t = NULL;
    int rc;
    struct vmpl_mpi_comm_s *c;
    rc = mpi_comm_arg(comm, &c, "MPI_Bcast");
    if (rc)
        return rc;
    if ((rc = type_arg(c, datatype, count, &t, "MPI_Bcast")) ||
        (rc = root_arg(c, root, "MPI_Bcast")) ||
        (rc = mpi_buffer_check(c, buffer, count, t, "buffer", "MPI_Bcast")))
        return rc;
    return coll_result(c, coll_bcast(&c->core->coll, buffer, count, t->dt, root), "MPI_Bcast");
}
MPI_WEAK(Bcast)

static int reduce_common(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                         MPI_Op op, int root, MPI_Comm comm, int all, const char *function)
{
    struct vmpl_mpi_datatype_s *t = NULL;
    struct vmpl_mpi_op_s *o = mpi_op_of(op);
    mpi_op_call_t call;
    const coll_op_t *core_op;
    int rc;
    struct vmpl_mpi_comm_s *c;
    rc = mpi_comm_arg(comm, &c, function);
    if (rc)
        return rc;
    if ((rc = type_arg(c, datatype, count, &t, function)) ||
        (!all && (rc = root_arg(c, root, function))) ||
        (rc = reduce_buffers_arg(c, sendbuf, recvbuf, count, t, all || c->core->rank == root,
                                 function)))
        return rc;
    if (!o)
        return mpi_error(c, MPI_ERR_OP, function, "invalid operation");
    core_op = mpi_op_for(o, t, datatype, &call, c, function);
    if (!core_op)
        return MPI_ERR_OP;
    if (all)
        return coll_result(c, coll_allreduce(&c->core->coll, in_place(sendbuf), recvbuf, count,
                                             t->dt, core_op),
                           function);
    return coll_result(c, coll_reduce(&c->core->coll, in_place(sendbuf), recvbuf, count, t->dt,
                                      core_op, root),
                       function);
}

int PMPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                int root, MPI_Comm comm)
{
    return reduce_common(sendbuf, recvbuf, count, datatype, op, root, comm, 0, "MPI_Reduce");
}
MPI_WEAK(Reduce)

int PMPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                   MPI_Op op, MPI_Comm comm)
{
    return reduce_common(sendbuf, recvbuf, count, datatype, op, 0, comm, 1, "MPI_Allreduce");
}
MPI_WEAK(Allreduce)

static int scan_common(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype,
                       MPI_Op op, MPI_Comm comm, int exclusive, const char *function)
{
    struct vmpl_mpi_datatype_s *t = NULL;
    struct vmpl_mpi_op_s *o = mpi_op_of(op);
    mpi_op_call_t call;
    const coll_op_t *core_op;
    int rc;
    struct vmpl_mpi_comm_s *c;
    rc = mpi_comm_arg(comm, &c, function);
    if (rc)
        return rc;
    if ((rc = type_arg(c, datatype, count, &t, function)) ||
        (rc = reduce_buffers_arg(c, sendbuf, recvbuf, count, t, 1, function)))
        return rc;
    if (!o)
        return mpi_error(c, MPI_ERR_OP, function, "invalid operation");
    if (!(core_op = mpi_op_for(o, t, datatype, &call, c, function)))
        return MPI_ERR_OP;
    return coll_result(c, coll_scan(&c->core->coll, in_place(sendbuf), recvbuf, count, t->dt,
                                    core_op, exclusive),
                       function);
}

int PMPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
              MPI_Comm comm)
{
    return scan_common(sendbuf, recvbuf, count, datatype, op, comm, 0, "MPI_Scan");
}
MPI_WEAK(Scan)

int PMPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op,
                MPI_Comm comm)
{
    return scan_common(sendbuf, recvbuf, count, datatype, op, comm, 1, "MPI_Exscan");
}
MPI_WEAK(Exscan)

int PMPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[],
                        MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    struct vmpl_mpi_datatype_s *t = NULL;
    struct vmpl_mpi_op_s *o = mpi_op_of(op);
    mpi_op_call_t call;
    const coll_op_t *core_op;
    int64_t *counts;
    vmpl_status_t status;
    int rc, total;
    struct vmpl_mpi_comm_s *c;
    rc = mpi_comm_arg(comm, &c, "MPI_Reduce_scatter");
    if (rc)
        return rc;
    if ((rc = type_arg(c, datatype, 0, &t, "MPI_Reduce_scatter")) ||
        (rc = counts_arg(c, recvcounts, "recvcounts", NULL, NULL, &total,
                         "MPI_Reduce_scatter")))
        return rc;
    if (sendbuf == MPI_IN_PLACE && recvbuf == MPI_IN_PLACE)
        return mpi_error(c, MPI_ERR_BUFFER, "MPI_Reduce_scatter",
                         "sendbuf and recvbuf are both MPI_IN_PLACE");
    if (sendbuf == recvbuf && recvcounts[c->core->rank] > 0)
        return mpi_error(c, MPI_ERR_BUFFER, "MPI_Reduce_scatter",
                         "sendbuf and recvbuf are the same buffer (MPI_IN_PLACE is for that)");
    if ((rc = in_place_arg(c, recvbuf, "recvbuf", "MPI_Reduce_scatter")) ||
        (sendbuf != MPI_IN_PLACE &&
         (rc = mpi_buffer_check(c, sendbuf, total, t, "sendbuf", "MPI_Reduce_scatter"))) ||
        (rc = mpi_buffer_check(c, recvbuf, recvcounts[c->core->rank], t, "recvbuf",
                         "MPI_Reduce_scatter")))
        return rc;
    if (!o)
        return mpi_error(c, MPI_ERR_OP, "MPI_Reduce_scatter", "invalid operation");
    if (!(core_op = mpi_op_for(o, t, datatype, &call, c, "MPI_Reduce_scatter")))
        return MPI_ERR_OP;
    counts = malloc((size_t)c->core->size * sizeof(*counts));
    if (!counts)
        return mpi_error(c, MPI_ERR_NO_MEM, "MPI_Reduce_scatter", "out of memory");
    for (int r = 0; r < c->core->size; r++)
        counts[r] = recvcounts[r];
    status = coll_reduce_scatterv(&c->core->coll, in_place(sendbuf), recvbuf, counts, t->dt,
                                  core_op);
    free(counts);
    return coll_result(c, status, "MPI_Reduce_scatter");
}
MPI_WEAK(Reduce_scatter)

int PMPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount,
                              MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm);
    int *counts, rc;

    if ((rc = mpi_init_check("MPI_Reduce_scatter_block")))
        return rc;
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Reduce_scatter_block", "invalid communicator");
    if (recvcount < 0)
        return mpi_error(c, MPI_ERR_COUNT, "MPI_Reduce_scatter_block", "negative count %d",
                         recvcount);
    counts = malloc((size_t)c->core->size * sizeof(*counts));
    if (!counts)
        return mpi_error(c, MPI_ERR_NO_MEM, "MPI_Reduce_scatter_block", "out of memory");
    for (int r = 0; r < c->core->size; r++)
        counts[r] = recvcount;
    rc = PMPI_Reduce_scatter(sendbuf, recvbuf, counts, datatype, op, comm);
    free(counts);
    return rc;
}
MPI_WEAK(Reduce_scatter_block)

/* Counts and displacements (in elements of the type) widened for the core. */
static int64_t *widen(int n, const int values[], int fill, int uniform)
{
    int64_t *out = malloc((size_t)(n > 0 ? n : 1) * sizeof(*out));

    for (int i = 0; out && i < n; i++)
        out[i] = values ? values[i] : (int64_t)fill * (uniform ? i : 1);
    return out;
}

int PMPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root,
                 MPI_Comm comm)
{
    struct vmpl_mpi_datatype_s *st = NULL, *rt = NULL;
    int64_t *counts = NULL, *offsets = NULL;
    vmpl_status_t status;
    int is_root, rc, total;
    struct vmpl_mpi_comm_s *c;
    rc = mpi_comm_arg(comm, &c, "MPI_Gatherv");
    if (rc)
        return rc;
    if ((rc = root_arg(c, root, "MPI_Gatherv")))
        return rc;
    is_root = c->core->rank == root;
    if ((rc = in_place_arg(c, is_root ? recvbuf : sendbuf, is_root ? "recvbuf" : "sendbuf",
                           "MPI_Gatherv")))
        return rc;
    if (sendbuf != MPI_IN_PLACE &&
        ((rc = type_arg(c, sendtype, sendcount, &st, "MPI_Gatherv")) ||
         (rc = mpi_buffer_check(c, sendbuf, sendcount, st, "sendbuf", "MPI_Gatherv"))))
        return rc;
    if (is_root) {
        if ((rc = type_arg(c, recvtype, 0, &rt, "MPI_Gatherv")) ||
            (rc = counts_arg(c, recvcounts, "recvcounts", displs, "displs", &total,
                             "MPI_Gatherv")) ||
            (rc = mpi_buffer_check(c, recvbuf, total, rt, "recvbuf", "MPI_Gatherv")))
            return rc;
        counts = widen(c->core->size, recvcounts, 0, 0);
        offsets = widen(c->core->size, displs, 0, 0);
        if (!counts || !offsets) {
            free(counts);
            free(offsets);
            return mpi_error(c, MPI_ERR_NO_MEM, "MPI_Gatherv", "out of memory");
        }
    }
    status = coll_gatherv(&c->core->coll, in_place(sendbuf), sendcount, st ? st->dt : NULL,
                          recvbuf, counts, offsets, rt ? rt->dt : NULL, root);
    free(counts);
    free(offsets);
    return coll_result(c, status, "MPI_Gatherv");
}
MPI_WEAK(Gatherv)

int PMPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    struct vmpl_mpi_datatype_s *st = NULL, *rt = NULL;
    int is_root, rc;
    struct vmpl_mpi_comm_s *c;
    rc = mpi_comm_arg(comm, &c, "MPI_Gather");
    if (rc)
        return rc;
    if ((rc = root_arg(c, root, "MPI_Gather")))
        return rc;
    is_root = c->core->rank == root;
    if ((rc = in_place_arg(c, is_root ? recvbuf : sendbuf, is_root ? "recvbuf" : "sendbuf",
                           "MPI_Gather")))
        return rc;
    if (sendbuf != MPI_IN_PLACE &&
        ((rc = type_arg(c, sendtype, sendcount, &st, "MPI_Gather")) ||
         (rc = mpi_buffer_check(c, sendbuf, sendcount, st, "sendbuf", "MPI_Gather"))))
        return rc;
    if (is_root && ((rc = type_arg(c, recvtype, recvcount, &rt, "MPI_Gather")) ||
                    (rc = mpi_buffer_check(c, recvbuf, recvcount, rt, "recvbuf", "MPI_Gather"))))
        return rc;
    return coll_result(c,
                       coll_gather(&c->core->coll, in_place(sendbuf), sendcount,
                                   st ? st->dt : NULL, recvbuf, recvcount, rt ? rt->dt : NULL,
                                   root),
                       "MPI_Gather");
}
MPI_WEAK(Gather)

int PMPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[],
                  MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype,
                  int root, MPI_Comm comm)
{
    struct vmpl_mpi_datatype_s *st = NULL, *rt = NULL;
    int64_t *counts = NULL, *offsets = NULL;
    vmpl_status_t status;
    int is_root, rc, total;
    struct vmpl_mpi_comm_s *c;
    rc = mpi_comm_arg(comm, &c, "MPI_Scatterv");
    if (rc)
        return rc;
    if ((rc = root_arg(c, root, "MPI_Scatterv")))
        return rc;
    is_root = c->core->rank == root;
    if ((rc = in_place_arg(c, is_root ? sendbuf : recvbuf, is_root ? "sendbuf" : "recvbuf",
                           "MPI_Scatterv")))
        return rc;
    if (recvbuf != MPI_IN_PLACE &&
        ((rc = type_arg(c, recvtype, recvcount, &rt, "MPI_Scatterv")) ||
         (rc = mpi_buffer_check(c, recvbuf, recvcount, rt, "recvbuf", "MPI_Scatterv"))))
        return rc;
    if (is_root) {
        if ((rc = type_arg(c, sendtype, 0, &st, "MPI_Scatterv")) ||
            (rc = counts_arg(c, sendcounts, "sendcounts", displs, "displs", &total,
                             "MPI_Scatterv")) ||
            (rc = mpi_buffer_check(c, sendbuf, total, st, "sendbuf", "MPI_Scatterv")))
            return rc;
        counts = widen(c->core->size, sendcounts, 0, 0);
        offsets = widen(c->core->size, displs, 0, 0);
        if (!counts || !offsets) {
            free(counts);
            free(offsets);
            return mpi_error(c, MPI_ERR_NO_MEM, "MPI_Scatterv", "out of memory");
        }
    }
    status = coll_scatterv(&c->core->coll, sendbuf, counts, offsets, st ? st->dt : NULL,
                           recvbuf == MPI_IN_PLACE ? COLL_IN_PLACE : recvbuf, recvcount,
                           rt ? rt->dt : NULL, root);
    free(counts);
    free(offsets);
    return coll_result(c, status, "MPI_Scatterv");
}
MPI_WEAK(Scatterv)

int PMPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                 int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    struct vmpl_mpi_datatype_s *st = NULL, *rt = NULL;
    int is_root, rc;
    struct vmpl_mpi_comm_s *c;
    rc = mpi_comm_arg(comm, &c, "MPI_Scatter");
    if (rc)
        return rc;
    if ((rc = root_arg(c, root, "MPI_Scatter")))
        return rc;
    is_root = c->core->rank == root;
    if ((rc = in_place_arg(c, is_root ? sendbuf : recvbuf, is_root ? "sendbuf" : "recvbuf",
                           "MPI_Scatter")))
        return rc;
    if (recvbuf != MPI_IN_PLACE &&
        ((rc = type_arg(c, recvtype, recvcount, &rt, "MPI_Scatter")) ||
         (rc = mpi_buffer_check(c, recvbuf, recvcount, rt, "recvbuf", "MPI_Scatter"))))
        return rc;
    if (is_root && ((rc = type_arg(c, sendtype, sendcount, &st, "MPI_Scatter")) ||
                    (rc = mpi_buffer_check(c, sendbuf, sendcount, st, "sendbuf", "MPI_Scatter"))))
        return rc;
    return coll_result(c,
                       coll_scatter(&c->core->coll, sendbuf, sendcount, st ? st->dt : NULL,
                                    recvbuf == MPI_IN_PLACE ? COLL_IN_PLACE : recvbuf, recvcount,
                                    rt ? rt->dt : NULL, root),
                       "MPI_Scatter");
}
MPI_WEAK(Scatter)

int PMPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                    const int recvcounts[], const int displs[], MPI_Datatype recvtype,
                    MPI_Comm comm)
{
    struct vmpl_mpi_datatype_s *st = NULL, *rt = NULL;
    int64_t *counts, *offsets;
    vmpl_status_t status;
    int rc, total;
    struct vmpl_mpi_comm_s *c;
    rc = mpi_comm_arg(comm, &c, "MPI_Allgatherv");
    if (rc)
        return rc;
    if ((rc = in_place_arg(c, recvbuf, "recvbuf", "MPI_Allgatherv")))
        return rc;
    if (sendbuf != MPI_IN_PLACE &&
        ((rc = type_arg(c, sendtype, sendcount, &st, "MPI_Allgatherv")) ||
         (rc = mpi_buffer_check(c, sendbuf, sendcount, st, "sendbuf", "MPI_Allgatherv"))))
        return rc;
    if ((rc = type_arg(c, recvtype, 0, &rt, "MPI_Allgatherv")) ||
        (rc = counts_arg(c, recvcounts, "recvcounts", displs, "displs", &total,
                         "MPI_Allgatherv")) ||
        (rc = mpi_buffer_check(c, recvbuf, total, rt, "recvbuf", "MPI_Allgatherv")))
        return rc;
    counts = widen(c->core->size, recvcounts, 0, 0);
    offsets = widen(c->core->size, displs, 0, 0);
    status = counts && offsets
                 ? coll_allgatherv(&c->core->coll, in_place(sendbuf), sendcount,
                                   st ? st->dt : NULL, recvbuf, counts, offsets, rt->dt)
                 : VMPL_ERR_NO_MEMORY;
    free(counts);
    free(offsets);
    return coll_result(c, status, "MPI_Allgatherv");
}
MPI_WEAK(Allgatherv)

int PMPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                   int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm);
    int *counts, *displs, rc;

    if ((rc = mpi_init_check("MPI_Allgather")))
        return rc;
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Allgather", "invalid communicator");
    if (recvcount < 0)
        return mpi_error(c, MPI_ERR_COUNT, "MPI_Allgather", "negative count %d", recvcount);
    counts = malloc((size_t)c->core->size * sizeof(int));
    displs = malloc((size_t)c->core->size * sizeof(int));
    for (int r = 0; counts && displs && r < c->core->size; r++) {
        counts[r] = recvcount;
        displs[r] = r * recvcount;
    }
    rc = counts && displs ? PMPI_Allgatherv(sendbuf, sendcount, sendtype, recvbuf, counts,
                                            displs, recvtype, comm)
                          : mpi_error(c, MPI_ERR_NO_MEM, "MPI_Allgather", "out of memory");
    free(counts);
    free(displs);
    return rc;
}
MPI_WEAK(Allgather)

/* alltoall and alltoallv in elements, onto the core's byte-displacement alltoallw. */
static int alltoall_common(const void *sendbuf, const int sendcounts[], const int sdispls[],
                           MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                           const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm,
                           const char *function)
{
    struct vmpl_mpi_datatype_s *st = NULL, *rt = NULL;
    int size;
    int64_t *sc, *sd, *rc, *rd;
    const dt_type_t **stypes, **rtypes;
    dt_aint_t lb, sext = 0, rext;
    vmpl_status_t status = VMPL_ERR_NO_MEMORY;
    int err, total;
    struct vmpl_mpi_comm_s *c;
    if ((err = mpi_comm_arg(comm, &c, function)))
        return err;
    if ((err = in_place_arg(c, recvbuf, "recvbuf", function)))
        return err;
    if (sendbuf != MPI_IN_PLACE &&
        ((err = type_arg(c, sendtype, 0, &st, function)) ||
         (err = counts_arg(c, sendcounts, "sendcounts", sdispls, "sdispls", &total,
                           function)) ||
         (err = mpi_buffer_check(c, sendbuf, total, st, "sendbuf", function))))
        return err;
    if ((err = type_arg(c, recvtype, 0, &rt, function)) ||
        (err = counts_arg(c, recvcounts, "recvcounts", rdispls, "rdispls", &total,
                          function)) ||
        (err = mpi_buffer_check(c, recvbuf, total, rt, "recvbuf", function)))
        return err;
    size = c->core->size;
    if (st)
        dt_type_extent(st->dt, &lb, &sext);
    dt_type_extent(rt->dt, &lb, &rext);
    sc = malloc((size_t)size * sizeof(*sc));
    sd = malloc((size_t)size * sizeof(*sd));
    rc = malloc((size_t)size * sizeof(*rc));
    rd = malloc((size_t)size * sizeof(*rd));
    stypes = malloc((size_t)size * sizeof(*stypes));
    rtypes = malloc((size_t)size * sizeof(*rtypes));
    if (sc && sd && rc && rd && stypes && rtypes) {
        for (int r = 0; r < size; r++) {
            sc[r] = st ? sendcounts[r] : 0;
            sd[r] = st ? (int64_t)sdispls[r] * sext : 0;
            rc[r] = recvcounts[r];
            rd[r] = (int64_t)rdispls[r] * rext;
            stypes[r] = st ? st->dt : rt->dt;
            rtypes[r] = rt->dt;
        }
        status = coll_alltoallw(&c->core->coll, in_place(sendbuf), sc, sd, stypes, recvbuf, rc,
                                rd, rtypes);
    }
    free(sc);
    free(sd);
    free(rc);
    free(rd);
    free(stypes);
    free(rtypes);
    return coll_result(c, status, function);
}

int PMPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[],
                   MPI_Datatype sendtype, void *recvbuf, const int recvcounts[],
                   const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    return alltoall_common(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls,
                           recvtype, comm, "MPI_Alltoallv");
}
MPI_WEAK(Alltoallv)

int PMPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                  int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    struct vmpl_mpi_datatype_s *st = NULL, *rt = NULL;
    int rc;
    struct vmpl_mpi_comm_s *c;
    rc = mpi_comm_arg(comm, &c, "MPI_Alltoall");
    if (rc)
        return rc;
    if ((rc = in_place_arg(c, recvbuf, "recvbuf", "MPI_Alltoall")))
        return rc;
    if (sendbuf != MPI_IN_PLACE &&
        ((rc = type_arg(c, sendtype, sendcount, &st, "MPI_Alltoall")) ||
         (rc = mpi_buffer_check(c, sendbuf, sendcount, st, "sendbuf", "MPI_Alltoall"))))
        return rc;
    if ((rc = type_arg(c, recvtype, recvcount, &rt, "MPI_Alltoall")) ||
        (rc = mpi_buffer_check(c, recvbuf, recvcount, rt, "recvbuf", "MPI_Alltoall")))
        return rc;
    return coll_result(c,
                       coll_alltoall(&c->core->coll, in_place(sendbuf), sendcount,
                                     st ? st->dt : NULL, recvbuf, recvcount, rt->dt),
                       "MPI_Alltoall");
}
MPI_WEAK(Alltoall)
