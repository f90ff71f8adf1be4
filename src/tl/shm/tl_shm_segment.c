/*
 * The node segment: created by local rank 0 (O_EXCL, mode 0600, all its
 * memory allocated up front), attached by the others once its header says
 * it is ready, unlinked as soon as all attached. Cells start on their
 * owners' free queues.
 */
#include "tl_shm_private.h"

#include <base/log.h>
#include <base/settings.h>
#include <base/time.h>

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <unistd.h>

static uint64_t align_line(uint64_t x)
{
    return (x + TL_SHM_LINE - 1) & ~(uint64_t)(TL_SHM_LINE - 1);
}

/* Bytes of the fast-box rings of n ranks; the taken counters follow them. */
static uint64_t fastbox_ring_bytes(uint64_t n)
{
    return n * n * TL_SHM_FASTBOX_SLOTS * TL_SHM_FASTBOX_BYTES;
}

/* Bytes of one receiver's row of taken counters (a whole number of lines). */
static uint64_t taken_row_bytes(uint64_t n)
{
    return align_line(n * sizeof(uint32_t));
}

/* Offsets of each region for n ranks; returns the segment size. */
static uint64_t segment_plan(tl_shm_header_t *h, uint32_t n, uint32_t cells, uint64_t cell_bytes,
                             uint64_t coll_bytes)
{
    h->nranks = n;
    h->cells_per_rank = cells;
    h->cell_bytes = cell_bytes;
    h->ranks_offset = align_line(sizeof(tl_shm_header_t));
    h->fastbox_offset = align_line(h->ranks_offset + (uint64_t)n * sizeof(tl_shm_rank_t));
    h->cells_offset = align_line(h->fastbox_offset + fastbox_ring_bytes(n)) +
                      (uint64_t)n * taken_row_bytes(n);
    h->coll_offset = h->cells_offset + (uint64_t)n * cells * cell_bytes;
    h->coll_bytes = align_line(coll_bytes);
    h->segment_bytes = h->coll_offset + (uint64_t)n * h->coll_bytes;
    return h->segment_bytes;
}

/* Creator: every cell on its owner's free queue, then the magic, last. */
static void segment_init(tl_shm_t *shm, const tl_shm_header_t *plan)
{
    tl_shm_header_t *h = shm_header(shm);

    memcpy(h, plan, sizeof(*h));
    h->magic = 0;
    for (uint32_t r = 0; r < plan->nranks; r++)
        for (uint32_t c = 0; c < plan->cells_per_rank; c++) {
            uint64_t off = plan->cells_offset + ((uint64_t)r * plan->cells_per_rank + c) *
                                                    plan->cell_bytes;
            shm_cell(shm, off)->owner = r;
            tl_shm_queue_push(shm, &shm_rank(shm, (int)r)->free, off);
        }
    __atomic_store_n(&h->magic, TL_SHM_MAGIC, __ATOMIC_RELEASE);
}

/*
 * Gives the segment all its memory now: a tmpfs page that cannot be had
 * when it is first touched kills the rank with SIGBUS, in the middle of a
 * send. A segment larger than what /dev/shm has free is refused before
 * anything is allocated (other jobs on the host share that space);
 * posix_fallocate then takes the pages, and on failure the file system
 * gives back what it took, the object keeping size 0, so attaching ranks
 * never map it.
 */
static vmpl_status_t segment_allocate(tl_shm_t *shm, int fd, uint64_t bytes)
{
    struct statvfs vfs;
    int rc;

    if (!fstatvfs(fd, &vfs) && vfs.f_blocks && (uint64_t)vfs.f_bavail * vfs.f_frsize < bytes) {
        base_error("shm", "the node segment %s needs %llu bytes and /dev/shm has %llu free: "
                   "enlarge /dev/shm or lower VMPL_SHM_CELLS, VMPL_SHM_CELL_BYTES, "
                   "VMPL_COLL_SHM_BYTES or VMPL_COLL_SHM_CHANNELS", shm->name, (unsigned long long)bytes,
                   (unsigned long long)vfs.f_bavail * vfs.f_frsize);
        return VMPL_ERR_NO_MEMORY;
    }
    rc = posix_fallocate(fd, 0, (off_t)bytes);
    if (rc) {
        errno = rc;
        base_error("shm", "cannot allocate the node segment %s (%llu bytes) in /dev/shm: %m",
                   shm->name, (unsigned long long)bytes);
        return rc == ENOSPC || rc == ENOMEM ? VMPL_ERR_NO_MEMORY : VMPL_ERR_SYSTEM;
    }
    return VMPL_OK;
}

