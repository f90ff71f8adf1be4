/* The predefined attribute copy and delete callbacks of the standard. */
#include "mpi_impl.h"

/* Null copy: the attribute is not copied to the new object. */
#define NULL_COPY(name, object)                                                              \
    int name(object old, int keyval, void *extra_state, void *value_in, void *value_out,     \
             int *flag)                                                                      \
    {                                                                                        \
        (void)old, (void)keyval, (void)extra_state, (void)value_in, (void)value_out;         \
        *flag = 0;                                                                           \
        return MPI_SUCCESS;                                                                  \
    }

/* Dup: the new object gets the same attribute value. */
#define DUP(name, object)                                                                    \
    int name(object old, int keyval, void *extra_state, void *value_in, void *value_out,     \
             int *flag)                                                                      \
    {                                                                                        \
        (void)old, (void)keyval, (void)extra_state;                                          \
        *(void **)value_out = value_in;                                                      \
        *flag = 1;                                                                           \
        return MPI_SUCCESS;                                                                  \
    }

#define NULL_DELETE(name, object)                                                            \
    int name(object obj, int keyval, void *value, void *extra_state)                         \
    {                                                                                        \
        (void)obj, (void)keyval, (void)value, (void)extra_state;                             \
        return MPI_SUCCESS;                                                                  \
    }

NULL_COPY(MPI_COMM_NULL_COPY_FN, MPI_Comm)
DUP(MPI_COMM_DUP_FN, MPI_Comm)
NULL_DELETE(MPI_COMM_NULL_DELETE_FN, MPI_Comm)
NULL_COPY(MPI_TYPE_NULL_COPY_FN, MPI_Datatype)
DUP(MPI_TYPE_DUP_FN, MPI_Datatype)
NULL_DELETE(MPI_TYPE_NULL_DELETE_FN, MPI_Datatype)
NULL_COPY(MPI_WIN_NULL_COPY_FN, MPI_Win)
DUP(MPI_WIN_DUP_FN, MPI_Win)
NULL_DELETE(MPI_WIN_NULL_DELETE_FN, MPI_Win)
NULL_COPY(MPI_NULL_COPY_FN, MPI_Comm)
DUP(MPI_DUP_FN, MPI_Comm)
NULL_DELETE(MPI_NULL_DELETE_FN, MPI_Comm)
