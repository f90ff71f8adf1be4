/*
 * Failure-detection probe, run by test-failures.sh through vmplrun --ft.
 * Usage: ft_probe MODE VICTIMS [SECONDS]
 *   VICTIMS  comma-separated ranks that fail ("-" for none)
 *   proc     victims raise SIGKILL
 *   exit     victims exit(3) without finalizing
 *   stop     victims raise SIGSTOP (failed once the daemon's grace is over)
 *   nodekill victims SIGKILL their node daemon (their parent)
 *   nodehang victims SIGSTOP their node daemon, then sleep
 *   nodefreeze victims move their node daemon into the cgroup (v2) named
 *            by VMPL_FT_FREEZER and freeze it: its threads then neither run
 *            nor are runnable, yet none is stopped, as when the hypervisor
 *            takes a virtual CPU away; then sleep
 *   fence    survivors sit in a fence while the victims die (it must fail)
 *   quiet    nobody fails; every rank waits SECONDS and must see no failure
 *   fences-proc, fences-nodekill, fences-nodehang AT
 *            every rank runs 24 exchanges (put a key, fence, get a neighbour's
 *            key); the victims fail as in proc, nodekill or nodehang just
 *            before exchange AT (ft_probe MODE VICTIMS SECONDS AT). Each
 *            survivor prints "rank R fences: first failed I, later ok K":
 *            all must name the same I (node 0 decides), and K must be 0
 * Survivors wait until every victim's failure is known (at most SECONDS,
 * default 10), print "rank R sees failed: a,b,..." and "rank R fence: STATUS",
 * then finalize and exit 0. Exit 1 when a survivor misses a failure.
 */
#define _GNU_SOURCE
#include <vmpl.h>

#include "rt/rt.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static double now_s(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec * 1e-9;
}

static int callback_count;

static void on_failure(int rank, vmpl_failure_cause_t cause, void *arg)
{
    (void)arg;
    callback_count++;
    printf("callback: rank %d failed (cause %d)\n", rank, (int)cause);
}

#define EXCHANGES 24

/* Writes `text` to the file FOLDER/NAME; 0 on success. */
static int write_to(const char *folder, const char *name, const char *text)
{
    char path[512];
    FILE *file;
    int failed;

    snprintf(path, sizeof(path), "%s/%s", folder, name);
    if (!(file = fopen(path, "we")))
        return -1;
    failed = fputs(text, file) < 0;
    return fclose(file) || failed ? -1 : 0;
}

/* Freezes this rank's node daemon (nodefreeze). */
static void freeze_daemon(void)
{
    const char *folder = getenv("VMPL_FT_FREEZER");
    char pid[32];

    snprintf(pid, sizeof(pid), "%d\n", (int)getppid());
    if (!folder || write_to(folder, "cgroup.procs", pid) ||
        write_to(folder, "cgroup.freeze", "1\n"))
        fprintf(stderr, "ft_probe: cannot freeze the daemon through %s\n",
                folder ? folder : "(VMPL_FT_FREEZER unset)");
}

static void fail_as(const char *how)
{
    fflush(stdout);
    if (!strcmp(how, "proc") || !strcmp(how, "fence"))
        raise(SIGKILL);
    if (!strcmp(how, "exit"))
        _exit(3);
    if (!strcmp(how, "stop"))
        raise(SIGSTOP);
    if (!strcmp(how, "nodekill"))
        kill(getppid(), SIGKILL);
    if (!strcmp(how, "nodehang"))
        kill(getppid(), SIGSTOP);
    if (!strcmp(how, "nodefreeze"))
        freeze_daemon();
    for (;;)
        pause(); /* fenced: killed with our node */
}

/* Bootstrap exchanges with a failure at exchange `at` (fences-* modes). */
static void exchanges(int rank, int size, int is_victim, const char *how, int at)
{
    int first_failed = -1, later_ok = 0, wrong = 0;

    for (int i = 0; i < EXCHANGES; i++) {
        char key[32], value[32];
        snprintf(key, sizeof key, "x%d-%d", i, rank);
        snprintf(value, sizeof value, "%d:%d", rank, i);
        if (is_victim && i == at)
            fail_as(how);
        if (rt_kvs_put(key, value, strlen(value) + 1) != VMPL_OK)
            wrong++;
        vmpl_status_t st = rt_kvs_fence();
        if (st != VMPL_OK) {
            wrong += st != VMPL_ERR_PROC_FAILED;
            if (first_failed < 0)
                first_failed = i;
            continue;
        }
        if (first_failed >= 0) {
            later_ok++;
            continue;
        }
        const void *got;
        size_t length;
        int peer = (rank + 1) % size;
        snprintf(key, sizeof key, "x%d-%d", i, peer);
        snprintf(value, sizeof value, "%d:%d", peer, i);
        wrong += rt_kvs_get(key, &got, &length) != VMPL_OK || strcmp(got, value) != 0;
    }
    printf("rank %d fences: first failed %d, later ok %d, wrong %d\n", rank, first_failed,
           later_ok, wrong);
}

int main(int argc, char **argv)
{
    int rank, size, victims[64], victim_count = 0, is_victim = 0;
    const char *mode = argc > 1 ? argv[1] : "quiet";
    double seconds = argc > 3 ? atof(argv[3]) : 10.0;

    if (vmpl_job_init(&rank, &size) != VMPL_OK)
        return 2;
    if (argc > 2 && strcmp(argv[2], "-")) {
        char *copy = strdup(argv[2]), *save = NULL;
        for (char *v = strtok_r(copy, ",", &save); v && victim_count < 64;
             v = strtok_r(NULL, ",", &save))
            victims[victim_count++] = atoi(v);
        free(copy);
    }
    for (int i = 0; i < victim_count; i++)
        is_victim |= victims[i] == rank;
    vmpl_failure_callback(on_failure, NULL);
    printf("rank %d pid=%d daemon=%d\n", rank, (int)getpid(), (int)getppid());
    fflush(stdout);
    if (vmpl_job_fence() != VMPL_OK) /* everyone is up */
        return 2;

    if (!strncmp(mode, "fences-", 7)) {
        exchanges(rank, size, is_victim, mode + 7, argc > 4 ? atoi(argv[4]) : 5);
    } else if (is_victim) {
        if (!strcmp(mode, "fence"))
            usleep(200000); /* let the others enter the fence first */
        fail_as(mode);
    }

    vmpl_status_t fence = VMPL_OK;
    if (!strcmp(mode, "fence"))
        fence = vmpl_job_fence();
    double deadline = now_s() + seconds;
    int missing = victim_count;
    while (now_s() < deadline) {
        vmpl_failures_wait(100);
        missing = 0;
        for (int i = 0; i < victim_count; i++)
            missing += vmpl_rank_failure(victims[i]) == 0;
        if (victim_count && !missing)
            break;
    }
    int failed[1024], count = vmpl_failed_ranks(failed, 1024);
    printf("rank %d sees failed:", rank);
    for (int i = 0; i < count && i < 1024; i++)
        printf("%s%d", i ? "," : " ", failed[i]);
    printf("%s (callbacks %d)\n", count ? "" : " none", callback_count);
    if (strcmp(mode, "fence"))
        fence = vmpl_job_fence();
    printf("rank %d fence: %s\n", rank, fence == VMPL_OK ? "ok" : vmpl_status_string(fence));
    vmpl_job_finalize();
    return missing || (victim_count == 0 && count) ? 1 : 0;
}
