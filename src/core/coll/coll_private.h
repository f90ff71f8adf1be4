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
 * Mismatched counts over messages. A truncated receive must not stop an
 * algorithm (the other members' later steps wait for this member's), and a
 * member that forwards what it received must pass the truncation on: it
 * sends one byte more than its arguments describe, so the receivers of
 * that data see a truncated receive too. Correct calls never take these
 * paths (no added message, no added byte).
 */
/* VMPL_OK for VMPL_ERR_TRUNCATE, which *truncated_p records; any other status as it is. */
static inline vmpl_status_t coll_go_on(vmpl_status_t status, int *truncated_p)
{
    if (status != VMPL_ERR_TRUNCATE)
        return status;
    *truncated_p = 1;
    return VMPL_OK;
}

/* The call's status: VMPL_ERR_TRUNCATE when a step was truncated and nothing worse happened. */
static inline vmpl_status_t coll_end(vmpl_status_t status, int truncated)
{
    return status == VMPL_OK && truncated ? VMPL_ERR_TRUNCATE : status;
}

/* coll_send, one byte longer when truncated (coll_go_on). */
vmpl_status_t coll_send_mark(coll_comm_t *c, const void *buf, int64_t count, const dt_type_t *dt,
                             int dest, int tag, int truncated);
/* coll_sendrecv whose send is one byte longer when truncated (coll_go_on). */
vmpl_status_t coll_sendrecv_mark(coll_comm_t *c, const void *sbuf, int64_t scount,
                                 const dt_type_t *sdt, int dest, void *rbuf, int64_t rcount,
                                 const dt_type_t *rdt, int src, int tag, int truncated);

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
