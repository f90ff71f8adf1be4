/* Every collective algorithm's entry point (one file each, named after it). */
#ifndef VMPL_CORE_COLL_COLL_ALGS_H
#define VMPL_CORE_COLL_COLL_ALGS_H

#include "coll.h"

vmpl_status_t coll_barrier_shm(coll_comm_t *c);
vmpl_status_t coll_barrier_dissemination(coll_comm_t *c);

vmpl_status_t coll_bcast_shm(coll_comm_t *c, void *buf, int64_t count, const dt_type_t *dt,
                             int root);
vmpl_status_t coll_bcast_knomial(coll_comm_t *c, void *buf, int64_t count, const dt_type_t *dt,
                                 int root);
vmpl_status_t coll_bcast_binomial(coll_comm_t *c, void *buf, int64_t count, const dt_type_t *dt,
                                  int root);
/* The binomial broadcast from a root that passes on a truncation (coll_go_on) when truncated. */
vmpl_status_t coll_bcast_binomial_mark(coll_comm_t *c, void *buf, int64_t count,
                                       const dt_type_t *dt, int root, int truncated);

vmpl_status_t coll_reduce_shm(coll_comm_t *c, const void *sendbuf, void *recvbuf, int64_t count,
                              const dt_type_t *dt, const coll_op_t *op, int root);
vmpl_status_t coll_reduce_binomial(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                   int64_t count, const dt_type_t *dt, const coll_op_t *op,
                                   int root);

vmpl_status_t coll_allreduce_shm(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                 int64_t count, const dt_type_t *dt, const coll_op_t *op);
vmpl_status_t coll_allreduce_reduce_bcast(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                          int64_t count, const dt_type_t *dt,
                                          const coll_op_t *op);
vmpl_status_t coll_allreduce_recursive_doubling(coll_comm_t *c, const void *sendbuf,
                                                void *recvbuf, int64_t count,
                                                const dt_type_t *dt, const coll_op_t *op);
vmpl_status_t coll_allreduce_rabenseifner(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                          int64_t count, const dt_type_t *dt,
                                          const coll_op_t *op);
vmpl_status_t coll_allreduce_ring(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                  int64_t count, const dt_type_t *dt, const coll_op_t *op);

vmpl_status_t coll_allgatherv_shm(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                  const dt_type_t *sendtype, void *recvbuf,
                                  const int64_t recvcounts[], const int64_t displs[],
                                  const dt_type_t *recvtype);
vmpl_status_t coll_allgatherv_bruck(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                    const dt_type_t *sendtype, void *recvbuf,
                                    const int64_t recvcounts[], const int64_t displs[],
                                    const dt_type_t *recvtype);
vmpl_status_t coll_allgatherv_ring(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                   const dt_type_t *sendtype, void *recvbuf,
                                   const int64_t recvcounts[], const int64_t displs[],
                                   const dt_type_t *recvtype);

vmpl_status_t coll_reduce_scatterv_shm(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                       const int64_t recvcounts[], const dt_type_t *dt,
                                       const coll_op_t *op);
vmpl_status_t coll_reduce_scatterv_reduce_then_scatterv(coll_comm_t *c, const void *sendbuf,
                                                       void *recvbuf, const int64_t recvcounts[],
                                                       const dt_type_t *dt, const coll_op_t *op);

vmpl_status_t coll_scan_shm(coll_comm_t *c, const void *sendbuf, void *recvbuf, int64_t count,
                            const dt_type_t *dt, const coll_op_t *op, int exclusive);
vmpl_status_t coll_scan_linear(coll_comm_t *c, const void *sendbuf, void *recvbuf, int64_t count,
                               const dt_type_t *dt, const coll_op_t *op, int exclusive);

vmpl_status_t coll_gather_shm(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                              const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                              const dt_type_t *recvtype, int root);
vmpl_status_t coll_gather_linear(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                 const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                                 const dt_type_t *recvtype, int root);
vmpl_status_t coll_gatherv_linear(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                  const dt_type_t *sendtype, void *recvbuf,
                                  const int64_t recvcounts[], const int64_t displs[],
                                  const dt_type_t *recvtype, int root);
vmpl_status_t coll_scatter_shm(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                               const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                               const dt_type_t *recvtype, int root);
vmpl_status_t coll_scatter_linear(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                  const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                                  const dt_type_t *recvtype, int root);
vmpl_status_t coll_scatterv_linear(coll_comm_t *c, const void *sendbuf,
                                   const int64_t sendcounts[], const int64_t displs[],
                                   const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                                   const dt_type_t *recvtype, int root);

vmpl_status_t coll_alltoall_shm(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                                const dt_type_t *recvtype);
vmpl_status_t coll_alltoall_pairwise(coll_comm_t *c, const void *sendbuf, int64_t sendcount,
                                     const dt_type_t *sendtype, void *recvbuf, int64_t recvcount,
                                     const dt_type_t *recvtype);
vmpl_status_t coll_alltoallw_pairwise(coll_comm_t *c, const void *sendbuf,
                                      const int64_t sendcounts[], const int64_t sdispls[],
                                      const dt_type_t *const sendtypes[], void *recvbuf,
                                      const int64_t recvcounts[], const int64_t rdispls[],
                                      const dt_type_t *const recvtypes[]);

#endif
