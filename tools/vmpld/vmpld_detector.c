/*
 * vmpld: the failure detector (seed 002 ch. 3), a thread of every daemon.
 *
 * Ring: daemon i sends a heartbeat every delta to its successor, its
 * observer, and watches its predecessor. Silence longer than the timeout
 * declares the predecessor failed; the observer then mends the ring by
 * asking the nearest live predecessor (failed daemons skipped) to send it
 * heartbeats. Timing comes from a timerfd in this thread, so a busy main
 * loop (stdio, spawning) cannot delay heartbeats; the thread asks for the
 * SCHED_FIFO class (VMPL_FT_REALTIME) so load cannot either, where that is
 * permitted. A tick that arrives more than a timeout late means this thread
 * itself was stalled, and then it restarts its observation instead of
 * accusing its predecessor. A silent predecessor on the same host whose
 * process lives and has no stopped thread is late, not hung: it gets up to
 * VMPLD_LATE_GRACE more timeouts (see vmpld_host_daemon_stopped for what delays a
 * live daemon's heartbeat by tens of ms). The first predecessor is watched
 * from its first heartbeat on, or from VMPLD_START_GRACE_MS after this thread started:
 * daemons receive the daemon table, and start their detectors, at moments
 * that differ by more than a short timeout on a loaded host. Each detector
 * says hello to every other as it starts, so a predecessor (the first, or
 * one found by a ring mend) whose detector is known to run gets the
 * normal timeout at once.
 *
 * Broadcast: a failure report (a rank or a node) goes to the binomial-graph
 * neighbours (i + 2^k) mod N first, then (i - 2^k) mod N; every daemon
 * forwards a report once, the first time it learns it. Datagrams are
 * acknowledged and resent every delta until acknowledged or the peer is
 * known failed, so a report reaches every live daemon while the graph of
 * live daemons stays connected (which the binomial graph keeps under many
 * failures).
 *
 * A one-node job has no ring: its daemon sends heartbeats, and its bye at
 * the end, to vmplrun, which observes node 0 there (vmplrun_watch.c).
 *
 * Everything travels in UDP datagrams (vmpld_datagram_t) that carry a MAC keyed
 * from the job's secret (rt_auth.h; the secret itself never goes on the
 * wire) over the job id, the sender, the sender's sequence number and the
 * whole datagram. Datagrams of a wrong size or MAC are dropped and logged
 * once. A datagram whose sequence number its sender already used (a replay,
 * or a duplicate) is not acted on, though a report is acknowledged again so
 * that its sender stops resending it; a window of the last 64 numbers per
 * sender lets datagrams that the network reordered through. The main thread
 * talks to this one through a socket pair of fixed-size vmpld_event_t records.
 */
#define _GNU_SOURCE
#include "vmpld.h"

#include "../common/rt_launch.h"

#include <base/log.h>
#include <base/settings.h>
#include <rt/rt.h>

#include <arpa/inet.h>
#include <dirent.h>
#include <errno.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

enum { NODE_ALIVE, NODE_FAILED, NODE_LEFT };
#define NONE UINT32_MAX

typedef struct {
    vmpld_event_t report;
    uint32_t dest;
    uint64_t sent_ns;
} unacked_t;

struct vmpld_detector {
    const rt_job_t *job;
    uint32_t n, me;
    struct sockaddr_in *addr; /* every daemon's detector socket */
    pid_t *pid;
    uint8_t *same_host;
    uint8_t *node_state;
    uint8_t *rank_known;
    int udp_fd, timer_fd, ctl_fd;
    uint64_t delta_ns, timeout_ns;
    uint32_t pred, succ;
    struct sockaddr_in launcher; /* vmplrun's detector socket, when it observes us */
    int launcher_observes;       /* one-node job: vmplrun watches our heartbeats */
    uint64_t last_heard, last_tick;
    uint64_t last_beat;       /* the predecessor's last heartbeat (or the watch's start) */
    uint64_t start_deadline;  /* until the predecessor is first heard, the deadline is this */
    uint8_t *started;         /* per daemon: a datagram from it came, its detector runs */
    int quiet, refused_logged, replay_logged;
    uint8_t key[RT_KEY_BYTES]; /* the job's datagram key (rt_auth.h) */
    uint64_t seq;              /* datagrams sent */
    uint64_t *seen_top;        /* per sender: highest sequence number taken */
    uint64_t *seen_mask;       /* ... and bit i: top - i was taken */
    int late_grace;           /* timeouts forgiven to a late predecessor on this host */
    unacked_t *unacked;
    int unacked_count, unacked_capacity;
    pthread_t thread;
};

