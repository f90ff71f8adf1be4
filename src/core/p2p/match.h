/*
 * MPI message matching in constant time per operation.
 *
 * Posted receives and unexpected messages live in FIFO lists keyed by
 * (context, source or ANY, tag or ANY):
 *   - a posted receive sits in the one list of its own key (wildcards
 *     included); an arriving message (ctx, s, t) looks at the heads of the
 *     four lists that can match it, (s,t) (s,ANY) (ANY,t) (ANY,ANY), and
 *     takes the receive posted first (smallest post sequence number);
 *   - an unexpected message sits in all four lists of its key; a receive
 *     looks only at the list of its own key, whose head is the earliest
 *     match, and unlinks the message from all four.
 * So the cost never depends on how many receives are posted or messages
 * wait (seed 003, table 2). Arrival order per source is the transport's,
 * which keeps MPI's non-overtaking rule.
 *
 * Entries are embedded in the caller's request / message objects; the
 * matcher allocates only the table of list heads, which grows with the
 * number of distinct keys in use, not per operation: emptied lists stay
 * (a key in steady use costs no insert or delete per message) until the
 * table fills, when it is rebuilt without them.
 */
#ifndef VMPL_CORE_P2P_MATCH_H
#define VMPL_CORE_P2P_MATCH_H

#include <stddef.h>
#include <stdint.h>

#define MATCH_ANY (-1) /* source or tag wildcard */

typedef struct match_entry match_entry_t;

typedef struct {
    match_entry_t *prev, *next;
} match_link_t;

struct match_entry {
    match_link_t link[4]; /* posted: [0]; unexpected: one per list class */
    uint64_t seq;         /* post order (receives) or arrival order (messages) */
    uint32_t ctx;
    int32_t src, tag;     /* receives may hold MATCH_ANY */
};

typedef struct match_list match_list_t;

typedef struct {
    match_list_t *slots; /* open addressing, linear probing */
    size_t capacity, used;
    match_list_t *recent; /* the list found last: a steady key skips the hash */
    uint64_t next_seq;
    size_t posted, unexpected;
    size_t posted_class[4]; /* posted receives by wildcard class: (s,t) (s,*) (*,t) (*,*) */
} match_t;

int match_init(match_t *m);
void match_fini(match_t *m);

/*
 * A receive (src/tag may be MATCH_ANY) is posted: returns the earliest
 * unexpected message it matches, unlinked; or NULL after queueing recv.
 * -1 in *err_p on allocation failure (nothing queued).
 */
match_entry_t *match_post(match_t *m, match_entry_t *recv, int *err_p);
/* A message arrived: the receive it matches, unlinked; or NULL after queueing msg. */
match_entry_t *match_arrive(match_t *m, match_entry_t *msg, int *err_p);
/* The two halves of match_arrive: take the matching receive, or queue msg (-1: no memory). */
match_entry_t *match_take_posted(match_t *m, uint32_t ctx, int32_t src, int32_t tag);
int match_add_unexpected(match_t *m, match_entry_t *msg);
/* The earliest unexpected message a receive (ctx, src, tag) would match, left queued. */
match_entry_t *match_probe(match_t *m, uint32_t ctx, int32_t src, int32_t tag);
/* Unlinks a queued unexpected message (MPI_Mprobe) or a posted receive (MPI_Cancel). */
void match_remove_unexpected(match_t *m, match_entry_t *msg);
void match_remove_posted(match_t *m, match_entry_t *recv);

/*
 * Slow path (process failures): unlinks every posted receive (posted = 1)
 * or unexpected message (posted = 0) that select picks, then hands it to
 * done, which may free it. Costs a walk of the table and of the entries;
 * allocates nothing.
 */
typedef struct {
    int (*select)(const match_entry_t *e, void *arg);
    void (*done)(match_entry_t *e, void *arg);
    void *arg;
} match_sweep_t;
void match_sweep(match_t *m, int posted, const match_sweep_t *sweep);

#endif
