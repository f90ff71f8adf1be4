/* MPI datatypes over src/dt (mpi_impl.h). */
#include "mpi_impl.h"

#include <stdlib.h>
#include <string.h>

/* Predefined MPI datatypes: the dt type and the reduction element type. */
static const struct {
    MPI_Datatype handle;
    dt_named_t named;
    vmpl_type_t elem; /* VMPL_TYPE_COUNT: no reduction on it */
} predefined[] = {
    {MPI_CHAR, DT_CHAR, VMPL_TYPE_INT8},
    {MPI_SIGNED_CHAR, DT_SIGNED_CHAR, VMPL_TYPE_INT8},
    {MPI_UNSIGNED_CHAR, DT_UNSIGNED_CHAR, VMPL_TYPE_UINT8},
    {MPI_BYTE, DT_BYTE, VMPL_TYPE_UINT8},
    {MPI_WCHAR, DT_WCHAR, VMPL_TYPE_INT32},
    {MPI_SHORT, DT_SHORT, VMPL_TYPE_INT16},
    {MPI_UNSIGNED_SHORT, DT_UNSIGNED_SHORT, VMPL_TYPE_UINT16},
    {MPI_INT, DT_INT, VMPL_TYPE_INT32},
    {MPI_UNSIGNED, DT_UNSIGNED, VMPL_TYPE_UINT32},
    {MPI_LONG, DT_LONG, sizeof(long) == 8 ? VMPL_TYPE_INT64 : VMPL_TYPE_INT32},
    {MPI_UNSIGNED_LONG, DT_UNSIGNED_LONG, sizeof(long) == 8 ? VMPL_TYPE_UINT64 : VMPL_TYPE_UINT32},
    {MPI_LONG_LONG, DT_LONG_LONG, VMPL_TYPE_INT64},
    {MPI_LONG_LONG_INT, DT_LONG_LONG, VMPL_TYPE_INT64},
    {MPI_UNSIGNED_LONG_LONG, DT_UNSIGNED_LONG_LONG, VMPL_TYPE_UINT64},
    {MPI_FLOAT, DT_FLOAT, VMPL_TYPE_FLOAT},
    {MPI_DOUBLE, DT_DOUBLE, VMPL_TYPE_DOUBLE},
    {MPI_LONG_DOUBLE, DT_LONG_DOUBLE, VMPL_TYPE_LONG_DOUBLE},
    {MPI_C_BOOL, DT_C_BOOL, VMPL_TYPE_BOOL},
    {MPI_INT8_T, DT_INT8, VMPL_TYPE_INT8},
    {MPI_INT16_T, DT_INT16, VMPL_TYPE_INT16},
    {MPI_INT32_T, DT_INT32, VMPL_TYPE_INT32},
    {MPI_INT64_T, DT_INT64, VMPL_TYPE_INT64},
    {MPI_UINT8_T, DT_UINT8, VMPL_TYPE_UINT8},
    {MPI_UINT16_T, DT_UINT16, VMPL_TYPE_UINT16},
    {MPI_UINT32_T, DT_UINT32, VMPL_TYPE_UINT32},
    {MPI_UINT64_T, DT_UINT64, VMPL_TYPE_UINT64},
    {MPI_AINT, DT_AINT, VMPL_TYPE_INT64},
    {MPI_OFFSET, DT_OFFSET, VMPL_TYPE_INT64},
    {MPI_COUNT, DT_COUNT, VMPL_TYPE_INT64},
    {MPI_C_FLOAT_COMPLEX, DT_C_FLOAT_COMPLEX, VMPL_TYPE_FLOAT_COMPLEX},
    {MPI_C_COMPLEX, DT_C_FLOAT_COMPLEX, VMPL_TYPE_FLOAT_COMPLEX},
    {MPI_C_DOUBLE_COMPLEX, DT_C_DOUBLE_COMPLEX, VMPL_TYPE_DOUBLE_COMPLEX},
    {MPI_C_LONG_DOUBLE_COMPLEX, DT_C_LONG_DOUBLE_COMPLEX, VMPL_TYPE_LONG_DOUBLE_COMPLEX},
    {MPI_PACKED, DT_PACKED, VMPL_TYPE_COUNT},
    {MPI_FLOAT_INT, DT_FLOAT_INT, VMPL_TYPE_FLOAT_INT},
    {MPI_DOUBLE_INT, DT_DOUBLE_INT, VMPL_TYPE_DOUBLE_INT},
    {MPI_LONG_INT, DT_LONG_INT, VMPL_TYPE_LONG_INT},
    {MPI_2INT, DT_2INT, VMPL_TYPE_2INT},
    {MPI_SHORT_INT, DT_SHORT_INT, VMPL_TYPE_SHORT_INT},
    {MPI_LONG_DOUBLE_INT, DT_LONG_DOUBLE_INT, VMPL_TYPE_LONG_DOUBLE_INT},
};

