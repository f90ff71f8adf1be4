/* MPI datatype functions: constructors, queries, pack (mpi_impl.h). */
#include "mpi_impl.h"

#include <stdlib.h>
#include <string.h>

#define TYPE_OR_FAIL(var, handle, function)                                                  \
    struct vmpl_mpi_datatype_s *var = mpi_type_of(handle);                                   \
    MPI_CHECK_INIT(function);                                                                \
    if (!var)                                                                                \
        return mpi_error(NULL, MPI_ERR_TYPE, function, "invalid datatype")

/* Wraps a new dt type into *newtype, or reports status. */
static int type_new(vmpl_status_t status, dt_type_t *const *dt_p, MPI_Datatype *newtype,
                    const char *function)
{
    struct vmpl_mpi_datatype_s *t;
    dt_type_t *dt = *dt_p; /* read after the constructor ran (argument order is unspecified) */

    if (status != VMPL_OK)
        return mpi_error(NULL, mpi_class_of_status(status), function, "%s",
                         vmpl_status_string(status));
    t = mpi_type_wrap(dt);
    if (!t) {
        dt_type_release(dt);
        return mpi_error(NULL, MPI_ERR_NO_MEM, function, "out of memory");
    }
    *newtype = t;
    return MPI_SUCCESS;
}

static dt_count_t *counts_of(int n, const int values[])
{
    dt_count_t *out = malloc((size_t)(n > 0 ? n : 1) * sizeof(*out));

    for (int i = 0; out && i < n; i++)
        out[i] = values[i];
    return out;
}

static dt_aint_t *aints_of(int n, const MPI_Aint values[])
{
    dt_aint_t *out = malloc((size_t)(n > 0 ? n : 1) * sizeof(*out));

    for (int i = 0; out && i < n; i++)
        out[i] = values[i];
    return out;
}

int PMPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    dt_type_t *dt = NULL;
    TYPE_OR_FAIL(old, oldtype, "MPI_Type_contiguous");
    return type_new(dt_type_contiguous(count, old->dt, &dt), &dt, newtype, "MPI_Type_contiguous");
}
MPI_WEAK(Type_contiguous)

int PMPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype,
                     MPI_Datatype *newtype)
{
    dt_type_t *dt = NULL;
    TYPE_OR_FAIL(old, oldtype, "MPI_Type_vector");
    return type_new(dt_type_vector(count, blocklength, stride, old->dt, &dt), &dt, newtype,
                    "MPI_Type_vector");
}
MPI_WEAK(Type_vector)

int PMPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                             MPI_Datatype *newtype)
{
    dt_type_t *dt = NULL;
    TYPE_OR_FAIL(old, oldtype, "MPI_Type_create_hvector");
    return type_new(dt_type_hvector(count, blocklength, stride, old->dt, &dt), &dt, newtype,
                    "MPI_Type_create_hvector");
}
MPI_WEAK(Type_create_hvector)

int PMPI_Type_indexed(int count, const int blocklengths[], const int displacements[],
                      MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    dt_type_t *dt = NULL;
    dt_count_t *lens, *displs;
    vmpl_status_t status;
    TYPE_OR_FAIL(old, oldtype, "MPI_Type_indexed");
    if (count < 0)
        return mpi_error(NULL, MPI_ERR_COUNT, "MPI_Type_indexed", "negative count %d", count);
    lens = counts_of(count, blocklengths);
    displs = counts_of(count, displacements);
    status = lens && displs ? dt_type_indexed(count, lens, displs, old->dt, &dt)
                            : VMPL_ERR_NO_MEMORY;
    free(lens);
    free(displs);
    return type_new(status, &dt, newtype, "MPI_Type_indexed");
}
MPI_WEAK(Type_indexed)

int PMPI_Type_create_hindexed(int count, const int blocklengths[],
                              const MPI_Aint displacements[], MPI_Datatype oldtype,
                              MPI_Datatype *newtype)
{
    dt_type_t *dt = NULL;
    dt_count_t *lens;
    dt_aint_t *displs;
    vmpl_status_t status;
    TYPE_OR_FAIL(old, oldtype, "MPI_Type_create_hindexed");
    if (count < 0)
        return mpi_error(NULL, MPI_ERR_COUNT, "MPI_Type_create_hindexed", "negative count %d",
                         count);
    lens = counts_of(count, blocklengths);
    displs = aints_of(count, displacements);
    status = lens && displs ? dt_type_hindexed(count, lens, displs, old->dt, &dt)
                            : VMPL_ERR_NO_MEMORY;
    free(lens);
    free(displs);
    return type_new(status, &dt, newtype, "MPI_Type_create_hindexed");
}
MPI_WEAK(Type_create_hindexed)

