/* Algorithm selection tables (coll_select.h). */
#include "coll_select.h"

#include "coll_algs.h"
#include "coll_shm.h"

#include <base/log.h>
#include <base/settings.h>

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#define RUN(fn) ((void (*)(void))(fn))

static int fits_node(const coll_comm_t *c, const coll_call_t *call)
{
    (void)call;
    return c->node != NULL;
}

static int fits_node_reduce(const coll_comm_t *c, const coll_call_t *call)
{
    return coll_shm_reduce_fits(c, call->count, call->dt, call->op);
}

static int fits_commutative(const coll_comm_t *c, const coll_call_t *call)
{
    (void)c;
    return call->op->commutative;
}

static const coll_alg_t barrier_algs[] = {
    {"shm", fits_node, RUN(coll_barrier_shm)},
    {"dissemination", NULL, RUN(coll_barrier_dissemination)},
};
static const coll_alg_t bcast_algs[] = {
    {"shm", fits_node, RUN(coll_bcast_shm)},
    {"binomial", NULL, RUN(coll_bcast_binomial)},
    {"knomial", NULL, RUN(coll_bcast_knomial)},
};
static const coll_alg_t reduce_algs[] = {
    {"shm", fits_node_reduce, RUN(coll_reduce_shm)},
    {"binomial", NULL, RUN(coll_reduce_binomial)},
};
static const coll_alg_t allreduce_algs[] = {
    {"shm", fits_node_reduce, RUN(coll_allreduce_shm)},
    {"reduce_bcast", NULL, RUN(coll_allreduce_reduce_bcast)},
    {"recursive_doubling", NULL, RUN(coll_allreduce_recursive_doubling)},
    {"ring", fits_commutative, RUN(coll_allreduce_ring)},
    {"rabenseifner", fits_commutative, RUN(coll_allreduce_rabenseifner)},
};

static int fits_node_alltoall(const coll_comm_t *c, const coll_call_t *call)
{
    (void)call;
    return c->node && c->node->buf_bytes >= (size_t)c->size; /* a piece per member */
}

static const coll_alg_t allgather_algs[] = {
    {"shm", fits_node, RUN(coll_allgatherv_shm)},
    {"bruck", NULL, RUN(coll_allgatherv_bruck)},
    {"ring", NULL, RUN(coll_allgatherv_ring)},
};
static const coll_alg_t alltoall_algs[] = {
    {"shm", fits_node_alltoall, RUN(coll_alltoall_shm)},
    {"pairwise", NULL, RUN(coll_alltoall_pairwise)},
};

static const coll_alg_t reduce_scatter_algs[] = {
    {"shm", fits_node_reduce, RUN(coll_reduce_scatterv_shm)},
    {"reduce_then_scatterv", NULL, RUN(coll_reduce_scatterv_reduce_then_scatterv)},
};
static const coll_alg_t scan_algs[] = {
    {"shm", fits_node_reduce, RUN(coll_scan_shm)},
    {"linear", NULL, RUN(coll_scan_linear)},
};

static const coll_alg_t gather_algs[] = {
    {"shm", fits_node, RUN(coll_gather_shm)},
    {"linear", NULL, RUN(coll_gather_linear)},
};
static const coll_alg_t scatter_algs[] = {
    {"shm", fits_node_alltoall, RUN(coll_scatter_shm)},
    {"linear", NULL, RUN(coll_scatter_linear)},
};

/* A row of a table: up to max_bytes (0: any) and at least min_ranks processes. */
typedef struct {
    uint64_t max_bytes;
    int min_ranks;
    int alg;
} coll_rule_t;

static const coll_rule_t node_rules[] = {{0, 2, 0}};
/*
 * Two processes exchanging a long message do better with messages: the
 * receiver copies once, straight from the root's memory (p2p single copy),
 * where the channel copies twice: ahead from 32 KiB; from 3 processes the
 * channel wins at every size (record: docs/perf/coll-node-channel-tuning.md).
 */
static const coll_rule_t bcast_rules[] = {{0, 3, 0}, {32 * 1024, 2, 0}};
/*
 * Within a node: the channel. Otherwise short vectors take the fewest
 * steps (recursive doubling), long ones the fewest bytes per process
 * (ring; record: docs/perf/coll-node-channel-tuning.md).
 */
static const coll_rule_t allreduce_rules[] = {{0, 2, 0}, {8 * 1024, 2, 2}, {0, 2, 3}};
/* Short blocks: lg p steps (Bruck) rather than p - 1 (ring). */
static const coll_rule_t allgather_rules[] = {{0, 2, 0}, {8 * 1024, 3, 1}};

typedef struct {
    const char *name;
    const char *setting; /* the variable that names an algorithm instead */
    size_t field;        /* where base_settings_t holds its value */
    const coll_alg_t *algs;
    int nalgs;
    const coll_rule_t *rules;
    int nrules;
    int last_resort; /* serves every call */
} coll_table_t;

#define TABLE(name, field, VAR, algs, rules, last)                                           \
    {name, "VMPL_COLL_" #VAR, offsetof(base_settings_t, coll_##field), algs,                  \
     (int)(sizeof(algs) / sizeof(algs[0])), rules, (int)(sizeof(rules) / sizeof(rules[0])),  \
     last}

