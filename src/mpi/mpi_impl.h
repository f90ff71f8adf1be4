/*
 * The MPI layer: thin functions over src/core. Handles (include/mpi.h) of
 * user-created objects are indices plus generations into the tables of
 * mpi_handle.h, never pointers; predefined handles are small integers that
 * index tables in mpi_state. Every function is written as PMPI_x and
 * exported as a weak MPI_x (the profiling interface).
 */
#ifndef VMPL_MPI_MPI_IMPL_H
#define VMPL_MPI_MPI_IMPL_H

#include <mpi.h>

#include "mpi_handle.h"

#include <core/coll/coll.h>
#include <core/comm/comm.h>
#include <core/group/group.h>
#include <core/instance.h>
#include <core/p2p/p2p.h>
#include <dt/dt.h>
#include <rt/rt.h>

#include <stdint.h>

#define MPI_IMPL_PRAGMA(x) _Pragma(#x)
/* Exports MPI_name as a weak alias of PMPI_name. */
#define MPI_WEAK(name) MPI_IMPL_PRAGMA(weak MPI_##name = PMPI_##name)
#define MPIX_WEAK(name) MPI_IMPL_PRAGMA(weak MPIX_##name = PMPIX_##name)


typedef enum {
    MPI_EH_USER,
    MPI_EH_FATAL,  /* MPI_ERRORS_ARE_FATAL */
    MPI_EH_RETURN, /* MPI_ERRORS_RETURN */
    MPI_EH_ABORT,  /* MPI_ERRORS_ABORT */
} mpi_eh_kind_t;

struct vmpl_mpi_errhandler_s {
    MPI_Errhandler handle;
    mpi_eh_kind_t kind;
    MPI_Comm_errhandler_function *fn;
    int refcount;
};

typedef struct {
    int keyval;
    void *value;
} mpi_attr_t;

/* A Cartesian topology attached to a communicator (MPI_Cart_create). */
typedef struct {
    int ndims;
    int *dims, *periods;
} mpi_cart_t;

/* A graph topology (MPI_Graph_create): the whole graph, as the creator gave it. */
typedef struct {
    int nnodes;
    int *index; /* nnodes cumulative degrees */
    int *edges; /* index[nnodes - 1] neighbours, node by node */
} mpi_graph_t;

/*
 * A distributed graph topology (MPI_Dist_graph_create*): this process's
 * own neighbours only. The weight arrays are there (zeros) when the graph
 * is unweighted, so that copy and free need not ask.
 */
typedef struct {
    int indegree, outdegree, weighted;
    int *sources, *sourceweights;    /* indegree each */
    int *destinations, *destweights; /* outdegree each */
} mpi_dist_graph_t;

struct vmpl_mpi_comm_s {
    MPI_Comm handle; /* valid until the object is freed, even after MPI_Comm_free */
    comm_t *core;
    MPI_Errhandler errhandler;
    char name[MPI_MAX_OBJECT_NAME];
    int predefined;
    int refs;  /* the handle (until MPI_Comm_free) and every request on it */
    int freed; /* MPI_Comm_free was called: the handle is gone, requests may remain */
    mpi_attr_t *attrs; /* user attributes */
    int attr_count;
    /* the virtual topology: at most one is set, none for a plain communicator */
    mpi_cart_t *cart;
    mpi_graph_t *graph;
    mpi_dist_graph_t *dist_graph;
};

struct vmpl_mpi_group_s {
    MPI_Group handle;
    group_t *core;
    int predefined;
};

struct vmpl_mpi_datatype_s {
    MPI_Datatype handle;
    dt_type_t *dt;
    vmpl_type_t elem; /* the one predefined type it is made of, else VMPL_TYPE_COUNT */
    int predefined;
    char name[MPI_MAX_OBJECT_NAME];
};

struct vmpl_mpi_op_s {
    MPI_Op handle;
    coll_op_t core;       /* core.elem is set per call from the datatype */
    MPI_User_function *user;
    int predefined;
};

typedef enum { MPI_REQ_SEND, MPI_REQ_RECV, MPI_REQ_DONE } mpi_req_kind_t;

