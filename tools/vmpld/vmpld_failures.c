/*
 * vmpld: what the main thread does about failures. It detects rank deaths
 * (SIGCHLD) and lost links itself, hands every failure to the detector
 * thread for the broadcast, and acts on every failure the detector reports
 * (its own detections come back too, so one path handles all):
 *   - marks the failed ranks on the node's failure board and wakes the
 *     local ranks (the star step of the propagation);
 *   - breaks the bootstrap fences (vmpld_fences_break): node 0 decides, so
 *     that a fence completed before the failure completes everywhere; a
 *     daemon whose parent failed decides for its subtree;
 *   - node 0, and daemons that report to vmplrun directly since their
 *     parent failed, pass the report to vmplrun; the daemon that detected
 *     node 0's failure also tells vmplrun over a fresh connection;
 *   - in resilient mode a daemon whose parent failed re-attaches to vmplrun.
 * A daemon that the others declared failed kills its ranks and leaves.
 */
#define _GNU_SOURCE
#include "vmpld.h"

#include "../common/rt_launch.h"

#include <base/log.h>
#include <rt/rt.h>

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static void failure_encode(rt_buf_t *out, const vmpld_event_t *e)
{
    rt_buf_put_u32(out, e->kind);
    rt_buf_put_u32(out, e->id);
    rt_buf_put_u32(out, e->cause);
    rt_buf_put_u32(out, e->detail);
    rt_buf_put_u32(out, e->origin);
}

/* Node 0 is gone: the daemon that saw it tells vmplrun over a fresh connection. */
static void report_to_launcher(vmpld_t *d, const vmpld_event_t *e)
{
    rt_buf_t out;
    rt_auth_session_t session;
    int fd = rt_tcp_connect(d->job->launcher_host, d->job->launcher_port);

    if (fd < 0) {
        base_error("vmpld", "node %u: cannot reach vmplrun to report node %u", d->node, e->id);
        return;
    }
    rt_buf_init(&out);
    failure_encode(&out, e);
    if (!out.failed && rt_auth_hello(fd, &session, d->mac_key, d->node, RT_CHALLENGE_WAIT_MS,
                                     RT_MSG_FAILURE, out.data, out.length))
        base_error("vmpld", "node %u: report of node %u to vmplrun failed: %m", d->node, e->id);
    rt_buf_free(&out);
    close(fd);
}

/*
 * Whatever we sent up since the parent failed, and what it had not passed
 * on, is lost: tell vmplrun (which ignores repeats) of every failed node we
 * know of, and have the subtree send its ranks' exits again.
 */
static void reports_again(vmpld_t *d)
{
    uint32_t none = 0;

    for (size_t at = 0; at + sizeof(vmpld_event_t) <= d->node_failures.length;
         at += sizeof(vmpld_event_t)) {
        vmpld_event_t e;
        rt_buf_t out;
        memcpy(&e, d->node_failures.data + at, sizeof(e));
        rt_buf_init(&out);
        failure_encode(&out, &e);
        if (!out.failed)
            vmpld_send_up(d, RT_MSG_FAILURE, out.data, out.length);
        rt_buf_free(&out);
    }
    vmpld_ranks_exits_again(d);
    vmpld_send_down(d, RT_MSG_EXITS_AGAIN, &none, sizeof(none));
}

/* Resilient mode: our parent failed, so vmplrun becomes our parent. */
static void reattach(vmpld_t *d)
{
    rt_buf_t hello;

    if (d->reattached || d->shutting_down)
        return;
    d->reattached = 1;
    rt_conn_close(&d->parent);
    rt_conn_init(&d->parent, rt_tcp_connect(d->job->launcher_host, d->job->launcher_port), 0, -1);
    rt_buf_init(&hello);
    rt_hello_encode(&hello, d->node, d->port, d->host);
    if (d->parent.fd < 0 || hello.failed ||
        rt_conn_hello(&d->parent, d->mac_key, d->node, RT_CHALLENGE_WAIT_MS, RT_MSG_HELLO,
                      hello.data, hello.length)) {
        base_error("vmpld", "node %u: parent failed and vmplrun is unreachable; leaving", d->node);
        vmpld_shutdown_begin(d);
    } else {
        base_info("vmpld", "node %u: parent failed; reporting to vmplrun directly", d->node);
        reports_again(d);
    }
    rt_buf_free(&hello);
}

void vmpld_fence_failed_reply(vmpld_t *d, vmpld_rank_t *r, uint32_t epoch)
{
    (void)d;
    r->fence_waiting = 0;
    if (r->conn.fd >= 0)
        rt_conn_send(&r->conn, RT_MSG_FENCE_FAILED, &epoch, sizeof(epoch));
}

/* No fence can complete any more: fail the open one here and below. */
void vmpld_fences_break(vmpld_t *d)
{
    uint32_t none = 0;

    if (d->fences_broken)
        return;
    d->fences_broken = 1;
    for (int i = 0; i < d->rank_count; i++)
        if (d->ranks[i].fence_waiting)
            vmpld_fence_failed_reply(d, &d->ranks[i], d->ranks[i].fence_waiting - 1);
    d->fence_arrived = 0;
    d->fence_blob.length = 0;
    vmpld_send_down(d, RT_MSG_FENCE_FAILED, &none, sizeof(none));
}