static const coll_table_t tables[COLL_KINDS] = {
    [COLL_BARRIER] = TABLE("barrier", barrier, BARRIER, barrier_algs, node_rules, 1),
    [COLL_BCAST] = TABLE("bcast", bcast, BCAST, bcast_algs, bcast_rules, 1),
    [COLL_REDUCE] = TABLE("reduce", reduce, REDUCE, reduce_algs, node_rules, 1),
    [COLL_ALLREDUCE] =
        TABLE("allreduce", allreduce, ALLREDUCE, allreduce_algs, allreduce_rules, 2),
    [COLL_ALLGATHER] =
        TABLE("allgather", allgather, ALLGATHER, allgather_algs, allgather_rules, 2),
    [COLL_ALLTOALL] = TABLE("alltoall", alltoall, ALLTOALL, alltoall_algs, node_rules, 1),
    [COLL_REDUCE_SCATTER] =
        TABLE("reduce_scatter", reduce_scatter, REDUCE_SCATTER, reduce_scatter_algs, node_rules,
              1),
    [COLL_SCAN] = TABLE("scan", scan, SCAN, scan_algs, node_rules, 1),
    [COLL_GATHER] = TABLE("gather", gather, GATHER, gather_algs, node_rules, 1),
    [COLL_SCATTER] = TABLE("scatter", scatter, SCATTER, scatter_algs, node_rules, 1),
};

static const char *setting_of(const coll_table_t *t)
{
    return *(const char *const *)((const char *)base_settings() + t->field);
}

/* The algorithm the setting names: -1 for auto (or a name we do not know, warned once). */
static int forced_alg(coll_kind_t kind)
{
    static int looked[COLL_KINDS], forced[COLL_KINDS];
    const coll_table_t *t = &tables[kind];

    if (!looked[kind]) {
        const char *name = setting_of(t);
        looked[kind] = 1;
        forced[kind] = -1;
        for (int i = 0; i < t->nalgs; i++)
            if (!strcmp(name, t->algs[i].name))
                forced[kind] = i;
        if (forced[kind] < 0 && strcmp(name, "auto"))
            base_warn("coll", "%s=%s is no %s algorithm; using the table", t->setting, name,
                      t->name);
    }
    return forced[kind];
}

static int alg_fits(const coll_alg_t *alg, const coll_comm_t *c, const coll_call_t *call)
{
    return !alg->fits || alg->fits(c, call);
}

const coll_alg_t *coll_pick(coll_kind_t kind, coll_comm_t *c, const coll_call_t *call)
{
    const coll_table_t *t = &tables[kind];
    int forced = forced_alg(kind);

    if (__builtin_expect(!c->channel_tried, 0))
        coll_shm_join(c); /* once: every member makes the same first call */

    if (forced >= 0 && alg_fits(&t->algs[forced], c, call))
        return &t->algs[forced];
    for (int i = 0; i < t->nrules; i++) {
        const coll_rule_t *rule = &t->rules[i];
        if ((!rule->max_bytes || call->bytes <= rule->max_bytes) && c->size >= rule->min_ranks &&
            alg_fits(&t->algs[rule->alg], c, call))
            return &t->algs[rule->alg];
    }
    return &t->algs[t->last_resort];
}

static const char *fits_text(const coll_alg_t *alg)
{
    if (alg->fits == fits_node)
        return " (communicators with a node channel)";
    if (alg->fits == fits_node_reduce)
        return " (node channel; predefined ops on contiguous data)";
    if (alg->fits == fits_node_alltoall)
        return " (node channel with buffer bytes >= p)";
    if (alg->fits == fits_commutative)
        return " (commutative ops)";
    return "";
}

size_t coll_select_describe(char *out, size_t size)
{
    size_t used = 0;

    if (size)
        out[0] = '\0';
#define PUT(...)                                                                           \
    used += (size_t)snprintf(used < size ? out + used : NULL, used < size ? size - used : 0, \
                             __VA_ARGS__)
    for (int k = 0; k < COLL_KINDS; k++) {
        const coll_table_t *t = &tables[k];
        PUT("%s (%s=%s):\n", t->name, t->setting, setting_of(t));
        for (int i = 0; i < t->nrules; i++) {
            const coll_rule_t *rule = &t->rules[i];
            char bytes[32] = "any size";
            if (rule->max_bytes)
                snprintf(bytes, sizeof(bytes), "<= %llu B", (unsigned long long)rule->max_bytes);
            PUT("  %-12s p >= %-3d %s%s\n", bytes, rule->min_ranks, t->algs[rule->alg].name,
                fits_text(&t->algs[rule->alg]));
        }
        PUT("  %-21s %s\n  algorithms:", "otherwise", t->algs[t->last_resort].name);
        for (int i = 0; i < t->nalgs; i++)
            PUT(" %s", t->algs[i].name);
        PUT("\n");
    }
#undef PUT
    return used;
}

size_t vmpl_coll_describe(char *buf, size_t size)
{
    return coll_select_describe(buf, size);
}