/* The C++ types: the C types' layouts on every ABI vmpl builds for, under their own names. */
static const struct {
    MPI_Datatype handle, same_as;
    const char *name;
} cxx_types[] = {
    {MPI_CXX_BOOL, MPI_C_BOOL, "MPI_CXX_BOOL"},
    {MPI_CXX_FLOAT_COMPLEX, MPI_C_FLOAT_COMPLEX, "MPI_CXX_FLOAT_COMPLEX"},
    {MPI_CXX_DOUBLE_COMPLEX, MPI_C_DOUBLE_COMPLEX, "MPI_CXX_DOUBLE_COMPLEX"},
    {MPI_CXX_LONG_DOUBLE_COMPLEX, MPI_C_LONG_DOUBLE_COMPLEX, "MPI_CXX_LONG_DOUBLE_COMPLEX"},
};

void mpi_types_init(void)
{
    for (size_t i = 0; i < sizeof(predefined) / sizeof(predefined[0]); i++) {
        uintptr_t index = (uintptr_t)predefined[i].handle;
        struct vmpl_mpi_datatype_s *t = &mpi_state.types[index];

        if (index == 0 || index > VMPL_MPI_DATATYPE_PREDEFINED_COUNT)
            continue;
        t->dt = dt_named(predefined[i].named);
        t->elem = predefined[i].elem;
        t->predefined = 1;
        strncpy(t->name, dt_named_name(predefined[i].named), sizeof(t->name) - 1);
    }
    for (size_t i = 0; i < sizeof(cxx_types) / sizeof(cxx_types[0]); i++) {
        struct vmpl_mpi_datatype_s *t = &mpi_state.types[(uintptr_t)cxx_types[i].handle];

        *t = mpi_state.types[(uintptr_t)cxx_types[i].same_as];
        strncpy(t->name, cxx_types[i].name, sizeof(t->name) - 1);
    }
}

void mpi_types_fini(void)
{
}

struct vmpl_mpi_datatype_s *mpi_type_of(MPI_Datatype handle)
{
    uintptr_t index = (uintptr_t)handle;

    if (index == 0)
        return NULL;
    if (index <= VMPL_MPI_DATATYPE_PREDEFINED_COUNT)
        return mpi_state.types[index].dt ? &mpi_state.types[index] : NULL;
    return mpi_handle_object(MPI_HANDLE_DATATYPE, index);
}

/* The single reduction element type a derived type is built from, if any. */
static vmpl_type_t element_of(const dt_type_t *dt)
{
    vmpl_type_t found = VMPL_TYPE_COUNT;
    dt_envelope_t env;
    dt_count_t *integers = NULL;
    dt_aint_t *addresses = NULL;
    dt_type_t **types = NULL;

    if (dt_type_is_named(dt)) {
        for (size_t i = 0; i < sizeof(predefined) / sizeof(predefined[0]); i++)
            if (dt_named(predefined[i].named) == dt)
                return predefined[i].elem;
        return VMPL_TYPE_COUNT;
    }
    if (dt_type_envelope(dt, &env) != VMPL_OK)
        return VMPL_TYPE_COUNT;
    integers = calloc((size_t)env.num_integers + 1, sizeof(*integers));
    addresses = calloc((size_t)env.num_addresses + 1, sizeof(*addresses));
    types = calloc((size_t)env.num_datatypes + 1, sizeof(*types));
    if (integers && addresses && types &&
        dt_type_contents(dt, env.num_integers, env.num_addresses, env.num_datatypes, integers,
                         addresses, types) == VMPL_OK) {
        for (int i = 0; i < env.num_datatypes; i++) {
            vmpl_type_t inner = element_of(types[i]);
            if (i == 0)
                found = inner;
            else if (inner != found)
                found = VMPL_TYPE_COUNT;
        }
        for (int i = 0; i < env.num_datatypes; i++)
            dt_type_release(types[i]);
    }
    free(integers);
    free(addresses);
    free(types);
    return found;
}

struct vmpl_mpi_datatype_s *mpi_type_wrap(dt_type_t *dt)
{
    struct vmpl_mpi_datatype_s *t = calloc(1, sizeof(*t));

    if (!t)
        return NULL;
    if (!(t->handle = (MPI_Datatype)mpi_handle_new(MPI_HANDLE_DATATYPE, t))) {
        free(t);
        return NULL;
    }
    t->dt = dt;
    t->elem = element_of(dt);
    return t;
}
