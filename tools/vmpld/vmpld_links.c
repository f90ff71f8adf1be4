/* vmpld: messages from the parent, the child daemons and the ranks. */
#define _GNU_SOURCE
#include "vmpld.h"

#include <base/log.h>

#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* Reports go up in batches: queued here, written once per loop turn. */
void vmpld_send_up(vmpld_t *d, uint32_t type, const void *payload, size_t length)
{
    if (d->parent.fd >= 0 && rt_conn_queue(&d->parent, type, payload, length))
        base_debug("vmpld", "node %u: lost the parent link while sending", d->node);
}

void vmpld_send_down(vmpld_t *d, uint32_t type, const void *payload, size_t length)
{
    for (uint32_t i = 0; i < d->child_count; i++)
        if (d->children[i].conn.fd >= 0)
            rt_conn_send(&d->children[i].conn, type, payload, length);
}

static void send_to_ranks(vmpld_t *d, uint32_t type, const void *payload, size_t length)
{
    for (int i = 0; i < d->rank_count; i++)
        if (d->ranks[i].conn.fd >= 0)
            rt_conn_send(&d->ranks[i].conn, type, payload, length);
}

static void fence_done_to_ranks(vmpld_t *d, const void *payload, size_t length)
{
    for (int i = 0; i < d->rank_count; i++)
        d->ranks[i].fence_waiting = 0;
    send_to_ranks(d, RT_MSG_FENCE_DONE, payload, length);
}

void vmpld_shutdown_begin(vmpld_t *d)
{
    if (d->shutting_down)
        return;
    vmpld_event_t quiet = {.what = VMPLD_EV_QUIET};

    d->shutting_down = 1;
    vmpld_detector_tell(d, &quiet); /* leaving daemons are not failures */
    d->shutdown_deadline = vmpld_now() + d->job->kill_grace_ms / 1000.0 + 5.0;
    vmpld_send_down(d, RT_MSG_SHUTDOWN, NULL, 0);
    vmpld_ranks_signal(d, SIGKILL);
}

/* A child daemon (and its subtree) is gone: tell the launcher once. */
void vmpld_child_lost(vmpld_t *d, vmpld_child_t *c, const char *reason)
{
    rt_buf_t out;

    if (c->done)
        return;
    c->done = 1;
    if (c->conn.fd >= 0)
        rt_conn_close(&c->conn);
    if (d->shutting_down)
        return;
    base_error("vmpld", "node %u: daemon of node %u (%s) is gone: %s", d->node, c->node,
               d->job->hosts[c->node][0] ? d->job->hosts[c->node] : "local", reason);
    rt_buf_init(&out);
    rt_buf_put_u32(&out, c->node);
    rt_buf_put_str(&out, reason);
    if (!out.failed)
        vmpld_send_up(d, RT_MSG_LAUNCH_FAILED, out.data, out.length);
    rt_buf_free(&out);
}

/* Every local rank and child subtree has joined: pass the fence on. */
void vmpld_fence_check(vmpld_t *d)
{
    rt_buf_t out;

    int expected = d->rank_count;

    /* ranks fill a prefix of the nodes, so a subtree has ranks iff its root has */
    for (uint32_t i = 0; i < d->child_count; i++)
        expected += rt_job_first_rank(d->job, d->children[i].node) < (int)d->job->size;
    if (d->fence_arrived < expected || d->fence_arrived == 0)
        return;
    if (d->node == 0 && !d->ready_sent)
        return; /* the table goes down first: every detector runs before a fence ends */
    rt_buf_init(&out);
    rt_buf_put_u32(&out, d->fence_epoch);
    rt_buf_put_raw(&out, d->fence_blob.data, d->fence_blob.length);
    if (d->node == 0) { /* root: everyone is in */
        vmpld_send_down(d, RT_MSG_FENCE_DONE, out.data, out.length);
        fence_done_to_ranks(d, out.data, out.length);
    } else {
        vmpld_send_up(d, RT_MSG_FENCE, out.data, out.length);
    }
    rt_buf_free(&out);
    d->fence_blob.length = 0;
    d->fence_arrived = 0;
}

/* A rank (r) or a child subtree (r NULL) joins the fence. */
static void fence_join(vmpld_t *d, vmpld_rank_t *r, const void *payload, size_t length)
{
    rt_buf_t in;
    uint32_t epoch;

    rt_buf_wrap(&in, payload, length);
    epoch = rt_buf_get_u32(&in);
    if (in.failed)
        return;
    if (d->fences_broken) { /* a rank failed: no fence can complete any more */
        if (r)
            vmpld_fence_failed_reply(d, r, epoch);
        return;
    }
    if (r)
        r->fence_waiting = epoch + 1;
    if (d->fence_arrived == 0)
        d->fence_epoch = epoch;
    else if (epoch != d->fence_epoch)
        base_warn("vmpld", "node %u: fence %u joined while fence %u is open", d->node, epoch,
                  d->fence_epoch);
    rt_buf_put_raw(&d->fence_blob, (const char *)payload + 4, length - 4);
    d->fence_arrived++;
    vmpld_fence_check(d);
}

