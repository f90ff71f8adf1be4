/* vmpld: watching and signalling the node's ranks. */
#define _GNU_SOURCE
#include "vmpld.h"

#include <base/log.h>
#include <rt/rt.h>
#include <base/settings.h>

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define LINE_FLUSH_BYTES 4096

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
    if (vmpld_ranks_alive(d))
        return;
    vmpld_spawners_release();
    /* a single-node job is over once its ranks are: no need to wait for
       vmplrun's shutdown (it will send one; it finds the daemon leaving) */
    if (d->node == 0 && d->child_count == 0 && d->rank_count)
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
