/*
 * vmpld: the node's failure board (src/rt/rt_board.h). Created before the
 * ranks are spawned; the daemon's main thread is its only writer.
 */
#define _GNU_SOURCE
#include "vmpld.h"

#include <base/log.h>
#include <rt/rt_board.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/futex.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

static void futex_wake_all(_Atomic uint32_t *word)
{
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
}

int vmpld_board_create(vmpld_t *d)
{
    rt_board_header_t layout = rt_board_layout(d->job->size, (uint32_t)d->rank_count);
    char name[128];
    void *map;
    int fd, rc;

    if (rt_board_name(name, sizeof(name), d->job->job_id, d->node))
        return -1;
    fd = shm_open(name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
    if (fd < 0) {
        base_error("vmpld", "node %u: cannot create the failure board %s: %m", d->node, name);
        return -1;
    }
    /* all its pages now: a full /dev/shm fails the start, not a later
       store with SIGBUS (the object is removed with the job's others) */
    rc = posix_fallocate(fd, 0, (off_t)layout.bytes);
    if (rc) {
        errno = rc;
        base_error("vmpld", "node %u: cannot allocate the failure board %s (%zu bytes) in "
                   "/dev/shm: %m", d->node, name, (size_t)layout.bytes);
        close(fd);
        return -1;
    }
    map = mmap(NULL, layout.bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (map == MAP_FAILED) {
        base_error("vmpld", "node %u: cannot map the failure board: %m", d->node);
        return -1;
    }
    d->board = map;
    *d->board = layout; /* the rest is zero: nobody failed */
    return 0;
}

void vmpld_board_destroy(vmpld_t *d)
{
    if (d->board)
        munmap(d->board, d->board->bytes);
    d->board = NULL;
}

/* Marks ranks [first, end) failed with `cause`; returns how many were new. */
int vmpld_board_mark(vmpld_t *d, int first, int end, int cause)
{
    int added = 0;

    if (!d->board)
        return 0;
    for (int rank = first; rank < end; rank++) {
        _Atomic uint64_t *word = &rt_board_failed(d->board)[rank / 64];
        uint64_t bit = 1ull << (rank % 64);
        if (atomic_load_explicit(word, memory_order_relaxed) & bit)
            continue;
        atomic_store_explicit(&rt_board_causes(d->board)[rank], (uint8_t)cause,
                              memory_order_relaxed);
        atomic_fetch_or_explicit(word, bit, memory_order_relaxed);
        added++;
    }
    return added;
}

/* Publishes the marks: bump the epoch, wake its waiters and every rank's doorbell. */
void vmpld_board_publish(vmpld_t *d)
{
    rt_board_bell_t *bells;

    if (!d->board)
        return;
    atomic_fetch_add_explicit(&d->board->epoch, 1, memory_order_release);
    futex_wake_all(&d->board->epoch);
    bells = rt_board_bells(d->board);
    for (uint32_t i = 0; i < d->board->local_size; i++) {
        atomic_fetch_add_explicit(&bells[i].word, 1, memory_order_release);
        futex_wake_all(&bells[i].word);
    }
}

int vmpld_board_failed(const vmpld_t *d, int rank)
{
    return d->board && rank >= 0 && (uint32_t)rank < d->board->size &&
           atomic_load_explicit(&rt_board_causes(d->board)[rank], memory_order_relaxed);
}
