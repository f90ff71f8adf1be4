/* vmpld: start-up, the poll loop and clean-up of a node daemon (vmpld.h). */
#define _GNU_SOURCE
#include "vmpld.h"

#include "../common/rt_addr.h"
#include "../common/rt_files.h"
#include "../common/rt_launch.h"
#include "../common/rt_reap.h"

#include <base/log.h>
#include <rt/rt.h>

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

double vmpld_now(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static int signals_block(void)
{
    sigset_t set;

    sigemptyset(&set);
    sigaddset(&set, SIGCHLD);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGHUP);
    sigaddset(&set, SIGPIPE);
    sigprocmask(SIG_BLOCK, &set, NULL);
    return signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK);
}

/* The node's owner-only folder and the ranks' Unix socket in it. */
static int unix_listen(vmpld_t *d)
{
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    int fd;

    if (rt_node_folder(d->dir, sizeof(d->dir), d->job->tmpdir, d->job->job_id, d->node)) {
        base_error("vmpld", "socket folder path too long");
        d->dir[0] = '\0';
        return -1;
    }
    snprintf(d->socket_path, sizeof(d->socket_path), "%s/rt.sock", d->dir);
    if (strlen(d->socket_path) >= sizeof(address.sun_path)) {
        base_error("vmpld", "socket path too long: %s", d->socket_path);
        return -1;
    }
    if (mkdir(d->dir, 0700)) {
        base_error("vmpld", "cannot create %s: %m", d->dir);
        d->dir[0] = '\0';
        return -1;
    }
    d->lock_fd = rt_node_lock(d->dir); /* tells a later vmplrun whether we live */
    if (d->lock_fd < 0)
        return -1;
    strcpy(address.sun_path, d->socket_path);
    fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0 || bind(fd, (struct sockaddr *)&address, sizeof(address)) ||
        chmod(d->socket_path, 0600) || listen(fd, 256)) {
        base_error("vmpld", "cannot listen on %s: %m", d->socket_path);
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return fd;
}

/* Removes the node's folder and every shared-memory object of the job. */
static void node_cleanup(vmpld_t *d)
{
    if (d->dir[0])
        rt_remove_node_folder(d->dir);
    rt_remove_job_shm(d->job->job_id);
}

/*
 * The address this daemon advertises (rt_addr.h): loopback in a one-host
 * job; else VMPL_RT_ADDR when set, the parent's when the parent forked us
 * (same host), or the local end of our TCP link to the parent, which left
 * by the interface that reaches the parent's host.
 */
static int daemon_address(vmpld_t *d)
{
    int configured;

    if (!(d->job->flags & RT_JOB_REMOTE)) {
        strcpy(d->host, "127.0.0.1");
        return 0;
    }
    configured = rt_addr_configured(d->host, sizeof(d->host));
    if (configured)
        return configured < 0 ? -1 : 0;
    if (d->start.parent_fd >= 0) {
        snprintf(d->host, sizeof(d->host), "%s", d->start.parent_host);
        return 0;
    }
    if (rt_addr_of_connection(d->parent.fd, d->host, sizeof(d->host))) {
        base_error("vmpld", "node %u: no local address on the link to the parent: %m", d->node);
        return -1;
    }
    return 0;
}

