/* Helpers shared by the collective algorithms. */
#ifndef VMPL_CORE_COLL_COLL_PRIVATE_H
#define VMPL_CORE_COLL_COLL_PRIVATE_H

#include "coll.h"

/* Engine rank of member r. */
static inline int coll_peer(const coll_comm_t *c, int r)
{
    return c->peers ? c->peers[r] : r;
}

/* A fresh tag for this call: sequence number and a step within the algorithm. */
static inline int coll_tag(const coll_comm_t *c, int step)
{
    return (int)((c->seq & 0x7fff) << 12) | (step & 0xfff);
}

vmpl_status_t coll_send(coll_comm_t *c, const void *buf, int64_t count, const dt_type_t *dt,
                        int dest, int tag);
vmpl_status_t coll_recv(coll_comm_t *c, void *buf, int64_t count, const dt_type_t *dt, int src,
                        int tag);
vmpl_status_t coll_sendrecv(coll_comm_t *c, const void *sbuf, int64_t scount,
                            const dt_type_t *sdt, int dest, void *rbuf, int64_t rcount,
                            const dt_type_t *rdt, int src, int tag);

/*
 * A temporary buffer for count elements of dt in dt's own layout (what a
 * user reduction function expects): *buf_p is where element 0 starts,
 * *mem_p what to free.
 */
vmpl_status_t coll_temp_alloc(int64_t count, const dt_type_t *dt, void **buf_p, void **mem_p);
/*
 * Counts and displacements (in elements) of `size` equal blocks of `count`
 * elements, for the v-form of a collective: counts at [0, size), the
 * displacements at [size, 2 size). NULL when out of memory; free() it.
 */
int64_t *coll_equal_blocks(int size, int64_t count);
/* Copies count elements of dt between two buffers of that layout. */
void coll_copy(const void *src, void *dst, int64_t count, const dt_type_t *dt);
/* inout = in op inout for count elements of dt (the left operand is in). */
void coll_combine(const coll_op_t *op, const void *in, void *inout, int64_t count,
                  const dt_type_t *dt);

#endif
