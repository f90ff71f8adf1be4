/*
 * Shared single-copy transfers: one large message copied by both of its
 * processes at once, so both cores move data instead of one.
 *
 * The receiver publishes a pull job in one of its own cells: where the
 * data is (the sender's address), where it goes (its own), the chunk size
 * and two counters. It asks the sender to help (a protocol message of the
 * layer above, carrying the job handle) and starts copying. Each side
 * claims the next chunk by advancing `claimed` and copies it: the receiver
 * with process_vm_readv, the sender with process_vm_writev. When nothing
 * is left to claim, the receiver waits for the chunks the sender is still
 * copying (`copied` reaches the length).
 *
 * A sender that looks late (it was computing) finds nothing to claim: the
 * receiver simply did it all. The job's cell goes back to the receiver's
 * pool only when the sender has looked, so a late look never touches a
 * reused cell; the receiver does not touch the job after its wait ends.
 */
#define _GNU_SOURCE
#include "tl_shm_private.h"

#include <errno.h>
#include <sched.h>
#include <signal.h>

#define PULL_CHUNK_MIN (64u * 1024u)
#define PULL_CHUNKS 16 /* a job is cut in about this many chunks */
#define PULL_SPINS_PER_LOOK 4096 /* waiting for the helper: spins between liveness checks */

typedef struct {
    _Atomic uint64_t claimed; /* bytes handed out, by either side */
    char pad0[TL_SHM_LINE - 8];
    _Atomic uint64_t copied; /* bytes copied; the job is over at len */
    _Atomic uint32_t failed; /* the helper could not copy a chunk it claimed */
    char pad1[TL_SHM_LINE - 12];
    uint64_t len, chunk;
    uint64_t dst; /* in the receiver */
    uint64_t src; /* in the sender */
    int32_t receiver, sender;
} pull_job_t;

static pull_job_t *job_of(const tl_shm_t *shm, uint64_t handle)
{
    return (pull_job_t *)(shm_cell(shm, handle) + 1);
}

/* Claims the next chunk: its offset and length, or 0 when none is left. */
static size_t claim(pull_job_t *job, uint64_t *offset_p)
{
    uint64_t at = atomic_load_explicit(&job->claimed, memory_order_relaxed);

    do {
        if (at >= job->len)
            return 0;
    } while (!atomic_compare_exchange_weak_explicit(&job->claimed, &at, at + job->chunk,
                                                    memory_order_relaxed, memory_order_relaxed));
    *offset_p = at;
    return job->len - at < job->chunk ? job->len - at : job->chunk;
}

/* Copies [offset, offset + len) of the job: the receiver reads, the sender writes. */
static int copy_chunk(tl_shm_t *shm, pull_job_t *job, int sender_side, uint64_t offset,
                      size_t len)
{
    char *dst = (char *)(uintptr_t)job->dst + offset, *src = (char *)(uintptr_t)job->src + offset;

    return sender_side ? tl_shm_peer_copy(shm, job->receiver, 1, src, dst, len) != VMPL_OK
                       : tl_shm_peer_copy(shm, job->sender, 0, dst, src, len) != VMPL_OK;
}

size_t tl_shm_pull_min(void)
{
    return 2 * PULL_CHUNK_MIN;
}

uint64_t tl_shm_pull_create(tl_shm_t *shm, int src, void *dst, const void *remote, size_t len)
{
    uint64_t handle;
    pull_job_t *job;

    if (len < tl_shm_pull_min() || !tl_shm_read_peer_usable(shm, src) ||
        sizeof(tl_shm_cell_t) + sizeof(pull_job_t) > shm_header(shm)->cell_bytes)
        return 0;
    handle = tl_shm_queue_pop(shm, &shm_rank(shm, shm->me)->free);
    if (!handle)
        return 0; /* every cell is in use: copy alone */
    job = job_of(shm, handle);
    job->len = len;
    job->chunk = (len / PULL_CHUNKS + 4095) & ~(uint64_t)4095;
    if (job->chunk < PULL_CHUNK_MIN)
        job->chunk = PULL_CHUNK_MIN;
    job->dst = (uint64_t)(uintptr_t)dst;
    job->src = (uint64_t)(uintptr_t)remote;
    job->receiver = shm->me;
    job->sender = src;
    atomic_store_explicit(&job->failed, 0, memory_order_relaxed);
    atomic_store_explicit(&job->copied, 0, memory_order_relaxed);
    /* the sender reads the job after the message that names it (a release there) */
    atomic_store_explicit(&job->claimed, 0, memory_order_release);
    return handle;
}

vmpl_status_t tl_shm_pull_run(tl_shm_t *shm, uint64_t handle)
{
    pull_job_t *job = job_of(shm, handle);
    pid_t sender = shm_rank(shm, job->sender)->pid;
    uint64_t offset, mine = 0;
    size_t len;
    long spins = 0;
    int failed = 0;

    /* after a failed chunk, the rest is only claimed: the helper must not
       go on writing once the caller falls back to another protocol */
    while ((len = claim(job, &offset)) != 0) {
        failed = failed || copy_chunk(shm, job, 0, offset, len); /* tl_shm_peer_copy logs */
        mine += len;
    }
    atomic_fetch_add_explicit(&job->copied, mine, memory_order_acq_rel);
    /* the helper's chunks: a writev of at most one chunk each */
    while (atomic_load_explicit(&job->copied, memory_order_acquire) < job->len) {
        if (++spins % PULL_SPINS_PER_LOOK == 0) {
            if (kill(sender, 0) && errno == ESRCH)
                return VMPL_ERR_PROC_FAILED;
            sched_yield(); /* an oversubscribed helper may need this core */
        }
        tl_shm_cpu_relax();
    }
    return failed || atomic_load_explicit(&job->failed, memory_order_relaxed) ? VMPL_ERR_SYSTEM
                                                                               : VMPL_OK;
}

void tl_shm_pull_help(tl_shm_t *shm, int dest, uint64_t handle)
{
    pull_job_t *job = job_of(shm, handle);
    uint64_t offset;
    size_t len;
    int failed = 0;

    atomic_thread_fence(memory_order_acquire);
    /* writing needs the same permission as reading (ptrace access to the
       peer); a chunk that fails is counted as done and flagged, and the
       receiver claims the rest */
    while (!failed && tl_shm_read_peer_usable(shm, dest) && (len = claim(job, &offset)) != 0) {
        if ((failed = copy_chunk(shm, job, 1, offset, len)))
            atomic_store_explicit(&job->failed, 1, memory_order_relaxed);
        atomic_fetch_add_explicit(&job->copied, len, memory_order_release);
    }
    tl_shm_queue_push(shm, &shm_rank(shm, dest)->free, handle);
}