static int daemon_setup(vmpld_t *d)
{
    rt_job_t *job = d->job;
    uint32_t first, end;
    int link_fd;
    rt_buf_t hello;

    d->node = d->start.node;
    if (rt_auth_init())
        return -1;
    rt_auth_mac_key(job->secret, d->mac_key);
    d->signal_fd = signals_block();
    d->tcp_fd = rt_tcp_listen(job->flags & RT_JOB_REMOTE, &d->port);
    d->unix_fd = unix_listen(d);
    d->udp_fd = vmpld_detector_socket(job->flags & RT_JOB_REMOTE, &d->udp_port);
    if (d->signal_fd < 0 || d->tcp_fd < 0 || d->unix_fd < 0 || d->udp_fd < 0)
        return -1;
    rt_conn_init(&d->parent, d->start.parent_fd >= 0 ? d->start.parent_fd
                             : rt_tcp_connect(d->start.parent_host, d->start.parent_port), 0, -1);
    if (d->parent.fd < 0 || daemon_address(d))
        return -1;
    rt_buf_init(&hello);
    rt_hello_encode(&hello, d->node, d->port, d->host);
    if (hello.failed || rt_conn_hello(&d->parent, d->mac_key, d->node, RT_CHALLENGE_WAIT_MS,
                                      RT_MSG_HELLO, hello.data, hello.length)) {
        base_error("vmpld", "node %u: hello to the parent failed: %m", d->node);
        rt_buf_free(&hello);
        return -1;
    }
    rt_buf_free(&hello);

    d->rank_first = rt_job_first_rank(job, d->node);
    d->rank_count = rt_job_first_rank(job, d->node + 1) - d->rank_first;
    d->ranks = calloc((size_t)d->rank_count + 1, sizeof(*d->ranks));
    rt_job_children(job, d->node, &first, &end);
    d->child_count = end - first;
    d->children = calloc((size_t)d->child_count + 1, sizeof(*d->children));
    if (!d->ranks || !d->children)
        return -1;
    for (int i = 0; i < d->rank_count; i++) {
        d->ranks[i].rank = d->rank_first + i;
        d->ranks[i].conn.fd = -1;
        for (int s = 0; s < 3; s++)
            d->ranks[i].stream_fd[s] = -1;
    }
    for (uint32_t i = 0; i < d->child_count; i++) {
        vmpld_child_t *c = &d->children[i];
        c->node = first + i;
        c->conn.fd = -1;
        c->pid = vmpld_spawn(job, c->node, d->host, d->port,
                             rt_job_same_host(job, d->node, c->node), &link_fd);
        if (c->pid < 0)
            vmpld_child_lost(d, c, "could not start it");
        else if (link_fd >= 0)
            vmpld_pending_add(d, link_fd, 0);
    }
    if (vmpld_board_create(d))
        return -1;
    if (job->node_count == 1)
        vmpld_table_known(d); /* vmplrun observes us: heartbeats from now on */
    return vmpld_ranks_spawn(d);
}

enum { POLL_SIGNAL, POLL_TCP, POLL_UNIX, POLL_PARENT, POLL_CHILD, POLL_RANK, POLL_STREAM,
       POLL_PENDING, POLL_DETECTOR };

typedef struct {
    int kind, index, stream;
} poll_owner_t;

/* Is the peer of a Unix connection one of this node's ranks (SO_PEERCRED)? */
static int unix_peer_is_rank(vmpld_t *d, int fd)
{
    struct ucred cred;
    socklen_t length = sizeof(cred);

    if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &cred, &length))
        return 0;
    for (int i = 0; i < d->rank_count; i++)
        if (d->ranks[i].pid == cred.pid && d->ranks[i].pid > 0)
            return 1;
    base_warn("vmpld", "node %u: refused a connection on the rank socket from pid %d uid %d: "
              "not one of this node's ranks", d->node, (int)cred.pid, (int)cred.uid);
    return 0;
}

static void accept_on(vmpld_t *d, int listen_fd)
{
    int fd = accept4(listen_fd, NULL, NULL, SOCK_CLOEXEC);

    if (fd < 0)
        return;
    if (listen_fd == d->unix_fd && !unix_peer_is_rank(d, fd)) {
        close(fd);
        return;
    }
    vmpld_pending_add(d, fd, listen_fd == d->tcp_fd);
}

/*
 * A connection that has to prove it knows the job's key (the hello,
 * rt_auth.h) before anything else. Connections accepted on TCP are capped
 * (RT_PENDING_MAX: the oldest makes room) and get RT_HELLO_DEADLINE_MS.
 */
