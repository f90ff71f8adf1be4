/*
 * Lock-free multi-producer, single-consumer queues of cells, linked by
 * segment offsets (each process maps the segment at its own address).
 * Producers append by exchanging the tail; the consumer alone moves the
 * head. A producer preempted between its exchange and its link leaves the
 * consumer waiting for that link: the consumer then spins only on this
 * one cell, which the producer completes without taking any lock.
 */
#include "tl_shm_private.h"

#include <sched.h>

void tl_shm_queue_push(tl_shm_t *shm, tl_shm_queue_t *q, uint64_t cell)
{
    uint64_t prev;

    atomic_store_explicit(&shm_cell(shm, cell)->next, 0, memory_order_relaxed);
    prev = atomic_exchange_explicit(&q->tail, cell, memory_order_acq_rel);
    if (prev)
        atomic_store_explicit(&shm_cell(shm, prev)->next, cell, memory_order_release);
    else
        __atomic_store_n(&q->head, cell, __ATOMIC_RELEASE);
}

int tl_shm_queue_empty(const tl_shm_queue_t *q)
{
    return __atomic_load_n(&q->head, __ATOMIC_ACQUIRE) == 0;
}

uint64_t tl_shm_queue_pop(tl_shm_t *shm, tl_shm_queue_t *q)
{
    uint64_t cell = __atomic_load_n(&q->head, __ATOMIC_ACQUIRE), next, expected;
    tl_shm_cell_t *c;

    if (!cell)
        return 0;
    c = shm_cell(shm, cell);
    next = atomic_load_explicit(&c->next, memory_order_acquire);
    if (next) {
        __atomic_store_n(&q->head, next, __ATOMIC_RELAXED);
        return cell;
    }
    /* the last cell: detach it unless a producer is appending behind it */
    __atomic_store_n(&q->head, 0, __ATOMIC_RELAXED);
    expected = cell;
    if (atomic_compare_exchange_strong_explicit(&q->tail, &expected, 0, memory_order_acq_rel,
                                                memory_order_acquire))
        return cell;
    while (!(next = atomic_load_explicit(&c->next, memory_order_acquire)))
        sched_yield(); /* the producer is between its exchange and its link */
    __atomic_store_n(&q->head, next, __ATOMIC_RELAXED);
    return cell;
}