int PMPI_Type_create_indexed_block(int count, int blocklength, const int displacements[],
                                   MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    dt_type_t *dt = NULL;
    dt_count_t *displs;
    vmpl_status_t status;
    TYPE_OR_FAIL(old, oldtype, "MPI_Type_create_indexed_block");
    if (count < 0)
        return mpi_error(NULL, MPI_ERR_COUNT, "MPI_Type_create_indexed_block",
                         "negative count %d", count);
    displs = counts_of(count, displacements);
    status = displs ? dt_type_indexed_block(count, blocklength, displs, old->dt, &dt)
                    : VMPL_ERR_NO_MEMORY;
    free(displs);
    return type_new(status, &dt, newtype, "MPI_Type_create_indexed_block");
}
MPI_WEAK(Type_create_indexed_block)

int PMPI_Type_create_struct(int count, const int blocklengths[], const MPI_Aint displacements[],
                            const MPI_Datatype types[], MPI_Datatype *newtype)
{
    dt_type_t *dt = NULL, **dts;
    dt_count_t *lens;
    dt_aint_t *displs;
    vmpl_status_t status = VMPL_OK;

    MPI_CHECK_INIT("MPI_Type_create_struct");
    if (count < 0)
        return mpi_error(NULL, MPI_ERR_COUNT, "MPI_Type_create_struct", "negative count %d",
                         count);
    dts = calloc((size_t)(count > 0 ? count : 1), sizeof(*dts));
    for (int i = 0; dts && i < count; i++) {
        struct vmpl_mpi_datatype_s *t = mpi_type_of(types[i]);
        if (!t) {
            free(dts);
            return mpi_error(NULL, MPI_ERR_TYPE, "MPI_Type_create_struct",
                             "invalid datatype at index %d", i);
        }
        dts[i] = t->dt;
    }
    lens = counts_of(count, blocklengths);
    displs = aints_of(count, displacements);
    status = dts && lens && displs ? dt_type_struct(count, lens, displs, dts, &dt)
                                   : VMPL_ERR_NO_MEMORY;
    free(dts);
    free(lens);
    free(displs);
    return type_new(status, &dt, newtype, "MPI_Type_create_struct");
}
MPI_WEAK(Type_create_struct)

int PMPI_Type_create_subarray(int ndims, const int sizes[], const int subsizes[],
                              const int starts[], int order, MPI_Datatype oldtype,
                              MPI_Datatype *newtype)
{
    dt_type_t *dt = NULL;
    dt_count_t *s, *sub, *st;
    vmpl_status_t status;
    TYPE_OR_FAIL(old, oldtype, "MPI_Type_create_subarray");
    if (ndims < 1)
        return mpi_error(NULL, MPI_ERR_DIMS, "MPI_Type_create_subarray", "ndims %d < 1", ndims);
    if (order != MPI_ORDER_C && order != MPI_ORDER_FORTRAN)
        return mpi_error(NULL, MPI_ERR_ARG, "MPI_Type_create_subarray", "invalid order %d",
                         order);
    s = counts_of(ndims, sizes);
    sub = counts_of(ndims, subsizes);
    st = counts_of(ndims, starts);
    status = s && sub && st ? dt_type_subarray(ndims, s, sub, st,
                                               order == MPI_ORDER_FORTRAN ? DT_ORDER_FORTRAN : DT_ORDER_C,
                                               old->dt, &dt)
                            : VMPL_ERR_NO_MEMORY;
    free(s);
    free(sub);
    free(st);
    return type_new(status, &dt, newtype, "MPI_Type_create_subarray");
}
MPI_WEAK(Type_create_subarray)

int PMPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent,
                             MPI_Datatype *newtype)
{
    dt_type_t *dt = NULL;
    TYPE_OR_FAIL(old, oldtype, "MPI_Type_create_resized");
    return type_new(dt_type_resized(old->dt, lb, extent, &dt), &dt, newtype,
                    "MPI_Type_create_resized");
}
MPI_WEAK(Type_create_resized)

int PMPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    dt_type_t *dt = NULL;
    TYPE_OR_FAIL(old, oldtype, "MPI_Type_dup");
    return type_new(dt_type_dup(old->dt, &dt), &dt, newtype, "MPI_Type_dup");
}
MPI_WEAK(Type_dup)

int PMPI_Type_commit(MPI_Datatype *datatype)
{
    vmpl_status_t status;
    TYPE_OR_FAIL(t, *datatype, "MPI_Type_commit");
    if (t->predefined)
        return MPI_SUCCESS;
    status = dt_type_commit(t->dt);
    return status == VMPL_OK ? MPI_SUCCESS
                             : mpi_error(NULL, mpi_class_of_status(status), "MPI_Type_commit",
                                         "%s", vmpl_status_string(status));
}
MPI_WEAK(Type_commit)

