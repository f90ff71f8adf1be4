/* Every collective algorithm's entry point (one file each, named after it). */
#ifndef VMPL_CORE_COLL_COLL_ALGS_H
#define VMPL_CORE_COLL_COLL_ALGS_H

#include "coll.h"

vmpl_status_t coll_barrier_shm(coll_comm_t *c);
vmpl_status_t coll_barrier_dissemination(coll_comm_t *c);

vmpl_status_t coll_bcast_shm(coll_comm_t *c, void *buf, int64_t count, const dt_type_t *dt,
                             int root);
vmpl_status_t coll_bcast_binomial(coll_comm_t *c, void *buf, int64_t count, const dt_type_t *dt,
                                  int root);

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
vmpl_status_t coll_allreduce_ring(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                  int64_t count, const dt_type_t *dt, const coll_op_t *op);

#endif
