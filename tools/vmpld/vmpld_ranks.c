/* vmpld: spawning, watching and signalling the node's ranks. */
#define _GNU_SOURCE
#include "vmpld.h"

#include <base/log.h>
#include <rt/rt.h>
#include <base/settings.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <semaphore.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#define LINE_FLUSH_BYTES 4096

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
 * Core number `rank` (mod the allowed set) for binding, computed before the
 * vfork: -1 for none (--bind-to none). Ranks are bound by default, round
 * robin when they outnumber the cores. Left to the scheduler, two ranks
 * could share a core for a whole run while the other was busy (every wait
 * then cost a time slice), and 8 ranks on 2 cores could start 5 and 3 and
 * stay so for a while (8-byte allreduce: 10.7-21 us unbound, 8.9-9.9 bound).
 */
static int rank_core(const vmpld_t *d, int rank, cpu_set_t *one)
{
    cpu_set_t allowed;
    int cpus, seen = -1;

    if (d->job->flags & RT_JOB_BIND_NONE)
        return -1;
    if (sched_getaffinity(0, sizeof(allowed), &allowed) || (cpus = CPU_COUNT(&allowed)) <= 0)
        return -1;
    CPU_ZERO(one);
    for (int cpu = 0; cpu < CPU_SETSIZE; cpu++)
        if (CPU_ISSET(cpu, &allowed) && ++seen == rank % cpus) {
            CPU_SET(cpu, one);
            return 0;
        }
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

static int rank_spawn(vmpld_t *d, vmpld_rank_t *r)
{
    int in[2] = {-1, -1}, out[2], err[2], child_fds[3];
    char failure[512];
    cpu_set_t core;
    int bind = !rank_core(d, r->rank, &core);
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
    r->pid = rank_vfork_exec(d, envp, child_fds, bind ? &core : NULL, failure);
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
    int first, end, failed;
    sem_t done;
} spawn_range_t;

static void spawn_range(spawn_range_t *range)
{
    for (int i = range->first; i < range->end && !range->failed; i++)
        range->failed = rank_spawn(range->d, &range->d->ranks[i]) != 0;
}

/*
 * The second spawner. It must outlive its children: PR_SET_PDEATHSIG
 * fires when the *thread* that forked a rank exits, so it parks until the
 * daemon itself ends.
 */
static void *spawner_thread(void *arg)
{
    spawn_range(arg);
    sem_post(&((spawn_range_t *)arg)->done);
    for (;;)
        pause(); /* every signal is blocked: sleeps until the process exits */
    return NULL;
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

/*
 * Spawns the node's ranks. The spawning thread is suspended while each
 * vforked child execs (~0.3 ms here), so helper threads spawn slices of
 * the ranks in parallel (VMPL_RT_SPAWNERS threads in all, capped so each
 * spawns at least two ranks).
 */
int vmpld_ranks_spawn(vmpld_t *d)
{
    static spawn_range_t helpers[SPAWNERS_MAX]; /* read by parked threads until exit */
    long wanted = base_settings()->rt_spawners;
    int threads = (int)(wanted < 1 ? 1 : wanted > SPAWNERS_MAX ? SPAWNERS_MAX : wanted);
    int started = 0, failed = 0, per;

    if (threads > d->rank_count / 2)
        threads = d->rank_count / 2 > 0 ? d->rank_count / 2 : 1;
    per = (d->rank_count + threads - 1) / threads;
    rank_start_plan(d);
    for (int t = 1; t < threads; t++) { /* slices 1.. go to helpers, slice 0 is ours */
        spawn_range_t *h = &helpers[started];
        pthread_t thread;

        *h = (spawn_range_t){.d = d, .first = t * per, .end = (t + 1) * per};
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
    spawn_range_t mine = {.d = d, .first = 0, .end = started ? per : d->rank_count};
    spawn_range(&mine);
    if (started && helpers[started - 1].end < d->rank_count) { /* a helper failed to start */
        spawn_range_t rest = {.d = d, .first = helpers[started - 1].end, .end = d->rank_count};
        spawn_range(&rest);
        failed |= rest.failed;
    }
    for (int t = 0; t < started; t++) {
        while (sem_wait(&helpers[t].done) && errno == EINTR)
            ;
        failed |= helpers[t].failed;
    }
    return mine.failed || failed ? -1 : 0;
}

static void io_send(vmpld_t *d, vmpld_rank_t *r, int stream, const void *data, size_t length)
{
    rt_buf_t out;

    rt_buf_init(&out);
    rt_buf_put_u32(&out, (uint32_t)r->rank);
    rt_buf_put_u32(&out, (uint32_t)stream);
    rt_buf_put_bytes(&out, data, length);
    if (!out.failed)
        vmpld_send_up(d, RT_MSG_IO, out.data, out.length);
    rt_buf_free(&out);
}

/* Sends the complete lines of a stream; everything when `all`. */
static void line_flush(vmpld_t *d, vmpld_rank_t *r, int stream, int all)
{
    rt_buf_t *line = &r->line[stream];
    size_t end = line->length;

    if (!all && line->length < LINE_FLUSH_BYTES)
        while (end && line->data[end - 1] != '\n')
            end--;
    if (!end)
        return;
    io_send(d, r, stream, line->data, end);
    memmove(line->data, line->data + end, line->length - end);
    line->length -= end;
}

void vmpld_rank_stream_readable(vmpld_t *d, vmpld_rank_t *r, int stream)
{
    char chunk[16384];

    /* a poll entry of this turn, for a stream its rank's reaping already drained */
    if (r->stream_fd[stream] < 0)
        return;
    for (;;) {
        ssize_t n = read(r->stream_fd[stream], chunk, sizeof(chunk));
        if (n > 0) {
            rt_buf_put_raw(&r->line[stream], chunk, (size_t)n);
            line_flush(d, r, stream, 0);
            continue;
        }
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN)
            return;
        line_flush(d, r, stream, 1); /* end of stream */
        close(r->stream_fd[stream]);
        r->stream_fd[stream] = -1;
        rt_buf_free(&r->line[stream]);
        return;
    }
}

void vmpld_rank_stdin_writable(vmpld_t *d, vmpld_rank_t *r)
{
    rt_buf_t *queue = &r->stdin_queue;
    (void)d;

    while (r->stream_fd[0] >= 0 && queue->position < queue->length) {
        ssize_t n = write(r->stream_fd[0], queue->data + queue->position,
                          queue->length - queue->position);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0 && errno == EAGAIN)
            return;
        if (n < 0) { /* the rank closed its stdin: drop the rest */
            queue->position = queue->length;
            r->stdin_eof = 1;
            break;
        }
        queue->position += (size_t)n;
    }
    queue->length = queue->position = 0;
    if (r->stdin_eof && r->stream_fd[0] >= 0) {
        close(r->stream_fd[0]);
        r->stream_fd[0] = -1;
    }
}

void vmpld_ranks_stdin(vmpld_t *d, const void *data, size_t length)
{
    vmpld_rank_t *r = d->rank_count && d->rank_first == 0 ? &d->ranks[0] : NULL;

    if (!r || r->stream_fd[0] < 0)
        return;
    if (!length)
        r->stdin_eof = 1;
    rt_buf_put_raw(&r->stdin_queue, data, length);
    vmpld_rank_stdin_writable(d, r);
}

static void exit_report(vmpld_t *d, const vmpld_rank_t *r)
{
    rt_buf_t out;

    rt_buf_init(&out);
    rt_buf_put_u32(&out, (uint32_t)r->rank);
    rt_buf_put_u32(&out, (uint32_t)r->exited_pid);
    rt_buf_put_u32(&out, d->node);
    rt_buf_put_u32(&out, (uint32_t)r->wait_status);
    rt_buf_put_u32(&out, r->exit_flags);
    if (!out.failed)
        vmpld_send_up(d, RT_MSG_RANK_EXIT, out.data, out.length);
    rt_buf_free(&out);
}

void vmpld_ranks_exits_again(vmpld_t *d)
{
    for (int i = 0; i < d->rank_count; i++)
        if (d->ranks[i].pid < 0)
            exit_report(d, &d->ranks[i]);
}

static void rank_exited(vmpld_t *d, vmpld_rank_t *r, int wait_status)
{
    uint32_t flags = 0;

    r->wait_status = wait_status;
    for (int s = 1; s <= 2; s++) /* its last output goes before its exit */
        if (r->stream_fd[s] >= 0)
            vmpld_rank_stream_readable(d, r, s);
    if (r->conn.fd >= 0) { /* and so do its last messages (a finalize, say) */
        while (r->conn.fd >= 0 && rt_conn_receive(&r->conn) == 1)
            vmpld_rank_frames(d, r);
    }
    if (r->connected && !r->finalized)
        flags |= RT_EXIT_NOT_FINALIZED;
    if (WIFEXITED(wait_status) && WEXITSTATUS(wait_status) >= 126 && !r->connected)
        flags |= RT_EXIT_EXEC_FAILED; /* a guess the launcher only uses for wording */
    r->exited_pid = r->pid;
    r->exit_flags = flags;
    exit_report(d, r);
    /* a rank that ends without finalizing has failed (unless it never took part) */
    if (!r->finalized && !d->shutting_down &&
        (r->connected || WIFSIGNALED(wait_status) || WEXITSTATUS(wait_status)))
        vmpld_failure_detected(d, VMPLD_FAIL_RANK, (uint32_t)r->rank,
                               WIFSIGNALED(wait_status) ? RT_FAILURE_SIGNALED : RT_FAILURE_EXITED,
                               (uint32_t)wait_status);
    r->pid = -1;
    if (r->conn.fd >= 0)
        rt_conn_close(&r->conn);
    if (r->stream_fd[0] >= 0) {
        close(r->stream_fd[0]);
        r->stream_fd[0] = -1;
    }
    rt_buf_free(&r->stdin_queue);
}

void vmpld_children_reap(vmpld_t *d)
{
    int wait_status;
    pid_t pid;

    while ((pid = waitpid(-1, &wait_status, WNOHANG | WUNTRACED | WCONTINUED)) > 0) {
        if (WIFSTOPPED(wait_status) || WIFCONTINUED(wait_status)) {
            for (int i = 0; i < d->rank_count; i++)
                if (d->ranks[i].pid == pid) {
                    d->ranks[i].stopped_at = WIFSTOPPED(wait_status) ? vmpld_now() : 0;
                    d->ranks[i].stop_signal = WIFSTOPPED(wait_status) ? WSTOPSIG(wait_status) : 0;
                }
            continue; /* a stopped or resumed daemon is the detector's business */
        }
        for (int i = 0; i < d->rank_count; i++)
            if (d->ranks[i].pid == pid)
                rank_exited(d, &d->ranks[i], wait_status);
        for (uint32_t i = 0; i < d->child_count; i++) {
            vmpld_child_t *c = &d->children[i];
            if (c->pid != pid)
                continue;
            c->pid = -1;
            if (c->conn.fd < 0 && !c->done) {
                char reason[160];
                snprintf(reason, sizeof(reason), "its launcher exited with %s %d before it connected",
                         WIFSIGNALED(wait_status) ? "signal" : "code",
                         WIFSIGNALED(wait_status) ? WTERMSIG(wait_status) : WEXITSTATUS(wait_status));
                vmpld_child_lost(d, c, reason);
            }
        }
    }
    /* a single-node job is over once its ranks are: no need to wait for
       vmplrun's shutdown (it will send one; it finds the daemon leaving) */
    if (d->node == 0 && d->child_count == 0 && d->rank_count && !vmpld_ranks_alive(d))
        vmpld_shutdown_begin(d);
}

int vmpld_ranks_stop_check(vmpld_t *d)
{
    long grace_ms = base_settings()->ft_stop_grace_ms;
    double now = vmpld_now();
    int wait_ms = -1;

    if (grace_ms <= 0 || d->shutting_down)
        return -1;
    for (int i = 0; i < d->rank_count; i++) {
        vmpld_rank_t *r = &d->ranks[i];
        if (r->pid <= 0 || !r->stopped_at)
            continue;
        double left = r->stopped_at + grace_ms / 1000.0 - now;
        if (left <= 0) {
            base_error("vmpld", "node %u: rank %d stopped by signal %d for %ld ms: "
                       "declaring it failed and killing it", d->node, r->rank, r->stop_signal,
                       grace_ms);
            kill(r->pid, SIGKILL); /* its exit reports the failure */
            r->stopped_at = 0;
        } else if (wait_ms < 0 || left * 1000 + 1 < wait_ms) {
            wait_ms = (int)(left * 1000) + 1;
        }
    }
    return wait_ms;
}

void vmpld_ranks_signal(vmpld_t *d, int signo)
{
    for (int i = 0; i < d->rank_count; i++)
        if (d->ranks[i].pid > 0)
            kill(d->ranks[i].pid, signo);
}

void vmpld_ranks_kill(vmpld_t *d)
{
    if (d->killing)
        return;
    d->killing = 1;
    d->kill_deadline = vmpld_now() + d->job->kill_grace_ms / 1000.0;
    vmpld_ranks_signal(d, SIGTERM);
    vmpld_ranks_signal(d, SIGCONT); /* a stopped rank must see the TERM */
}

int vmpld_ranks_alive(const vmpld_t *d)
{
    int alive = 0;

    for (int i = 0; i < d->rank_count; i++)
        alive += d->ranks[i].pid > 0;
    return alive;
}
