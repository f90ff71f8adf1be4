/*
 * vmplrun, the launcher: parses the command line, starts the daemon of
 * node 0 (which starts the rest of the tree), relays stdio and signals,
 * and turns the ranks' exit statuses into the job's status.
 */
#ifndef VMPL_TOOLS_VMPLRUN_H
#define VMPL_TOOLS_VMPLRUN_H

#include "../common/rt_conn.h"
#include "../common/rt_job.h"
#include "../vmpld/vmpld.h"

#include <sys/types.h>

/* Exit codes of the launcher itself (ranks' failures pass their own code on). */
#define VMPLRUN_EXIT_USAGE 2
#define VMPLRUN_EXIT_TIMEOUT 124
#define VMPLRUN_EXIT_NOT_FOUND 127
#define VMPLRUN_EXIT_RUNTIME 255

typedef struct {
    long ranks;
    long nodes;          /* 0 = not given */
    char *hosts;         /* comma-separated, or NULL */
    int tag_output;
    double timeout_s;    /* 0 = none */
    int bind_none; /* --bind-to none (core, the default, binds) */
    long ppn;            /* 0 = spread evenly */
    int ft;              /* --ft */
    long ft_delta_ms, ft_timeout_ms; /* 0 = the settings */
    char **exports;      /* -x NAME or NAME=VALUE */
    int export_count;
    char **argv;         /* program and its arguments */
} vmplrun_options_t;

/* Parses argv; on bad input prints why and returns -1. */
int vmplrun_options_parse(int argc, char **argv, vmplrun_options_t *options);

typedef struct {
    rt_job_t job;
    int signal_fd, listen_fd;
    uint32_t port;
    pid_t daemon_pid;      /* node 0's vmpld (or its launch agent); -1 once reaped */
    rt_conn_t daemon;      /* node 0's link, after its hello */
    int daemon_connected;  /* node 0 said hello at some point */
    rt_conn_t *links;      /* resilient mode: daemons whose parent failed report here */
    uint32_t *link_node;   /* the node of each link */
    int link_count;
    uint8_t *node_failed;  /* per node: reported failed */
    rt_conn_t *pending;
    int pending_count;
    uint8_t mac_key[RT_KEY_BYTES]; /* the job's MAC key, from its secret (rt_auth.h) */
    long pending_dropped;          /* connections dropped for want of a hello */
    int stdin_open;

    char *rank_done;       /* per rank: its exit is known (or its node is lost) */
    long ranks_done;
    int failed;            /* a rank failed or the job was killed */
    int exit_code;
    int interrupts;
    int ft_failures;       /* resilient mode: ranks and nodes lost on the way */
    int ft_exit_code;      /* ... and the first one's exit code */
    int shutdown_sent;
    int nodes_lost;        /* a daemon died: its files are vmplrun's to remove */
    double deadline;       /* --timeout, or 0 */
    double shutdown_deadline;

    /* One-node job: vmplrun is node 0's observer (vmplrun_watch.c). */
    int watch_fd;          /* UDP socket node 0's heartbeats come to, or -1 */
    int watching;          /* until node 0 says bye, is reaped or is declared */
    int watch_heard;       /* a heartbeat came */
    int watch_late_grace;  /* timeouts forgiven to a late, live daemon */
    int watch_refused;     /* datagrams of a wrong size or MAC (logged once) */
    uint8_t watch_key[RT_KEY_BYTES]; /* the job's datagram key (rt_auth.h) */
    uint64_t watch_seq;    /* node 0's last sequence number: older ones are replays */
    double watch_start, watch_last_heard, watch_last_beat, watch_last_turn;
} vmplrun_t;

/* vmplrun_events.c */
void vmplrun_daemon_frames(vmplrun_t *run, rt_conn_t *conn);
void vmplrun_send_all(vmplrun_t *run, uint32_t type, const void *payload, size_t length);
void vmplrun_failure(vmplrun_t *run, rt_buf_t *in);
void vmplrun_node_failed(vmplrun_t *run, uint32_t node, uint32_t silence_ms);
void vmplrun_fail(vmplrun_t *run, int exit_code);
void vmplrun_nodes_lost(vmplrun_t *run, uint32_t node, const char *reason);

/* vmplrun_watch.c */
int vmplrun_watch_open(vmplrun_t *run);
int vmplrun_watch_timeout_ms(const vmplrun_t *run);
void vmplrun_watch_receive(vmplrun_t *run);
void vmplrun_watch_check(vmplrun_t *run);

double vmplrun_now(void);

#endif