/* Our subtree is wired: report it up; the root broadcasts the table. */
void vmpld_ready_check(vmpld_t *d)
{
    if (d->ready_sent || d->parent.fd < 0)
        return;
    for (uint32_t i = 0; i < d->child_count; i++)
        if (!d->children[i].ready)
            return;
    d->ready_sent = 1;
    rt_buf_put_u32(&d->ready_entries, d->node);
    rt_buf_put_u32(&d->ready_entries, (uint32_t)getpid());
    rt_buf_put_u32(&d->ready_entries, d->port);
    rt_buf_put_u32(&d->ready_entries, d->udp_port);
    rt_buf_put_str(&d->ready_entries, d->host);
    vmpld_send_up(d, RT_MSG_READY, d->ready_entries.data, d->ready_entries.length);
    if (d->node == 0) {
        rt_buf_put_raw(&d->table, d->ready_entries.data, d->ready_entries.length);
        vmpld_send_down(d, RT_MSG_TABLE, d->table.data, d->table.length);
        vmpld_table_known(d);
        vmpld_fence_check(d); /* one may have waited for the table */
    }
}

void vmpld_parent_frames(vmpld_t *d)
{
    uint32_t type;
    const void *payload;
    size_t length;
    int rc;

    while ((rc = rt_conn_next_frame(&d->parent, &type, &payload, &length)) > 0) {
        switch (type) {
        case RT_MSG_HELLO_OK:
            vmpld_ready_check(d);
            break;
        case RT_MSG_TABLE:
            d->table.length = 0;
            rt_buf_put_raw(&d->table, payload, length);
            vmpld_send_down(d, type, payload, length);
            vmpld_table_known(d);
            break;
        case RT_MSG_STDIN:
            vmpld_ranks_stdin(d, payload, length);
            break;
        case RT_MSG_SIGNAL:
            if (length == 4) {
                vmpld_send_down(d, type, payload, length);
                vmpld_ranks_signal(d, *(const int *)payload);
            }
            break;
        case RT_MSG_KILL:
            d->kill_ordered = 1;
            vmpld_send_down(d, type, payload, length);
            vmpld_ranks_kill(d);
            break;
        case RT_MSG_SHUTDOWN:
            vmpld_shutdown_begin(d);
            break;
        case RT_MSG_FENCE_DONE:
            if (d->fences_broken)
                break; /* the ranks were told the fence failed */
            vmpld_send_down(d, type, payload, length);
            fence_done_to_ranks(d, payload, length);
            break;
        case RT_MSG_FENCE_FAILED: /* node 0 (or a daemon above) decided */
            vmpld_fences_break(d);
            break;
        case RT_MSG_EXITS_AGAIN: /* a daemon above lost its parent */
            vmpld_send_down(d, type, payload, length);
            vmpld_ranks_exits_again(d);
            break;
        default:
            base_warn("vmpld", "node %u: unexpected message %u from the parent", d->node, type);
        }
    }
    if (rc < 0) {
        base_error("vmpld", "node %u: malformed frame from the parent", d->node);
        rt_conn_close(&d->parent);
        vmpld_parent_lost(d);
    }
}

/* Takes in what the parent sent before it failed (a FENCE_DONE may be there). */
void vmpld_parent_drain(vmpld_t *d)
{
    while (d->parent.fd >= 0 && rt_conn_receive(&d->parent) == 1)
        vmpld_parent_frames(d);
}

void vmpld_child_frames(vmpld_t *d, vmpld_child_t *c)
{
    uint32_t type;
    const void *payload;
    size_t length;
    int rc = 0;

    while (c->conn.fd >= 0 && (rc = rt_conn_next_frame(&c->conn, &type, &payload, &length)) > 0) {
        switch (type) {
        case RT_MSG_READY:
            c->ready = 1;
            rt_buf_put_raw(&d->ready_entries, payload, length);
            vmpld_ready_check(d);
            break;
        case RT_MSG_FENCE:
            fence_join(d, NULL, payload, length);
            break;
        case RT_MSG_IO:
        case RT_MSG_RANK_EXIT:
        case RT_MSG_ABORT:
        case RT_MSG_LAUNCH_FAILED:
            vmpld_send_up(d, type, payload, length);
            break;
        default:
            base_warn("vmpld", "node %u: unexpected message %u from node %u", d->node, type,
                      c->node);
        }
    }
    if (c->conn.fd >= 0 && rc < 0)
        vmpld_child_lost(d, c, "malformed frame");
}

void vmpld_rank_frames(vmpld_t *d, vmpld_rank_t *r)
{
    uint32_t type;
    const void *payload;
    size_t length;
    int rc = 0;

    while (r->conn.fd >= 0 && (rc = rt_conn_next_frame(&r->conn, &type, &payload, &length)) > 0) {
        switch (type) {
        case RT_MSG_FENCE:
            fence_join(d, r, payload, length);
            break;
        case RT_MSG_ABORT:
            vmpld_send_up(d, type, payload, length);
            break;
        case RT_MSG_FINALIZE:
            r->finalized = 1;
            break;
        default:
            base_warn("vmpld", "node %u: unexpected message %u from rank %d", d->node, type,
                      r->rank);
        }
    }
    if (r->conn.fd >= 0 && rc < 0) {
        base_error("vmpld", "node %u: malformed frame from rank %d", d->node, r->rank);
        rt_conn_close(&r->conn);
    }
}

