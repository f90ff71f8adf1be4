/*
 * The MPI layer's argument checks, in one place. Every check reports a bad
 * argument through the handler of the object concerned (mpi_error) and
 * returns the class it reported, or MPI_SUCCESS (0); a call returns that
 * value as it is, so it can never report one class and return another:
 *
 *     if ((rc = mpi_comm_arg(comm, &c, "MPI_Comm_rank")) ||
 *         (rc = mpi_pointer_check(c, rank, "rank", "MPI_Comm_rank")))
 *         return rc;
 *
 * The handle kinds are rows of MPI_ARG_HANDLES: the lookup, the class of
 * an invalid handle and whether MPI must be initialized first. A later
 * generated binding emits these calls from the standard's parameter lists.
 * Included by mpi_impl.h, after the object structs.
 */
#ifndef VMPL_MPI_MPI_ARGS_H
#define VMPL_MPI_MPI_ARGS_H

/* MPI_ERR_OTHER (reported by the initial handler) before MPI_Init or after MPI_Finalize. */
int mpi_init_error(const char *function);
static inline int mpi_init_check(const char *function)
{
    return mpi_state.initialized && !mpi_state.finalized ? MPI_SUCCESS
                                                         : mpi_init_error(function);
}
/* The report of an invalid handle: `what` names the kind (mpi_error.c, out of line). */
int mpi_handle_error(int error_class, const char *what, const char *function);

/* name, object struct, handle type, lookup, class when invalid, what, needs MPI_Init */
#define MPI_ARG_HANDLES(X)                                                                  \
    X(comm, vmpl_mpi_comm_s, MPI_Comm, mpi_comm_of, MPI_ERR_COMM, "invalid communicator", 1) \
    X(group, vmpl_mpi_group_s, MPI_Group, mpi_group_of, MPI_ERR_GROUP, "invalid group", 0)   \
    X(type, vmpl_mpi_datatype_s, MPI_Datatype, mpi_type_of, MPI_ERR_TYPE, "invalid datatype", \
      1)                                                                                    \
    X(op, vmpl_mpi_op_s, MPI_Op, mpi_op_of, MPI_ERR_OP, "invalid operation", 1)             \
    X(info, vmpl_mpi_info_s, MPI_Info, mpi_info_of, MPI_ERR_INFO, "invalid info object", 0)

/*
 * mpi_<name>_arg(handle, &object, function): MPI_SUCCESS with *object
 * set, or the class reported for an invalid handle (or a call before
 * MPI_Init, where the kind needs it). Invalid handles name no object, so
 * they are reported through MPI_COMM_SELF's handler, as MPI-4 says.
 */
#define MPI_ARG_ACCESSOR(name, object_s, handle_t, lookup, error_class, what, needs_init)     \
    static inline int mpi_##name##_arg(handle_t handle, struct object_s **object,           \
                                       const char *function)                                \
    {                                                                                       \
        if (needs_init) {                                                                   \
            int rc = mpi_init_check(function);                                              \
            if (rc)                                                                         \
                return rc;                                                                  \
        }                                                                                   \
        *object = lookup(handle);                                                           \
        return *object ? MPI_SUCCESS : mpi_handle_error(error_class, what, function);       \
    }
MPI_ARG_HANDLES(MPI_ARG_ACCESSOR)
#undef MPI_ARG_ACCESSOR

/* The virtual topologies a communicator argument may be required to have. */
typedef enum { MPI_TOPO_CART, MPI_TOPO_GRAPH, MPI_TOPO_DIST_GRAPH } mpi_topo_kind_t;
int mpi_topo_error(struct vmpl_mpi_comm_s *c, mpi_topo_kind_t kind, const char *function);
/* A communicator argument that must have topology `kind`: MPI_ERR_TOPOLOGY (reported on it) if not. */
static inline int mpi_topo_comm_arg(MPI_Comm handle, mpi_topo_kind_t kind,
                                    struct vmpl_mpi_comm_s **c, const char *function)
{
    int rc = mpi_comm_arg(handle, c, function);

    if (rc)
        return rc;
    if (kind == MPI_TOPO_CART ? !(*c)->cart : kind == MPI_TOPO_GRAPH ? !(*c)->graph
                                                                     : !(*c)->dist_graph)
        return mpi_topo_error(*c, kind, function);
    return MPI_SUCCESS;
}

/* The reports of the two checks below (mpi_error.c): slow paths, out of line. */
int mpi_buffer_error(struct vmpl_mpi_comm_s *c, int count, const struct vmpl_mpi_datatype_s *t,
                     const char *what, const char *function);
int mpi_pointer_error(struct vmpl_mpi_comm_s *c, const char *what, const char *function);
/*
 * MPICH's buffer rule: MPI_ERR_BUFFER (reported) for a NULL buf holding
 * count > 0 elements of a predefined type; else 0. A derived type may
 * address absolute memory from MPI_BOTTOM (NULL), so it is never judged.
 */
static inline int mpi_buffer_check(struct vmpl_mpi_comm_s *c, const void *buf, int count,
                                   const struct vmpl_mpi_datatype_s *t, const char *what,
                                   const char *function)
{
    if (buf || count <= 0 || !t || !t->predefined)
        return 0;
    return mpi_buffer_error(c, count, t, what, function);
}
/* MPI_ERR_ARG (reported) when the pointer argument `what` (an output, an array) is NULL; else 0. */
static inline int mpi_pointer_check(struct vmpl_mpi_comm_s *c, const void *pointer,
                                    const char *what, const char *function)
{
    return pointer ? 0 : mpi_pointer_error(c, what, function);
}

#endif
