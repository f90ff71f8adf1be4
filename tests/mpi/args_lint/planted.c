/* Planted violations for check_args.py (never compiled): both must be found. */
#define COMM_OR_FAIL(var, handle, function)                                                  \
    struct vmpl_mpi_comm_s *var = mpi_comm_of(handle);                                       \
    if (!var)                                                                                \
        return mpi_error(NULL, MPI_ERR_COMM, function, "invalid communicator")

int planted(MPI_Comm comm, int *rank, void *buf)
{
    COMM_OR_FAIL(c, comm, "planted");
    if (mpi_pointer_check(c, rank, "rank", "planted") ||
        mpi_buffer_check(c, buf, 1, NULL, "buf", "planted"))
        return MPI_ERR_ARG;
    return MPI_SUCCESS;
}
