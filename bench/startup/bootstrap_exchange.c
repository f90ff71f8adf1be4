/*
 * The bootstrap exchange of a job's start-up: every rank publishes an
 * endpoint-sized value, one fence, every rank reads every other rank's.
 * Built against vmpl it uses the runtime directly (src/rt); built with
 * -DBENCH_MPI against another MPI it is MPI_Init + MPI_Finalize, whose
 * start-up does the same exchange (plus the rest of that library's init).
 */
#include <stdio.h>
#include <string.h>

#ifdef BENCH_MPI
#include <mpi.h>

int main(int argc, char **argv)
{
    MPI_Init(&argc, &argv);
    MPI_Finalize();
    return 0;
}
#else
#include <rt/rt.h>

int main(void)
{
    const rt_info_t *info;
    char key[32], value[64];
    const void *got;
    size_t length;

    if (rt_init(&info) != VMPL_OK)
        return 1;
    snprintf(key, sizeof(key), "ep%d", info->rank);
    memset(value, 'a' + info->rank % 26, sizeof(value));
    if (rt_kvs_put(key, value, sizeof(value)) != VMPL_OK || rt_kvs_fence() != VMPL_OK)
        return 1;
    for (int peer = 0; peer < info->size; peer++) {
        snprintf(key, sizeof(key), "ep%d", peer);
        if (rt_kvs_get(key, &got, &length) != VMPL_OK || length != sizeof(value))
            return 1;
    }
    return rt_finalize() == VMPL_OK ? 0 : 1;
}
#endif
