/*
 * Which algorithm runs a collective. Each collective with a choice has a
 * table of rules (the first whose message size and process count match,
 * and whose algorithm can serve the call, wins) and a setting,
 * VMPL_COLL_<NAME>, that names an algorithm instead. A named algorithm that
 * cannot serve a call (ring and a non-commutative operation, the node
 * channel on a communicator without one) gives way to the table for that
 * call; the last resort serves every call.
 */
#ifndef VMPL_CORE_COLL_COLL_SELECT_H
#define VMPL_CORE_COLL_COLL_SELECT_H

#include "coll.h"

#include <stddef.h>

typedef enum {
    COLL_BARRIER,
    COLL_BCAST,
    COLL_REDUCE,
    COLL_ALLREDUCE,
    COLL_ALLGATHER,
    COLL_ALLTOALL,
    COLL_REDUCE_SCATTER,
    COLL_SCAN,
    COLL_GATHER,
    COLL_SCATTER,
    COLL_KINDS
} coll_kind_t;

/* What a call brings to the choice. */
typedef struct {
    uint64_t bytes; /* packed message size (allgather: the longest block; alltoall: a block;
                       gather, scatter: a block; reduce_scatter: the whole vector, count:
                       its elements) */
    int64_t count;
    const dt_type_t *dt;
    const coll_op_t *op; /* NULL: the collective does not reduce */
} coll_call_t;

typedef struct {
    const char *name;
    int (*fits)(const coll_comm_t *c, const coll_call_t *call); /* NULL: serves every call */
    void (*run)(void); /* the collective's signature (coll_algs.h); the caller casts it back */
} coll_alg_t;

/* The algorithm for a call; c's first call joins the node channel pool (coll_shm_join). */
const coll_alg_t *coll_pick(coll_kind_t kind, coll_comm_t *c, const coll_call_t *call);

/* The tables and the settings, as text for the info tool; as snprintf,
   returns the length of the whole text (vmpl_coll_describe). */
size_t coll_select_describe(char *out, size_t size);

#endif
