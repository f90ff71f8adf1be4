/* MPI blocking collectives over src/core/coll (mpi_impl.h). */
#include "mpi_impl.h"

#include <stdlib.h>

#define COLL_ENTER(var, handle, function)                                                    \
    struct vmpl_mpi_comm_s *var = mpi_comm_of(handle);                                       \
    MPI_CHECK_INIT(function);                                                                \
    if (!var)                                                                                \
        return mpi_error(NULL, MPI_ERR_COMM, function, "invalid communicator")

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

static const void *in_place(const void *buf)
{
    return buf == MPI_IN_PLACE ? COLL_IN_PLACE : buf;
}

int PMPI_Barrier(MPI_Comm comm)
{
    COLL_ENTER(c, comm, "MPI_Barrier");
    return coll_result(c, coll_barrier(&c->core->coll), "MPI_Barrier");
}
MPI_WEAK(Barrier)

int PMPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    struct vmpl_mpi_datatype_s *t = NULL;
    COLL_ENTER(c, comm, "MPI_Bcast");
    if (type_arg(c, datatype, count, &t, "MPI_Bcast") || root_arg(c, root, "MPI_Bcast"))
        return MPI_ERR_ARG;
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
    COLL_ENTER(c, comm, function);
    if (type_arg(c, datatype, count, &t, function) || (!all && root_arg(c, root, function)))
        return MPI_ERR_ARG;
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
    COLL_ENTER(c, comm, function);
    if (type_arg(c, datatype, count, &t, function))
        return MPI_ERR_ARG;
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
    COLL_ENTER(c, comm, "MPI_Reduce_scatter");
    if (type_arg(c, datatype, 0, &t, "MPI_Reduce_scatter"))
        return MPI_ERR_ARG;
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

    MPI_CHECK_INIT("MPI_Reduce_scatter_block");
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Reduce_scatter_block", "invalid communicator");
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
    int is_root;
    COLL_ENTER(c, comm, "MPI_Gatherv");
    if (root_arg(c, root, "MPI_Gatherv"))
        return MPI_ERR_ROOT;
    is_root = c->core->rank == root;
    if ((sendbuf != MPI_IN_PLACE || !is_root) &&
        type_arg(c, sendtype, sendcount, &st, "MPI_Gatherv"))
        return MPI_ERR_TYPE;
    if (is_root) {
        if (type_arg(c, recvtype, 0, &rt, "MPI_Gatherv"))
            return MPI_ERR_TYPE;
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
    int is_root;
    COLL_ENTER(c, comm, "MPI_Gather");
    if (root_arg(c, root, "MPI_Gather"))
        return MPI_ERR_ROOT;
    is_root = c->core->rank == root;
    if ((sendbuf != MPI_IN_PLACE || !is_root) &&
        type_arg(c, sendtype, sendcount, &st, "MPI_Gather"))
        return MPI_ERR_TYPE;
    if (is_root && type_arg(c, recvtype, recvcount, &rt, "MPI_Gather"))
        return MPI_ERR_TYPE;
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
    int is_root;
    COLL_ENTER(c, comm, "MPI_Scatterv");
    if (root_arg(c, root, "MPI_Scatterv"))
        return MPI_ERR_ROOT;
    is_root = c->core->rank == root;
    if ((recvbuf != MPI_IN_PLACE || !is_root) &&
        type_arg(c, recvtype, recvcount, &rt, "MPI_Scatterv"))
        return MPI_ERR_TYPE;
    if (is_root) {
        if (type_arg(c, sendtype, 0, &st, "MPI_Scatterv"))
            return MPI_ERR_TYPE;
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
    int is_root;
    COLL_ENTER(c, comm, "MPI_Scatter");
    if (root_arg(c, root, "MPI_Scatter"))
        return MPI_ERR_ROOT;
    is_root = c->core->rank == root;
    if ((recvbuf != MPI_IN_PLACE || !is_root) &&
        type_arg(c, recvtype, recvcount, &rt, "MPI_Scatter"))
        return MPI_ERR_TYPE;
    if (is_root && type_arg(c, sendtype, sendcount, &st, "MPI_Scatter"))
        return MPI_ERR_TYPE;
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
    COLL_ENTER(c, comm, "MPI_Allgatherv");
    if ((sendbuf != MPI_IN_PLACE && type_arg(c, sendtype, sendcount, &st, "MPI_Allgatherv")) ||
        type_arg(c, recvtype, 0, &rt, "MPI_Allgatherv"))
        return MPI_ERR_TYPE;
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

    MPI_CHECK_INIT("MPI_Allgather");
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Allgather", "invalid communicator");
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
    COLL_ENTER(c, comm, function);
    if ((sendbuf != MPI_IN_PLACE && type_arg(c, sendtype, 0, &st, function)) ||
        type_arg(c, recvtype, 0, &rt, function))
        return MPI_ERR_TYPE;
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
    COLL_ENTER(c, comm, "MPI_Alltoall");
    if ((sendbuf != MPI_IN_PLACE && type_arg(c, sendtype, sendcount, &st, "MPI_Alltoall")) ||
        type_arg(c, recvtype, recvcount, &rt, "MPI_Alltoall"))
        return MPI_ERR_TYPE;
    return coll_result(c,
                       coll_alltoall(&c->core->coll, in_place(sendbuf), sendcount,
                                     st ? st->dt : NULL, recvbuf, recvcount, rt->dt),
                       "MPI_Alltoall");
}
MPI_WEAK(Alltoall)
