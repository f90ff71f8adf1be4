/* vmpld: starting the node's ranks (vfork + exec, bound to their cores). */
#define _GNU_SOURCE
#include "vmpld.h"

#include <base/log.h>
#include <base/settings.h>
#include <rt/rt.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <sched.h>
#include <semaphore.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>


extern char **environ;

/* NAME=VALUE entries a rank gets on top of the daemon's environment. */
static int env_add(char **envp, int count, const char *name, const char *format, ...)
    __attribute__((format(printf, 4, 5)));
static int env_add(char **envp, int count, const char *name, const char *format, ...)
{
    char value[PATH_MAX];
    va_list args;

    va_start(args, format);
    vsnprintf(value, sizeof(value), format, args);
    va_end(args);
    if (asprintf(&envp[count], "%s=%s", name, value) < 0)
        envp[count] = NULL;
    return envp[count] ? count + 1 : count;
}

static int env_overridden(char *const *envp, int count, const char *entry)
{
    size_t name = strcspn(entry, "=");

    for (int i = 0; i < count; i++)
        if (!strncmp(envp[i], entry, name) && envp[i][name] == '=')
            return 1;
    return 0;
}

/* The rank's whole environment, built before the vfork. */
static char **rank_environment(vmpld_t *d, vmpld_rank_t *r)
{
    rt_job_t *job = d->job;
    char secret_hex[2 * RT_SECRET_BYTES + 1];
    int inherited = 0, count = 0, own;
    char **envp;

    while (environ[inherited])
        inherited++;
    for (char **at = job->env; *at; at++)
        count++;
    envp = calloc((size_t)(inherited + count + 16), sizeof(char *));
    if (!envp)
        return NULL;
    count = 0;
    rt_secret_to_hex(job->secret, secret_hex);
    count = env_add(envp, count, "VMPL_RT_SOCKET", "%s", d->socket_path);
    count = env_add(envp, count, "VMPL_RT_SECRET", "%s", secret_hex);
    count = env_add(envp, count, "VMPL_RT_RANK", "%d", r->rank);
    count = env_add(envp, count, "VMPL_RANK", "%d", r->rank);
    count = env_add(envp, count, "VMPL_SIZE", "%u", job->size);
    count = env_add(envp, count, "VMPL_LOCAL_RANK", "%d", r->rank - d->rank_first);
    count = env_add(envp, count, "VMPL_LOCAL_SIZE", "%d", d->rank_count);
    count = env_add(envp, count, "VMPL_NODE", "%u", d->node);
    count = env_add(envp, count, "VMPL_JOB_ID", "%s", job->job_id);
    for (char **at = job->env; *at; at++)
        if (!env_overridden(envp, count, *at))
            envp[count] = strdup(*at), count += envp[count] != NULL;
    own = count;
    for (int i = 0; i < inherited; i++) /* shared with environ, not freed */
        if (!env_overridden(envp, own, environ[i]))
            envp[count++] = environ[i];
    envp[count] = NULL;
    r->env_owned = own;
    return envp;
}

static void rank_environment_free(vmpld_rank_t *r, char **envp)
{
    for (int i = 0; envp && i < r->env_owned; i++)
        free(envp[i]);
    free(envp);
}

/*
 * The cpu a rank is bound to: number `rank` (mod the allowed set), or -1
 * for none (--bind-to none). Ranks are bound by default, round robin when
 * they outnumber the cores. Left to the scheduler, two ranks could share a
 * core for a whole run while the other was busy (every wait then cost a
 * time slice), and 8 ranks on 2 cores could start 5 and 3 and stay so for
 * a while (record: docs/perf/rt-startup.md).
 */
static int rank_cpu(const cpu_set_t *allowed, int rank)
{
    int cpus = CPU_COUNT(allowed), seen = -1;

    for (int cpu = 0; cpus > 0 && cpu < CPU_SETSIZE; cpu++)
        if (CPU_ISSET(cpu, allowed) && ++seen == rank % cpus)
            return cpu;
    return -1;
}

/*
 * In the vforked child: system calls only (it shares the daemon's memory
 * until exec), then exec. A rank starts with default signal handling and
 * dies with its daemon.
 */
