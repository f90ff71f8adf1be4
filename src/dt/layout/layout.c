/*
 * Layout nodes and their normalization. The builders take ownership of
 * the children they are given and return the simplest equivalent node:
 *   - empty nodes vanish (NULL),
 *   - a loop of contiguous copies of a block is one block,
 *   - a loop over a loop whose copies tile it is one loop,
 *   - a sequence flattens nested sequences, merges touching blocks,
 *     turns runs of equally shaped, equally spaced children into loops,
 *     and a sequence that repeats a short pattern into a loop over it.
 * Allocation failure propagates as &dt_node_nomem.
 */
#include "dt/layout/layout.h"

#include <stdlib.h>
#include <string.h>

dt_node_t dt_node_nomem;
#define NOMEM (&dt_node_nomem)

/* Longest pattern a sequence is searched for. */
#define DT_PATTERN_MAX 16

static dt_node_t *node_new(dt_node_kind_t kind, int64_t disp)
{
    dt_node_t *n = calloc(1, sizeof(*n));

    if (n) {
        n->kind = kind;
        n->disp = disp;
    }
    return n;
}

void dt_node_free(dt_node_t *node)
{
    if (!node || node == NOMEM)
        return;
    if (node->kind == DT_NODE_LOOP) {
        dt_node_free(node->u.loop.child);
        free(node->u.loop.group);
    } else if (node->kind == DT_NODE_SEQ) {
        for (int64_t k = 0; k < node->u.seq.n; k++)
            dt_node_free(node->u.seq.child[k]);
        free(node->u.seq.child);
        free(node->u.seq.start);
        free(node->u.seq.pieces);
        free(node->u.seq.shuffle);
        free(node->u.seq.move_plan);
        free(node->u.seq.group);
        free(node->u.seq.moves);
        free(node->u.seq.move_of);
    }
    free(node);
}

dt_node_t *dt_node_block(int64_t disp, int64_t len)
{
    dt_node_t *n;

    if (len == 0)
        return NULL;
    n = node_new(DT_NODE_BLOCK, disp);
    if (!n)
        return NOMEM;
    n->size = len;
    return n;
}

dt_node_t *dt_node_loop(int64_t disp, int64_t count, int64_t stride, dt_node_t *child)
{
    dt_node_t *n;

    if (!child || child == NOMEM)
        return child;
    if (count == 0) {
        dt_node_free(child);
        return NULL;
    }
    if (count == 1 || (child->kind == DT_NODE_BLOCK && stride == child->size)) {
        child->size *= count;
        child->disp += disp;
        return child;
    }
    if (child->kind == DT_NODE_LOOP && stride == child->u.loop.count * child->u.loop.stride) {
        child->u.loop.count *= count;
        child->size *= count;
        child->disp += disp;
        return child;
    }
    n = node_new(DT_NODE_LOOP, disp);
    if (!n) {
        dt_node_free(child);
        return NOMEM;
    }
    n->size = count * child->size;
    n->u.loop.count = count;
    n->u.loop.stride = stride;
    n->u.loop.child = child;
    return n;
}

/* Same shape, b displaced by shift from a. */
static int node_same_shape(const dt_node_t *a, const dt_node_t *b, int64_t shift)
{
    if (a->kind != b->kind || a->size != b->size || b->disp != a->disp + shift)
        return 0;
    if (a->kind == DT_NODE_LOOP)
        return a->u.loop.count == b->u.loop.count && a->u.loop.stride == b->u.loop.stride &&
               node_same_shape(a->u.loop.child, b->u.loop.child, 0);
    if (a->kind == DT_NODE_SEQ) {
        if (a->u.seq.n != b->u.seq.n)
            return 0;
        for (int64_t k = 0; k < a->u.seq.n; k++)
            if (!node_same_shape(a->u.seq.child[k], b->u.seq.child[k], 0))
                return 0;
    }
    return 1;
}

/* A sequence node over list[0..n), no further normalization. */
static dt_node_t *seq_make(int64_t n, dt_node_t **list)
{
    dt_node_t *s = node_new(DT_NODE_SEQ, 0);
    int64_t offset = 0;
    int small = 1;

    if (!s)
        return NOMEM;
    s->u.seq.child = malloc((size_t)n * sizeof(*list));
    s->u.seq.start = malloc((size_t)(n + 1) * sizeof(int64_t));
    if (!s->u.seq.child || !s->u.seq.start) {
        free(s->u.seq.child);
        free(s->u.seq.start);
        free(s);
        return NOMEM;
    }
    for (int64_t k = 0; k < n; k++) {
        s->u.seq.child[k] = list[k];
        s->u.seq.start[k] = offset;
        offset += list[k]->size;
        small &= list[k]->kind == DT_NODE_BLOCK;
    }
    s->u.seq.start[n] = offset;
    s->u.seq.n = n;
    s->size = offset;
    if (small && (s->u.seq.pieces = malloc((size_t)n * sizeof(dt_piece_t)))) {
        s->u.seq.small_blocks = 1;
        for (int64_t k = 0; k < n; k++) {
            s->u.seq.pieces[k] = (dt_piece_t){list[k]->disp, list[k]->size};
            if (list[k]->size > s->u.seq.widest)
                s->u.seq.widest = list[k]->size;
            if (k == 0 || list[k]->disp + list[k]->size > s->u.seq.data_end)
                s->u.seq.data_end = list[k]->disp + list[k]->size;
        }
    }
    return s;
}

