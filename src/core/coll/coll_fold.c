/* Folding onto a power of two (coll_fold.h). */
#include "coll_fold.h"

void coll_fold_plan(const coll_comm_t *c, coll_fold_t *f_p)
{
    int pof2 = 1, rank = c->rank;

    while (pof2 * 2 <= c->size)
        pof2 *= 2;
    f_p->pof2 = pof2;
    f_p->extra = c->size - pof2;
    f_p->virtual = rank < 2 * f_p->extra ? (rank % 2 ? rank / 2 : -1) : rank - f_p->extra;
}

vmpl_status_t coll_fold_in(coll_comm_t *c, const coll_fold_t *f, void *acc, void *tmp,
                           int64_t count, const dt_type_t *dt, const coll_op_t *op,
                           int *truncated_p)
{
    vmpl_status_t status;

    if (c->rank >= 2 * f->extra)
        return VMPL_OK;
    if (f->virtual < 0) /* even: hand the vector over */
        return coll_send(c, acc, count, dt, c->rank + 1, coll_tag(c, 0));
    status = coll_go_on(coll_recv(c, tmp, count, dt, c->rank - 1, coll_tag(c, 0)), truncated_p);
    if (status == VMPL_OK)
        coll_combine(op, tmp, acc, count, dt); /* acc = x(rank-1) op x(rank) */
    return status;
}

vmpl_status_t coll_fold_out(coll_comm_t *c, const coll_fold_t *f, void *buf, int64_t count,
                            const dt_type_t *dt, int *truncated_p)
{
    int tag = coll_tag(c, 0xffe);

    if (c->rank >= 2 * f->extra)
        return VMPL_OK;
    return f->virtual < 0
               ? coll_go_on(coll_recv(c, buf, count, dt, c->rank + 1, tag), truncated_p)
               : coll_send_mark(c, buf, count, dt, c->rank - 1, tag, *truncated_p);
}
