/* vmplrun: job set-up and the event loop (vmplrun.h). */
#define _GNU_SOURCE
#include "vmplrun.h"

#include "../common/rt_addr.h"
#include "../common/rt_files.h"

#include "../common/rt_launch.h"
#include "../common/rt_reap.h"

#include <base/log.h>
#include <base/settings.h>

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

double vmplrun_now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* Is `program` something execvp can run? Mirrors its PATH search. */
static int program_runnable(const char *program)
{
    char path[PATH_MAX];
    const char *search, *at;
    struct stat st;

    if (strchr(program, '/'))
        return !access(program, X_OK) && !stat(program, &st) && S_ISREG(st.st_mode);
    search = getenv("PATH");
    for (at = search ? search : "/usr/bin:/bin"; at; at = strchr(at, ':') ? strchr(at, ':') + 1 : NULL) {
        size_t length = strcspn(at, ":");
        snprintf(path, sizeof(path), "%.*s%s%s", (int)length, at, length ? "/" : "", program);
        if (!access(path, X_OK) && !stat(path, &st) && S_ISREG(st.st_mode))
            return 1;
    }
    return 0;
}

static char *sibling_path(const char *name)
{
    char self[PATH_MAX], *path;
    ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);

    if (n <= 0)
        return NULL;
    self[n] = '\0';
    if (asprintf(&path, "%s/%s", dirname(self), name) < 0)
        return NULL;
    return path;
}

/*
 * The ranks' extra environment: the -x exports, then every UCX_* variable
 * of this one, unchanged, so ranks on other hosts configure UCX as set
 * here (local daemons inherit them anyway).
 */
static char **exports_resolve(const vmplrun_options_t *o)
{
    int ucx_count = 0, n = o->export_count;
    char **env;

    for (char **at = environ; *at; at++)
        ucx_count += !strncmp(*at, "UCX_", 4);
    env = calloc((size_t)(o->export_count + ucx_count) + 1, sizeof(char *));
    for (int i = 0; env && i < o->export_count; i++) {
        const char *value = getenv(o->exports[i]);
        if (strchr(o->exports[i], '='))
            env[i] = strdup(o->exports[i]);
        else if (asprintf(&env[i], "%s=%s", o->exports[i], value ? value : "") < 0)
            env[i] = NULL;
    }
    for (char **at = environ; env && *at; at++)
        if (!strncmp(*at, "UCX_", 4))
            env[n++] = strdup(*at);
    return env;
}

static char **hosts_split(const vmplrun_options_t *o, uint32_t node_count)
{
    char **hosts = calloc(node_count, sizeof(char *)), *copy, *save = NULL, *host;
    uint32_t n = 0;

    if (!hosts)
        return NULL;
    if (o->hosts) {
        copy = strdup(o->hosts);
        for (host = strtok_r(copy, ",", &save); host && n < node_count; host = strtok_r(NULL, ",", &save))
            hosts[n++] = strdup(host);
        free(copy);
    }
    for (; n < node_count; n++)
        hosts[n] = strdup("");
    return hosts;
}

static uint32_t hosts_count(const char *list)
{
    uint32_t count = 0;

    for (const char *at = list; at && *at; at++)
        count += *at == ',';
    return list ? count + 1 : 0;
}

