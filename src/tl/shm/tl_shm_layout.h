/*
 * Layout of the node's job segment (one POSIX shared-memory object per
 * node and job, mode 0600, unlinked as soon as every local rank mapped it).
 * All offsets are from the segment start; 0 means "none". Every structure
 * written by different processes sits on its own cache line.
 *
 *   header | rank areas [n] | fast boxes [n senders][n receivers][slots]
 *          | fast-box messages taken [n receivers][n senders] | cells [n][cells]
 *          | collective areas [n]
 *
 * Small messages go through the fast box of the (sender, receiver) pair: a
 * ring of slots. The sender stamps a slot, last, with the pair's fast-box
 * message count (1, 2, ...); the receiver expects the next count. The
 * receiver never writes a slot: it publishes how many it has taken in its
 * row of counters, which the sender reads only when its ring looks full.
 * So a message costs the one line the receiver pulls, and the sender never
 * waits to read back a line the receiver wrote. Larger ones go in
 * cells: every rank owns a pool of cells, takes one from its free queue,
 * fills it and appends it to the receiver's receive queue; the receiver
 * hands it back to the owner's free queue. Both queues are lock-free
 * multi-producer single-consumer lists (append by atomic exchange of the
 * tail). A per-pair sequence number restores the send order between the
 * two paths.
 *
 * The collective areas are the layer above's: one per rank, zeroed at
 * creation, laid out and synchronized by that layer (core/coll/coll_shm.h).
 */
#ifndef VMPL_TL_SHM_LAYOUT_H
#define VMPL_TL_SHM_LAYOUT_H

#include <stdatomic.h>
#include <stdint.h>

#define TL_SHM_MAGIC 0x316d68736c706d76ull /* "vmplshm1" little-endian */
#define TL_SHM_LINE 64
#define TL_SHM_FASTBOX_SLOTS 4
#define TL_SHM_FASTBOX_BYTES 128 /* one slot, flag and lengths included */

typedef struct {
    _Atomic uint64_t tail; /* last cell, appended by any process */
    char pad0[TL_SHM_LINE - 8];
    uint64_t head; /* first cell, the consumer's alone */
    char pad1[TL_SHM_LINE - 8];
} tl_shm_queue_t;

typedef struct {
    uint64_t magic; /* written last by the creator: the segment is ready */
    uint32_t nranks;
    uint32_t cells_per_rank;
    uint64_t cell_bytes;
    uint64_t segment_bytes;
    uint64_t ranks_offset, fastbox_offset, cells_offset;
    _Atomic uint32_t attached; /* ranks that mapped the segment */
    uint32_t reserved;
    uint64_t coll_offset; /* the collective areas */
    uint64_t coll_bytes;  /* bytes of each (a whole number of lines) */
    char pad[2 * TL_SHM_LINE - 80];
} tl_shm_header_t;

/*
 * A doorbell: the futex word a waiting rank sleeps on and the flag that
 * tells senders to ring it. The same 8 bytes open every line of an
 * external doorbell array (tl_shm_config_t.doorbells); without one, each
 * rank area holds its rank's doorbell.
 */
typedef struct {
    _Atomic uint32_t word;     /* futex word: bumped to wake a sleeping rank */
    _Atomic uint32_t sleeping; /* nonzero while the rank may sleep on word */
} tl_shm_bell_t;

typedef struct {
    tl_shm_queue_t recv; /* cells sent to this rank */
    tl_shm_queue_t free; /* this rank's cells, returned by their receivers */
    tl_shm_bell_t bell;  /* used when the configuration brings no doorbells */
    int32_t pid;
    uint32_t reserved;
    uint64_t probe; /* an address readable in this rank: the single-copy probe reads it */
    char pad[TL_SHM_LINE - 24];
} tl_shm_rank_t;

typedef struct {
    _Atomic uint32_t stamp; /* the pair's fast-box message count up to this one */
    uint32_t seq;           /* per-pair send order */
    uint16_t hdr_len;
    uint16_t len;
    uint32_t reserved;
    unsigned char data[TL_SHM_FASTBOX_BYTES - 16];
} tl_shm_fastbox_t;

typedef struct {
    _Atomic uint64_t next; /* next cell in the queue it is on */
    uint32_t owner;        /* the rank whose pool it belongs to */
    uint32_t src;          /* sender */
    uint32_t seq;
    uint32_t hdr_len;
    uint64_t len;
    char pad[TL_SHM_LINE - 32];
    /* hdr_len bytes of header, then len bytes of payload */
} tl_shm_cell_t;

_Static_assert(sizeof(tl_shm_header_t) == 2 * TL_SHM_LINE, "header is two lines");
_Static_assert(sizeof(tl_shm_queue_t) == 2 * TL_SHM_LINE, "queue is two lines");
_Static_assert(sizeof(tl_shm_rank_t) == 5 * TL_SHM_LINE, "rank area is five lines");
_Static_assert(sizeof(tl_shm_fastbox_t) == TL_SHM_FASTBOX_BYTES, "fast box slot size");
_Static_assert(sizeof(tl_shm_cell_t) == TL_SHM_LINE, "cell header is one line");
_Static_assert(sizeof(tl_shm_bell_t) == 8, "a doorbell is the word at 0 and the flag at 4");

#endif
