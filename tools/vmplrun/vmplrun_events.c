/* vmplrun: what the daemons report, and the job's status. */
#define _GNU_SOURCE
#include "vmplrun.h"

#include <base/log.h>

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

/*
 * The first failure decides the job's exit code; the rest of the job is
 * killed, except in resilient mode, where rank failures only set the code.
 */
static void ft_record(vmplrun_t *run, int exit_code)
{
    run->ft_failures++;
    if (!run->ft_exit_code)
        run->ft_exit_code = exit_code;
}

void vmplrun_fail(vmplrun_t *run, int exit_code)
{
    if (run->failed)
        return;
    run->failed = 1;
    run->exit_code = exit_code;
    vmplrun_send_all(run, RT_MSG_KILL, NULL, 0);
    /* the kill is bounded too: ranks the daemons cannot reach are given up on */
    if (!run->shutdown_deadline)
        run->shutdown_deadline = vmplrun_now() + run->job.kill_grace_ms / 1000.0 + 10.0;
}

void vmplrun_send_all(vmplrun_t *run, uint32_t type, const void *payload, size_t length)
{
    if (run->daemon.fd >= 0)
        rt_conn_send(&run->daemon, type, payload, length);
    for (int i = 0; i < run->link_count; i++)
        if (run->links[i].fd >= 0)
            rt_conn_send(&run->links[i], type, payload, length);
}

static void mark_done(vmplrun_t *run, long rank)
{
    if (rank >= 0 && rank < (long)run->job.size && !run->rank_done[rank]) {
        run->rank_done[rank] = 1;
        run->ranks_done++;
    }
}

/* A daemon and its subtree are gone: their ranks will never report. */
void vmplrun_nodes_lost(vmplrun_t *run, uint32_t node, const char *reason)
{
    uint32_t first = node, end = node + 1;

    if (!run->failed)
        fprintf(stderr, "vmplrun: lost the daemon of node %u%s%s: %s\n", node,
                run->job.hosts[node][0] ? " on host " : "", run->job.hosts[node], reason);
    vmplrun_fail(run, VMPLRUN_EXIT_RUNTIME);
    run->nodes_lost = 1;
    while (first < run->job.node_count) { /* the subtree, level by level */
        for (long r = rt_job_first_rank(&run->job, first);
             r < rt_job_first_rank(&run->job, end < run->job.node_count ? end : run->job.node_count); r++)
            mark_done(run, r);
        first = first * run->job.fanout + 1;
        end = (end - 1) * run->job.fanout + run->job.fanout + 1;
    }
}

static void io_write(vmplrun_t *run, rt_buf_t *in)
{
    uint32_t rank = rt_buf_get_u32(in), stream = rt_buf_get_u32(in);
    size_t length;
    const char *data = rt_buf_get_bytes(in, &length);
    FILE *to = stream == 2 ? stderr : stdout;

    if (in->failed)
        return;
    if (!(run->job.flags & RT_JOB_TAG_OUTPUT)) {
        fwrite(data, 1, length, to);
    } else {
        while (length) {
            const char *newline = memchr(data, '\n', length);
            size_t line = newline ? (size_t)(newline - data) + 1 : length;
            fprintf(to, "[%u] ", rank);
            fwrite(data, 1, line, to);
            data += line;
            length -= line;
        }
    }
    fflush(to);
}

static void rank_exit(vmplrun_t *run, rt_buf_t *in)
{
    uint32_t rank = rt_buf_get_u32(in), pid = rt_buf_get_u32(in), node = rt_buf_get_u32(in);
    int status = (int)rt_buf_get_u32(in);
    uint32_t flags = rt_buf_get_u32(in);

    if (in->failed || rank >= run->job.size || run->rank_done[rank])
        return;
    mark_done(run, rank);
    if (run->failed)
        return; /* killed along with the job */
    if ((run->job.flags & RT_JOB_FT) &&
        (WIFSIGNALED(status) || WEXITSTATUS(status) || (flags & RT_EXIT_NOT_FINALIZED))) {
        char how[64];
        if (WIFSIGNALED(status))
            snprintf(how, sizeof(how), "killed by signal %d (%s)", WTERMSIG(status),
                     strsignal(WTERMSIG(status)));
        else
            snprintf(how, sizeof(how), "exited with code %d%s", WEXITSTATUS(status),
                     (flags & RT_EXIT_NOT_FINALIZED) ? " without finalizing" : "");
        fprintf(stderr, "vmplrun: rank %u (pid %u on node %u) %s; the job goes on (--ft)\n",
                rank, pid, node, how);
        ft_record(run, WIFSIGNALED(status)    ? 128 + WTERMSIG(status)
                       : WEXITSTATUS(status) ? WEXITSTATUS(status)
                                             : 1);
        return;
    }
    if (WIFSIGNALED(status)) {
        fprintf(stderr, "vmplrun: rank %u (pid %u on node %u) killed by signal %d (%s)\n", rank,
                pid, node, WTERMSIG(status), strsignal(WTERMSIG(status)));
        vmplrun_fail(run, 128 + WTERMSIG(status));
    } else if (WEXITSTATUS(status)) {
        fprintf(stderr, "vmplrun: rank %u (pid %u on node %u) exited with code %d\n", rank, pid,
                node, WEXITSTATUS(status));
        vmplrun_fail(run, WEXITSTATUS(status));
    } else if (flags & RT_EXIT_NOT_FINALIZED) {
        fprintf(stderr,
                "vmplrun: rank %u (pid %u on node %u) exited with code 0 without finalizing; "
                "the other ranks could wait for it forever\n", rank, pid, node);
        vmplrun_fail(run, 1);
    }
}

