/* Algorithm selection tables (coll_select.h). */
#include "coll_select.h"

#include "coll_private.h"

#include <base/log.h>
#include <base/settings.h>

#include <stdio.h>
#include <string.h>

vmpl_status_t coll_allreduce_reduce_bcast(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                          int64_t count, const dt_type_t *dt,
                                          const coll_op_t *op);
vmpl_status_t coll_allreduce_recursive_doubling(coll_comm_t *c, const void *sendbuf,
                                                void *recvbuf, int64_t count,
                                                const dt_type_t *dt, const coll_op_t *op);
vmpl_status_t coll_allreduce_ring(coll_comm_t *c, const void *sendbuf, void *recvbuf,
                                  int64_t count, const dt_type_t *dt, const coll_op_t *op);

static const coll_allreduce_alg_t allreduce_algs[] = {
    {"reduce_bcast", coll_allreduce_reduce_bcast, 0},
    {"recursive_doubling", coll_allreduce_recursive_doubling, 0},
    {"ring", coll_allreduce_ring, 1},
};
#define ALLREDUCE_ALGS ((int)(sizeof(allreduce_algs) / sizeof(allreduce_algs[0])))

/* A row of a table: up to max_bytes (0: any) and at least min_ranks processes. */
typedef struct {
    uint64_t max_bytes;
    int min_ranks;
    int alg;
} coll_rule_t;

/*
 * Short vectors: the fewest steps (recursive doubling). Long ones: the
 * fewest bytes per process (ring). Measured here (bench/coll/coll_lat.c,
 * float sum, 2 cores): ring is ahead from 16 KiB at 4 and 8 ranks and
 * level at 64 KiB with 2. Non-commutative operations fall through to
 * recursive doubling, which keeps operand order.
 */
static const coll_rule_t allreduce_rules[] = {
    {8 * 1024, 2, 1},
    {0, 2, 2},
};
#define ALLREDUCE_RULES ((int)(sizeof(allreduce_rules) / sizeof(allreduce_rules[0])))

static int allreduce_fits(int alg, const coll_op_t *op)
{
    return !allreduce_algs[alg].commutative_only || op->commutative;
}

/* The algorithm VMPL_COLL_ALLREDUCE names: -1 for auto (or a name we do not know). */
static int allreduce_forced(void)
{
    static int forced = -2;

    if (forced == -2) {
        const char *name = base_settings()->coll_allreduce;
        forced = -1;
        for (int i = 0; i < ALLREDUCE_ALGS; i++)
            if (!strcmp(name, allreduce_algs[i].name))
                forced = i;
        if (forced < 0 && strcmp(name, "auto"))
            base_warn("coll", "VMPL_COLL_ALLREDUCE=%s is no allreduce algorithm; using the table",
                      name);
    }
    return forced;
}

const coll_allreduce_alg_t *coll_allreduce_pick(const coll_comm_t *c, uint64_t bytes,
                                                const coll_op_t *op)
{
    int forced = allreduce_forced();

    if (forced >= 0 && allreduce_fits(forced, op))
        return &allreduce_algs[forced];
    for (int i = 0; i < ALLREDUCE_RULES; i++) {
        const coll_rule_t *rule = &allreduce_rules[i];
        if ((!rule->max_bytes || bytes <= rule->max_bytes) && c->size >= rule->min_ranks &&
            allreduce_fits(rule->alg, op))
            return &allreduce_algs[rule->alg];
    }
    return &allreduce_algs[1]; /* recursive doubling serves every operation */
}

void coll_select_describe(char *out, size_t size)
{
    size_t used = 0;

#define PUT(...) used += (size_t)snprintf(out + used, used < size ? size - used : 0, __VA_ARGS__)
    PUT("allreduce (VMPL_COLL_ALLREDUCE=%s):\n", base_settings()->coll_allreduce);
    for (int i = 0; i < ALLREDUCE_RULES; i++) {
        const coll_rule_t *rule = &allreduce_rules[i];
        char bytes[32] = "any size";
        if (rule->max_bytes)
            snprintf(bytes, sizeof(bytes), "<= %llu B", (unsigned long long)rule->max_bytes);
        PUT("  %-12s p >= %-3d %s%s\n", bytes, rule->min_ranks, allreduce_algs[rule->alg].name,
            allreduce_algs[rule->alg].commutative_only ? " (commutative ops)" : "");
    }
    PUT("  %-21s %s\n  algorithms:", "otherwise", allreduce_algs[1].name);
    for (int i = 0; i < ALLREDUCE_ALGS; i++)
        PUT(" %s", allreduce_algs[i].name);
    PUT("\n");
#undef PUT
}
