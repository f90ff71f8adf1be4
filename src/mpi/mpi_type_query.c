/* MPI datatype queries and the remaining constructors: envelope, contents, darray (mpi_impl.h). */
#include "mpi_impl.h"

#include <stdlib.h>
#include <string.h>

static int combiner_of(dt_combiner_t combiner)
{
    static const int map[DT_COMBINER_COUNT] = {
        [DT_COMBINER_NAMED] = MPI_COMBINER_NAMED,
        [DT_COMBINER_DUP] = MPI_COMBINER_DUP,
        [DT_COMBINER_CONTIGUOUS] = MPI_COMBINER_CONTIGUOUS,
        [DT_COMBINER_VECTOR] = MPI_COMBINER_VECTOR,
        [DT_COMBINER_HVECTOR] = MPI_COMBINER_HVECTOR,
        [DT_COMBINER_INDEXED] = MPI_COMBINER_INDEXED,
        [DT_COMBINER_HINDEXED] = MPI_COMBINER_HINDEXED,
        [DT_COMBINER_INDEXED_BLOCK] = MPI_COMBINER_INDEXED_BLOCK,
        [DT_COMBINER_HINDEXED_BLOCK] = MPI_COMBINER_HINDEXED_BLOCK,
        [DT_COMBINER_STRUCT] = MPI_COMBINER_STRUCT,
        [DT_COMBINER_SUBARRAY] = MPI_COMBINER_SUBARRAY,
        [DT_COMBINER_DARRAY] = MPI_COMBINER_DARRAY,
        [DT_COMBINER_RESIZED] = MPI_COMBINER_RESIZED,
    };
    return combiner < DT_COMBINER_COUNT ? map[combiner] : MPI_UNDEFINED;
}

int PMPI_Type_get_envelope(MPI_Datatype datatype, int *num_integers, int *num_addresses,
                           int *num_datatypes, int *combiner)
{
    int rc;
    struct vmpl_mpi_datatype_s *t = mpi_type_of(datatype);
    dt_envelope_t env;

    if (!t || dt_type_envelope(t->dt, &env) != VMPL_OK)
        return mpi_error(NULL, MPI_ERR_TYPE, "MPI_Type_get_envelope", "invalid datatype");
    if ((rc = mpi_pointer_check(NULL, num_integers, "num_integers", "MPI_Type_get_envelope")) ||
        (rc = mpi_pointer_check(NULL, num_addresses, "num_addresses", "MPI_Type_get_envelope")) ||
        (rc = mpi_pointer_check(NULL, num_datatypes, "num_datatypes", "MPI_Type_get_envelope")) ||
        (rc = mpi_pointer_check(NULL, combiner, "combiner", "MPI_Type_get_envelope")))
        return rc;
    *num_integers = env.num_integers;
    *num_addresses = env.num_addresses;
    *num_datatypes = env.num_datatypes;
    *combiner = combiner_of(env.combiner);
    return MPI_SUCCESS;
}
MPI_WEAK(Type_get_envelope)

/* The handle for a type returned by contents: predefined handle, or a new one. */
static MPI_Datatype handle_for(dt_type_t *dt)
{
    if (dt_type_is_named(dt)) {
        for (int i = 1; i <= VMPL_MPI_DATATYPE_PREDEFINED_COUNT; i++)
            if (mpi_state.types[i].dt == dt)
                return (MPI_Datatype)(intptr_t)i;
        return MPI_DATATYPE_NULL;
    }
    struct vmpl_mpi_datatype_s *t = mpi_type_wrap(dt); /* owns contents' reference */
    if (!t) {
        dt_type_release(dt);
        return MPI_DATATYPE_NULL;
    }
    return t->handle;
}

int PMPI_Type_get_contents(MPI_Datatype datatype, int max_integers, int max_addresses,
                           int max_datatypes, int array_of_integers[],
                           MPI_Aint array_of_addresses[], MPI_Datatype array_of_datatypes[])
{
    int rc;
    struct vmpl_mpi_datatype_s *t = mpi_type_of(datatype);
    dt_count_t *ints;
    dt_aint_t *addrs;
    dt_type_t **types;
    vmpl_status_t status;

    if (!t)
        return mpi_error(NULL, MPI_ERR_TYPE, "MPI_Type_get_contents", "invalid datatype");
    if (t->predefined)
        return mpi_error(NULL, MPI_ERR_TYPE, "MPI_Type_get_contents",
                         "predefined %s has no contents", t->name);
    if ((max_integers > 0 &&
         (rc = mpi_pointer_check(NULL, array_of_integers, "array_of_integers", "MPI_Type_get_contents"))) ||
        (max_addresses > 0 && (rc = mpi_pointer_check(NULL, array_of_addresses, "array_of_addresses",
                                                "MPI_Type_get_contents"))) ||
        (max_datatypes > 0 && (rc = mpi_pointer_check(NULL, array_of_datatypes, "array_of_datatypes",
                                                "MPI_Type_get_contents"))))
        return rc;
    ints = calloc((size_t)(max_integers > 0 ? max_integers : 1), sizeof(*ints));
    addrs = calloc((size_t)(max_addresses > 0 ? max_addresses : 1), sizeof(*addrs));
    types = calloc((size_t)(max_datatypes > 0 ? max_datatypes : 1), sizeof(*types));
    status = ints && addrs && types
                 ? dt_type_contents(t->dt, max_integers, max_addresses, max_datatypes, ints,
                                    addrs, types)
                 : VMPL_ERR_NO_MEMORY;
    if (status == VMPL_OK) {
        dt_envelope_t env;
        dt_type_envelope(t->dt, &env);
        for (int i = 0; i < env.num_integers; i++)
            array_of_integers[i] = (int)ints[i];
        for (int i = 0; i < env.num_addresses; i++)
            array_of_addresses[i] = (MPI_Aint)addrs[i];
        for (int i = 0; i < env.num_datatypes; i++)
            array_of_datatypes[i] = handle_for(types[i]);
    }
    free(ints);
    free(addrs);
    free(types);
    return status == VMPL_OK ? MPI_SUCCESS
                             : mpi_error(NULL, mpi_class_of_status(status), "MPI_Type_get_contents",
                                         "%s", vmpl_status_string(status));
}
MPI_WEAK(Type_get_contents)