void vmpld_pending_add(vmpld_t *d, int fd, int accepted)
{
    rt_conn_t *grown, *conn;
    int oldest, waiting = accepted ? rt_conn_waiting(d->pending, d->pending_count, &oldest) : 0;

    if (waiting >= RT_PENDING_MAX) {
        if (!d->pending_dropped++)
            base_warn("vmpld", "node %u: %d connections wait for their hello; dropping the oldest",
                      d->node, waiting);
        rt_conn_close(&d->pending[oldest]);
    }
    grown = realloc(d->pending, ((size_t)d->pending_count + 1) * sizeof(*grown));
    if (!grown) {
        close(fd);
        return;
    }
    d->pending = grown;
    conn = &d->pending[d->pending_count++];
    rt_conn_init(conn, fd, POLL_PENDING, 0);
    conn->accepted = accepted;
    if (rt_conn_challenge(conn, d->mac_key, d->job->job_id, d->node))
        rt_conn_close(conn);
}

int vmpld_pending_expire(vmpld_t *d)
{
    int closed, next_ms = rt_conn_expire(d->pending, d->pending_count, &closed);

    if (closed && !d->pending_dropped++)
        base_warn("vmpld", "node %u: closed a connection without a hello in %d ms", d->node,
                  RT_HELLO_DEADLINE_MS);
    return next_ms;
}

static void signals_read(vmpld_t *d)
{
    struct signalfd_siginfo info;

    while (read(d->signal_fd, &info, sizeof(info)) == sizeof(info)) {
        if (info.ssi_signo == SIGCHLD) {
            vmpld_children_reap(d);
        } else if (info.ssi_signo != SIGPIPE) {
            base_warn("vmpld", "node %u: signal %u: killing the node's ranks", d->node, info.ssi_signo);
            vmpld_shutdown_begin(d);
        }
    }
}

static int conn_readable(rt_conn_t *conn)
{
    int rc = rt_conn_receive(conn);

    if (rc <= 0)
        rt_conn_close(conn);
    return rc > 0;
}

/* The link to the parent (a daemon, or vmplrun) closed or failed a write. */
void vmpld_parent_lost(vmpld_t *d)
{
    if (d->shutting_down)
        return;
    if (d->node_failed && (d->job->flags & RT_JOB_FT) && d->node != 0 && !d->reattached) {
        /* resilient mode: the parent daemon died; we carry on under vmplrun */
        vmpld_failure_detected(d, VMPLD_FAIL_NODE, (d->node - 1) / d->job->fanout,
                               RT_FAILURE_NODE, 0);
    } else {
        base_error("vmpld", "node %u: lost the link to the launcher; killing the node's ranks",
                   d->node);
        vmpld_shutdown_begin(d);
    }
}

static void dispatch(vmpld_t *d, const poll_owner_t *owner, short revents)
{
    if (owner->kind == POLL_STREAM) {
        vmpld_rank_t *r = &d->ranks[owner->index];
        if (owner->stream == 0)
            vmpld_rank_stdin_writable(d, r);
        else
            vmpld_rank_stream_readable(d, r, owner->stream);
        return;
    }
    if (owner->kind == POLL_SIGNAL)
        return signals_read(d);
    if (owner->kind == POLL_DETECTOR)
        return vmpld_detector_events(d);
    if (owner->kind == POLL_TCP || owner->kind == POLL_UNIX)
        return accept_on(d, owner->kind == POLL_TCP ? d->tcp_fd : d->unix_fd);

    rt_conn_t *conn = owner->kind == POLL_PARENT  ? &d->parent
                      : owner->kind == POLL_CHILD ? &d->children[owner->index].conn
                      : owner->kind == POLL_RANK  ? &d->ranks[owner->index].conn
                                                  : &d->pending[owner->index];
    /* a link that fails to take our bytes is lost, as one that reached its end */
    int lost = (revents & POLLOUT) && rt_conn_flush(conn);
    if (!lost && (revents & (POLLIN | POLLHUP | POLLERR)))
        lost = !conn_readable(conn);
    if (lost) {
        rt_conn_close(conn);
        if (owner->kind == POLL_PARENT) {
            vmpld_parent_lost(d);
        } else if (owner->kind == POLL_CHILD) {
            vmpld_child_t *c = &d->children[owner->index];
            if (d->node_failed && !d->shutting_down) /* the detector is running */
                vmpld_failure_detected(d, VMPLD_FAIL_NODE, c->node, RT_FAILURE_NODE, 0);
            else
                vmpld_child_lost(d, c, "its link closed");
        }
        return;
    }
    if (owner->kind == POLL_PARENT)
        vmpld_parent_frames(d);
    else if (owner->kind == POLL_CHILD)
        vmpld_child_frames(d, &d->children[owner->index]);
    else if (owner->kind == POLL_RANK)
        vmpld_rank_frames(d, &d->ranks[owner->index]);
    else
        vmpld_pending_frames(d, owner->index);
}

