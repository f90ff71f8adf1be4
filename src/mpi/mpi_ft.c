/*
 * Process failures in the MPI layer (ULFM semantics, as far as vmpl goes).
 *
 * The runtime's failure listener marks the dead rank in the engine
 * (p2p_peer_failed: its pending and later point-to-point operations fail)
 * and in every communicator it belongs to (comm_pool_peer_failed: their
 * collectives fail at every live member). Nothing is polled here: the
 * engine's progress compares the runtime's failure epoch with the last
 * one it saw and runs the listeners when it moved; the daemon rings every
 * rank's transport doorbell, so a rank asleep in a wait wakes up.
 *
 * Receives from MPI_ANY_SOURCE: while a communicator has failed members
 * the application has not acknowledged (MPIX_Comm_ack_failed or
 * MPIX_Comm_failure_ack), a pending wildcard receive on it reports
 * MPI_ERR_PROC_FAILED_PENDING from MPI_Wait/MPI_Test (it stays pending and
 * may still match), and a blocking MPI_Recv(MPI_ANY_SOURCE) is withdrawn
 * and returns MPI_ERR_PROC_FAILED. After the acknowledgement they proceed.
 */
#include "mpi_impl.h"

#include <base/log.h>

#include <stdlib.h>

static void on_failure(int rank, int cause, void *arg)
{
    (void)arg;
    if (!mpi_state.p2p || p2p_peer_is_failed(mpi_state.p2p, rank))
        return;
    base_info("mpi", "rank %d failed (%s)", rank, mpi_failure_cause(cause));
    p2p_peer_failed(mpi_state.p2p, rank);
    comm_pool_peer_failed(mpi_state.pool, rank);
}

vmpl_status_t mpi_failures_init(void)
{
    int count;
    int *ranks;
    vmpl_status_t status = rt_failure_listen(on_failure, NULL);

    if (status != VMPL_OK)
        return status;
    rt_failures_update();
    count = rt_failed_ranks(NULL, 0); /* those the runtime took in before we listened */
    if (count == 0)
        return VMPL_OK;
    ranks = malloc((size_t)count * sizeof(*ranks));
    if (!ranks)
        return VMPL_ERR_NO_MEMORY;
    count = rt_failed_ranks(ranks, count);
    for (int i = 0; i < count; i++)
        on_failure(ranks[i], rt_rank_failed(ranks[i]), NULL);
    free(ranks);
    return VMPL_OK;
}

const char *mpi_failure_cause(int cause)
{
    switch (cause) {
    case RT_FAILURE_EXITED: return "it exited without finalizing";
    case RT_FAILURE_SIGNALED: return "it was killed by a signal";
    case RT_FAILURE_NODE: return "its node failed";
    default: return "cause unknown";
    }
}

int mpi_proc_failed(struct vmpl_mpi_comm_s *c, int error_class, int engine_rank,
                    const char *function)
{
    comm_t *core = c ? c->core : mpi_state.world.core;
    int rank;

    if (engine_rank < 0 && core->failed_count > 0) /* name the first failed member */
        engine_rank = core->peers[core->failed[0]];
    if (engine_rank < 0)
        return mpi_error(c, error_class, function, "a process failed");
    rank = group_rank_of(core->group, engine_rank);
    if (error_class == MPI_ERR_PROC_FAILED_PENDING || rank == GROUP_UNDEFINED)
        return mpi_error(c, error_class, function,
                         "job rank %d failed (%s); %d failure(s) in this communicator not "
                         "acknowledged (MPIX_Comm_ack_failed)",
                         engine_rank, mpi_failure_cause(rt_rank_failed(engine_rank)),
                         core->failed_count - core->acked);
    return mpi_error(c, error_class, function, "rank %d (job rank %d) failed: %s", rank,
                     engine_rank, mpi_failure_cause(rt_rank_failed(engine_rank)));
}

int mpi_wildcard_wait(struct vmpl_mpi_comm_s *c, p2p_req_t *req)
{
    for (;;) {
        if (req->done)
            return 0;
        if (!req->matched && mpi_wildcard_blocked(c)) /* matched: it waits on a named sender */
            return 1;
        p2p_wait_or_failure(mpi_state.p2p, req);
    }
}

/* A group of the first n failed members of c (MPI_GROUP_EMPTY when none). */
static int failed_group(struct vmpl_mpi_comm_s *c, int n, MPI_Group *group, const char *function)
{
    struct vmpl_mpi_group_s *g;
    int *world;
    vmpl_status_t status;

    if (n == 0) {
        *group = MPI_GROUP_EMPTY;
        return MPI_SUCCESS;
    }
    world = malloc((size_t)n * sizeof(*world));
    g = calloc(1, sizeof(*g));
    if (!world || !g)
        goto err_no_mem;
    for (int i = 0; i < n; i++)
        world[i] = c->core->group->world[c->core->failed[i]];
    status = group_create(n, world, &g->core);
    if (status != VMPL_OK) {
        free(world);
        free(g);
        return mpi_error(c, mpi_class_of_status(status), function, "%s",
                         vmpl_status_string(status));
    }
    free(world);
    if (!(g->handle = (MPI_Group)mpi_handle_new(MPI_HANDLE_GROUP, g))) {
        group_release(g->core);
        free(g);
        return mpi_error(c, MPI_ERR_NO_MEM, function, "out of memory");
    }
    *group = g->handle;
    return MPI_SUCCESS;

err_no_mem:
    free(g);
    free(world);
    return mpi_error(c, MPI_ERR_NO_MEM, function, "out of memory");
}

int PMPIX_Comm_get_failed(MPI_Comm comm, MPI_Group *failedgrp)
{
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_comm_arg(comm, &c, "MPIX_Comm_get_failed");

    if (rc)
        return rc;
    p2p_progress(mpi_state.p2p); /* take in what the runtime knows */
    return failed_group(c, c->core->failed_count, failedgrp, "MPIX_Comm_get_failed");
}
MPIX_WEAK(Comm_get_failed)

int PMPIX_Comm_ack_failed(MPI_Comm comm, int num_to_ack, int *num_acked)
{
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_comm_arg(comm, &c, "MPIX_Comm_ack_failed");

    if (rc)
        return rc;
    p2p_progress(mpi_state.p2p); /* take in what the runtime knows */
    if (num_to_ack < 0)
        return mpi_error(c, MPI_ERR_ARG, "MPIX_Comm_ack_failed", "negative num_to_ack %d",
                         num_to_ack);
    if (num_to_ack > c->core->failed_count)
        num_to_ack = c->core->failed_count;
    if (num_to_ack > c->core->acked)
        c->core->acked = num_to_ack;
    *num_acked = c->core->acked;
    return MPI_SUCCESS;
}
MPIX_WEAK(Comm_ack_failed)

int PMPIX_Comm_failure_ack(MPI_Comm comm)
{
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_comm_arg(comm, &c, "MPIX_Comm_failure_ack");

    if (rc)
        return rc;
    p2p_progress(mpi_state.p2p); /* take in what the runtime knows */
    c->core->acked = c->core->failed_count;
    return MPI_SUCCESS;
}
MPIX_WEAK(Comm_failure_ack)

int PMPIX_Comm_failure_get_acked(MPI_Comm comm, MPI_Group *failedgrp)
{
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_comm_arg(comm, &c, "MPIX_Comm_failure_get_acked");

    if (rc)
        return rc;
    p2p_progress(mpi_state.p2p); /* take in what the runtime knows */
    return failed_group(c, c->core->acked, failedgrp, "MPIX_Comm_failure_get_acked");
}
MPIX_WEAK(Comm_failure_get_acked)
