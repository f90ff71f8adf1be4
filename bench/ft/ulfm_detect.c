/*
 * Failure detection and notification latency of an MPI library with ULFM
 * (Open MPI 5 `mpirun --with-ft ulfm`, MPICH with its MPIX_ extensions), the
 * peer side of ft_detect.c; built with the peer's mpicc by compare_ft.py.
 *
 * usage: ulfm_detect SCENARIO [--victims LIST] [--t0-dir DIR] [--delay-ms D]
 *                    [--hold-ms H]
 *   proc   each victim raises SIGKILL
 *   hang   each victim raises SIGSTOP: found only by a heartbeat detector
 *          (Open MPI: --mca mpi_ft_detector true); once every survivor is
 *          done (a barrier on the shrunk communicator), the lowest survivor
 *          SIGKILLs the stopped victims so the job can end; survivors then
 *          exit without MPI_Finalize (see below)
 *   quiet  nobody fails (the survivors' MPI_Recv would then block: use
 *          the noise benchmark instead)
 *
 * All ranks meet in a barrier; victims act D ms later after writing their
 * kill time to DIR/kill.<rank>. Survivors block in MPI_Recv from
 * MPI_ANY_SOURCE on MPI_COMM_WORLD with MPI_ERRORS_RETURN; each return with
 * MPIX_ERR_PROC_FAILED(_PENDING) is timed, acknowledged
 * (MPIX_Comm_failure_ack) and the newly failed ranks
 * (MPIX_Comm_get_failed) get that time. A survivor that knows every failure
 * waits H ms before it reports. Output as ft_detect's:
 *   seen,<rank>,<failed rank>,<cause 0>,<t_ns>
 *   done,<rank>,<expected>,<expected seen>,<unexpected seen>
 * A survivor that never learns of a failure blocks: the driver's time limit
 * ends the run and counts it as missed.
 */
#define _GNU_SOURCE
#include "ft_common.h"

#include <mpi.h>
#ifdef OPEN_MPI
#include <mpi-ext.h> /* MPIX_ fault-tolerance extension */
#endif

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static int known[FT_MAX_RANKS];

/* Gives every newly failed rank of MPI_COMM_WORLD the time t; returns how
   many were new. */
static int ulfm_failed_update(MPI_Group world, int rank, int64_t t)
{
    MPI_Group failed;
    int n, fresh = 0;

    MPIX_Comm_get_failed(MPI_COMM_WORLD, &failed);
    MPI_Group_size(failed, &n);
    int *in = malloc(2 * (size_t)(n ? n : 1) * sizeof(int)), *out = in + n;
    for (int i = 0; i < n; i++)
        in[i] = i;
    MPI_Group_translate_ranks(failed, n, in, world, out);
    for (int i = 0; i < n; i++) {
        int r = out[i];
        if (r >= 0 && r < FT_MAX_RANKS && !known[r]) {
            known[r] = 1;
            fresh++;
            printf("seen,%d,%d,0,%lld\n", rank, r, (long long)t);
        }
    }
    free(in);
    MPI_Group_free(&failed);
    return fresh;
}

static void ulfm_victim_act(const ft_options_t *o, int rank)
{
    int fd = ft_kill_record_open(o, rank);

    ft_sleep_ms(o->delay_ms);
    int64_t t0 = ft_now_ns();
    ft_kill_record_write(fd, rank, t0, (int)getpid());
    raise(!strcmp(o->scenario, "hang") ? SIGSTOP : SIGKILL);
    for (;;)
        pause();
}

/* SIGKILLs the victims stopped by the hang scenario (pids from their kill
   records). */
static void ulfm_victims_reap(const ft_options_t *o)
{
    for (int i = 0; i < o->victim_count; i++) {
        char path[4096];
        int r, pid = 0, target = 0;
        long long t0;

        snprintf(path, sizeof(path), "%s/kill.%d", o->t0_dir, o->victims[i]);
        FILE *f = fopen(path, "r");
        if (!f)
            continue;
        if (fscanf(f, "%d %lld %d %d", &r, &t0, &pid, &target) == 4 && target > 0)
            kill(target, SIGKILL);
        fclose(f);
    }
}

int main(int argc, char **argv)
{
    ft_options_t o;
    int rank, size, expected = 0, seen = 0, unexpected = 0, lowest = -1, dummy;
    MPI_Group world;

    if (ft_options_parse(argc, argv, &o))
        return 2;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_group(MPI_COMM_WORLD, &world);
    for (int r = 0; r < size; r++) {
        expected += ft_is_expected(&o, r, 0);
        if (lowest < 0 && !ft_is_expected(&o, r, 0))
            lowest = r;
    }
    MPI_Barrier(MPI_COMM_WORLD);
    if (ft_is_victim(&o, rank))
        ulfm_victim_act(&o, rank);
    while (seen < expected) {
        int rc = MPI_Recv(&dummy, 1, MPI_INT, MPI_ANY_SOURCE, 7, MPI_COMM_WORLD,
                          MPI_STATUS_IGNORE);
        int64_t t = ft_now_ns();
        if (rc == MPI_SUCCESS)
            continue;
        int cls;
        MPI_Error_class(rc, &cls);
        if (cls != MPIX_ERR_PROC_FAILED && cls != MPIX_ERR_PROC_FAILED_PENDING) {
            fprintf(stderr, "ulfm_detect: rank %d: MPI_Recv error class %d\n", rank, cls);
            break;
        }
        MPIX_Comm_failure_ack(MPI_COMM_WORLD);
        ulfm_failed_update(world, rank, t);
        seen = 0;
        for (int r = 0; r < size && r < FT_MAX_RANKS; r++)
            seen += known[r] && ft_is_expected(&o, r, 0);
    }
    ft_sleep_ms(o.hold_ms);
    for (int r = 0; r < size && r < FT_MAX_RANKS; r++)
        unexpected += known[r] && !ft_is_expected(&o, r, 0);
    printf("done,%d,%d,%d,%d\n", rank, expected, seen, unexpected);
    fflush(stdout);
    if (!strcmp(o.scenario, "hang")) {
        /* once every survivor is done, the stopped victims may go */
        MPI_Comm alive;
        MPIX_Comm_shrink(MPI_COMM_WORLD, &alive);
        MPI_Barrier(alive);
        if (rank == lowest)
            ulfm_victims_reap(&o);
        /* Open MPI 5.0.11 spins forever in MPI_Finalize (in its failure
           detector's finalize) once its heartbeat detector has reported a
           failure: leave without it */
        fflush(stdout);
        _exit(0);
    }
    MPI_Group_free(&world);
    MPI_Finalize();
    return 0;
}
