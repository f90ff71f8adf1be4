/* Constant-time matching (match.h): a hash table of FIFO lists. */
#include "match.h"

#include <stdlib.h>
#include <string.h>

enum { KIND_POSTED = 0, KIND_UNEXPECTED = 1 };

/* A list head, stored in the table under its key. */
struct match_list {
    uint32_t ctx;
    int32_t src, tag;
    uint8_t kind, cls; /* cls: which link of the entries this list uses */
    uint8_t in_use;
    match_entry_t *first, *last;
};

static uint64_t key_hash(uint32_t ctx, int32_t src, int32_t tag, int kind)
{
    uint64_t h = ((uint64_t)ctx << 32 | (uint32_t)src) * 0x9e3779b97f4a7c15ull;
    h ^= ((uint64_t)(uint32_t)tag << 1 | (uint64_t)kind) * 0xc2b2ae3d27d4eb4full;
    return h ^ (h >> 29);
}

static int slot_is(const match_list_t *s, uint32_t ctx, int32_t src, int32_t tag, int kind)
{
    return s->in_use && s->ctx == ctx && s->src == src && s->tag == tag && s->kind == kind;
}

static match_list_t *list_find(match_t *m, uint32_t ctx, int32_t src, int32_t tag, int kind)
{
    size_t mask = m->capacity - 1, i;

    if (m->recent && slot_is(m->recent, ctx, src, tag, kind))
        return m->recent;
    for (i = key_hash(ctx, src, tag, kind) & mask;; i = (i + 1) & mask) {
        match_list_t *s = &m->slots[i];
        if (!s->in_use)
            return NULL;
        if (slot_is(s, ctx, src, tag, kind))
            return m->recent = s;
    }
}

/*
 * Rebuilds the table without its empty lists (kept until now so a key in
 * steady use is not inserted and removed per message), doubling it when
 * the live lists alone fill half of it.
 */
static int table_rebuild(match_t *m)
{
    size_t live = 0, old_cap = m->capacity, cap = old_cap;
    match_list_t *old = m->slots, *slots;

    for (size_t i = 0; i < old_cap; i++)
        live += old[i].in_use && old[i].first;
    while (2 * (live + 1) > cap)
        cap *= 2;
    slots = calloc(cap, sizeof(*slots));
    if (!slots)
        return -1;
    for (size_t i = 0; i < old_cap; i++) {
        size_t j;
        if (!old[i].in_use || !old[i].first)
            continue;
        j = key_hash(old[i].ctx, old[i].src, old[i].tag, old[i].kind) & (cap - 1);
        while (slots[j].in_use)
            j = (j + 1) & (cap - 1);
        slots[j] = old[i];
    }
    free(old);
    m->recent = NULL;
    m->slots = slots;
    m->capacity = cap;
    m->used = live;
    return 0;
}

/* The list of the key, created empty if missing; NULL on allocation failure. */
static match_list_t *list_get(match_t *m, uint32_t ctx, int32_t src, int32_t tag, int kind,
                              int cls)
{
    match_list_t *s = list_find(m, ctx, src, tag, kind);
    size_t i;

    if (s)
        return s;
    if (2 * (m->used + 1) > m->capacity && table_rebuild(m) != 0)
        return NULL;
    i = key_hash(ctx, src, tag, kind) & (m->capacity - 1);
    while (m->slots[i].in_use)
        i = (i + 1) & (m->capacity - 1);
    m->slots[i] = (match_list_t){.ctx = ctx, .src = src, .tag = tag, .kind = (uint8_t)kind,
                                 .cls = (uint8_t)cls, .in_use = 1};
    m->used++;
    return &m->slots[i];
}

static void list_append(match_list_t *l, match_entry_t *e)
{
    match_link_t *link = &e->link[l->cls];

    link->next = NULL;
    link->prev = l->last;
    if (l->last)
        l->last->link[l->cls].next = e;
    else
        l->first = e;
    l->last = e;
}

/* Unlinks e; an emptied list stays in the table until the next rebuild. */
static void list_unlink(match_list_t *l, match_entry_t *e)
{
    match_link_t *link = &e->link[l->cls];

    if (link->prev)
        link->prev->link[l->cls].next = link->next;
    else
        l->first = link->next;
    if (link->next)
        link->next->link[l->cls].prev = link->prev;
    else
        l->last = link->prev;
}

int match_init(match_t *m)
{
    memset(m, 0, sizeof(*m));
    m->capacity = 64;
    m->slots = calloc(m->capacity, sizeof(*m->slots));
    return m->slots ? 0 : -1;
}

void match_fini(match_t *m)
{
    free(m->slots);
    m->slots = NULL;
}