static int job_build(vmplrun_t *run, const vmplrun_options_t *o)
{
    const base_settings_t *settings = base_settings();
    rt_job_t *job = &run->job;
    uint8_t id[6];
    char cwd[PATH_MAX];
    uint32_t host_count = hosts_count(o->hosts);

    if (o->hosts && o->nodes && (uint32_t)o->nodes != host_count) {
        fprintf(stderr, "vmplrun: --nodes %ld disagrees with the %u hosts of --host\n", o->nodes,
                host_count);
        return -1;
    }
    if (rt_secret_generate(job->secret) || getrandom(id, sizeof(id), 0) != sizeof(id)) {
        fprintf(stderr, "vmplrun: no random numbers for the job secret: %m\n");
        return -1;
    }
    if (asprintf(&job->job_id, "%02x%02x%02x%02x%02x%02x", id[0], id[1], id[2], id[3], id[4],
                 id[5]) < 0)
        return -1;
    job->size = (uint32_t)o->ranks;
    job->node_count = o->hosts ? host_count : o->nodes ? (uint32_t)o->nodes : 1;
    job->fanout = settings->rt_tree_fanout > 0 ? (uint32_t)settings->rt_tree_fanout : 8;
    job->kill_grace_ms = settings->rt_kill_grace_ms > 0 ? (uint32_t)settings->rt_kill_grace_ms : 0;
    job->flags = (o->tag_output ? RT_JOB_TAG_OUTPUT : 0) | (o->bind_none ? RT_JOB_BIND_NONE : 0) |
                 (o->ft || settings->ft ? RT_JOB_FT : 0);
    job->ppn = (uint32_t)o->ppn;
    if (o->ppn && (uint64_t)o->ppn * job->node_count < job->size) {
        fprintf(stderr, "vmplrun: --ppn %ld on %u nodes holds only %lu of the %u ranks\n", o->ppn,
                job->node_count, (unsigned long)((uint64_t)o->ppn * job->node_count), job->size);
        return -2;
    }
    job->ft_delta_ms = (uint32_t)(o->ft_delta_ms ? o->ft_delta_ms
                                  : settings->ft_delta_ms > 0 ? settings->ft_delta_ms : 50);
    job->ft_timeout_ms = (uint32_t)(o->ft_timeout_ms   ? o->ft_timeout_ms
                                    : settings->ft_timeout_ms > 0 ? settings->ft_timeout_ms
                                                                  : 2 * (long)job->ft_delta_ms);
    if (job->ft_timeout_ms <= job->ft_delta_ms) {
        fprintf(stderr, "vmplrun: the failure timeout (%u ms) must exceed the heartbeat period (%u ms)\n",
                job->ft_timeout_ms, job->ft_delta_ms);
        return -2;
    }
    job->hosts = hosts_split(o, job->node_count);
    for (uint32_t n = 0; job->hosts && n < job->node_count; n++)
        if (!rt_host_is_local(job->hosts[n]))
            job->flags |= RT_JOB_REMOTE;
    job->cwd = strdup(getcwd(cwd, sizeof(cwd)) ? cwd : "");
    job->tmpdir = strdup(settings->rt_tmpdir);
    job->vmpld_path = sibling_path("vmpld");
    job->launch_agent = strdup(settings->rt_launch_agent);
    job->argv = calloc(1, sizeof(char *));
    job->env = exports_resolve(o);
    if (!job->hosts || !job->cwd || !job->tmpdir || !job->vmpld_path || !job->launch_agent ||
        !job->argv || !job->env)
        return -1;
    free(job->argv);
    {
        int argc = 0;
        while (o->argv[argc])
            argc++;
        job->argv = calloc((size_t)argc + 1, sizeof(char *));
        for (int i = 0; job->argv && i < argc; i++)
            job->argv[i] = strdup(o->argv[i]);
    }
    run->rank_done = calloc(job->size, 1);
    run->node_failed = calloc(job->node_count, 1);
    return job->argv && run->rank_done && run->node_failed ? 0 : -1;
}

/*
 * The address the daemons reach vmplrun by (rt_addr.h): loopback in a
 * one-host job; else VMPL_RT_ADDR when set, or the source address of the
 * route to the first other host that resolves (node 0's when it is
 * remote: it connects back first), else this host's name. Hosts on
 * networks that the route to that one does not reach need VMPL_RT_ADDR.
 */
