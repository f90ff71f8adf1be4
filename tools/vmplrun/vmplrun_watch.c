/*
 * vmplrun: the observer of node 0 in a one-node job. With several nodes
 * the daemons' ring watches every daemon, node 0 included; a one-node job
 * has no ring, and a daemon stopped by a signal (or hung) there would
 * keep vmplrun waiting forever for ranks that can no longer report. So
 * node 0's detector sends its heartbeats to vmplrun, which applies the
 * ring's rules (vmpld_detector.c): silence past the timeout declares the
 * daemon failed; a live daemon on this host whose threads all run is late,
 * not hung, for up to VMPLD_LATE_GRACE more timeouts; a stopped or dead one
 * gets none. Before its first heartbeat (the daemon still spawning its
 * ranks) only a daemon found stopped, VMPLD_START_GRACE_MS after its
 * spawn, is declared. A turn of vmplrun's loop that comes more than a
 * timeout late means vmplrun itself was stalled: the watch restarts.
 */
#define _GNU_SOURCE
#include "vmplrun.h"

#include <base/log.h>

#include <errno.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* Opens the socket before node 0 is spawned: its port goes in the job. */
int vmplrun_watch_open(vmplrun_t *run)
{
    if (run->job.node_count != 1)
        return 0;
    run->watch_fd = vmpld_detector_socket(run->job.flags & RT_JOB_REMOTE,
                                          &run->job.launcher_udp_port);
    if (run->watch_fd < 0)
        return -1;
    rt_auth_datagram_key(run->mac_key, run->job.job_id, run->watch_key);
    run->watching = 1;
    run->watch_start = run->watch_last_heard = run->watch_last_beat = vmplrun_now();
    return 0;
}

static double timeout_s(const vmplrun_t *run)
{
    return run->job.ft_timeout_ms / 1000.0;
}

static double watch_deadline(const vmplrun_t *run)
{
    double deadline = run->watch_last_heard + timeout_s(run);
    double start = run->watch_start + VMPLD_START_GRACE_MS / 1000.0;

    return !run->watch_heard && start > deadline ? start : deadline;
}

/* How long the loop may sleep: a turn every delta while watching, so a
   stalled vmplrun is told apart from a silent daemon. */
int vmplrun_watch_timeout_ms(const vmplrun_t *run)
{
    double left;
    int delta_ms = (int)run->job.ft_delta_ms;

    if (!run->watching)
        return -1;
    left = watch_deadline(run) - vmplrun_now();
    if (left < 0)
        return 0;
    return left * 1000.0 < delta_ms ? (int)(left * 1000.0) + 1 : delta_ms;
}

/* Is the datagram node 0's, for vmplrun (size, addresses and MAC)? */
static int from_node0(const vmplrun_t *run, const vmpld_datagram_t *dg, ssize_t got)
{
    uint8_t mac[RT_MAC_BYTES];

    if (got != (ssize_t)sizeof(*dg) || dg->from != 0 || dg->to != RT_AUTH_LAUNCHER ||
        dg->reserved)
        return 0;
    rt_auth_mac(run->watch_key, dg, offsetof(vmpld_datagram_t, mac), NULL, 0, dg->from, dg->seq,
                mac);
    return rt_auth_mac_equal(mac, dg->mac);
}

void vmplrun_watch_receive(vmplrun_t *run)
{
    vmpld_datagram_t dg;
    ssize_t got;

    if (run->watch_fd < 0)
        return;
    while ((got = recv(run->watch_fd, &dg, sizeof(dg), MSG_DONTWAIT)) >= 0 || errno == EINTR) {
        if (got < 0)
            continue;
        if (!from_node0(run, &dg, got)) {
            if (!run->watch_refused++)
                base_warn("vmplrun", "refused a detector datagram: wrong size or MAC");
            continue;
        }
        if (dg.seq <= run->watch_seq)
            continue; /* a replay: node 0 counts every datagram it sends */
        run->watch_seq = dg.seq;
        if (dg.type == VMPLD_DG_BYE)
            run->watching = 0; /* it leaves at the job's end: not a failure */
        if (dg.type == VMPLD_DG_HEARTBEAT) {
            run->watch_heard = 1;
            run->watch_late_grace = 0;
            run->watch_last_heard = run->watch_last_beat = vmplrun_now();
        }
    }
}

/* Called on every turn of the loop, after what the turn read. */
void vmplrun_watch_check(vmplrun_t *run)
{
    double now = vmplrun_now();
    int local, stopped;
    uint32_t silence_ms;

    if (run->watching && (run->daemon_pid <= 0 || run->node_failed[0]))
        run->watching = 0; /* reaped, or already declared */
    if (!run->watching)
        return;
    if (run->watch_last_turn && now - run->watch_last_turn > timeout_s(run))
        run->watch_last_heard = now; /* we were stalled, not necessarily node 0 */
    run->watch_last_turn = now;
    if (now <= watch_deadline(run))
        return;
    vmplrun_watch_receive(run); /* a last look at what arrived since the poll */
    if (!run->watching || now <= watch_deadline(run))
        return;
    local = rt_host_is_local(run->job.hosts[0]);
    stopped = local && vmpld_host_daemon_stopped(run->daemon_pid);
    if (!stopped && (!run->watch_heard || (local && run->watch_late_grace < VMPLD_LATE_GRACE))) {
        run->watch_late_grace += run->watch_heard; /* late, not hung: one more timeout */
        run->watch_last_heard = now;
        return;
    }
    silence_ms = (uint32_t)((now - run->watch_last_beat) * 1000.0);
    run->watching = 0;
    vmplrun_node_failed(run, 0, silence_ms ? silence_ms : 1);
}
