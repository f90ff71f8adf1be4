/*
 * Blocking collectives over the point-to-point engine and, within a node,
 * the node channel (coll_shm.h): one or more algorithms per operation
 * (core/coll/<collective>/<algorithm>.c, each opening with its cost model:
 * p processes, n bytes, alpha latency, beta time per byte, gamma reduction
 * time per byte). coll_select.c picks one per call from a table of rules
 * or a setting (coll_select.h).
 *
 * Data is (buffer, count, datatype) as in MPI. Reductions combine packed
 * data element by element with the reduction engine (predefined ops) or a
 * user function; non-commutative operations keep rank order. in_place is
 * MPI_IN_PLACE. Every process of the communicator calls each collective
 * in the same order; calls are told apart by a per-communicator sequence
 * number in the tag.
 */
#ifndef VMPL_CORE_COLL_COLL_H
#define VMPL_CORE_COLL_COLL_H

#include <core/p2p/p2p.h>

#include <vmpl.h>

#define COLL_IN_PLACE ((void *)1)

typedef struct {
    p2p_t *p2p;
    int rank, size;
    const int *peers; /* engine rank of each member; NULL: member r is engine rank r */
    uint32_t ctx;     /* context of collective traffic */
    uint32_t seq;     /* collectives started so far */
    struct coll_shm *node; /* the node channel (coll_shm.h), or NULL */
    /* the node memory a channel may come from (coll_shm.h), NULL: none; set by the creator */
    tl_iface_t *channels;
    int channel_tried;     /* the members agreed on a channel, or on none (coll_shm_join) */
} coll_comm_t;

/* A user reduction: inout[i] = in[i] op inout[i] for len elements of dt. */
typedef void (*coll_user_fn_t)(void *in, void *inout, int *len, void *user_dt);

typedef struct {
    vmpl_op_t op;           /* a predefined op, or VMPL_OP_COUNT for user */
    vmpl_type_t elem;       /* predefined: the element type of the packed data */
    coll_user_fn_t user;    /* user op */
    void *user_dt;          /* handed back to the user function */
    int commutative;
} coll_op_t;

vmpl_status_t coll_barrier(coll_comm_t *c);
vmpl_status_t coll_bcast(coll_comm_t *c, void *buf, int64_t count, const dt_type_t *dt,
                         int root);
vmpl_status_t coll_reduce(coll_comm_t *c, const void *sendbuf, void *recvbuf, int64_t count,
                          const dt_type_t *dt, const coll_op_t *op, int root);
vmpl_status_t coll_allreduce(coll_comm_t *c, const void *sendbuf, void *recvbuf, int64_t count,
                             const dt_type_t *dt, const coll_op_t *op);
/* Gather and scatter with equal blocks (count elements of type per member). */
vmpl_status_t coll_gather(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                          const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                          const dt_type_t *recvtype, int root);
vmpl_status_t coll_scatter(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                           const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                           const dt_type_t *recvtype, int root);
vmpl_status_t coll_gatherv(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                           const dt_type_t *sendtype, void *recvbuf, const int64_t recvcounts[],
                           const int64_t displs[], const dt_type_t *recvtype, int root);
vmpl_status_t coll_scatterv(coll_comm_t *c, const void *sendbuf, const int64_t sendcounts[],
                            const int64_t displs[], const dt_type_t *sendtype, void *recvbuf,
                            int64_t recvcount, const dt_type_t *recvtype, int root);
vmpl_status_t coll_allgatherv(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                              const dt_type_t *sendtype, void *recvbuf,
                              const int64_t recvcounts[], const int64_t displs[],
                              const dt_type_t *recvtype);
/* Alltoall with equal blocks (count elements of type to and from every member). */
vmpl_status_t coll_alltoall(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                            const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                            const dt_type_t *recvtype);
/* alltoallw: byte displacements and a type per peer (alltoallv maps onto it). */
vmpl_status_t coll_alltoallw(coll_comm_t *c, const void *sendbuf, const int64_t sendcounts[],
                             const int64_t sdispls[], const dt_type_t *const sendtypes[],
                             void *recvbuf, const int64_t recvcounts[], const int64_t rdispls[],
                             const dt_type_t *const recvtypes[]);
vmpl_status_t coll_reduce_scatterv(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                   const int64_t recvcounts[], const dt_type_t *dt,
                                   const coll_op_t *op);
/* Inclusive (exclusive = 0) or exclusive scan. */
vmpl_status_t coll_scan(coll_comm_t *c, const void *sendbuf, void *recvbuf, int64_t count,
                        const dt_type_t *dt, const coll_op_t *op, int exclusive);

#endif
