/* The native job and failure API of <vmpl.h>, over the runtime client. */
#include "rt.h"

vmpl_status_t vmpl_job_init(int *rank_p, int *size_p)
{
    const rt_info_t *info;
    vmpl_status_t status = rt_init(&info);

    if (status != VMPL_OK)
        return status;
    if (rank_p)
        *rank_p = info->rank;
    if (size_p)
        *size_p = info->size;
    return VMPL_OK;
}

vmpl_status_t vmpl_job_fence(void)
{
    return rt_kvs_fence();
}

vmpl_status_t vmpl_job_finalize(void)
{
    return rt_finalize();
}

typedef struct {
    vmpl_failure_fn fn;
    void *arg;
} native_listener_t;

static void native_listener_call(int rank, int cause, void *listener)
{
    native_listener_t *l = listener;

    l->fn(rank, (vmpl_failure_cause_t)cause, l->arg);
}

vmpl_status_t vmpl_failure_callback(vmpl_failure_fn fn, void *arg)
{
    static native_listener_t listeners[8];
    static int count;

    if (!fn)
        return VMPL_ERR_INVALID_ARG;
    if (count == 8)
        return VMPL_ERR_NO_MEMORY;
    listeners[count] = (native_listener_t){fn, arg};
    vmpl_status_t status = rt_failure_listen(native_listener_call, &listeners[count]);
    if (status == VMPL_OK)
        count++;
    return status;
}

int vmpl_failures_poll(void)
{
    return rt_failures_update();
}

int vmpl_failures_wait(int timeout_ms)
{
    return rt_failures_wait(timeout_ms);
}

int vmpl_failed_ranks(int *ranks, int max)
{
    return rt_failed_ranks(ranks, max);
}

vmpl_failure_cause_t vmpl_rank_failure(int rank)
{
    return (vmpl_failure_cause_t)rt_rank_failed(rank);
}