/* Appends child to list, flattening sequences and merging touching blocks. */
static void seq_append(dt_node_t **list, int64_t *n_p, dt_node_t *child)
{
    dt_node_t *last = *n_p ? list[*n_p - 1] : NULL;

    if (child->kind == DT_NODE_SEQ) {
        for (int64_t k = 0; k < child->u.seq.n; k++) {
            child->u.seq.child[k]->disp += child->disp;
            seq_append(list, n_p, child->u.seq.child[k]);
        }
        child->u.seq.n = 0;
        dt_node_free(child);
        return;
    }
    if (last && last->kind == DT_NODE_BLOCK && child->kind == DT_NODE_BLOCK &&
        last->disp + last->size == child->disp) {
        last->size += child->size;
        dt_node_free(child);
        return;
    }
    list[(*n_p)++] = child;
}

/* Replaces every run of >= 3 equally shaped, equally spaced nodes by a loop. */
static int64_t seq_fold_runs(dt_node_t **list, int64_t n)
{
    int64_t out = 0, i = 0;

    while (i < n) {
        int64_t j = i + 1, shift = i + 1 < n ? list[i + 1]->disp - list[i]->disp : 0;
        while (j < n && node_same_shape(list[j - 1], list[j], shift))
            j++;
        if (j - i >= 3) {
            for (int64_t k = i + 1; k < j; k++)
                dt_node_free(list[k]);
            list[out++] = dt_node_loop(0, j - i, shift, list[i]); /* never fails: count > 1 */
        } else {
            for (int64_t k = i; k < j; k++)
                list[out++] = list[k];
        }
        i = j;
    }
    return out;
}

/* Period p of the whole list (list[i + p] is list[i] shifted), or 0. */
static int64_t seq_period(dt_node_t **list, int64_t n, int64_t *shift_p)
{
    for (int64_t p = 1; p <= DT_PATTERN_MAX && 2 * p <= n; p++) {
        int64_t shift = list[p]->disp - list[0]->disp, i;
        if (n % p)
            continue;
        for (i = p; i < n && node_same_shape(list[i - p], list[i], shift); i++)
            ;
        if (i == n) {
            *shift_p = shift;
            return p;
        }
    }
    return 0;
}

dt_node_t *dt_node_seq(int64_t n, dt_node_t **children)
{
    dt_node_t **list, *body, *result;
    int64_t m = 0, total = 0, p, shift;

    for (int64_t k = 0; k < n; k++)
        total += children[k] == NOMEM || !children[k] ? 0
                 : children[k]->kind == DT_NODE_SEQ ? children[k]->u.seq.n : 1;
    for (int64_t k = 0; k < n; k++)
        if (children[k] == NOMEM)
            goto err_free_children;
    list = malloc((size_t)(total ? total : 1) * sizeof(*list));
    if (!list)
        goto err_free_children;
    for (int64_t k = 0; k < n; k++)
        if (children[k])
            seq_append(list, &m, children[k]);
    m = seq_fold_runs(list, m);
    for (int64_t k = 0; k < m; k++)
        if (list[k] == NOMEM) {
            for (int64_t j = 0; j < m; j++)
                dt_node_free(list[j]);
            free(list);
            return NOMEM;
        }
    if (m <= 1) {
        result = m ? list[0] : NULL;
    } else if ((p = seq_period(list, m, &shift)) != 0) {
        for (int64_t k = p; k < m; k++)
            dt_node_free(list[k]);
        body = p == 1 ? list[0] : seq_make(p, list);
        if (body == NOMEM)
            for (int64_t k = 0; k < p; k++)
                dt_node_free(list[k]);
        result = dt_node_loop(0, m / p, shift, body);
    } else {
        result = seq_make(m, list);
        if (result == NOMEM)
            for (int64_t k = 0; k < m; k++)
                dt_node_free(list[k]);
    }
    free(list);
    return result;

err_free_children:
    for (int64_t k = 0; k < n; k++)
        dt_node_free(children[k]);
    return NOMEM;
}

dt_node_t *dt_node_clone(const dt_node_t *node)
{
    dt_node_t *c;

    if (!node)
        return NULL;
    c = node_new(node->kind, node->disp);
    if (!c)
        return NOMEM;
    *c = *node;
    if (node->kind == DT_NODE_LOOP) {
        c->u.loop.group = NULL; /* the clone's commit makes its own */
        c->u.loop.child = dt_node_clone(node->u.loop.child);
        if (c->u.loop.child == NOMEM) {
            free(c);
            return NOMEM;
        }
    } else if (node->kind == DT_NODE_SEQ) {
        dt_node_t **list = malloc((size_t)node->u.seq.n * sizeof(*list));
        int64_t k;
        if (!list) {
            free(c);
            return NOMEM;
        }
        for (k = 0; k < node->u.seq.n; k++)
            if ((list[k] = dt_node_clone(node->u.seq.child[k])) == NOMEM)
                break;
        free(c);
        c = k == node->u.seq.n ? seq_make(k, list) : NOMEM;
        if (c == NOMEM)
            while (k-- > 0)
                dt_node_free(list[k]);
        else
            c->disp = node->disp;
        free(list);
    }
    return c;
}
