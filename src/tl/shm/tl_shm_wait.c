/*
 * Waiting without burning a core: spin (the message is usually microseconds
 * away), then yield (an oversubscribed peer may need this core), then say
 * "I may sleep" and sleep on the doorbell futex, which every sender rings
 * after publishing to a rank that said so. The sleeping flag is set and
 * fenced before the last look for a message; a sender reads the flag
 * after publishing but without a fence of its own (tl_shm_send.c), so a
 * sender racing with the flag may not ring. Its message is visible as
 * soon as its store buffer drains, so the first sleep is a nap of
 * TL_SHM_FIRST_NAP_NS followed by another look; any sender after that
 * sees the flag. No wake-up is lost for longer than the nap.
 *
 * The wait is measured from a doorbell value the caller read before it
 * last looked for work: any ring since then (a sender's, or the runtime's
 * when a process fails) ends the wait, even with nothing to deliver.
 */
#include "tl_shm_private.h"

#include <base/time.h>

#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <sched.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define TL_SHM_FIRST_NAP_NS 100000u /* the first sleep: longer than any store-buffer drain */


void tl_shm_futex_wake(_Atomic uint32_t *word)
{
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE, INT_MAX, NULL, NULL, 0);
}

static void futex_wait(_Atomic uint32_t *word, uint32_t seen, uint64_t timeout_ns)
{
    struct timespec ts = {(time_t)(timeout_ns / 1000000000u), (long)(timeout_ns % 1000000000u)};

    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT, seen, timeout_ns ? &ts : NULL, NULL, 0);
}

uint32_t tl_shm_doorbell_read(const tl_shm_t *shm)
{
    return atomic_load_explicit(&shm_bell(shm, shm->me)->word, memory_order_acquire);
}

/* What a waiter looks for besides messages: nothing, or the caller's condition. */
typedef struct {
    int (*ready)(void *arg);
    void *arg;
} wait_cond_t;

static int something_waits(tl_shm_t *shm, const wait_cond_t *cond)
{
    return tl_shm_pending(shm) || (cond->ready && cond->ready(cond->arg));
}

/* Looks 64 times, pausing between looks; 1 as soon as something waits. */
static int spin_looks(tl_shm_t *shm, const wait_cond_t *cond)
{
    for (int i = 0; i < 64; i++) {
        if (something_waits(shm, cond))
            return 1;
        tl_shm_cpu_relax();
    }
    return 0;
}

/* Something to deliver, or a ring since `bell`: the caller should look. */
static int wake_reason(tl_shm_t *shm, const wait_cond_t *cond, const tl_shm_bell_t *me,
                       uint32_t bell)
{
    return atomic_load_explicit(&me->word, memory_order_acquire) != bell ||
           something_waits(shm, cond);
}

static void wait_phases(tl_shm_t *shm, const wait_cond_t *cond, uint32_t bell,
                        uint64_t timeout_ns)
{
    tl_shm_bell_t *me = shm_bell(shm, shm->me);
    uint64_t start, now, deadline, nap = TL_SHM_FIRST_NAP_NS;

    /* most waits end within a microsecond: look before reading the clock */
    if (shm->spin_ns && spin_looks(shm, cond))
        return;
    start = now = base_time_ns();
    deadline = timeout_ns ? start + timeout_ns : UINT64_MAX;
    while (now - start < shm->spin_ns && now < deadline) {
        if (spin_looks(shm, cond))
            return;
        if (atomic_load_explicit(&me->word, memory_order_relaxed) != bell)
            return;
        now = base_time_ns();
    }
    while (now - start < shm->spin_ns + shm->yield_ns && now < deadline) {
        if (wake_reason(shm, cond, me, bell))
            return;
        sched_yield();
        now = base_time_ns();
    }
    if (now >= deadline)
        return;
    /* only this phase writes the flag: senders read it on every send */
    atomic_store_explicit(&me->sleeping, 1, memory_order_relaxed);
    atomic_thread_fence(memory_order_seq_cst); /* flag before the re-check */
    while (now < deadline && !wake_reason(shm, cond, me, bell)) {
        uint64_t left = deadline - now;
        futex_wait(&me->word, bell, nap && nap < left ? nap : timeout_ns ? left : 0);
        nap = 0;
        now = base_time_ns();
    }
    atomic_store_explicit(&me->sleeping, 0, memory_order_relaxed);
}

void tl_shm_wait_since(tl_shm_t *shm, uint32_t bell, uint64_t timeout_ns)
{
    const wait_cond_t none = {NULL, NULL};

    wait_phases(shm, &none, bell, timeout_ns);
}

void tl_shm_wait_until(tl_shm_t *shm, uint32_t bell, int (*ready)(void *arg), void *arg,
                       uint64_t timeout_ns)
{
    const wait_cond_t cond = {ready, arg};

    wait_phases(shm, &cond, bell, timeout_ns);
}

void tl_shm_ring(tl_shm_t *shm, int r)
{
    if (r >= 0 && r < shm->n && r != shm->me)
        tl_shm_doorbell_ring(shm, r);
}

void tl_shm_wait(tl_shm_t *shm, uint64_t timeout_ns)
{
    tl_shm_wait_since(shm, tl_shm_doorbell_read(shm), timeout_ns);
}