int PMPI_Type_create_hindexed_block(int count, int blocklength,
                                    const MPI_Aint array_of_displacements[],
                                    MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;
    struct vmpl_mpi_datatype_s *old = mpi_type_of(oldtype), *t;
    dt_aint_t *displs;
    dt_type_t *dt = NULL;
    vmpl_status_t status;

    if ((rc = mpi_init_check("MPI_Type_create_hindexed_block")))
        return rc;
    if ((rc = mpi_pointer_check(NULL, newtype, "newtype", "MPI_Type_create_hindexed_block")))
        return rc;
    *newtype = MPI_DATATYPE_NULL;
    if (count > 0 && (rc = mpi_pointer_check(NULL, array_of_displacements, "array_of_displacements",
                                       "MPI_Type_create_hindexed_block")))
        return rc;
    if (!old || count < 0)
        return mpi_error(NULL, !old ? MPI_ERR_TYPE : MPI_ERR_COUNT,
                         "MPI_Type_create_hindexed_block", "invalid datatype or count");
    displs = malloc((size_t)(count > 0 ? count : 1) * sizeof(*displs));
    for (int i = 0; displs && i < count; i++)
        displs[i] = array_of_displacements[i];
    status = displs ? dt_type_hindexed_block(count, blocklength, displs, old->dt, &dt)
                    : VMPL_ERR_NO_MEMORY;
    free(displs);
    if (status != VMPL_OK)
        return mpi_error(NULL, mpi_class_of_status(status), "MPI_Type_create_hindexed_block", "%s",
                         vmpl_status_string(status));
    if (!(t = mpi_type_wrap(dt))) {
        dt_type_release(dt);
        return mpi_error(NULL, MPI_ERR_NO_MEM, "MPI_Type_create_hindexed_block", "out of memory");
    }
    *newtype = t->handle;
    return MPI_SUCCESS;
}
MPI_WEAK(Type_create_hindexed_block)

int PMPI_Type_create_darray(int size, int rank, int ndims, const int array_of_gsizes[],
                            const int array_of_distribs[], const int array_of_dargs[],
                            const int array_of_psizes[], int order, MPI_Datatype oldtype,
                            MPI_Datatype *newtype)
{
    int rc;
    struct vmpl_mpi_datatype_s *old = mpi_type_of(oldtype), *t;
    dt_count_t *gsizes, *dargs;
    int *distribs;
    dt_type_t *dt = NULL;
    vmpl_status_t status = VMPL_ERR_NO_MEMORY;

    if ((rc = mpi_init_check("MPI_Type_create_darray")))
        return rc;
    if ((rc = mpi_pointer_check(NULL, newtype, "newtype", "MPI_Type_create_darray")))
        return rc;
    *newtype = MPI_DATATYPE_NULL;
    if (!old || ndims < 1)
        return mpi_error(NULL, !old ? MPI_ERR_TYPE : MPI_ERR_DIMS, "MPI_Type_create_darray",
                         "invalid datatype or ndims");
    gsizes = malloc((size_t)ndims * sizeof(*gsizes));
    dargs = malloc((size_t)ndims * sizeof(*dargs));
    distribs = malloc((size_t)ndims * sizeof(*distribs));
    if (gsizes && dargs && distribs) {
        for (int d = 0; d < ndims; d++) {
            gsizes[d] = array_of_gsizes[d];
            dargs[d] = array_of_dargs[d] == MPI_DISTRIBUTE_DFLT_DARG ? DT_DISTRIBUTE_DFLT_DARG
                                                                     : array_of_dargs[d];
            distribs[d] = array_of_distribs[d] == MPI_DISTRIBUTE_BLOCK    ? DT_DISTRIBUTE_BLOCK
                          : array_of_distribs[d] == MPI_DISTRIBUTE_CYCLIC ? DT_DISTRIBUTE_CYCLIC
                                                                          : DT_DISTRIBUTE_NONE;
        }
        status = dt_type_darray(size, rank, ndims, gsizes, distribs, dargs, array_of_psizes,
                                order == MPI_ORDER_FORTRAN ? DT_ORDER_FORTRAN : DT_ORDER_C,
                                old->dt, &dt);
    }
    free(gsizes);
    free(dargs);
    free(distribs);
    if (status != VMPL_OK)
        return mpi_error(NULL, mpi_class_of_status(status), "MPI_Type_create_darray", "%s",
                         vmpl_status_string(status));
    if (!(t = mpi_type_wrap(dt))) {
        dt_type_release(dt);
        return mpi_error(NULL, MPI_ERR_NO_MEM, "MPI_Type_create_darray", "out of memory");
    }
    *newtype = t->handle;
    return MPI_SUCCESS;
}
MPI_WEAK(Type_create_darray)
