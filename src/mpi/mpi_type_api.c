/* MPI datatype functions: constructors, queries, pack (mpi_impl.h). */
#include "mpi_impl.h"

#include <stdlib.h>
#include <string.h>

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
    *newtype = t->handle;
    return MPI_SUCCESS;
}

/*
 * The arguments every constructor has: MPI_ERR_ARG for a NULL newtype,
 * MPI_ERR_COUNT for a negative count, MPI_ERR_TYPE for an invalid
 * oldtype (skipped when old_p is NULL). *newtype is MPI_DATATYPE_NULL
 * until the call succeeds.
 */
static int constructor_args(int count, MPI_Datatype oldtype, MPI_Datatype *newtype,
                            struct vmpl_mpi_datatype_s **old_p, const char *function)
{
    int rc;
    if ((rc = mpi_init_check(function)))
        return rc;
    if ((rc = mpi_pointer_check(NULL, newtype, "newtype", function)))
        return rc;
    *newtype = MPI_DATATYPE_NULL;
    if (count < 0)
        return mpi_error(NULL, MPI_ERR_COUNT, function, "negative count %d", count);
    if (old_p && !(*old_p = mpi_type_of(oldtype)))
        return mpi_error(NULL, MPI_ERR_TYPE, function, "invalid datatype");
    return MPI_SUCCESS;
}

/* A NULL array of count > 0 entries: MPI_ERR_ARG (reported); else 0. */
static int array_arg(int count, const void *array, const char *what, const char *function)
{
    return count > 0 ? mpi_pointer_check(NULL, array, what, function) : 0;
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
    struct vmpl_mpi_datatype_s *old;
    int rc = constructor_args(count, oldtype, newtype, &old, "MPI_Type_contiguous");

    if (rc)
        return rc;
    return type_new(dt_type_contiguous(count, old->dt, &dt), &dt, newtype, "MPI_Type_contiguous");
}
MPI_WEAK(Type_contiguous)

int PMPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype,
                     MPI_Datatype *newtype)
{
    dt_type_t *dt = NULL;
    struct vmpl_mpi_datatype_s *old;
    int rc = constructor_args(count, oldtype, newtype, &old, "MPI_Type_vector");

    if (rc)
        return rc;
    return type_new(dt_type_vector(count, blocklength, stride, old->dt, &dt), &dt, newtype,
                    "MPI_Type_vector");
}
MPI_WEAK(Type_vector)

int PMPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                             MPI_Datatype *newtype)
{
    dt_type_t *dt = NULL;
    struct vmpl_mpi_datatype_s *old;
    int rc = constructor_args(count, oldtype, newtype, &old, "MPI_Type_create_hvector");

    if (rc)
        return rc;
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
    struct vmpl_mpi_datatype_s *old;
    int rc = constructor_args(count, oldtype, newtype, &old, "MPI_Type_indexed");

    if (rc)
        return rc;
    if ((rc = array_arg(count, blocklengths, "blocklengths", "MPI_Type_indexed")) ||
        (rc = array_arg(count, displacements, "displacements", "MPI_Type_indexed")))
        return rc;
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
    struct vmpl_mpi_datatype_s *old;
    int rc = constructor_args(count, oldtype, newtype, &old, "MPI_Type_create_hindexed");

    if (rc)
        return rc;
    if ((rc = array_arg(count, blocklengths, "blocklengths", "MPI_Type_create_hindexed")) ||
        (rc = array_arg(count, displacements, "displacements", "MPI_Type_create_hindexed")))
        return rc;
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
    struct vmpl_mpi_datatype_s *old;
    int rc = constructor_args(count, oldtype, newtype, &old, "MPI_Type_create_indexed_block");

    if (rc)
        return rc;
    if ((rc = array_arg(count, displacements, "displacements", "MPI_Type_create_indexed_block")))
        return rc;
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
    int rc = constructor_args(count, MPI_DATATYPE_NULL, newtype, NULL, "MPI_Type_create_struct");

    if (rc)
        return rc;
    if ((rc = array_arg(count, blocklengths, "blocklengths", "MPI_Type_create_struct")) ||
        (rc = array_arg(count, displacements, "displacements", "MPI_Type_create_struct")) ||
        (rc = array_arg(count, types, "types", "MPI_Type_create_struct")))
        return rc;
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
    struct vmpl_mpi_datatype_s *old;
    int rc = constructor_args(0, oldtype, newtype, &old, "MPI_Type_create_subarray");

    if (rc)
        return rc;
    if (ndims < 1)
        return mpi_error(NULL, MPI_ERR_DIMS, "MPI_Type_create_subarray", "ndims %d < 1", ndims);
    if (order != MPI_ORDER_C && order != MPI_ORDER_FORTRAN)
        return mpi_error(NULL, MPI_ERR_ARG, "MPI_Type_create_subarray", "invalid order %d",
                         order);
    if ((rc = array_arg(ndims, sizes, "sizes", "MPI_Type_create_subarray")) ||
        (rc = array_arg(ndims, subsizes, "subsizes", "MPI_Type_create_subarray")) ||
        (rc = array_arg(ndims, starts, "starts", "MPI_Type_create_subarray")))
        return rc;
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
    struct vmpl_mpi_datatype_s *old;
    int rc = constructor_args(0, oldtype, newtype, &old, "MPI_Type_create_resized");

    if (rc)
        return rc;
    return type_new(dt_type_resized(old->dt, lb, extent, &dt), &dt, newtype,
                    "MPI_Type_create_resized");
}
MPI_WEAK(Type_create_resized)

int PMPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    dt_type_t *dt = NULL;
    struct vmpl_mpi_datatype_s *old;
    int rc = constructor_args(0, oldtype, newtype, &old, "MPI_Type_dup");

    if (rc)
        return rc;
    return type_new(dt_type_dup(old->dt, &dt), &dt, newtype, "MPI_Type_dup");
}
MPI_WEAK(Type_dup)

int PMPI_Type_commit(MPI_Datatype *datatype)
{
    int rc;
    vmpl_status_t status;
    if ((rc = mpi_pointer_check(NULL, datatype, "datatype", "MPI_Type_commit")))
        return rc;
    struct vmpl_mpi_datatype_s *t;
    rc = mpi_type_arg(*datatype, &t, "MPI_Type_commit");
    if (rc)
        return rc;
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
    int rc;
    if ((rc = mpi_pointer_check(NULL, datatype, "datatype", "MPI_Type_free")))
        return rc;
    struct vmpl_mpi_datatype_s *t;
    rc = mpi_type_arg(*datatype, &t, "MPI_Type_free");
    if (rc)
        return rc;
    if (t->predefined)
        return mpi_error(NULL, MPI_ERR_TYPE, "MPI_Type_free", "cannot free predefined %s",
                         t->name);
    dt_type_release(t->dt); /* pending operations hold their own references */
    mpi_handle_free(MPI_HANDLE_DATATYPE, (uintptr_t)t->handle);
    free(t);
    *datatype = MPI_DATATYPE_NULL;
    return MPI_SUCCESS;
}
MPI_WEAK(Type_free)

int PMPI_Type_size(MPI_Datatype datatype, int *size)
{
    dt_count_t bytes;
    struct vmpl_mpi_datatype_s *t;
    int rc = mpi_type_arg(datatype, &t, "MPI_Type_size");

    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(NULL, size, "size", "MPI_Type_size")))
        return rc;
    bytes = dt_type_size(t->dt);
    *size = bytes > 0x7fffffff ? MPI_UNDEFINED : (int)bytes;
    return MPI_SUCCESS;
}
MPI_WEAK(Type_size)

int PMPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent)
{
    dt_aint_t l, e;
    struct vmpl_mpi_datatype_s *t;
    int rc = mpi_type_arg(datatype, &t, "MPI_Type_get_extent");

    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(NULL, lb, "lb", "MPI_Type_get_extent")) ||
        (rc = mpi_pointer_check(NULL, extent, "extent", "MPI_Type_get_extent")))
        return rc;
    dt_type_extent(t->dt, &l, &e);
    *lb = (MPI_Aint)l;
    *extent = (MPI_Aint)e;
    return MPI_SUCCESS;
}
MPI_WEAK(Type_get_extent)

int PMPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent)
{
    dt_aint_t l, e;
    struct vmpl_mpi_datatype_s *t;
    int rc = mpi_type_arg(datatype, &t, "MPI_Type_get_true_extent");

    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(NULL, lb, "lb", "MPI_Type_get_true_extent")) ||
        (rc = mpi_pointer_check(NULL, extent, "extent", "MPI_Type_get_true_extent")))
        return rc;
    dt_type_true_extent(t->dt, &l, &e);
    *lb = (MPI_Aint)l;
    *extent = (MPI_Aint)e;
    return MPI_SUCCESS;
}
MPI_WEAK(Type_get_true_extent)

int PMPI_Type_set_name(MPI_Datatype datatype, const char *name)
{
    struct vmpl_mpi_datatype_s *t;
    int rc = mpi_type_arg(datatype, &t, "MPI_Type_set_name");

    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(NULL, name, "name", "MPI_Type_set_name")))
        return rc;
    strncpy(t->name, name, sizeof(t->name) - 1);
    return MPI_SUCCESS;
}
MPI_WEAK(Type_set_name)

int PMPI_Type_get_name(MPI_Datatype datatype, char *name, int *resultlen)
{
    struct vmpl_mpi_datatype_s *t;
    int rc = mpi_type_arg(datatype, &t, "MPI_Type_get_name");

    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(NULL, name, "name", "MPI_Type_get_name")) ||
        (rc = mpi_pointer_check(NULL, resultlen, "resultlen", "MPI_Type_get_name")))
        return rc;
    strcpy(name, t->name);
    *resultlen = (int)strlen(name);
    return MPI_SUCCESS;
}
MPI_WEAK(Type_get_name)

int PMPI_Get_address(const void *location, MPI_Aint *address)
{
    int rc;
    if ((rc = mpi_pointer_check(NULL, address, "address", "MPI_Get_address")))
        return rc;
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
    struct vmpl_mpi_datatype_s *t;
    int rc = mpi_type_arg(datatype, &t, "MPI_Pack_size");

    if (rc)
        return rc;
    (void)comm;
    if (incount < 0)
        return mpi_error(NULL, MPI_ERR_COUNT, "MPI_Pack_size", "negative count %d", incount);
    if ((rc = mpi_pointer_check(NULL, size, "size", "MPI_Pack_size")))
        return rc;
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
    struct vmpl_mpi_datatype_s *t;
    int rc = mpi_type_arg(datatype, &t, "MPI_Pack");

    if (rc)
        return rc;
    (void)comm;
    if (incount < 0)
        return mpi_error(NULL, MPI_ERR_COUNT, "MPI_Pack", "negative count %d", incount);
    if ((rc = mpi_pointer_check(NULL, position, "position", "MPI_Pack")))
        return rc;
    if ((rc = mpi_buffer_check(NULL, inbuf, incount, t, "inbuf", "MPI_Pack")))
        return rc;
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
    struct vmpl_mpi_datatype_s *t;
    int rc = mpi_type_arg(datatype, &t, "MPI_Unpack");

    if (rc)
        return rc;
    (void)comm;
    if (outcount < 0)
        return mpi_error(NULL, MPI_ERR_COUNT, "MPI_Unpack", "negative count %d", outcount);
    if ((rc = mpi_pointer_check(NULL, position, "position", "MPI_Unpack")))
        return rc;
    if ((rc = mpi_buffer_check(NULL, outbuf, outcount, t, "outbuf", "MPI_Unpack")))
        return rc;
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