static uint64_t now_ns(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

static void send_to(vmpld_detector_t *det, const struct sockaddr_in *to, uint32_t to_id,
                    uint32_t type, const vmpld_event_t *report)
{
    vmpld_datagram_t dg = {.type = type, .from = det->me, .to = to_id, .seq = ++det->seq};

    if (report)
        dg.report = *report;
    rt_auth_mac(det->key, &dg, offsetof(vmpld_datagram_t, mac), NULL, 0, dg.from, dg.seq, dg.mac);
    sendto(det->udp_fd, &dg, sizeof(dg), MSG_DONTWAIT, (const struct sockaddr *)to, sizeof(*to));
}

static void send_datagram(vmpld_detector_t *det, uint32_t dest, uint32_t type,
                          const vmpld_event_t *report)
{
    send_to(det, &det->addr[dest], dest, type, report);
}

/* A one-node job's daemon has no ring: vmplrun is its observer. */
static void send_to_launcher(vmpld_detector_t *det, uint32_t type)
{
    if (det->launcher_observes)
        send_to(det, &det->launcher, RT_AUTH_LAUNCHER, type, NULL);
}

static void tell_main(vmpld_detector_t *det, const vmpld_event_t *event)
{
    while (send(det->ctl_fd, event, sizeof(*event), 0) < 0 && errno == EINTR)
        ;
}

static int live(const vmpld_detector_t *det, uint32_t node)
{
    return det->node_state[node] == NODE_ALIVE;
}

/* The nearest live daemon before (step n - 1) or after (step 1) this one. */
static uint32_t nearest_live(const vmpld_detector_t *det, uint32_t step)
{
    for (uint32_t i = 1; i < det->n; i++) {
        uint32_t node = (det->me + step * i) % det->n;
        if (live(det, node))
            return node;
    }
    return NONE;
}

static void mend_ring(vmpld_detector_t *det, uint64_t now)
{
    det->late_grace = 0;
    det->pred = nearest_live(det, det->n - 1);
    det->last_heard = det->last_beat = now;
    if (det->pred != NONE)
        send_datagram(det, det->pred, VMPLD_DG_OBSERVE, NULL);
}

static void unacked_add(vmpld_detector_t *det, const vmpld_event_t *report, uint32_t dest,
                        uint64_t now)
{
    if (det->unacked_count == det->unacked_capacity) {
        int capacity = det->unacked_capacity ? 2 * det->unacked_capacity : 64;
        unacked_t *grown = realloc(det->unacked, (size_t)capacity * sizeof(*grown));
        if (!grown)
            return; /* this copy is lost; the other neighbours still forward it */
        det->unacked = grown;
        det->unacked_capacity = capacity;
    }
    det->unacked[det->unacked_count++] = (unacked_t){*report, dest, now};
}

/* Binomial graph: +2^k neighbours (a spanning tree from any root) first, then -2^k. */
static void forward(vmpld_detector_t *det, const vmpld_event_t *report, uint64_t now)
{
    for (int direction = 0; direction < 2; direction++)
        for (uint64_t step = 1; step < det->n; step *= 2) {
            uint32_t dest = (uint32_t)(direction == 0 ? (det->me + step) % det->n
                                                      : (det->me + det->n - step % det->n) % det->n);
            if (dest == det->me || !live(det, dest))
                continue;
            int duplicate = 0;
            for (int i = 0; i < det->unacked_count && !duplicate; i++)
                duplicate = det->unacked[i].dest == dest &&
                            det->unacked[i].report.kind == report->kind &&
                            det->unacked[i].report.id == report->id;
            if (duplicate)
                continue;
            unacked_add(det, report, dest, now);
            send_datagram(det, dest, VMPLD_DG_REPORT, report);
        }
}

/* A failure, from any source: act on it and pass it on, the first time only. */
static void learn(vmpld_detector_t *det, const vmpld_event_t *report, uint64_t now)
{
    if (report->kind == VMPLD_FAIL_NODE) {
        uint32_t node = report->id;
        if (node >= det->n || det->node_state[node] == NODE_FAILED)
            return;
        det->node_state[node] = NODE_FAILED;
        if (node == det->me) { /* the others gave up on us: stop talking */
            vmpld_event_t fence = {.what = VMPLD_EV_FENCE_SELF};
            if (!det->quiet)
                tell_main(det, &fence);
            return;
        }
        if (report->origin == det->me && det->same_host[node] && det->pid[node] > 0)
            kill(det->pid[node], SIGKILL); /* fence a hung daemon: its ranks die with it */
        if (node == det->pred)
            mend_ring(det, now);
        if (node == det->succ)
            det->succ = nearest_live(det, 1);
    } else {
        if (report->id >= det->job->size || det->rank_known[report->id])
            return;
        det->rank_known[report->id] = 1;
    }
    vmpld_event_t event = *report;
    event.what = VMPLD_EV_FAILED;
    tell_main(det, &event);
    forward(det, report, now);
}

/*
 * Is a daemon on this host gone, or is one of its threads stopped, traced or
 * a zombie? A silent predecessor on this host is late, not hung, while its
 * process lives and none of its threads is stopped. On one host a live daemon's
 * heartbeat can be held for tens of ms in three ways: full load without
 * real-time priority (the thread is runnable); a loopback datagram waiting
 * for the kernel's softirq thread (the daemon ran since); and the
 * hypervisor taking away the virtual CPU that holds the daemon's timer (the
 * timer interrupt waits too, so the daemon neither ran nor is runnable, and
 * only the steal counters of /proc/stat tell, once that CPU is back). A
 * stopped (SIGSTOP) or dead daemon gets no grace; one whose detector hangs
 * inside a live process is found after VMPLD_LATE_GRACE more timeouts.
 */
int vmpld_host_daemon_stopped(pid_t pid)
{
    char path[64], stat[512], *state;
    struct dirent *task;
    DIR *tasks;
    int stopped = 0;

    snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
    if (!(tasks = opendir(path)))
        return 1;
    while (!stopped && (task = readdir(tasks))) {
        FILE *file;
        if (task->d_name[0] == '.')
            continue;
        snprintf(path, sizeof(path), "/proc/%d/task/%.16s/stat", (int)pid, task->d_name);
        if (!(file = fopen(path, "re")))
            continue; /* the thread ended between readdir and fopen */
        if (fgets(stat, sizeof(stat), file) && (state = strrchr(stat, ')')) && state[1] == ' ')
            stopped = strchr("TtZX", state[2]) != NULL;
        fclose(file);
    }
    closedir(tasks);
    return stopped;
}

static void receive(vmpld_detector_t *det, uint64_t now);

/* When the predecessor's silence becomes a failure. */
static uint64_t silence_deadline(const vmpld_detector_t *det)
{
    uint64_t deadline = det->last_heard + det->timeout_ns;

    if (det->pred != NONE && !det->started[det->pred] && det->start_deadline > deadline)
        return det->start_deadline;
    return deadline;
}

/* The predecessor has been silent past the timeout: it failed. */
static void check_silence(vmpld_detector_t *det, uint64_t now)
{
    if (det->last_tick && now - det->last_tick > det->timeout_ns) {
        det->last_heard = now; /* we were stalled, not necessarily our predecessor */
        det->last_tick = now;
    }
    if (!det->quiet && det->pred != NONE && now > silence_deadline(det) &&
        det->same_host[det->pred] && det->late_grace < VMPLD_LATE_GRACE &&
        !vmpld_host_daemon_stopped(det->pid[det->pred])) {
        det->late_grace++; /* one more timeout, a bounded number of times */
        det->last_heard = now;
    }
    if (!det->quiet && det->pred != NONE && now > silence_deadline(det))
        receive(det, now); /* a last look at what arrived since the poll */
    if (!det->quiet && det->pred != NONE && now > silence_deadline(det)) {
        vmpld_event_t report = {.kind = VMPLD_FAIL_NODE, .id = det->pred, .cause = RT_FAILURE_NODE,
                                .detail = (uint32_t)((now - det->last_beat) / 1000000u),
                                .origin = det->me};
        base_error("vmpld", "node %u: no heartbeat from node %u for %u ms: declaring it failed",
                   det->me, det->pred, report.detail);
        learn(det, &report, now);
    }
}

static void tick(vmpld_detector_t *det, uint64_t now)
{
    check_silence(det, now);
    det->last_tick = now;
    if (det->succ != NONE)
        send_datagram(det, det->succ, VMPLD_DG_HEARTBEAT, NULL);
    if (!det->quiet)
        send_to_launcher(det, VMPLD_DG_HEARTBEAT);
    int kept = 0;
    for (int i = 0; i < det->unacked_count; i++) {
        unacked_t *u = &det->unacked[i];
        if (!live(det, u->dest))
            continue;
        if (now - u->sent_ns >= det->delta_ns) {
            send_datagram(det, u->dest, VMPLD_DG_REPORT, &u->report);
            u->sent_ns = now;
        }
        det->unacked[kept++] = *u;
    }
    det->unacked_count = kept;
}

/* Is every daemon strictly between `from` and us (going forward) failed or gone? */
static int adjacent_before_me(const vmpld_detector_t *det, uint32_t from)
{
    for (uint32_t node = (from + 1) % det->n; node != det->me; node = (node + 1) % det->n)
        if (live(det, node))
            return 0;
    return 1;
}

static void heard_from_pred(vmpld_detector_t *det, uint64_t now)
{
    det->last_heard = det->last_beat = now;
    det->late_grace = 0;
}

/* Is the datagram authentic (right size, MAC, a sender of the job)? */
static int authentic(const vmpld_detector_t *det, const vmpld_datagram_t *dg, ssize_t got)
{
    uint8_t mac[RT_MAC_BYTES];

    if (got != (ssize_t)sizeof(*dg) || dg->from >= det->n || dg->from == det->me ||
        dg->to != det->me || dg->reserved)
        return 0;
    rt_auth_mac(det->key, dg, offsetof(vmpld_datagram_t, mac), NULL, 0, dg->from, dg->seq, mac);
    return rt_auth_mac_equal(mac, dg->mac);
}

/* Was this sequence number of the sender taken already (or too old to tell)? Takes it if not. */
static int replayed(vmpld_detector_t *det, uint32_t from, uint64_t seq)
{
    uint64_t top = det->seen_top[from];

    if (seq > top) {
        det->seen_mask[from] = seq - top >= 64 ? 1 : det->seen_mask[from] << (seq - top) | 1;
        det->seen_top[from] = seq;
        return 0;
    }
    if (seq == 0 || top - seq >= 64 || (det->seen_mask[from] >> (top - seq) & 1))
        return 1;
    det->seen_mask[from] |= (uint64_t)1 << (top - seq);
    return 0;
}

static void receive(vmpld_detector_t *det, uint64_t now)
{
    vmpld_datagram_t dg;
    ssize_t got;

    while ((got = recv(det->udp_fd, &dg, sizeof(dg), MSG_DONTWAIT | MSG_TRUNC)) >= 0) {
        if (!authentic(det, &dg, got)) {
            if (!det->refused_logged++)
                base_warn("vmpld", "node %u: refused a detector datagram: wrong size or MAC",
                          det->me);
            continue;
        }
        if (replayed(det, dg.from, dg.seq)) {
            if (!det->replay_logged++)
                base_warn("vmpld", "node %u: ignored a replayed detector datagram from node %u",
                          det->me, dg.from);
            if (dg.type == VMPLD_DG_REPORT) /* its sender may resend it until acknowledged */
                send_datagram(det, dg.from, VMPLD_DG_ACK, &dg.report);
            continue;
        }
        det->started[dg.from] = 1;
        switch (dg.type) {
        case VMPLD_DG_HELLO:
            break;
        case VMPLD_DG_HEARTBEAT:
            if (det->node_state[dg.from] == NODE_FAILED)
                send_datagram(det, dg.from, VMPLD_DG_DEAD, NULL);
            else if (dg.from == det->pred)
                heard_from_pred(det, now);
            else if (live(det, dg.from) && adjacent_before_me(det, dg.from))
                det->pred = dg.from, heard_from_pred(det, now);
            break;
        case VMPLD_DG_OBSERVE:
            if (live(det, dg.from)) {
                det->succ = dg.from;
                send_datagram(det, dg.from, VMPLD_DG_HEARTBEAT, NULL);
            }
            break;
        case VMPLD_DG_DEAD: {
            vmpld_event_t report = {.kind = VMPLD_FAIL_NODE, .id = det->me,
                                    .cause = RT_FAILURE_NODE, .origin = dg.from};
            learn(det, &report, now);
            break;
        }
        case VMPLD_DG_BYE:
            if (live(det, dg.from)) {
                det->node_state[dg.from] = NODE_LEFT;
                if (dg.from == det->pred)
                    mend_ring(det, now);
                if (dg.from == det->succ)
                    det->succ = nearest_live(det, 1);
            }
            break;
        case VMPLD_DG_REPORT:
            send_datagram(det, dg.from, VMPLD_DG_ACK, &dg.report);
            learn(det, &dg.report, now);
            break;
        case VMPLD_DG_ACK: {
            int kept = 0;
            for (int i = 0; i < det->unacked_count; i++) {
                unacked_t *u = &det->unacked[i];
                if (u->dest == dg.from && u->report.kind == dg.report.kind &&
                    u->report.id == dg.report.id)
                    continue;
                det->unacked[kept++] = *u;
            }
            det->unacked_count = kept;
            break;
        }
        }
    }
}

/* Events from the main thread; returns 0 to stop. */
static int control(vmpld_detector_t *det, uint64_t now)
{
    vmpld_event_t event;
    ssize_t got;

    while ((got = recv(det->ctl_fd, &event, sizeof(event), MSG_DONTWAIT)) == sizeof(event)) {
        if (event.what == VMPLD_EV_STOP)
            return 0;
        if (event.what == VMPLD_EV_QUIET && !det->quiet) {
            det->quiet = 1;
            if (det->succ != NONE)
                send_datagram(det, det->succ, VMPLD_DG_BYE, NULL);
            send_to_launcher(det, VMPLD_DG_BYE);
        } else if (event.what == VMPLD_EV_FAILED) {
            event.origin = det->me;
            learn(det, &event, now);
        }
    }
    return got == 0 ? 0 : 1; /* 0: the main thread closed its end */
}

static void *detector_main(void *arg)
{
    vmpld_detector_t *det = arg;
    struct pollfd fds[3] = {{.fd = det->udp_fd, .events = POLLIN},
                            {.fd = det->timer_fd, .events = POLLIN},
                            {.fd = det->ctl_fd, .events = POLLIN}};
    struct sched_param param = {.sched_priority = 1};

    /* a real-time class keeps heartbeats on time on a loaded node, when allowed */
    if (base_settings()->ft_realtime)
        pthread_setschedparam(pthread_self(), SCHED_FIFO, &param);
    det->last_heard = det->last_beat = now_ns();
    det->start_deadline = det->last_heard + VMPLD_START_GRACE_MS * 1000000u;
    /* say so at once: an observer, now or after a ring mend, judges us
       from then on (a datagram waits in the socket of a detector that has
       not started yet) */
    for (uint32_t node = 0; node < det->n; node++)
        if (node != det->me)
            send_datagram(det, node, node == det->succ ? VMPLD_DG_HEARTBEAT : VMPLD_DG_HELLO, NULL);
    send_to_launcher(det, VMPLD_DG_HEARTBEAT);
    for (;;) {
        /* wake at the predecessor's deadline too, not only at the next tick */
        uint64_t now = now_ns(), deadline = silence_deadline(det) + 1000000u;
        int timeout = det->pred == NONE || det->quiet ? -1
                      : deadline <= now           ? 0
                                                  : (int)((deadline - now) / 1000000u);
        if (poll(fds, 3, timeout) < 0 && errno != EINTR)
            break;
        now = now_ns();
        /* datagrams first: a heartbeat that waited in the socket while this
           thread was off the CPU still counts */
        if (fds[0].revents)
            receive(det, now);
        check_silence(det, now);
        if (fds[1].revents) {
            uint64_t expirations;
            if (read(det->timer_fd, &expirations, sizeof(expirations)) == sizeof(expirations))
                tick(det, now);
        }
        if (fds[2].revents && !control(det, now))
            break;
    }
    return NULL;
}

/* Table entries: node, pid, port, udp port, host. */
static int table_parse(vmpld_detector_t *det, const rt_buf_t *table)
{
    rt_buf_t in;
    uint32_t seen = 0;

    rt_buf_wrap(&in, table->data, table->length);
    while (in.position < in.length) {
        uint32_t node = rt_buf_get_u32(&in), pid = rt_buf_get_u32(&in);
        uint32_t port = rt_buf_get_u32(&in), udp_port = rt_buf_get_u32(&in);
        const char *host = rt_buf_get_str(&in);
        struct addrinfo hints = {.ai_family = AF_INET, .ai_socktype = SOCK_DGRAM}, *found;

        if (in.failed || node >= det->n)
            return -1;
        (void)port;
        if (getaddrinfo(host, NULL, &hints, &found))
            return -1;
        det->addr[node] = *(struct sockaddr_in *)found->ai_addr;
        det->addr[node].sin_port = htons((uint16_t)udp_port);
        freeaddrinfo(found);
        det->pid[node] = (pid_t)pid;
        det->same_host[node] = rt_job_same_host(det->job, det->me, node);
        seen++;
    }
    return seen == det->n ? 0 : -1;
}

/* A one-node job: vmplrun observes node 0 (nobody else can). */
static int launcher_parse(vmpld_detector_t *det)
{
    struct addrinfo hints = {.ai_family = AF_INET, .ai_socktype = SOCK_DGRAM}, *found;
    const char *host = det->job->launcher_host;

    if (det->n > 1 || !det->job->launcher_udp_port)
        return 0;
    if (getaddrinfo(host && host[0] ? host : "127.0.0.1", NULL, &hints, &found))
        return -1;
    det->launcher = *(struct sockaddr_in *)found->ai_addr;
    det->launcher.sin_port = htons((uint16_t)det->job->launcher_udp_port);
    freeaddrinfo(found);
    det->launcher_observes = 1;
    return 0;
}

int vmpld_detector_socket(int all_interfaces, uint32_t *port_p)
{
    struct sockaddr_in address = {.sin_family = AF_INET};
    socklen_t length = sizeof(address);
    int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);

    address.sin_addr.s_addr = htonl(all_interfaces ? INADDR_ANY : INADDR_LOOPBACK);
    if (fd < 0 || bind(fd, (struct sockaddr *)&address, sizeof(address)) ||
        getsockname(fd, (struct sockaddr *)&address, &length)) {
        base_error("vmpld", "detector socket: %m");
        if (fd >= 0)
            close(fd);
        return -1;
    }
    *port_p = ntohs(address.sin_port);
    return fd;
}