int PMPI_Type_free(MPI_Datatype *datatype)
{
    TYPE_OR_FAIL(t, *datatype, "MPI_Type_free");
    if (t->predefined)
        return mpi_error(NULL, MPI_ERR_TYPE, "MPI_Type_free", "cannot free predefined %s",
                         t->name);
    dt_type_release(t->dt); /* pending operations hold their own references */
    free(t);
    *datatype = MPI_DATATYPE_NULL;
    return MPI_SUCCESS;
}
MPI_WEAK(Type_free)

int PMPI_Type_size(MPI_Datatype datatype, int *size)
{
    dt_count_t bytes;
    TYPE_OR_FAIL(t, datatype, "MPI_Type_size");
    bytes = dt_type_size(t->dt);
    *size = bytes > 0x7fffffff ? MPI_UNDEFINED : (int)bytes;
    return MPI_SUCCESS;
}
MPI_WEAK(Type_size)

int PMPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent)
{
    dt_aint_t l, e;
    TYPE_OR_FAIL(t, datatype, "MPI_Type_get_extent");
    dt_type_extent(t->dt, &l, &e);
    *lb = (MPI_Aint)l;
    *extent = (MPI_Aint)e;
    return MPI_SUCCESS;
}
MPI_WEAK(Type_get_extent)

int PMPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent)
{
    dt_aint_t l, e;
    TYPE_OR_FAIL(t, datatype, "MPI_Type_get_true_extent");
    dt_type_true_extent(t->dt, &l, &e);
    *lb = (MPI_Aint)l;
    *extent = (MPI_Aint)e;
    return MPI_SUCCESS;
}
MPI_WEAK(Type_get_true_extent)

int PMPI_Type_set_name(MPI_Datatype datatype, const char *name)
{
    TYPE_OR_FAIL(t, datatype, "MPI_Type_set_name");
    strncpy(t->name, name, sizeof(t->name) - 1);
    return MPI_SUCCESS;
}
MPI_WEAK(Type_set_name)

int PMPI_Type_get_name(MPI_Datatype datatype, char *name, int *resultlen)
{
    TYPE_OR_FAIL(t, datatype, "MPI_Type_get_name");
    strcpy(name, t->name);
    *resultlen = (int)strlen(name);
    return MPI_SUCCESS;
}
MPI_WEAK(Type_get_name)

int PMPI_Get_address(const void *location, MPI_Aint *address)
{
    *address = (MPI_Aint)(uintptr_t)location;
    return MPI_SUCCESS;
}
MPI_WEAK(Get_address)

MPI_Aint PMPI_Aint_add(MPI_Aint base, MPI_Aint disp)
{
    return base + disp;
}
MPI_WEAK(Aint_add)

MPI_Aint PMPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2)
{
    return addr1 - addr2;
}
MPI_WEAK(Aint_diff)

int PMPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int *size)
{
    size_t bytes;
    vmpl_status_t status;
    TYPE_OR_FAIL(t, datatype, "MPI_Pack_size");
    (void)comm;
    status = dt_pack_size(t->dt, incount, &bytes);
    if (status != VMPL_OK)
        return mpi_error(NULL, mpi_class_of_status(status), "MPI_Pack_size", "%s",
                         vmpl_status_string(status));
    *size = (int)bytes;
    return MPI_SUCCESS;
}
MPI_WEAK(Pack_size)

int PMPI_Pack(const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize,
              int *position, MPI_Comm comm)
{
    size_t bytes;
    vmpl_status_t status;
    TYPE_OR_FAIL(t, datatype, "MPI_Pack");
    (void)comm;
    status = dt_pack_size(t->dt, incount, &bytes);
    if (status == VMPL_OK && (*position < 0 || (size_t)outsize - (size_t)*position < bytes))
        status = VMPL_ERR_TRUNCATE;
    if (status == VMPL_OK && bytes)
        status = dt_pack(t->dt, incount, inbuf, 0, (char *)outbuf + *position, bytes);
    if (status != VMPL_OK)
        return mpi_error(NULL, mpi_class_of_status(status), "MPI_Pack", "%s",
                         vmpl_status_string(status));
    *position += (int)bytes;
    return MPI_SUCCESS;
}
MPI_WEAK(Pack)

int PMPI_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount,
                MPI_Datatype datatype, MPI_Comm comm)
{
    size_t bytes;
    vmpl_status_t status;
    TYPE_OR_FAIL(t, datatype, "MPI_Unpack");
    (void)comm;
    status = dt_pack_size(t->dt, outcount, &bytes);
    if (status == VMPL_OK && (*position < 0 || (size_t)insize - (size_t)*position < bytes))
        status = VMPL_ERR_TRUNCATE;
    if (status == VMPL_OK && bytes)
        status = dt_unpack(t->dt, outcount, outbuf, 0, (const char *)inbuf + *position, bytes);
    if (status != VMPL_OK)
        return mpi_error(NULL, mpi_class_of_status(status), "MPI_Unpack", "%s",
                         vmpl_status_string(status));
    *position += (int)bytes;
    return MPI_SUCCESS;
}
MPI_WEAK(Unpack)