static int launcher_address(const rt_job_t *job, char *host, size_t size)
{
    int configured;

    if (!(job->flags & RT_JOB_REMOTE))
        return 0;
    configured = rt_addr_configured(host, size);
    if (configured)
        return configured < 0 ? -1 : 0;
    for (uint32_t n = 0; n < job->node_count; n++)
        if (!rt_host_is_local(job->hosts[n]) && !rt_addr_toward(job->hosts[n], host, size))
            return 0;
    /* no other host resolves: the launch agent will say so for each */
    if (gethostname(host, size - 1))
        snprintf(host, size, "127.0.0.1");
    host[size - 1] = '\0';
    return 0;
}

/*
 * VMPL_RT_JOB_RECORD: the job's id, appended to a file before any daemon
 * starts, so that whoever started vmplrun (a test, a batch system) knows
 * which socket folders and /dev/shm objects are this job's, even when
 * vmplrun is killed.
 */
static int job_record(const vmplrun_t *run)
{
    const char *path = base_settings()->rt_job_record;
    int fd, rc = 0;

    if (!path[0])
        return 0;
    fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
    if (fd < 0 || dprintf(fd, "%s\n", run->job.job_id) < 0) {
        fprintf(stderr, "vmplrun: cannot record the job id in %s: %m\n", path);
        rc = -1;
    }
    if (fd >= 0)
        close(fd);
    return rc;
}

static int signals_block(void)
{
    static const int forwarded[] = {SIGINT, SIGTERM, SIGHUP, SIGUSR1, SIGUSR2, SIGCHLD, SIGPIPE};
    sigset_t set;

    sigemptyset(&set);
    for (size_t i = 0; i < sizeof(forwarded) / sizeof(forwarded[0]); i++) {
        signal(forwarded[i], SIG_DFL); /* an inherited SIG_IGN would hide them from signalfd */
        sigaddset(&set, forwarded[i]);
    }
    sigprocmask(SIG_BLOCK, &set, NULL);
    return signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
}

static void signals_read(vmplrun_t *run)
{
    struct signalfd_siginfo info;

    while (read(run->signal_fd, &info, sizeof(info)) == sizeof(info)) {
        int signo = (int)info.ssi_signo;
        int wait_status;
        pid_t pid;

        if (signo == SIGCHLD) {
            while ((pid = waitpid(-1, &wait_status, WNOHANG)) > 0)
                if (pid == run->daemon_pid) {
                    run->daemon_pid = -1;
                    if (!run->daemon_connected && !run->shutdown_sent)
                        vmplrun_nodes_lost(run, 0, "it exited before connecting");
                }
            continue;
        }
        if (signo == SIGPIPE)
            continue;
        vmplrun_send_all(run, RT_MSG_SIGNAL, &signo, sizeof(signo));
        if (signo == SIGINT && ++run->interrupts == 1) {
            fprintf(stderr, "vmplrun: forwarded SIGINT to the ranks; press Ctrl-C again to kill the job\n");
            continue;
        }
        if (signo == SIGINT || signo == SIGTERM || signo == SIGHUP) {
            fprintf(stderr, "vmplrun: %s: killing the job\n", strsignal(signo));
            vmplrun_fail(run, 128 + signo);
            if (run->daemon.fd < 0) /* nothing to wait for */
                for (uint32_t r = 0; r < run->job.size; r++)
                    run->rank_done[r] = 1, run->ranks_done = run->job.size;
        }
    }
}

/*
 * A connection that must answer our challenge (rt_auth.h) first. Those
 * accepted on TCP are capped and closed without a hello in time, as the
 * daemons' (vmpld_pending_add).
 */
