/*
 * The normalized layout as text, for debugging and tests:
 *   loop 1000 x 12 { block 8 @0 }
 *   seq 3 [ block 4 @0, block 8 @8, block 3 @16 ]
 * Displacements are in bytes from the enclosing node's origin; a loop
 * prints its count and byte stride. Long sequences are elided.
 */
#include "dt/layout/layout.h"

#include <stdarg.h>
#include <stdio.h>

#define SEQ_SHOWN 8

typedef struct {
    char *buf;
    size_t cap, used; /* used may exceed cap: the length needed */
} text_t;

__attribute__((format(printf, 2, 3))) static void emit(text_t *t, const char *fmt, ...)
{
    va_list ap;
    size_t room = t->used < t->cap ? t->cap - t->used : 0;
    int n;

    va_start(ap, fmt);
    n = vsnprintf(room ? t->buf + t->used : NULL, room, fmt, ap);
    va_end(ap);
    if (n > 0)
        t->used += (size_t)n;
}

static void describe_node(text_t *t, const dt_node_t *n)
{
    const dt_kernel_t *k = n->kind == DT_NODE_LOOP ? n->u.loop.kernel : NULL;

    switch (n->kind) {
    case DT_NODE_BLOCK:
        emit(t, "block %lld @%lld", (long long)n->size, (long long)n->disp);
        break;
    case DT_NODE_LOOP:
        emit(t, "loop %lld x %lld @%lld { ", (long long)n->u.loop.count,
             (long long)n->u.loop.stride, (long long)n->disp);
        describe_node(t, n->u.loop.child);
        if (k) {
            emit(t, " } [%s", k->name);
            if (k->near)
                emit(t, "; up to %llu KiB: %s", (unsigned long long)(DT_NEAR_SPAN >> 10),
                     k->near->name);
            for (; k->far; k = k->far)
                emit(t, "; beyond %llu MiB: %s%s", (unsigned long long)(k->far_span >> 20),
                     k->far->name, k->far->mid_use ? " where faster" : "");
            emit(t, "]");
        } else {
            emit(t, " }");
        }
        break;
    case DT_NODE_SEQ:
        emit(t, "seq %lld @%lld [ ", (long long)n->u.seq.n, (long long)n->disp);
        for (int64_t k = 0; k < n->u.seq.n && k < SEQ_SHOWN; k++) {
            if (k)
                emit(t, ", ");
            describe_node(t, n->u.seq.child[k]);
        }
        if (n->u.seq.n > SEQ_SHOWN)
            emit(t, ", ... %lld more", (long long)(n->u.seq.n - SEQ_SHOWN));
        emit(t, " ]");
        break;
    }
}

size_t dt_type_describe(const dt_type_t *type, char *buf, size_t buflen)
{
    text_t t = {.buf = buf, .cap = buflen};

    if (buflen)
        buf[0] = '\0';
    if (!type) {
        emit(&t, "null");
    } else {
        emit(&t, "size %lld extent %lld lb %lld: ", (long long)type->size,
             (long long)(type->ub - type->lb), (long long)type->lb);
        if (!type->committed)
            emit(&t, "uncommitted");
        else if (!type->layout)
            emit(&t, "empty");
        else
            describe_node(&t, type->layout);
    }
    return t.used;
}