static void __attribute__((noreturn)) rank_exec(vmpld_t *d, char **envp, const int fds[3],
                                                const cpu_set_t *core, const char *failure)
{
    rt_job_t *job = d->job;
    struct sigaction deflt = {.sa_handler = SIG_DFL};
    sigset_t none;
    int saved;

    prctl(PR_SET_PDEATHSIG, SIGKILL);
    for (int signo = 1; signo < NSIG; signo++)
        if (d->rank_signals[signo])
            sigaction(signo, &deflt, NULL);
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    if (dup2(fds[0], 0) < 0 || dup2(fds[1], 1) < 0 || dup2(fds[2], 2) < 0)
        _exit(127);
    if (d->rank_chdir && chdir(job->cwd))
        _exit(127);
    if (core)
        sched_setaffinity(0, sizeof(*core), core);
    execvpe(job->argv[0], job->argv, envp);
    saved = errno;
    if (write(2, failure, strlen(failure)) < 0 || write(2, "\n", 1) < 0)
        _exit(127);
    _exit(saved == ENOENT ? 127 : 126);
}

/* vfork in its own frame so no local of the caller lives across it. */
static pid_t __attribute__((noinline)) rank_vfork_exec(vmpld_t *d, char **envp, const int fds[3],
                                                       const cpu_set_t *core, const char *failure)
{
    pid_t pid = vfork();

    if (pid == 0)
        rank_exec(d, envp, fds, core, failure);
    return pid;
}

