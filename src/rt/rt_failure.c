/*
 * Failures as a rank sees them (rt.h): the node's failure board, mapped at
 * rt_init, and the callbacks run for every newly failed rank.
 */
#define _GNU_SOURCE
#include "rt.h"
#include "rt_board.h"

#include <base/log.h>

#include <fcntl.h>
#include <limits.h>
#include <linux/futex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define RT_FAILURE_LISTENERS 8

static struct {
    rt_board_header_t *board;
    size_t board_bytes;
    uint32_t seen_epoch;
    int size;
    uint64_t *known;  /* failed ranks taken in so far */
    uint8_t *cause;   /* their causes */
    int known_count;
    struct {
        rt_failure_fn fn;
        void *arg;
    } listeners[RT_FAILURE_LISTENERS];
    int listener_count;
    int in_update;
} failures;

static const uint32_t no_epoch; /* what rt_failure_epoch reads without a board */
const _Atomic uint32_t *rt_failure_epoch_word = (const _Atomic uint32_t *)&no_epoch;

int rt_board_name(char *name, size_t size, const char *job_id, uint32_t node)
{
    int n = snprintf(name, size, "/vmpl-%s-board-n%u", job_id, node);

    return n < 0 || (size_t)n >= size ? -1 : 0;
}

vmpl_status_t rt_failure_open(const char *job_id, int node, int size, int local_size)
{
    char name[128];
    rt_board_header_t layout = rt_board_layout((uint32_t)size, (uint32_t)local_size);
    struct stat st;
    void *map;
    int fd;

    failures.size = size;
    failures.known = calloc(((size_t)size + 63) / 64, 8);
    failures.cause = calloc((size_t)size, 1);
    if (!failures.known || !failures.cause)
        return VMPL_ERR_NO_MEMORY;
    if (rt_board_name(name, sizeof(name), job_id, (uint32_t)node))
        return VMPL_ERR_INVALID_ARG;
    fd = shm_open(name, O_RDWR | O_CLOEXEC, 0);
    if (fd < 0) {
        base_warn("rt", "no failure board %s (%m): failures will not be reported", name);
        return VMPL_OK;
    }
    if (fstat(fd, &st) || (uint64_t)st.st_size != layout.bytes) {
        base_error("rt", "failure board %s has the wrong size", name);
        close(fd);
        return VMPL_ERR_RUNTIME;
    }
    map = mmap(NULL, layout.bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (map == MAP_FAILED) {
        base_error("rt", "cannot map the failure board: %m");
        return VMPL_ERR_SYSTEM;
    }
    failures.board = map;
    failures.board_bytes = layout.bytes;
    if (failures.board->magic != RT_BOARD_MAGIC || failures.board->size != (uint32_t)size ||
        failures.board->local_size != (uint32_t)local_size) {
        base_error("rt", "failure board %s does not match this job", name);
        munmap(map, layout.bytes);
        failures.board = NULL;
        return VMPL_ERR_RUNTIME;
    }
    rt_failure_epoch_word = &failures.board->epoch;
    return VMPL_OK;
}

void rt_failure_close(void)
{
    rt_failure_epoch_word = (const _Atomic uint32_t *)&no_epoch;
    if (failures.board)
        munmap(failures.board, failures.board_bytes);
    free(failures.known);
    free(failures.cause);
    memset(&failures, 0, sizeof(failures));
}

void *rt_doorbells(void)
{
    return failures.board ? (void *)rt_board_bells(failures.board) : NULL;
}

vmpl_status_t rt_failure_listen(rt_failure_fn fn, void *arg)
{
    if (!fn)
        return VMPL_ERR_INVALID_ARG;
    if (failures.listener_count == RT_FAILURE_LISTENERS)
        return VMPL_ERR_NO_MEMORY;
    failures.listeners[failures.listener_count].fn = fn;
    failures.listeners[failures.listener_count].arg = arg;
    failures.listener_count++;
    return VMPL_OK;
}

int rt_failures_update(void)
{
    rt_board_header_t *board = failures.board;
    uint32_t epoch;

    if (!board || failures.in_update)
        return failures.known_count;
    epoch = atomic_load_explicit(&board->epoch, memory_order_acquire);
    if (epoch == failures.seen_epoch)
        return failures.known_count;
    failures.in_update = 1; /* a listener may poll again */
    failures.seen_epoch = epoch;
    for (int w = 0; w < (failures.size + 63) / 64; w++) {
        uint64_t news = atomic_load_explicit(&rt_board_failed(board)[w], memory_order_relaxed) &
                        ~failures.known[w];
        while (news) {
            int rank = w * 64 + __builtin_ctzll(news);
            int cause = atomic_load_explicit(&rt_board_causes(board)[rank], memory_order_relaxed);

            news &= news - 1;
            failures.known[w] |= 1ull << (rank % 64);
            failures.cause[rank] = (uint8_t)(cause ? cause : RT_FAILURE_NODE);
            failures.known_count++;
            for (int i = 0; i < failures.listener_count; i++)
                failures.listeners[i].fn(rank, failures.cause[rank], failures.listeners[i].arg);
        }
    }
    failures.in_update = 0;
    return failures.known_count;
}

int rt_rank_failed(int rank)
{
    if (rank < 0 || rank >= failures.size || !failures.cause)
        return 0;
    return failures.cause[rank];
}

int rt_failures_wait(int timeout_ms)
{
    uint32_t seen = failures.seen_epoch;
    struct timespec ts = {timeout_ms / 1000, (long)(timeout_ms % 1000) * 1000000};

    if (!failures.board) {
        if (timeout_ms > 0)
            nanosleep(&ts, NULL);
        return failures.known_count;
    }
    if (atomic_load_explicit(&failures.board->epoch, memory_order_acquire) == seen)
        syscall(SYS_futex, (uint32_t *)&failures.board->epoch, FUTEX_WAIT, seen,
                timeout_ms < 0 ? NULL : &ts, NULL, 0);
    return rt_failures_update();
}

int rt_failed_ranks(int *ranks, int max)
{
    int n = 0;

    for (int r = 0; r < failures.size; r++)
        if (failures.cause && failures.cause[r]) {
            if (n < max && ranks)
                ranks[n] = r;
            n++;
        }
    return n;
}
