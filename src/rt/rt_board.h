/*
 * The failure board of a node: a shared-memory object the node daemon
 * creates before it spawns its ranks (mode 0600, named
 * "/vmpl-<job>-board-n<node>", removed with the job's other objects). The
 * daemon is its only writer of failures; ranks map it and read it with
 * plain loads, so learning "nothing new" costs one load and no system call.
 *
 *   header (one line) | doorbells [local_size lines] | failed bits | causes
 *
 * To publish failures the daemon sets the ranks' bits and causes, then
 * bumps `epoch` (release), wakes futex waiters on `epoch`, and rings every
 * doorbell. The doorbells are the shared-memory transport's sleep words:
 * a rank asleep in a receive wakes up and sees the failure.
 */
#ifndef VMPL_RT_RT_BOARD_H
#define VMPL_RT_RT_BOARD_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

#define RT_BOARD_MAGIC 0x3162647262706d76ull /* "vmpbrdb1" */
#define RT_BOARD_LINE 64

typedef struct {
    uint64_t magic;
    uint32_t size;        /* ranks in the job: bits in the failed set */
    uint32_t local_size;  /* doorbell lines */
    _Atomic uint32_t epoch; /* bumped after every change of the failed set (futex word) */
    uint32_t pad32;
    uint64_t doorbells_offset, failed_offset, causes_offset, bytes;
    char pad[RT_BOARD_LINE - 56];
} rt_board_header_t;

/* One doorbell line: the transport sleeps on `word` after setting `sleeping`. */
typedef struct {
    _Atomic uint32_t word;
    _Atomic uint32_t sleeping;
    char pad[RT_BOARD_LINE - 8];
} rt_board_bell_t;

static inline rt_board_header_t rt_board_layout(uint32_t size, uint32_t local_size)
{
    rt_board_header_t h = {.magic = RT_BOARD_MAGIC, .size = size, .local_size = local_size};
    uint64_t words = ((uint64_t)size + 63) / 64;

    h.doorbells_offset = RT_BOARD_LINE;
    h.failed_offset = h.doorbells_offset + (uint64_t)local_size * RT_BOARD_LINE;
    h.causes_offset = h.failed_offset + words * 8;
    h.bytes = (h.causes_offset + size + RT_BOARD_LINE - 1) / RT_BOARD_LINE * RT_BOARD_LINE;
    return h;
}

static inline rt_board_bell_t *rt_board_bells(rt_board_header_t *h)
{
    return (rt_board_bell_t *)((char *)h + h->doorbells_offset);
}

static inline _Atomic uint64_t *rt_board_failed(rt_board_header_t *h)
{
    return (_Atomic uint64_t *)((char *)h + h->failed_offset);
}

static inline _Atomic uint8_t *rt_board_causes(rt_board_header_t *h)
{
    return (_Atomic uint8_t *)((char *)h + h->causes_offset);
}

/* The object's name: "/vmpl-<job>-board-n<node>". */
int rt_board_name(char *name, size_t size, const char *job_id, uint32_t node);

#endif
