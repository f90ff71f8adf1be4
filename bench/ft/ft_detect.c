/*
 * Failure detection and notification latency of vmpl's runtime, through the
 * native API (<vmpl.h>); run by bench/compare-ft.sh under `vmplrun --ft`.
 *
 * usage: ft_detect SCENARIO [--victims LIST] [--ppn P] [--t0-dir DIR]
 *                  [--timeout-ms T] [--delay-ms D] [--hold-ms H]
 *   proc       each victim raises SIGKILL (its daemon sees the child die)
 *   node-kill  each victim SIGKILLs its node daemon (its parent process)
 *   node-hang  each victim SIGSTOPs its node daemon: found only by missing
 *              heartbeats; the runtime then kills the node's ranks
 *   quiet      nobody fails; survivors wait T ms and report any failure (a
 *              false report)
 * In the node scenarios every rank of a victim's node (ranks fill nodes in
 * order, P per node) is expected to fail; pass one victim per node.
 *
 * All ranks meet in a fence; victims act D ms later (so the survivors are
 * asleep in vmpl_failures_wait) after writing their kill time to
 * DIR/kill.<rank>. Survivors record, in the failure callback, the
 * CLOCK_MONOTONIC time they learn of each failure, until every expected
 * failure is known or T ms pass, wait H ms (so that survivors done early do
 * not compete for the cores with those still being told), then print
 *   seen,<rank>,<failed rank>,<cause>,<t_ns>     one per failure learnt
 *   done,<rank>,<expected>,<expected seen>,<unexpected seen>
 */
#define _GNU_SOURCE
#include "ft_common.h"

#include <vmpl.h>

#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

typedef struct {
    int rank;
    int cause;
    int64_t t_ns;
} ft_seen_t;

static ft_seen_t seen[FT_MAX_RANKS];
static int seen_count;

static void ft_on_failure(int rank, vmpl_failure_cause_t cause, void *arg)
{
    int64_t t = ft_now_ns();

    (void)arg;
    if (seen_count < FT_MAX_RANKS)
        seen[seen_count++] = (ft_seen_t){rank, (int)cause, t};
}

/* Takes t0, records it and fails as the scenario says; never returns. */
static void ft_victim_act(const ft_options_t *o, int rank)
{
    int fd = ft_kill_record_open(o, rank);
    pid_t daemon = getppid();
    int64_t t0;

    ft_sleep_ms(o->delay_ms);
    if (!strcmp(o->scenario, "proc")) {
        t0 = ft_now_ns();
        ft_kill_record_write(fd, rank, t0, (int)getpid());
        raise(SIGKILL);
    } else if (!strcmp(o->scenario, "node-kill")) {
        t0 = ft_now_ns();
        ft_kill_record_write(fd, rank, t0, (int)daemon);
        kill(daemon, SIGKILL);
    } else if (!strcmp(o->scenario, "node-hang")) {
        t0 = ft_now_ns();
        ft_kill_record_write(fd, rank, t0, (int)daemon);
        kill(daemon, SIGSTOP);
    }
    for (;;)
        pause(); /* the runtime kills the ranks of a failed node */
}

/* Waits until every expected failure is known or the timeout passes. */
static void ft_survivor_wait(const ft_options_t *o, int size, int node_scope, int *expected_p,
                             int *expected_seen_p)
{
    int expected = 0, expected_seen = 0;
    int64_t deadline = ft_now_ns() + o->timeout_ms * 1000000;

    for (int r = 0; r < size; r++)
        expected += ft_is_expected(o, r, node_scope);
    for (;;) {
        int64_t left_ms = (deadline - ft_now_ns()) / 1000000;
        expected_seen = 0;
        for (int r = 0; r < size; r++)
            expected_seen += ft_is_expected(o, r, node_scope) && vmpl_rank_failure(r) != 0;
        if ((expected && expected_seen == expected) || left_ms <= 0)
            break;
        vmpl_failures_wait((int)left_ms);
    }
    *expected_p = expected;
    *expected_seen_p = expected_seen;
}

int main(int argc, char **argv)
{
    ft_options_t o;
    int rank, size, expected, expected_seen, unexpected = 0, node_scope;

    if (ft_options_parse(argc, argv, &o))
        return 2;
    node_scope = !strncmp(o.scenario, "node-", 5);
    if (vmpl_job_init(&rank, &size) != VMPL_OK) {
        fprintf(stderr, "ft_detect: vmpl_job_init failed\n");
        return 2;
    }
    if (vmpl_failure_callback(ft_on_failure, NULL) != VMPL_OK ||
        vmpl_job_fence() != VMPL_OK) {
        fprintf(stderr, "ft_detect: rank %d: start fence failed\n", rank);
        return 2;
    }
    if (ft_is_victim(&o, rank))
        ft_victim_act(&o, rank);
    if (ft_is_expected(&o, rank, node_scope)) {
        for (;;)
            pause(); /* on a victim's node: dies with it */
    }
    ft_survivor_wait(&o, size, node_scope, &expected, &expected_seen);
    ft_sleep_ms(o.hold_ms);
    for (int i = 0; i < seen_count; i++) {
        printf("seen,%d,%d,%d,%lld\n", rank, seen[i].rank, seen[i].cause,
               (long long)seen[i].t_ns);
        unexpected += !ft_is_expected(&o, seen[i].rank, node_scope);
    }
    printf("done,%d,%d,%d,%d\n", rank, expected, expected_seen, unexpected);
    fflush(stdout);
    vmpl_job_finalize();
    return expected_seen == expected && !unexpected ? 0 : 1;
}
