/*
 * Folding p processes onto a power of two, for the algorithms that pair
 * processes by rank bits (recursive doubling, Rabenseifner). With
 * r = p - 2^floor(lg p), the first 2r processes pair up: each even one
 * hands its vector to the odd one above it (which combines them, the even
 * one's on the left) and sits out, then gets the result back at the end.
 * The others play virtual ranks 0 .. 2^floor(lg p) - 1.
 */
#ifndef VMPL_CORE_COLL_COLL_FOLD_H
#define VMPL_CORE_COLL_COLL_FOLD_H

#include "coll_private.h"

typedef struct {
    int pof2;    /* processes left after the fold */
    int extra;   /* pairs folded */
    int virtual; /* this process's virtual rank, -1 when it sits out */
} coll_fold_t;

void coll_fold_plan(const coll_comm_t *c, coll_fold_t *f_p);

/* The communicator rank of the process that plays virtual rank v. */
static inline int coll_fold_real(const coll_fold_t *f, int v)
{
    return v < f->extra ? 2 * v + 1 : v + f->extra;
}

/*
 * The fold: acc holds this process's vector; tmp is scratch of the same
 * size. A truncated receive sets *truncated_p and is no error (coll_go_on).
 */
vmpl_status_t coll_fold_in(coll_comm_t *c, const coll_fold_t *f, void *acc, void *tmp,
                           int64_t count, const dt_type_t *dt, const coll_op_t *op,
                           int *truncated_p);
/*
 * The unfold: the odd process of a pair returns the result in buf to the
 * even one (marked when truncated); a truncated receive sets *truncated_p.
 */
vmpl_status_t coll_fold_out(coll_comm_t *c, const coll_fold_t *f, void *buf, int64_t count,
                            const dt_type_t *dt, int *truncated_p);

#endif