/*
 * A rank the job now counts as failed must not run on: when the report
 * names a live local rank (a detector's mistake, or a report this daemon
 * cannot check) it is killed, so every rank's view of who is alive holds.
 */
static void rank_fence(vmpld_t *d, const vmpld_event_t *e)
{
    vmpld_rank_t *r;

    if ((int)e->id < d->rank_first || (int)e->id >= d->rank_first + d->rank_count)
        return;
    r = &d->ranks[(int)e->id - d->rank_first];
    if (r->pid <= 0 || r->exited_pid) /* not started, or reaped (its pid may be reused) */
        return;
    base_warn("vmpld", "node %u: rank %d reported failed by node %u while it runs: killing it",
              d->node, r->rank, e->origin);
    kill(r->pid, SIGKILL);
}

static void failure_handle(vmpld_t *d, const vmpld_event_t *e)
{
    int first = (int)e->id, end = (int)e->id + 1, cause = (int)e->cause;
    uint32_t parent = d->node ? (d->node - 1) / d->job->fanout : UINT32_MAX;
    rt_buf_t out;

    if (e->kind == VMPLD_FAIL_NODE) {
        if (e->id >= d->job->node_count || (d->node_failed && d->node_failed[e->id]))
            return;
        if (d->node_failed)
            d->node_failed[e->id] = 1;
        rt_buf_put_raw(&d->node_failures, e, sizeof(*e));
        first = rt_job_first_rank(d->job, e->id);
        end = rt_job_first_rank(d->job, e->id + 1);
        cause = RT_FAILURE_NODE;
        for (uint32_t i = 0; i < d->child_count; i++)
            if (d->children[i].node == e->id) {
                d->children[i].done = 1;
                rt_conn_close(&d->children[i].conn);
            }
        if (e->id == parent)
            vmpld_parent_drain(d);
        if (e->id == parent && (d->job->flags & RT_JOB_FT))
            reattach(d);
    } else if (e->kind != VMPLD_FAIL_RANK || e->id >= d->job->size ||
               vmpld_board_failed(d, (int)e->id)) {
        return;
    }
    if (vmpld_board_mark(d, first, end, cause))
        vmpld_board_publish(d);
    if (e->kind == VMPLD_FAIL_RANK)
        rank_fence(d, e);
    /* Node 0 completes fences atomically, so whatever fence is open when it
       hears of a failure cannot complete. Other daemons wait for its word:
       a FENCE_DONE may be on its way to them. */
    if (d->node == 0 || (e->kind == VMPLD_FAIL_NODE && e->id == parent))
        vmpld_fences_break(d);
    /* node 0 tells vmplrun; if it failed, the daemons that report to
       vmplrun directly do (vmplrun ignores repeats) */
    if (d->node == 0 || d->reattached) {
        rt_buf_init(&out);
        failure_encode(&out, e);
        if (!out.failed)
            vmpld_send_up(d, RT_MSG_FAILURE, out.data, out.length);
        rt_buf_free(&out);
    } else if (e->kind == VMPLD_FAIL_NODE && e->id == 0 && e->origin == d->node) {
        report_to_launcher(d, e);
    }
}

void vmpld_failure_detected(vmpld_t *d, uint32_t kind, uint32_t id, uint32_t cause,
                            uint32_t detail)
{
    vmpld_event_t e = {.what = VMPLD_EV_FAILED, .kind = kind, .id = id, .cause = cause,
                       .detail = detail, .origin = d->node};

    failure_handle(d, &e);
    if (d->detector)
        vmpld_detector_tell(d, &e); /* the broadcast */
    else if (d->job->node_count > 1) /* broadcast once the detector runs */
        rt_buf_put_raw(&d->early_failures, &e, sizeof(e));
}

void vmpld_detector_events(vmpld_t *d)
{
    vmpld_event_t e;
    ssize_t got;

    while ((got = recv(d->detector_fd, &e, sizeof(e), MSG_DONTWAIT)) == sizeof(e)) {
        if (e.what == VMPLD_EV_FAILED) {
            failure_handle(d, &e);
        } else if (e.what == VMPLD_EV_FENCE_SELF && !d->shutting_down) {
            base_error("vmpld", "node %u: the other daemons declared this node failed; "
                       "killing its ranks", d->node);
            vmpld_shutdown_begin(d);
        }
    }
}

/*
 * Every daemon's address is known: the detector can start. A one-node job
 * has no ring; its detector only sends heartbeats to vmplrun, which is
 * node 0's observer there, and starts before the ranks are spawned (it
 * needs no table), so that vmplrun hears it within a few ms of the fork.
 */
void vmpld_table_known(vmpld_t *d)
{
    if (d->detector || (d->job->node_count < 2 && !d->job->launcher_udp_port))
        return;
    d->node_failed = calloc(d->job->node_count, 1);
    if (!d->node_failed || vmpld_detector_start(d)) {
        base_error("vmpld", "node %u: running without a failure detector", d->node);
        return;
    }
    for (size_t at = 0; at + sizeof(vmpld_event_t) <= d->early_failures.length;
         at += sizeof(vmpld_event_t)) {
        vmpld_event_t e;
        memcpy(&e, d->early_failures.data + at, sizeof(e));
        vmpld_detector_tell(d, &e);
    }
    rt_buf_free(&d->early_failures);
}