struct vmpl_mpi_request_s {
    MPI_Request handle;
    p2p_req_t p2p;
    mpi_req_kind_t kind;
    int persistent, active; /* persistent requests: started and not yet completed */
    struct vmpl_mpi_comm_s *comm;
    struct vmpl_mpi_request_s *next_free;
    /* persistent arguments */
    void *buf;
    int64_t count;
    dt_type_t *dt; /* retained by the request (mpi_request_release): MPI_Type_free may come first */
    int peer, tag;
    p2p_mode_t mode;
    int buffered; /* MPI_Bsend_init: each start is a buffered send of these arguments */
    MPI_Comm comm_handle;
};

/* A buffered send of req's arguments through the attached buffer (mpi_bsend.c). */
int mpi_bsend_start(struct vmpl_mpi_request_s *req, const char *function);

typedef struct {
    int initialized, finalized, thread_level;
    const rt_info_t *rt;
    core_instance_t *instance; /* attached by MPI_Init, detached by MPI_Finalize */
    p2p_t *p2p;                /* the instance's engine */
    comm_pool_t *pool;
    struct vmpl_mpi_comm_s world, self;
    struct vmpl_mpi_group_s group_empty;
    struct vmpl_mpi_errhandler_s eh_fatal, eh_return, eh_abort;
    struct vmpl_mpi_datatype_s types[VMPL_MPI_DATATYPE_PREDEFINED_COUNT + 1];
    struct vmpl_mpi_op_s ops[VMPL_MPI_OP_PREDEFINED_COUNT + 1];
    struct vmpl_mpi_request_s *free_requests;
    double wtime_base;
} mpi_state_t;

extern mpi_state_t mpi_state;

/* Handle lookups: NULL for the null handle and for anything invalid. */
struct vmpl_mpi_comm_s *mpi_comm_of(MPI_Comm handle);
struct vmpl_mpi_datatype_s *mpi_type_of(MPI_Datatype handle);
struct vmpl_mpi_op_s *mpi_op_of(MPI_Op handle);
struct vmpl_mpi_errhandler_s *mpi_errhandler_of(MPI_Errhandler handle);
/* A live request (not MPI_REQUEST_NULL), or NULL. */
static inline struct vmpl_mpi_request_s *mpi_request_of(MPI_Request handle)
{
    return mpi_handle_object(MPI_HANDLE_REQUEST, (uintptr_t)handle);
}
/* User handlers are counted: the handle and every communicator using one. */
void mpi_errhandler_ref(MPI_Errhandler handle);
void mpi_errhandler_unref(MPI_Errhandler handle);
struct vmpl_mpi_group_s *mpi_group_of(MPI_Group handle);
struct vmpl_mpi_info_s *mpi_info_of(MPI_Info handle); /* mpi_info.c; allowed before MPI_Init */

/*
 * Reports an error the way MPI does: through comm's error handler (the
 * world's when comm is NULL), with a message naming the function. Returns
 * the error class for ERRORS_RETURN and user handlers; fatal handlers
 * abort the job.
 */
int mpi_error(struct vmpl_mpi_comm_s *comm, int error_class, const char *function,
              const char *format, ...) __attribute__((format(printf, 4, 5)));
int mpi_class_of_status(vmpl_status_t status);
/*
 * What every function vmpl does not implement yet returns: through comm's
 * error handler (MPI_COMM_NULL: no communicator concerned), or through
 * errhandler where the call names no object but a handler (MPI_Session_init).
 */
int mpi_unsupported(MPI_Comm comm, const char *function);
int mpi_unsupported_on_errhandler(MPI_Errhandler errhandler, const char *function);

/* Argument checks: one table, each check reports and returns its class (mpi_args.h). */
#include "mpi_args.h"

/* Process failures (mpi_ft.c). */
/* Listens to the runtime's failure reports (and takes in those already made). */
vmpl_status_t mpi_failures_init(void);
/* Why a rank failed, from its RT_FAILURE_* cause, for messages. */
const char *mpi_failure_cause(int cause);
/*
 * Reports error_class (MPI_ERR_PROC_FAILED or _PENDING) through c's error
 * handler, naming the failed process: engine_rank, or when negative the
 * first failed member of c.
 */
int mpi_proc_failed(struct vmpl_mpi_comm_s *c, int error_class, int engine_rank,
                    const char *function);
