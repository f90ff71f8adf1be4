/*
 * The constant-time matcher against a direct reading of the MPI rules: a
 * receive matches the earliest-arrived message it accepts, a message the
 * earliest-posted receive that accepts it, with ANY_SOURCE / ANY_TAG
 * wildcards, contexts kept apart, probes that do not consume, and
 * cancels. Random operation sequences, every result compared.
 */
#include "core/p2p/match.h"

#include <stdio.h>
#include <stdlib.h>

#define MAX_OPS 200000
#define POOL 4096

typedef struct {
    match_entry_t e;
    int id;
    int queued; /* 1 posted, 2 unexpected */
    long order;
} item_t;

static item_t items[POOL];
static int nitems;
static long clock_;

static int accepts(const match_entry_t *recv, const match_entry_t *msg)
{
    return recv->ctx == msg->ctx && (recv->src == MATCH_ANY || recv->src == msg->src) &&
           (recv->tag == MATCH_ANY || recv->tag == msg->tag);
}

/* Reference: the earliest queued item of a kind that matches. */
static item_t *reference_first(int kind, const match_entry_t *probe, int probe_is_recv)
{
    item_t *best = NULL;

    for (int i = 0; i < nitems; i++) {
        item_t *it = &items[i];
        if (it->queued != kind)
            continue;
        if (probe_is_recv ? !accepts(probe, &it->e) : !accepts(&it->e, probe))
            continue;
        if (!best || it->order < best->order)
            best = it;
    }
    return best;
}

static item_t *new_item(unsigned *seed, int wildcards)
{
    item_t *it;

    if (nitems == POOL)
        return NULL;
    it = &items[nitems];
    it->id = nitems++;
    it->queued = 0;
    it->e.ctx = (uint32_t)(rand_r(seed) % 2);
    it->e.src = rand_r(seed) % 4;
    it->e.tag = rand_r(seed) % 4;
    if (wildcards && rand_r(seed) % 3 == 0)
        it->e.src = MATCH_ANY;
    if (wildcards && rand_r(seed) % 3 == 0)
        it->e.tag = MATCH_ANY;
    return it;
}

int main(int argc, char **argv)
{
    unsigned seed = argc > 1 ? (unsigned)atoi(argv[1]) : 1;
    long passed = 0, failed = 0;
    match_t m;
    int err;

    if (match_init(&m) != 0)
        return 1;
    for (int op = 0; op < MAX_OPS && nitems < POOL; op++) {
        int what = rand_r(&seed) % 10;
        item_t *it, *want, *got;

        err = -1; /* each branch sets it: 0 when its own checks hold */
        if (what < 4) { /* post a receive */
            it = new_item(&seed, 1);
            want = reference_first(2, &it->e, 1);
            got = (item_t *)match_post(&m, &it->e, &err);
            if (want)
                want->queued = 0;
            else
                it->queued = 1, it->order = clock_++;
        } else if (what < 8) { /* a message arrives */
            it = new_item(&seed, 0);
            want = reference_first(1, &it->e, 0);
            got = (item_t *)match_arrive(&m, &it->e, &err);
            if (want)
                want->queued = 0;
            else
                it->queued = 2, it->order = clock_++;
        } else if (what == 8) { /* probe */
            match_entry_t probe = {.ctx = (uint32_t)(rand_r(&seed) % 2),
                                   .src = rand_r(&seed) % 5 - 1, .tag = rand_r(&seed) % 5 - 1};
            size_t unexpected = m.unexpected;
            want = reference_first(2, &probe, 1);
            got = (item_t *)match_probe(&m, probe.ctx, probe.src, probe.tag);
            /* the probed message stays queued: the count holds, a second probe finds it */
            err = m.unexpected != unexpected ||
                  (item_t *)match_probe(&m, probe.ctx, probe.src, probe.tag) != got;
        } else { /* cancel a random posted receive */
            int i = nitems ? rand_r(&seed) % nitems : 0;
            size_t posted = m.posted, unexpected = m.unexpected;
            if (!nitems || items[i].queued != 1)
                continue;
            match_remove_posted(&m, &items[i].e);
            items[i].queued = 0;
            /* exactly that receive left; a later arrival it would take goes
             * elsewhere, which the reference (without it) checks */
            err = m.posted != posted - 1 || m.unexpected != unexpected;
            got = want = NULL;
        }
        if (got == want && err == 0) {
            passed++;
        } else if (failed++ < 10) {
            printf("op %d (kind %d): got item %d, want %d, err %d\n", op, what,
                   got ? got->id : -1, want ? want->id : -1, err);
        }
    }
    {
        size_t posted = 0, unexpected = 0;
        for (int i = 0; i < nitems; i++)
            posted += items[i].queued == 1, unexpected += items[i].queued == 2;
        if (posted == m.posted && unexpected == m.unexpected)
            passed++;
        else
            failed++, printf("counts %zu/%zu, want %zu/%zu\n", m.posted, m.unexpected, posted,
                             unexpected);
    }
    match_fini(&m);
    printf("%ld passed, %ld failed\n", passed, failed);
    return failed != 0;
}