static int add_conn(struct pollfd *fds, poll_owner_t *owners, int n, const rt_conn_t *conn,
                    int kind, int index)
{
    if (conn->fd < 0)
        return n;
    fds[n] = (struct pollfd){.fd = conn->fd,
                             .events = (short)(POLLIN | (rt_conn_wants_write(conn) ? POLLOUT : 0))};
    owners[n] = (poll_owner_t){kind, index, 0};
    return n + 1;
}

static int finished(vmpld_t *d)
{
    if (!d->shutting_down)
        return 0;
    if (vmpld_now() > d->shutdown_deadline)
        return 1;
    if (vmpld_ranks_alive(d))
        return 0;
    for (uint32_t i = 0; i < d->child_count; i++)
        if (d->children[i].conn.fd >= 0 || d->children[i].pid > 0)
            return 0;
    return !rt_conn_wants_write(&d->parent);
}

static void pending_compact(vmpld_t *d)
{
    int kept = 0;

    for (int i = 0; i < d->pending_count; i++)
        if (d->pending[i].fd >= 0)
            d->pending[kept++] = d->pending[i];
    d->pending_count = kept;
}

static void daemon_loop(vmpld_t *d)
{
    while (!finished(d)) {
        int capacity = 5 + (int)d->child_count + 4 * d->rank_count + d->pending_count, n = 0;
        struct pollfd *fds = calloc((size_t)capacity, sizeof(*fds));
        poll_owner_t *owners = calloc((size_t)capacity, sizeof(*owners));
        int timeout = d->killing || d->shutting_down ? 50 : -1;
        int stop_ms = vmpld_ranks_stop_check(d);
        int hello_ms = vmpld_pending_expire(d);

        if (stop_ms >= 0 && (timeout < 0 || stop_ms < timeout))
            timeout = stop_ms;
        if (hello_ms >= 0 && (timeout < 0 || hello_ms < timeout))
            timeout = hello_ms;

        if (!fds || !owners) {
            free(fds);
            free(owners);
            vmpld_shutdown_begin(d);
            usleep(10000);
            continue;
        }
        fds[n] = (struct pollfd){.fd = d->signal_fd, .events = POLLIN};
        owners[n++] = (poll_owner_t){POLL_SIGNAL, 0, 0};
        fds[n] = (struct pollfd){.fd = d->tcp_fd, .events = POLLIN};
        owners[n++] = (poll_owner_t){POLL_TCP, 0, 0};
        fds[n] = (struct pollfd){.fd = d->unix_fd, .events = POLLIN};
        owners[n++] = (poll_owner_t){POLL_UNIX, 0, 0};
        if (d->detector_fd >= 0) {
            fds[n] = (struct pollfd){.fd = d->detector_fd, .events = POLLIN};
            owners[n++] = (poll_owner_t){POLL_DETECTOR, 0, 0};
        }
        n = add_conn(fds, owners, n, &d->parent, POLL_PARENT, 0);
        for (uint32_t i = 0; i < d->child_count; i++)
            n = add_conn(fds, owners, n, &d->children[i].conn, POLL_CHILD, (int)i);
        for (int i = 0; i < d->rank_count; i++) {
            vmpld_rank_t *r = &d->ranks[i];
            n = add_conn(fds, owners, n, &r->conn, POLL_RANK, i);
            for (int s = 0; s < 3; s++) {
                if (r->stream_fd[s] < 0 || (s == 0 && r->stdin_queue.length == 0))
                    continue;
                fds[n] = (struct pollfd){.fd = r->stream_fd[s], .events = s ? POLLIN : POLLOUT};
                owners[n++] = (poll_owner_t){POLL_STREAM, i, s};
            }
        }
        for (int i = 0; i < d->pending_count; i++)
            n = add_conn(fds, owners, n, &d->pending[i], POLL_PENDING, i);

        if (poll(fds, (nfds_t)n, timeout) < 0 && errno != EINTR) {
            base_error("vmpld", "poll: %m");
            vmpld_shutdown_begin(d);
        }
        for (int i = 0; i < n; i++)
            if (fds[i].revents)
                dispatch(d, &owners[i], fds[i].revents);
        pending_compact(d);
        if (d->parent.fd >= 0 && rt_conn_flush(&d->parent)) { /* this turn's reports, at once */
            rt_conn_close(&d->parent);
            vmpld_parent_lost(d);
        }
        if (d->killing && vmpld_now() > d->kill_deadline)
            vmpld_ranks_signal(d, SIGKILL);
        free(fds);
        free(owners);
    }
}