static void rank_abort(vmplrun_t *run, rt_buf_t *in)
{
    uint32_t rank = rt_buf_get_u32(in), code = rt_buf_get_u32(in);
    const char *reason = rt_buf_get_str(in);

    if (in->failed || run->failed)
        return;
    fprintf(stderr, "vmplrun: rank %u aborted the job with code %u%s%s\n", rank, code,
            reason[0] ? ": " : "", reason);
    vmplrun_fail(run, (int)(code & 255) ? (int)(code & 255) : 1);
}

/*
 * A node failed: its daemon died or stopped answering heartbeats. Resilient
 * mode loses that node's ranks only (its children report to vmplrun
 * directly); otherwise the job ends.
 */
void vmplrun_node_failed(vmplrun_t *run, uint32_t node, uint32_t silence_ms)
{
    long first = rt_job_first_rank(&run->job, node), end = rt_job_first_rank(&run->job, node + 1);
    char reason[96], ranks[64] = "";

    if (node >= run->job.node_count || run->node_failed[node])
        return;
    run->node_failed[node] = 1;
    run->nodes_lost = 1; /* its files are ours to remove */
    if (silence_ms)
        snprintf(reason, sizeof(reason), "no heartbeat for %u ms", silence_ms);
    else
        snprintf(reason, sizeof(reason), "its daemon died");
    if (end == first + 1)
        snprintf(ranks, sizeof(ranks), "; rank %ld is lost", first);
    else if (end > first)
        snprintf(ranks, sizeof(ranks), "; ranks %ld-%ld are lost", first, end - 1);
    if (node == 0 && run->daemon_pid > 0 && rt_host_is_local(run->job.hosts[0]))
        kill(run->daemon_pid, SIGKILL); /* fence it: its ranks die with it */
    if (!(run->job.flags & RT_JOB_FT)) {
        strncat(reason, ranks, sizeof(reason) - strlen(reason) - 1);
        vmplrun_nodes_lost(run, node, reason);
        return;
    }
    fprintf(stderr, "vmplrun: node %u failed: %s%s; the job goes on (--ft)\n", node, reason, ranks);
    ft_record(run, VMPLRUN_EXIT_RUNTIME);
    for (long r = first; r < end; r++)
        mark_done(run, r);
}

/* RT_MSG_FAILURE: kind, id, cause, detail, origin. Rank failures also come as exits. */
void vmplrun_failure(vmplrun_t *run, rt_buf_t *in)
{
    uint32_t kind = rt_buf_get_u32(in), id = rt_buf_get_u32(in);
    uint32_t cause = rt_buf_get_u32(in), detail = rt_buf_get_u32(in);

    (void)cause;
    if (!in->failed && kind == VMPLD_FAIL_NODE)
        vmplrun_node_failed(run, id, detail);
}

void vmplrun_daemon_frames(vmplrun_t *run, rt_conn_t *conn)
{
    uint32_t type;
    const void *payload;
    size_t length;
    rt_buf_t in;
    int rc;

    while ((rc = rt_conn_next_frame(conn, &type, &payload, &length)) > 0) {
        rt_buf_wrap(&in, payload, length);
        switch (type) {
        case RT_MSG_IO:
            io_write(run, &in);
            break;
        case RT_MSG_RANK_EXIT:
            rank_exit(run, &in);
            break;
        case RT_MSG_ABORT:
            rank_abort(run, &in);
            break;
        case RT_MSG_LAUNCH_FAILED: {
            uint32_t node = rt_buf_get_u32(&in);
            const char *reason = rt_buf_get_str(&in);
            if (!in.failed && node < run->job.node_count)
                vmplrun_nodes_lost(run, node, reason);
            break;
        }
        case RT_MSG_READY:
            break; /* the whole tree is wired */
        case RT_MSG_FAILURE:
            vmplrun_failure(run, &in);
            break;
        default:
            base_warn("vmplrun", "unexpected message %u from the daemons", type);
        }
    }
    if (rc < 0) {
        base_error("vmplrun", "malformed frame from a daemon");
        rt_conn_close(conn);
    }
}