/* The four keys a message (src, tag) can be matched under, in class order. */
static void message_keys(const match_entry_t *e, int32_t src[4], int32_t tag[4])
{
    src[0] = e->src, tag[0] = e->tag;
    src[1] = e->src, tag[1] = MATCH_ANY;
    src[2] = MATCH_ANY, tag[2] = e->tag;
    src[3] = MATCH_ANY, tag[3] = MATCH_ANY;
}

/* The class of a posted receive: the same numbering as message_keys. */
static int posted_class_of(const match_entry_t *recv)
{
    return (recv->src == MATCH_ANY) * 2 + (recv->tag == MATCH_ANY);
}

match_entry_t *match_take_posted(match_t *m, uint32_t ctx, int32_t src, int32_t tag)
{
    match_entry_t key = {.ctx = ctx, .src = src, .tag = tag};
    int32_t srcs[4], tags[4];
    match_list_t *best = NULL;
    match_entry_t *recv;

    message_keys(&key, srcs, tags);
    for (int c = 0; c < 4; c++) {
        match_list_t *l;
        if (!m->posted_class[c])
            continue; /* no receive of this wildcard class: skip the lookup */
        l = list_find(m, ctx, srcs[c], tags[c], KIND_POSTED);
        if (l && l->first && (!best || l->first->seq < best->first->seq))
            best = l;
    }
    if (!best)
        return NULL;
    recv = best->first;
    list_unlink(best, recv);
    m->posted--;
    m->posted_class[posted_class_of(recv)]--;
    return recv;
}

int match_add_unexpected(match_t *m, match_entry_t *msg)
{
    int32_t src[4], tag[4];

    message_keys(msg, src, tag);
    msg->seq = m->next_seq++;
    for (int c = 0; c < 4; c++) {
        match_list_t *l = list_get(m, msg->ctx, src[c], tag[c], KIND_UNEXPECTED, c);
        if (!l) {
            for (int d = 0; d < c; d++)
                list_unlink(list_find(m, msg->ctx, src[d], tag[d], KIND_UNEXPECTED), msg);
            return -1;
        }
        list_append(l, msg);
    }
    m->unexpected++;
    return 0;
}

match_entry_t *match_arrive(match_t *m, match_entry_t *msg, int *err_p)
{
    match_entry_t *recv = match_take_posted(m, msg->ctx, msg->src, msg->tag);

    *err_p = recv ? 0 : match_add_unexpected(m, msg);
    return recv;
}

match_entry_t *match_probe(match_t *m, uint32_t ctx, int32_t src, int32_t tag)
{
    match_list_t *l = list_find(m, ctx, src, tag, KIND_UNEXPECTED);

    return l ? l->first : NULL;
}

void match_remove_unexpected(match_t *m, match_entry_t *msg)
{
    int32_t src[4], tag[4];

    message_keys(msg, src, tag);
    for (int c = 0; c < 4; c++)
        list_unlink(list_find(m, msg->ctx, src[c], tag[c], KIND_UNEXPECTED), msg);
    m->unexpected--;
}

match_entry_t *match_post(match_t *m, match_entry_t *recv, int *err_p)
{
    match_entry_t *msg = m->unexpected ? match_probe(m, recv->ctx, recv->src, recv->tag) : NULL;
    match_list_t *l;

    *err_p = 0;
    if (msg) {
        match_remove_unexpected(m, msg);
        return msg;
    }
    l = list_get(m, recv->ctx, recv->src, recv->tag, KIND_POSTED, 0);
    if (!l) {
        *err_p = -1;
        return NULL;
    }
    recv->seq = m->next_seq++;
    list_append(l, recv);
    m->posted++;
    m->posted_class[posted_class_of(recv)]++;
    return NULL;
}

void match_remove_posted(match_t *m, match_entry_t *recv)
{
    list_unlink(list_find(m, recv->ctx, recv->src, recv->tag, KIND_POSTED), recv);
    m->posted--;
    m->posted_class[posted_class_of(recv)]--;
}

void match_sweep(match_t *m, int posted, const match_sweep_t *sweep)
{
    int kind = posted ? KIND_POSTED : KIND_UNEXPECTED;

    /* every entry is on exactly one class-0 list: its own key's */
    for (size_t i = 0; i < m->capacity; i++) {
        match_list_t *l = &m->slots[i];
        match_entry_t *e, *next;

        if (!l->in_use || l->kind != kind || l->cls != 0)
            continue;
        for (e = l->first; e; e = next) {
            next = e->link[0].next;
            if (!sweep->select(e, sweep->arg))
                continue;
            if (posted)
                match_remove_posted(m, e);
            else
                match_remove_unexpected(m, e);
            sweep->done(e, sweep->arg);
        }
    }
}