static int rank_spawn(vmpld_t *d, vmpld_rank_t *r, int cpu)
{
    int in[2] = {-1, -1}, out[2], err[2], child_fds[3];
    char failure[512];
    cpu_set_t core;
    char **envp = rank_environment(d, r);

    if (!envp)
        return -1;
    snprintf(failure, sizeof(failure), "vmplrun: rank %d cannot execute '%s'", r->rank,
             d->job->argv[0]);
    if (r->rank == 0) {
        if (pipe2(in, O_CLOEXEC))
            goto err_env;
    } else if ((in[0] = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0) {
        goto err_env;
    }
    if (pipe2(out, O_CLOEXEC) || pipe2(err, O_CLOEXEC)) {
        base_error("vmpld", "pipe: %m");
        goto err_env;
    }
    child_fds[0] = in[0];
    child_fds[1] = out[1];
    child_fds[2] = err[1];
    CPU_ZERO(&core);
    if (cpu >= 0)
        CPU_SET(cpu, &core);
    r->pid = rank_vfork_exec(d, envp, child_fds, cpu >= 0 ? &core : NULL, failure);
    rank_environment_free(r, envp);
    close(in[0]);
    close(out[1]);
    close(err[1]);
    if (r->pid < 0) {
        base_error("vmpld", "vfork: %m");
        r->pid = 0;
        close(out[0]);
        close(err[0]);
        if (in[1] >= 0)
            close(in[1]);
        return -1;
    }
    r->stream_fd[0] = in[1];
    r->stream_fd[1] = out[0];
    r->stream_fd[2] = err[0];
    for (int s = 0; s < 3; s++) /* fresh pipe ends: O_NONBLOCK is their only flag */
        if (r->stream_fd[s] >= 0)
            fcntl(r->stream_fd[s], F_SETFL, O_NONBLOCK);
    return 0;

err_env:
    rank_environment_free(r, envp);
    return -1;
}

typedef struct {
    vmpld_t *d;
    const int *order; /* rank indices, grouped by the cpu they are bound to */
    const int *cpu;   /* per rank index: its cpu, or -1 */
    int first, end, failed;
    sem_t done;
} spawn_range_t;

/*
 * Spawns order[first..end). A bound slice runs pinned to the cpus of its
 * ranks: each child then execs where it will run, and the two cores each
 * start their own ranks instead of one core's children waiting for it
 * while the other is idle (record: docs/perf/rt-startup.md).
 */
static void spawn_range(spawn_range_t *range)
{
    cpu_set_t pin;

    CPU_ZERO(&pin);
    for (int i = range->first; i < range->end; i++)
        if (range->cpu[range->order[i]] >= 0)
            CPU_SET(range->cpu[range->order[i]], &pin);
    if (CPU_COUNT(&pin))
        sched_setaffinity(0, sizeof(pin), &pin); /* this thread only */
    for (int i = range->first; i < range->end && !range->failed; i++) {
        int index = range->order[i];

        range->failed = rank_spawn(range->d, &range->d->ranks[index], range->cpu[index]) != 0;
    }
}

static sem_t spawners_release; /* posted once per helper when every rank is reaped */
static int spawners_parked;

/*
 * A helper spawner. It must outlive its children: PR_SET_PDEATHSIG fires
 * when the *thread* that forked a rank exits, so it parks until every rank
 * of the node is reaped, then ends (not left for the daemon's exit to kill).
 */
static void *spawner_thread(void *arg)
{
    spawn_range(arg);
    sem_post(&((spawn_range_t *)arg)->done);
    while (sem_wait(&spawners_release) && errno == EINTR)
        ;
    return NULL;
}

void vmpld_spawners_release(void)
{
    for (; spawners_parked > 0; spawners_parked--)
        sem_post(&spawners_release);
}

#define SPAWNERS_MAX 8

/*
 * What each vforked child has to undo before exec, found once: exec itself
 * resets caught signals, so a child calls sigaction only for those not at
 * SIG_DFL now (an inherited SIG_IGN would survive exec), and chdir only
 * when the daemon does not already sit in the job's folder.
 */
static void rank_start_plan(vmpld_t *d)
{
    char here[PATH_MAX];

    for (int signo = 1; signo < NSIG; signo++) {
        struct sigaction now;
        d->rank_signals[signo] = signo != SIGKILL && signo != SIGSTOP &&
                                 !sigaction(signo, NULL, &now) && now.sa_handler != SIG_DFL;
    }
    d->rank_chdir = d->job->cwd[0] &&
                    (!getcwd(here, sizeof(here)) || strcmp(here, d->job->cwd) != 0);
}

/* Each rank's cpu (-1 unbound), and the ranks in spawning order: by cpu. */
static void rank_placement(const vmpld_t *d, const cpu_set_t *allowed, int *cpu, int *order)
{
    int placed = 0;

    for (int i = 0; i < d->rank_count; i++)
        cpu[i] = d->job->flags & RT_JOB_BIND_NONE ? -1 : rank_cpu(allowed, d->ranks[i].rank);
    for (int c = -1; c < CPU_SETSIZE && placed < d->rank_count; c++)
        for (int i = 0; i < d->rank_count; i++)
            if (cpu[i] == c)
                order[placed++] = i;
}

/*
 * Spawns the node's ranks. The spawning thread is suspended while each
 * vforked child execs, so helper threads spawn slices of
 * the ranks in parallel (VMPL_RT_SPAWNERS threads in all, capped so each
 * spawns at least two ranks). The daemon's own thread gets its cpu set
 * back afterwards.
 */
int vmpld_ranks_spawn(vmpld_t *d)
{
    static spawn_range_t helpers[SPAWNERS_MAX]; /* read by parked threads until exit */
    long wanted = base_settings()->rt_spawners;
    int threads = (int)(wanted < 1 ? 1 : wanted > SPAWNERS_MAX ? SPAWNERS_MAX : wanted);
    int started = 0, failed = 0, per, *cpu, *order;
    cpu_set_t allowed;

    if (sched_getaffinity(0, sizeof(allowed), &allowed))
        CPU_ZERO(&allowed);
    cpu = malloc(2 * (size_t)(d->rank_count ? d->rank_count : 1) * sizeof(int));
    if (!cpu)
        return -1;
    order = cpu + d->rank_count;
    rank_placement(d, &allowed, cpu, order);
    if (threads > d->rank_count / 2)
        threads = d->rank_count / 2 > 0 ? d->rank_count / 2 : 1;
    if (threads > 1 && sem_init(&spawners_release, 0, 0))
        threads = 1;
    per = (d->rank_count + threads - 1) / threads;
    rank_start_plan(d);
    for (int t = 1; t < threads; t++) { /* slices 1.. go to helpers, slice 0 is ours */
        spawn_range_t *h = &helpers[started];
        pthread_t thread;

        *h = (spawn_range_t){.d = d, .order = order, .cpu = cpu, .first = t * per,
                             .end = (t + 1) * per};
        if (h->end > d->rank_count)
            h->end = d->rank_count;
        if (h->first >= h->end || sem_init(&h->done, 0, 0))
            break;
        if (pthread_create(&thread, NULL, spawner_thread, h)) {
            sem_destroy(&h->done);
            break;
        }
        pthread_detach(thread);
        started++;
    }
    spawners_parked = started;
    spawn_range_t mine = {.d = d, .order = order, .cpu = cpu, .first = 0,
                          .end = started ? per : d->rank_count};
    spawn_range(&mine);
    if (started && helpers[started - 1].end < d->rank_count) { /* a helper failed to start */
        spawn_range_t rest = {.d = d, .order = order, .cpu = cpu,
                              .first = helpers[started - 1].end, .end = d->rank_count};
        spawn_range(&rest);
        failed |= rest.failed;
    }
    if (CPU_COUNT(&allowed))
        sched_setaffinity(0, sizeof(allowed), &allowed);
    for (int t = 0; t < started; t++) {
        while (sem_wait(&helpers[t].done) && errno == EINTR)
            ;
        failed |= helpers[t].failed;
    }
    free(cpu); /* helpers are done with it */
    return mine.failed || failed ? -1 : 0;
}
