/*
 * Barrier in the node channel (coll_shm.h): every member publishes that it
 * arrived and waits until all others did.
 * Cost = sync (p - 1 cache lines read per member)
 */
#include "../coll_algs.h"
#include "../coll_shm.h"

vmpl_status_t coll_barrier_shm(coll_comm_t *c)
{
    uint64_t u;

    if (coll_shm_check(c) != VMPL_OK)
        return VMPL_ERR_PROC_FAILED;
    u = coll_shm_next(c);

    coll_shm_publish(c, u, COLL_SHM_DONE); /* arrived, and reads nothing */
    return coll_shm_wait(c, COLL_SHM_ALL, u, COLL_SHM_DONE);
}
