/*
 * Single-copy transfers: process_vm_readv from, or process_vm_writev to, a
 * local peer. The kernel
 * may refuse it (Yama ptrace_scope, containers without CAP_SYS_PTRACE):
 * the first transfer from each peer tells, and callers fall back to
 * copying through cells.
 */
#define _GNU_SOURCE
#include "tl_shm_private.h"

#include <base/log.h>

#include <errno.h>
#include <sys/uio.h>

vmpl_status_t tl_shm_peer_copy(tl_shm_t *shm, int peer, int write, void *local,
                               const void *remote, size_t len)
{
    pid_t pid = shm_rank(shm, peer)->pid;
    const char *way = write ? "to" : "from";

    while (len > 0) {
        struct iovec here = {local, len}, far = {(void *)remote, len};
        ssize_t done = write ? process_vm_writev(pid, &here, 1, &far, 1, 0)
                             : process_vm_readv(pid, &here, 1, &far, 1, 0);
        if (done <= 0) {
            if (done < 0 && errno == EINTR)
                continue;
            if (shm->cma_ok[peer] != 0)
                base_info("shm", "single copy %s rank %d (pid %d) refused: %m", way, peer,
                          (int)pid);
            shm->cma_ok[peer] = 0;
            return VMPL_ERR_SYSTEM;
        }
        if (shm->cma_ok[peer] < 0)
            base_info("shm", "single copy %s rank %d (pid %d): permitted", way, peer, (int)pid);
        shm->cma_ok[peer] = 1;
        local = (char *)local + done;
        remote = (const char *)remote + done;
        len -= (size_t)done;
    }
    return VMPL_OK;
}

vmpl_status_t tl_shm_read_peer(tl_shm_t *shm, int src, void *dst, const void *remote,
                               size_t len)
{
    return tl_shm_peer_copy(shm, src, 0, dst, remote, len);
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