static void pending_add(vmplrun_t *run, int fd, int accepted)
{
    rt_conn_t *grown, *conn;
    int oldest, waiting = accepted ? rt_conn_waiting(run->pending, run->pending_count, &oldest) : 0;

    if (waiting >= RT_PENDING_MAX) {
        if (!run->pending_dropped++)
            base_warn("vmplrun", "%d connections wait for their hello; dropping the oldest",
                      waiting);
        rt_conn_close(&run->pending[oldest]);
    }
    grown = realloc(run->pending, ((size_t)run->pending_count + 1) * sizeof(*grown));
    if (!grown) {
        close(fd);
        return;
    }
    run->pending = grown;
    conn = &run->pending[run->pending_count++];
    rt_conn_init(conn, fd, 0, 0);
    conn->accepted = accepted;
    if (rt_conn_challenge(conn, run->mac_key, run->job.job_id, RT_AUTH_LAUNCHER))
        rt_conn_close(conn);
}

/* Closes accepted connections past their hello deadline; the ms to the next, or -1. */
static int pending_expire(vmplrun_t *run)
{
    int closed, next_ms = rt_conn_expire(run->pending, run->pending_count, &closed);

    if (closed && !run->pending_dropped++)
        base_warn("vmplrun", "closed a connection without a hello in %d ms", RT_HELLO_DEADLINE_MS);
    return next_ms;
}

static void accept_daemon(vmplrun_t *run)
{
    int fd = accept4(run->listen_fd, NULL, NULL, SOCK_CLOEXEC);

    if (fd >= 0)
        pending_add(run, fd, 1);
}

/* A daemon that lost its parent (resilient mode) reports here from now on. */
static rt_conn_t *link_add(vmplrun_t *run, rt_conn_t *conn, uint32_t node)
{
    rt_conn_t *grown = realloc(run->links, ((size_t)run->link_count + 1) * sizeof(*grown));
    uint32_t *nodes;

    if (!grown)
        return NULL;
    run->links = grown;
    nodes = realloc(run->link_node, ((size_t)run->link_count + 1) * sizeof(*nodes));
    if (!nodes)
        return NULL;
    run->link_node = nodes;
    nodes[run->link_count] = node;
    run->links[run->link_count] = *conn;
    return &run->links[run->link_count++];
}

/*
 * The first frame of a connection, answering our challenge: node 0's hello
 * makes it our daemon link; in resilient mode another daemon's hello adds
 * a link (its parent failed); a failure report (from the daemon that saw
 * node 0 fail) is taken and the connection closed. Anything else is refused.
 */
static void pending_frames(vmplrun_t *run, rt_conn_t *conn)
{
    uint32_t type, node;
    const void *payload;
    size_t length;
    rt_buf_t in;
    rt_conn_t *link;
    int rc = rt_conn_next_frame(conn, &type, &payload, &length);

    if (rc == 0)
        return;
    if (rc < 0 || conn->auth.peer >= run->job.node_count) {
        base_warn("vmplrun", "refused a connection: malformed hello, or not answering the "
                  "challenge with the job's key");
        rt_conn_close(conn);
        return;
    }
    rt_buf_wrap(&in, payload, length);
    if (type == RT_MSG_FAILURE) {
        vmplrun_failure(run, &in);
        rt_conn_close(conn);
        return;
    }
    node = rt_buf_get_u32(&in);
    if (type != RT_MSG_HELLO || in.failed || node != conn->auth.peer ||
        (node == 0 ? run->daemon.fd >= 0 : !(run->job.flags & RT_JOB_FT))) {
        base_warn("vmplrun", "refused a connection: not a daemon this launcher expects");
        rt_conn_close(conn);
        return;
    }
    if (node == 0) {
        run->daemon = *conn;
        run->daemon_connected = 1;
        link = &run->daemon;
    } else if (!(link = link_add(run, conn, node))) {
        rt_conn_close(conn);
        return;
    }
    conn->fd = -1;
    rt_buf_init(&conn->in);
    rt_buf_init(&conn->out);
    rt_conn_send(link, RT_MSG_HELLO_OK, NULL, 0);
    if (run->failed)
        rt_conn_send(link, RT_MSG_KILL, NULL, 0);
    else if (run->shutdown_sent)
        rt_conn_send(link, RT_MSG_SHUTDOWN, NULL, 0);
    vmplrun_daemon_frames(run, link);
}