static vmpl_status_t segment_create(tl_shm_t *shm, const tl_shm_header_t *plan)
{
    int fd = shm_open(shm->name, O_RDWR | O_CREAT | O_EXCL, 0600);
    vmpl_status_t status;

    if (fd < 0) {
        base_error("shm", "cannot create %s: %m", shm->name);
        return VMPL_ERR_SYSTEM;
    }
    status = segment_allocate(shm, fd, plan->segment_bytes);
    if (status != VMPL_OK)
        goto err_unlink;
    shm->base = mmap(NULL, plan->segment_bytes, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    if (shm->base == MAP_FAILED) {
        base_error("shm", "cannot map %s: %m", shm->name);
        status = VMPL_ERR_SYSTEM;
        goto err_unlink;
    }
    close(fd);
    shm->bytes = plan->segment_bytes;
    segment_init(shm, plan);
    return VMPL_OK;

err_unlink:
    shm_unlink(shm->name);
    close(fd);
    return status;
}

/* Waits for the creator's object and its magic, up to timeout_ns. */
static vmpl_status_t segment_attach(tl_shm_t *shm, uint64_t timeout_ns)
{
    uint64_t deadline = base_time_ns() + timeout_ns;
    struct stat st;
    int fd;

    while ((fd = shm_open(shm->name, O_RDWR, 0)) < 0 ||
           (fstat(fd, &st) == 0 && st.st_size < (off_t)sizeof(tl_shm_header_t))) {
        if (fd >= 0)
            close(fd);
        if (base_time_ns() > deadline) {
            base_error("shm", "segment %s did not appear: %m", shm->name);
            return VMPL_ERR_SYSTEM;
        }
        sched_yield();
    }
    shm->base = mmap(NULL, (size_t)st.st_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
    close(fd);
    if (shm->base == MAP_FAILED) {
        base_error("shm", "cannot map %s: %m", shm->name);
        return VMPL_ERR_SYSTEM;
    }
    shm->bytes = (uint64_t)st.st_size;
    while (__atomic_load_n(&shm_header(shm)->magic, __ATOMIC_ACQUIRE) != TL_SHM_MAGIC) {
        if (base_time_ns() > deadline) {
            base_error("shm", "segment %s was never initialized", shm->name);
            munmap(shm->base, shm->bytes);
            return VMPL_ERR_SYSTEM;
        }
        sched_yield();
    }
    return VMPL_OK;
}

static vmpl_status_t peers_alloc(tl_shm_t *shm)
{
    size_t n = (size_t)shm->n;

    shm->seq_out = calloc(n, sizeof(uint32_t));
    shm->seq_in = calloc(n, sizeof(uint32_t));
    shm->fb_write = calloc(n, sizeof(uint32_t));
    shm->fb_taken = calloc(n, sizeof(uint32_t));
    shm->fb_read = calloc(n, sizeof(uint32_t));
    shm->cma_ok = malloc(n);
    if (!shm->seq_out || !shm->seq_in || !shm->fb_write || !shm->fb_taken || !shm->fb_read ||
        !shm->cma_ok)
        return VMPL_ERR_NO_MEMORY;
    memset(shm->cma_ok, -1, n);
    return VMPL_OK;
}

static void peers_free(tl_shm_t *shm)
{
    free(shm->seq_out);
    free(shm->seq_in);
    free(shm->fb_write);
    free(shm->fb_taken);
    free(shm->fb_read);
    free(shm->cma_ok);
}

vmpl_status_t tl_shm_open(const tl_shm_config_t *config, tl_shm_t **shm_p)
{
    const base_settings_t *settings = base_settings();
    tl_shm_header_t plan;
    tl_shm_t *shm;
    vmpl_status_t status;
    uint32_t cells = config->cells_per_rank ? config->cells_per_rank
                                            : (uint32_t)settings->shm_cells;
    uint64_t cell_bytes = align_line(config->cell_bytes ? config->cell_bytes
                                                        : (uint64_t)settings->shm_cell_bytes);

    if (!config->name || config->name[0] != '/' || strlen(config->name) >= sizeof(shm->name) ||
        config->local_size < 1 || config->local_rank < 0 ||
        config->local_rank >= config->local_size || cells < 1 ||
        cell_bytes < sizeof(tl_shm_cell_t) + TL_SHM_HDR_MAX + TL_SHM_LINE) {
        base_error("shm", "invalid configuration (name, rank %d of %d, %u cells of %llu bytes)",
                   config->local_rank, config->local_size, cells,
                   (unsigned long long)cell_bytes);
        return VMPL_ERR_INVALID_ARG;
    }
    shm = calloc(1, sizeof(*shm));
    if (!shm)
        return VMPL_ERR_NO_MEMORY;
    shm->super.ops = &tl_shm_ops;
    shm->node = config->node;
    shm->me = config->local_rank;
    shm->n = config->local_size;
    shm->spin_ns = (uint64_t)settings->shm_spin_ns;
    shm->yield_ns = (uint64_t)settings->shm_yield_ns;
    if (config->oversubscribed) { /* a spinning waiter would hold the core its peer needs */
        shm->yield_ns += shm->spin_ns;
        shm->spin_ns = 0;
    }
    strcpy(shm->name, config->name);
    status = peers_alloc(shm);
    if (status != VMPL_OK)
        goto err_free;
    memset(&plan, 0, sizeof(plan));
    segment_plan(&plan, (uint32_t)shm->n, cells, cell_bytes, config->coll_bytes);
    status = shm->me == 0 ? segment_create(shm, &plan)
                          : segment_attach(shm, config->attach_timeout_ns
                                                    ? config->attach_timeout_ns
                                                    : 10ull * 1000000000ull);
    if (status != VMPL_OK)
        goto err_free;
    if (shm_header(shm)->nranks != (uint32_t)shm->n ||
        shm_header(shm)->coll_bytes != plan.coll_bytes) {
        base_error("shm", "segment %s is for %u ranks with %llu-byte collective areas, not %d "
                   "with %llu", shm->name, shm_header(shm)->nranks,
                   (unsigned long long)shm_header(shm)->coll_bytes, shm->n,
                   (unsigned long long)plan.coll_bytes);
        status = VMPL_ERR_INVALID_ARG;
        goto err_unmap;
    }
    if (config->doorbells) {
        shm->bells = config->doorbells;
        shm->bell_stride = TL_SHM_DOORBELL_LINE;
    } else {
        shm->bells = (char *)&shm_rank(shm, 0)->bell;
        shm->bell_stride = sizeof(tl_shm_rank_t);
    }
    shm->fb_out = shm_fastbox(shm, shm->me, 0);
    shm->fb_in = shm_fastbox(shm, 0, shm->me);
    shm->taken_stride = taken_row_bytes((uint64_t)shm->n);
    shm->taken_rows = shm->base + shm_header(shm)->fastbox_offset +
                      fastbox_ring_bytes((uint64_t)shm->n);
    shm->taken_in = shm_fastbox_taken(shm, shm->me);
    shm_rank(shm, shm->me)->pid = (int32_t)getpid();
    shm_rank(shm, shm->me)->probe = (uint64_t)(uintptr_t)tl_shm_probe_target();
    atomic_fetch_add(&shm_header(shm)->attached, 1);
    *shm_p = shm;
    return VMPL_OK;

err_unmap:
    munmap(shm->base, shm->bytes);
err_free:
    peers_free(shm);
    free(shm);
    return status;
}

vmpl_status_t tl_shm_unlink(tl_shm_t *shm)
{
    if (shm->me != 0 || shm->unlinked)
        return VMPL_OK;
    shm->unlinked = 1;
    if (shm_unlink(shm->name) != 0 && errno != ENOENT) {
        base_error("shm", "cannot unlink %s: %m", shm->name);
        return VMPL_ERR_SYSTEM;
    }
    return VMPL_OK;
}

void *tl_shm_coll_area(const tl_shm_t *shm, int r, size_t *bytes_p)
{
    const tl_shm_header_t *h = shm_header(shm);

    if (bytes_p)
        *bytes_p = h->coll_bytes;
    if (!h->coll_bytes || r < 0 || r >= shm->n)
        return NULL;
    return shm->base + h->coll_offset + (uint64_t)r * h->coll_bytes;
}

void tl_shm_close(tl_shm_t *shm)
{
    if (!shm)
        return;
    tl_shm_unlink(shm);
    munmap(shm->base, shm->bytes);
    peers_free(shm);
    free(shm);
}
