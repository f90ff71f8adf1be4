/*
 * Single-copy transfers: process_vm_readv from a local peer. The kernel
 * may refuse it (Yama ptrace_scope, containers without CAP_SYS_PTRACE):
 * the first transfer from each peer tells, and callers fall back to
 * copying through cells.
 */
#define _GNU_SOURCE
#include "tl_shm_private.h"

#include <base/log.h>

#include <errno.h>
#include <sys/uio.h>

vmpl_status_t tl_shm_read_peer(tl_shm_t *shm, int src, void *dst, const void *remote,
                               size_t len)
{
    pid_t pid = shm_rank(shm, src)->pid;

    while (len > 0) {
        struct iovec local = {dst, len}, far = {(void *)remote, len};
        ssize_t got = process_vm_readv(pid, &local, 1, &far, 1, 0);
        if (got <= 0) {
            if (got < 0 && errno == EINTR)
                continue;
            if (shm->cma_ok[src] != 0)
                base_info("shm", "single copy from rank %d (pid %d) refused: %m", src, (int)pid);
            shm->cma_ok[src] = 0;
            return VMPL_ERR_SYSTEM;
        }
        if (shm->cma_ok[src] < 0)
            base_info("shm", "single copy from rank %d (pid %d): permitted", src, (int)pid);
        shm->cma_ok[src] = 1;
        dst = (char *)dst + got;
        remote = (const char *)remote + got;
        len -= (size_t)got;
    }
    return VMPL_OK;
}

static const char probe_target = 1;

const void *tl_shm_probe_target(void)
{
    return &probe_target;
}

/* The first use asks the kernel once, reading a byte the peer published the address of. */
int tl_shm_read_peer_usable(tl_shm_t *shm, int src)
{
    char probe;

    if (shm->cma_ok[src] < 0)
        tl_shm_read_peer(shm, src, &probe, (const void *)(uintptr_t)shm_rank(shm, src)->probe, 1);
    return shm->cma_ok[src] == 1;
}