static void stdin_forward(vmplrun_t *run)
{
    char chunk[65536];
    ssize_t n = read(STDIN_FILENO, chunk, sizeof(chunk));

    if (n < 0 && (errno == EINTR || errno == EAGAIN))
        return;
    if (n <= 0) {
        run->stdin_open = 0;
        n = 0;
    }
    rt_conn_send(&run->daemon, RT_MSG_STDIN, chunk, (size_t)n);
}

static int job_over(vmplrun_t *run)
{
    double now = vmplrun_now();

    if (run->deadline && now > run->deadline && !run->failed) {
        fprintf(stderr, "vmplrun: the job ran past its --timeout; killing it\n");
        vmplrun_fail(run, VMPLRUN_EXIT_TIMEOUT);
        run->shutdown_deadline = now + run->job.kill_grace_ms / 1000.0 + 10.0;
    }
    if (run->ranks_done == run->job.size && !run->shutdown_sent) {
        run->shutdown_sent = 1;
        vmplrun_send_all(run, RT_MSG_SHUTDOWN, NULL, 0);
        run->shutdown_deadline = now + run->job.kill_grace_ms / 1000.0 + 10.0;
    }
    if (run->shutdown_deadline && now > run->shutdown_deadline) {
        base_error("vmplrun", "the daemons did not finish in time; giving up on them");
        if (run->daemon_pid > 0)
            kill(run->daemon_pid, SIGKILL); /* the daemons below lose their parent and end */
        run->nodes_lost = 1;               /* their files are ours to remove */
        return 1;
    }
    for (int i = 0; i < run->link_count; i++)
        if (run->links[i].fd >= 0)
            return 0;
    return run->shutdown_sent && run->daemon.fd < 0 && run->daemon_pid <= 0;
}