static void vmpld_destroy(vmpld_t *d)
{
    for (int i = 0; d->ranks && i < d->rank_count; i++) {
        vmpld_rank_t *r = &d->ranks[i];
        rt_conn_close(&r->conn);
        for (int s = 0; s < 3; s++) {
            if (r->stream_fd[s] >= 0)
                close(r->stream_fd[s]);
            rt_buf_free(&r->line[s]);
        }
        rt_buf_free(&r->stdin_queue);
    }
    for (uint32_t i = 0; d->children && i < d->child_count; i++)
        rt_conn_close(&d->children[i].conn);
    for (int i = 0; i < d->pending_count; i++)
        rt_conn_close(&d->pending[i]);
    free(d->ranks);
    free(d->children);
    free(d->pending);
    free(d->node_failed);
    if (d->udp_fd >= 0)
        close(d->udp_fd);
    rt_buf_free(&d->fence_blob);
    rt_buf_free(&d->ready_entries);
    rt_buf_free(&d->table);
    rt_buf_free(&d->early_failures);
    rt_buf_free(&d->node_failures);
    rt_conn_close(&d->parent);
    if (d->lock_fd >= 0)
        close(d->lock_fd); /* after node_cleanup: our folder is gone by now */
    free(d->start.parent_host);
    rt_job_free(&d->start.job);
}

int vmpld_run(rt_daemon_start_t *start)
{
    vmpld_t daemon = {.signal_fd = -1, .tcp_fd = -1, .unix_fd = -1, .udp_fd = -1,
                      .detector_fd = -1, .lock_fd = -1, .start = *start};
    vmpld_t *d = &daemon;
    int devnull;

    d->parent.fd = -1;
    d->job = &d->start.job;
    prctl(PR_SET_NAME, "vmpld"); /* a forked daemon shows as vmpld in ps, ss, pgrep */
    devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (devnull >= 0) {
        dup2(devnull, STDIN_FILENO);
        close(devnull);
    }
    setsid(); /* the terminal's signals reach vmplrun only, which forwards them */
    if (daemon_setup(d)) {
        base_error("vmpld", "node %u: start-up failed", d->start.node);
        vmpld_shutdown_begin(d);
    }
    daemon_loop(d);
    vmpld_ranks_signal(d, SIGKILL);
    for (uint32_t i = 0; i < d->child_count; i++)
        if (d->children[i].pid > 0)
            kill(d->children[i].pid, SIGKILL);
    vmpld_detector_stop(d);
    vmpld_board_destroy(d);
    node_cleanup(d);
    vmpld_destroy(d);
    return 0;
}