int vmpld_detector_start(vmpld_t *d)
{
    vmpld_detector_t *det = calloc(1, sizeof(*det));
    uint32_t n = d->job->node_count;
    int pair[2] = {-1, -1};

    if (!det)
        return -1;
    det->job = d->job;
    det->n = n;
    det->me = d->node;
    det->udp_fd = d->udp_fd;
    det->delta_ns = (uint64_t)d->job->ft_delta_ms * 1000000u;
    det->timeout_ns = (uint64_t)d->job->ft_timeout_ms * 1000000u;
    det->addr = calloc(n, sizeof(*det->addr));
    det->pid = calloc(n, sizeof(*det->pid));
    det->same_host = calloc(n, 1);
    det->node_state = calloc(n, 1);
    det->started = calloc(n, 1);
    det->rank_known = calloc(d->job->size + 1, 1);
    det->seen_top = calloc(n, sizeof(*det->seen_top));
    det->seen_mask = calloc(n, sizeof(*det->seen_mask));
    rt_auth_datagram_key(d->mac_key, d->job->job_id, det->key);
    det->pred = n > 1 ? (det->me + n - 1) % n : NONE;
    det->succ = n > 1 ? (det->me + 1) % n : NONE;
    if (!det->addr || !det->pid || !det->same_host || !det->node_state || !det->started ||
        !det->rank_known || !det->seen_top || !det->seen_mask ||
        (n > 1 && table_parse(det, &d->table)) || launcher_parse(det)) {
        base_error("vmpld", "node %u: cannot start the failure detector (daemon table)", d->node);
        goto err_free;
    }
    det->timer_fd = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
    struct itimerspec period = {
        .it_interval = {(time_t)(det->delta_ns / 1000000000u), (long)(det->delta_ns % 1000000000u)},
        .it_value = {(time_t)(det->delta_ns / 1000000000u), (long)(det->delta_ns % 1000000000u)}};
    if (det->timer_fd < 0 || timerfd_settime(det->timer_fd, 0, &period, NULL) ||
        socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair))
        goto err_close;
    det->ctl_fd = pair[1];
    d->detector_fd = pair[0];
    if (pthread_create(&det->thread, NULL, detector_main, det))
        goto err_close;
    d->detector = det;
    return 0;