static void run_loop(vmplrun_t *run)
{
    while (!job_over(run)) {
        int capacity = 5 + run->pending_count + run->link_count, n = 0, daemon_at = -1,
            stdin_at = -1;
        struct pollfd fds[capacity];
        int timeout = run->deadline || run->shutdown_deadline ? 50 : -1;
        int hello_ms = pending_expire(run);
        int watch_ms = vmplrun_watch_timeout_ms(run), watch_at = -1;

        if (hello_ms >= 0 && (timeout < 0 || hello_ms < timeout))
            timeout = hello_ms;
        if (watch_ms >= 0 && (timeout < 0 || watch_ms < timeout))
            timeout = watch_ms;

        fds[n++] = (struct pollfd){.fd = run->signal_fd, .events = POLLIN};
        fds[n++] = (struct pollfd){.fd = run->listen_fd, .events = POLLIN};
        if (run->daemon.fd >= 0) {
            daemon_at = n;
            fds[n++] = (struct pollfd){
                .fd = run->daemon.fd,
                .events = (short)(POLLIN | (rt_conn_wants_write(&run->daemon) ? POLLOUT : 0))};
            if (run->stdin_open && run->daemon.out.length < (1u << 20)) {
                stdin_at = n;
                fds[n++] = (struct pollfd){.fd = STDIN_FILENO, .events = POLLIN};
            }
        }
        if (run->watching) {
            watch_at = n;
            fds[n++] = (struct pollfd){.fd = run->watch_fd, .events = POLLIN};
        }
        int pending_at = n, pending_polled = run->pending_count;
        for (int i = 0; i < pending_polled; i++)
            fds[n++] = (struct pollfd){.fd = run->pending[i].fd, .events = POLLIN};
        int links_at = n, links_polled = run->link_count;
        for (int i = 0; i < links_polled; i++)
            fds[n++] = (struct pollfd){
                .fd = run->links[i].fd,
                .events = (short)(POLLIN | (rt_conn_wants_write(&run->links[i]) ? POLLOUT : 0))};

        if (poll(fds, (nfds_t)n, timeout) < 0 && errno != EINTR)
            break;
        if (watch_at >= 0 && fds[watch_at].revents)
            vmplrun_watch_receive(run);
        if (fds[1].revents)
            accept_daemon(run);
        if (daemon_at >= 0 && fds[daemon_at].revents) {
            if ((fds[daemon_at].revents & POLLOUT) && rt_conn_flush(&run->daemon))
                rt_conn_close(&run->daemon);
            if (run->daemon.fd >= 0 && (fds[daemon_at].revents & (POLLIN | POLLHUP | POLLERR))) {
                if (rt_conn_receive(&run->daemon) > 0)
                    vmplrun_daemon_frames(run, &run->daemon);
                else
                    rt_conn_close(&run->daemon);
            }
            if (run->daemon.fd < 0 && run->ranks_done < run->job.size) {
                if (run->job.flags & RT_JOB_FT)
                    vmplrun_node_failed(run, 0, 0);
                else
                    vmplrun_nodes_lost(run, 0, "its link closed");
            }
        }
        for (int i = 0; i < links_polled; i++) {
            rt_conn_t *link = &run->links[i];
            short revents = fds[links_at + i].revents;
            if (link->fd < 0 || !revents)
                continue;
            if ((revents & POLLOUT) && rt_conn_flush(link))
                rt_conn_close(link);
            if (link->fd >= 0 && (revents & (POLLIN | POLLHUP | POLLERR))) {
                if (rt_conn_receive(link) > 0)
                    vmplrun_daemon_frames(run, link);
                else
                    rt_conn_close(link);
                if (link->fd < 0 && !run->shutdown_sent) /* before shutdown: it failed */
                    vmplrun_node_failed(run, run->link_node[i], 0);
            }
        }
        if (stdin_at >= 0 && fds[stdin_at].revents && run->daemon.fd >= 0)
            stdin_forward(run);
        for (int i = 0; i < pending_polled; i++) { /* accept_daemon may have added more */
            if (!fds[pending_at + i].revents)
                continue;
            if (rt_conn_receive(&run->pending[i]) > 0)
                pending_frames(run, &run->pending[i]);
            else
                rt_conn_close(&run->pending[i]);
        }
        int kept = 0;
        for (int i = 0; i < run->pending_count; i++)
            if (run->pending[i].fd >= 0)
                run->pending[kept++] = run->pending[i];
        run->pending_count = kept;
        /* Signals last: a daemon writes its reports before it exits, so a
           SIGCHLD seen now comes after data this turn has read (a one-node
           daemon leaves without waiting for our shutdown, and its hello
           may still be unread when it is reaped). */
        if (fds[0].revents)
            signals_read(run);
        vmplrun_watch_check(run);
    }
}

/*
 * A daemon that was killed could not remove its node's files. Once the job
 * is over, vmplrun removes those of the nodes on its own host (the ranks of
 * a lost daemon die with it: their parent-death signal is SIGKILL).
 */
static void lost_nodes_sweep(vmplrun_t *run)
{
    char folder[4096];
    int local = 0;

    for (uint32_t node = 0; node < run->job.node_count; node++) {
        if (!rt_host_is_local(run->job.hosts[node]))
            continue;
        local = 1;
        if (!rt_node_folder(folder, sizeof(folder), run->job.tmpdir, run->job.job_id, node))
            rt_remove_node_folder(folder);
    }
    if (local && rt_remove_job_shm(run->job.job_id))
        base_info("vmplrun", "removed shared memory left by lost daemons");
}