static void refuse(vmpld_t *d, int index, const char *why)
{
    base_warn("vmpld", "node %u: refused a connection: %s", d->node, why);
    rt_conn_close(&d->pending[index]);
}

/* The rank's daemon-side record, if the peer really is that spawned rank. */
static vmpld_rank_t *rank_hello_check(vmpld_t *d, rt_conn_t *conn, uint32_t rank, uint32_t pid)
{
    struct ucred cred;
    socklen_t length = sizeof(cred);
    vmpld_rank_t *r;

    if (rank < (uint32_t)d->rank_first || rank >= (uint32_t)(d->rank_first + d->rank_count) ||
        conn->auth.peer != RT_AUTH_RANK(rank))
        return NULL;
    r = &d->ranks[rank - (uint32_t)d->rank_first];
    if (r->conn.fd >= 0 || r->pid <= 0 || (uint32_t)r->pid != pid)
        return NULL;
    if (getsockopt(conn->fd, SOL_SOCKET, SO_PEERCRED, &cred, &length) || cred.pid != r->pid)
        return NULL;
    return r;
}

static void rank_info_send(vmpld_t *d, vmpld_rank_t *r)
{
    rt_buf_t out;
    int cpus = (int)sysconf(_SC_NPROCESSORS_ONLN);

    rt_buf_init(&out);
    rt_buf_put_u32(&out, (uint32_t)r->rank);
    rt_buf_put_u32(&out, d->job->size);
    rt_buf_put_u32(&out, d->node);
    rt_buf_put_u32(&out, d->job->node_count);
    rt_buf_put_u32(&out, rt_job_ranks_on_host_of(d->job, d->node) > cpus);
    rt_buf_put_str(&out, d->job->job_id);
    for (uint32_t n = 0; n <= d->job->node_count; n++)
        rt_buf_put_u32(&out, (uint32_t)rt_job_first_rank(d->job, n));
    rt_buf_put_str(&out, d->host);
    if (!out.failed)
        rt_conn_send(&r->conn, RT_MSG_RANK_INFO, out.data, out.length);
    rt_buf_free(&out);
}

/*
 * The first frame of an accepted connection answers our challenge (its MAC
 * proves the peer holds the job's key) and says who it is.
 */
void vmpld_pending_frames(vmpld_t *d, int index)
{
    rt_conn_t *conn = &d->pending[index];
    uint32_t type, who, pid;
    const void *payload;
    size_t length;
    rt_buf_t in;
    int rc = rt_conn_next_frame(conn, &type, &payload, &length);

    if (rc == 0)
        return;
    if (rc < 0)
        return refuse(d, index,
                      "malformed hello, or not answering the challenge with the job's key");
    rt_buf_wrap(&in, payload, length);
    who = rt_buf_get_u32(&in);
    pid = rt_buf_get_u32(&in);
    if (in.failed)
        return refuse(d, index, "malformed hello");
    if (type == RT_MSG_RANK_HELLO) {
        vmpld_rank_t *r = rank_hello_check(d, conn, who, pid);
        if (!r)
            return refuse(d, index, "hello from a process that is not one of this node's ranks");
        r->conn = *conn;
        r->connected = 1;
        conn->fd = -1;
        rt_buf_init(&conn->in);
        rt_buf_init(&conn->out);
        rank_info_send(d, r);
        vmpld_rank_frames(d, r); /* frames that came with the hello */
        return;
    }
    if (type == RT_MSG_HELLO) {
        vmpld_child_t *c = NULL;
        for (uint32_t i = 0; i < d->child_count; i++)
            if (d->children[i].node == who && d->children[i].conn.fd < 0 &&
                !d->children[i].done && conn->auth.peer == who)
                c = &d->children[i];
        if (!c)
            return refuse(d, index, "hello from a daemon that is not a child of this node");
        c->conn = *conn;
        conn->fd = -1;
        rt_buf_init(&conn->in);
        rt_buf_init(&conn->out);
        rt_conn_send(&c->conn, RT_MSG_HELLO_OK, NULL, 0);
        if (d->table.length)
            rt_conn_send(&c->conn, RT_MSG_TABLE, d->table.data, d->table.length);
        /* the job may have ended while this child was starting: an abort
           from a fast rank can come before the tree is wired */
        if (d->kill_ordered)
            rt_conn_send(&c->conn, RT_MSG_KILL, NULL, 0);
        else if (d->shutting_down)
            rt_conn_send(&c->conn, RT_MSG_SHUTDOWN, NULL, 0);
        vmpld_child_frames(d, c);
        return;
    }
    refuse(d, index, "unexpected first message");
}