/* Whether c has failed members not acknowledged: wildcard receives on it stop. */
static inline int mpi_wildcard_blocked(const struct vmpl_mpi_comm_s *c)
{
    return c->core->failed_count > c->core->acked;
}
/* Waits for a receive from any source on c: 0 when it completed, 1 when blocked (above). */
int mpi_wildcard_wait(struct vmpl_mpi_comm_s *c, p2p_req_t *req);

/* Requests (mpi_request.c). */
struct vmpl_mpi_request_s *mpi_request_new(struct vmpl_mpi_comm_s *comm, mpi_req_kind_t kind);
void mpi_request_release(struct vmpl_mpi_request_s *req);
void mpi_status_set(MPI_Status *status, const p2p_status_t *p2p, int source_rank);
void mpi_status_empty(MPI_Status *status);
/* Reports the error of a completed operation (truncation, failed peer) through c's handler. */
int mpi_status_error(struct vmpl_mpi_comm_s *c, const p2p_status_t *status, const char *function);

/* Datatypes (mpi_type.c). */
void mpi_types_init(void);
void mpi_types_fini(void);
struct vmpl_mpi_datatype_s *mpi_type_wrap(dt_type_t *dt);

/* Ops (mpi_op.c). */
void mpi_ops_init(void);
/* One reduction call's op: the core op and what a user function gets back. */
typedef struct {
    coll_op_t core;
    void *user_pair[2]; /* the op, the MPI datatype handle */
} mpi_op_call_t;
/* The core op for reducing `type` data with op, or NULL (error reported) when undefined. */
const coll_op_t *mpi_op_for(struct vmpl_mpi_op_s *op, struct vmpl_mpi_datatype_s *type,
                            MPI_Datatype handle, mpi_op_call_t *call,
                            struct vmpl_mpi_comm_s *comm, const char *function);

/* Attributes (mpi_attr.c): copy on dup (copy callbacks), delete on free. */
int mpi_attrs_copy(struct vmpl_mpi_comm_s *from, MPI_Comm from_handle,
                   struct vmpl_mpi_comm_s *to);
void mpi_attrs_delete_all(struct vmpl_mpi_comm_s *comm, MPI_Comm handle);
/* The handle an application knows a communicator by. */
MPI_Comm mpi_comm_handle(struct vmpl_mpi_comm_s *comm);

/*
 * Topologies (mpi_topo.c; graphs in mpi_graph.c, distributed graphs in
 * mpi_dist_graph.c). Each object is allocated by its _new and freed by
 * its _free, which mpi_topo_free calls when the communicator is freed.
 */
/* Gives `to` a copy of from's topology (MPI_Comm_dup); MPI_ERR_NO_MEM is not reported here. */
int mpi_topo_copy(const struct vmpl_mpi_comm_s *from, struct vmpl_mpi_comm_s *to);
/* Frees c's topology, if it has one (MPI_Comm_free). */
void mpi_topo_free(struct vmpl_mpi_comm_s *c);
/* A copy of MPI_Graph_create's arrays (already checked); NULL when out of memory. */
mpi_graph_t *mpi_graph_new(int nnodes, const int index[], const int edges[]);
void mpi_graph_free(mpi_graph_t *graph);
/* A distributed graph with zeroed arrays of these degrees; NULL when out of memory. */
mpi_dist_graph_t *mpi_dist_graph_new(int indegree, int outdegree, int weighted);
/* A copy of a distributed graph (MPI_Comm_dup); NULL when out of memory. */
mpi_dist_graph_t *mpi_dist_graph_copy(const mpi_dist_graph_t *from);
void mpi_dist_graph_free(mpi_dist_graph_t *graph);

/* Communicators (mpi_comm.c). */
struct vmpl_mpi_comm_s *mpi_comm_wrap(comm_t *core);
/* A reference for a request on c; the last unref after MPI_Comm_free frees c. */
static inline void mpi_comm_ref(struct vmpl_mpi_comm_s *c)
{
    if (c && !c->predefined)
        c->refs++;
}
void mpi_comm_unref(struct vmpl_mpi_comm_s *c);
/* The engine rank of a communicator rank (one node: the job rank). */
static inline int mpi_comm_peer(const struct vmpl_mpi_comm_s *c, int rank)
{
    return c->core->peers[rank];
}

#endif
