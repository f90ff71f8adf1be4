/*
 * Which algorithm runs a collective. Each collective with a choice has a
 * table of rules (the first whose message size and process count match
 * wins) and a setting, VMPL_COLL_<NAME>, that names an algorithm instead.
 * A named algorithm that cannot serve a call (ring and a non-commutative
 * operation, say) gives way to the table for that call.
 */
#ifndef VMPL_CORE_COLL_COLL_SELECT_H
#define VMPL_CORE_COLL_COLL_SELECT_H

#include "coll.h"

#include <stddef.h>

typedef vmpl_status_t (*coll_allreduce_fn_t)(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                             int64_t count, const dt_type_t *dt,
                                             const coll_op_t *op);

typedef struct {
    const char *name;
    coll_allreduce_fn_t run;
    int commutative_only;
} coll_allreduce_alg_t;

/* The algorithm for an allreduce of `bytes` (packed) on c with op. */
const coll_allreduce_alg_t *coll_allreduce_pick(const coll_comm_t *c, uint64_t bytes,
                                                const coll_op_t *op);

/* The tables and the settings, as text for the info tool. */
void coll_select_describe(char *out, size_t size);

#endif