static int vmplrun_destroy(vmplrun_t *run, vmplrun_options_t *options)
{
    if (run->nodes_lost && run->job.job_id)
        lost_nodes_sweep(run);
    for (int i = 0; i < run->pending_count; i++)
        rt_conn_close(&run->pending[i]);
    free(run->pending);
    for (int i = 0; i < run->link_count; i++)
        rt_conn_close(&run->links[i]);
    free(run->links);
    free(run->link_node);
    free(run->node_failed);
    rt_conn_close(&run->daemon);
    close(run->listen_fd);
    close(run->signal_fd);
    if (run->watch_fd >= 0)
        close(run->watch_fd);
    free(run->rank_done);
    rt_job_free(&run->job);
    free(options->exports);
    if (!run->failed && run->ft_failures)
        fprintf(stderr, "vmplrun: %d failure%s during the job (--ft); exit code of the first\n",
                run->ft_failures, run->ft_failures == 1 ? "" : "s");
    return run->failed ? run->exit_code : run->ft_exit_code;
}

int main(int argc, char **argv)
{
    vmplrun_options_t options;
    vmplrun_t run = {.signal_fd = -1, .listen_fd = -1, .daemon_pid = -1, .stdin_open = 1,
                     .watch_fd = -1};

    run.daemon.fd = -1;
    if (vmplrun_options_parse(argc, argv, &options)) {
        free(options.exports);
        return VMPLRUN_EXIT_USAGE;
    }
    rt_reap_dead_jobs(base_settings()->rt_tmpdir); /* what killed jobs left here */
    if (!program_runnable(options.argv[0])) {
        fprintf(stderr, "vmplrun: %s: %s\n", options.argv[0],
                strchr(options.argv[0], '/') ? "not an executable file" : "command not found");
        free(options.exports);
        return VMPLRUN_EXIT_NOT_FOUND;
    }
    int built = job_build(&run, &options);
    if (built) { /* -2: the options contradict each other */
        if (built != -2)
            fprintf(stderr, "vmplrun: cannot set up the job\n");
        run.failed = 1;
        run.exit_code = built == -2 ? VMPLRUN_EXIT_USAGE : VMPLRUN_EXIT_RUNTIME;
        return vmplrun_destroy(&run, &options);
    }
    if (access(run.job.vmpld_path, X_OK)) {
        fprintf(stderr, "vmplrun: the node daemon %s is missing: %m\n", run.job.vmpld_path);
        run.failed = 1;
        run.exit_code = VMPLRUN_EXIT_RUNTIME;
        return vmplrun_destroy(&run, &options);
    }
    if (rt_auth_init()) {
        run.failed = 1;
        run.exit_code = VMPLRUN_EXIT_RUNTIME;
        return vmplrun_destroy(&run, &options);
    }
    rt_auth_mac_key(run.job.secret, run.mac_key);
    run.signal_fd = signals_block();
    run.listen_fd = rt_tcp_listen(run.job.flags & RT_JOB_REMOTE, &run.port);
    if (run.signal_fd < 0 || run.listen_fd < 0 || vmplrun_watch_open(&run) || job_record(&run)) {
        run.failed = 1;
        run.exit_code = VMPLRUN_EXIT_RUNTIME;
        return vmplrun_destroy(&run, &options);
    }
    if (options.timeout_s > 0)
        run.deadline = vmplrun_now() + options.timeout_s;
    {
        char host[256] = "127.0.0.1";
        int link_fd;
        if (launcher_address(&run.job, host, sizeof(host))) {
            run.failed = 1;
            run.exit_code = VMPLRUN_EXIT_RUNTIME;
            return vmplrun_destroy(&run, &options);
        }
        run.job.launcher_host = strdup(host);
        run.job.launcher_port = run.port;
        run.daemon_pid = vmpld_spawn(&run.job, 0, host, run.port,
                                     rt_host_is_local(run.job.hosts[0]), &link_fd);
        if (link_fd >= 0)
            pending_add(&run, link_fd, 0);
    }
    if (run.daemon_pid < 0)
        vmplrun_nodes_lost(&run, 0, "could not start it");
    run_loop(&run);
    return vmplrun_destroy(&run, &options);
}