err_close:
    base_error("vmpld", "node %u: cannot start the failure detector: %m", d->node);
    if (det->timer_fd >= 0)
        close(det->timer_fd);
    if (pair[0] >= 0)
        close(pair[0]), close(pair[1]);
    d->detector_fd = -1;
err_free:
    free(det->seen_top);
    free(det->seen_mask);
    free(det->addr);
    free(det->pid);
    free(det->same_host);
    free(det->node_state);
    free(det->started);
    free(det->rank_known);
    free(det);
    return -1;
}

void vmpld_detector_tell(vmpld_t *d, const vmpld_event_t *event)
{
    if (d->detector_fd >= 0)
        while (send(d->detector_fd, event, sizeof(*event), MSG_DONTWAIT) < 0 && errno == EINTR)
            ;
}

void vmpld_detector_stop(vmpld_t *d)
{
    vmpld_detector_t *det = d->detector;
    vmpld_event_t stop = {.what = VMPLD_EV_STOP};

    if (!det)
        return;
    vmpld_detector_tell(d, &stop);
    pthread_join(det->thread, NULL);
    close(d->detector_fd);
    close(det->ctl_fd);
    close(det->timer_fd);
    d->detector_fd = -1;
    free(det->addr);
    free(det->pid);
    free(det->same_host);
    free(det->node_state);
    free(det->started);
    free(det->rank_known);
    free(det->unacked);
    free(det->seen_top);
    free(det->seen_mask);
    free(det);
    d->detector = NULL;
}
