/*
 * vmpld, the node daemon: one per node (or virtual node) of a job. It
 * starts its children in the launch tree, spawns and watches its ranks,
 * forwards their stdio and exit statuses up the tree toward vmplrun,
 * serves the bootstrap key-value fence, and removes everything the job
 * left on the node when it ends.
 */
#ifndef VMPL_TOOLS_VMPLD_H
#define VMPL_TOOLS_VMPLD_H

#include "../common/rt_conn.h"
#include "../common/rt_job.h"

#include <sys/types.h>

typedef struct {
    int rank;
    pid_t pid;           /* 0 before spawn, -1 once reaped */
    int wait_status;
    int stream_fd[3];    /* [0] stdin write end (rank 0 only), [1] stdout, [2] stderr; -1 closed */
    rt_buf_t line[3];    /* partial output lines of [1] and [2] */
    rt_buf_t stdin_queue;
    int stdin_eof;
    rt_conn_t conn;      /* fd -1 until the rank says hello */
    int connected;       /* said hello at some point */
    int env_owned;       /* environment entries allocated for the spawn */
    int finalized;
} vmpld_rank_t;

typedef struct {
    uint32_t node;
    pid_t pid;           /* vmpld or its launch agent; -1 once reaped */
    rt_conn_t conn;      /* fd -1 until its hello */
    int ready;
    int done;            /* link closed after shutdown, or reported lost */
} vmpld_child_t;

typedef struct {
    rt_daemon_start_t start;
    rt_job_t *job;
    uint32_t node;
    char host[256];
    int signal_fd, tcp_fd, unix_fd;
    uint32_t port;
    char dir[256], socket_path[320];
    rt_conn_t parent;

    vmpld_child_t *children;
    uint32_t child_count;
    vmpld_rank_t *ranks;
    int rank_first, rank_count;
    rt_conn_t *pending;  /* accepted connections that have not said hello */
    int pending_count;

    uint32_t fence_epoch;
    rt_buf_t fence_blob;
    int fence_arrived;

    rt_buf_t ready_entries; /* daemon table entries of the wired subtree */
    int ready_sent;
    rt_buf_t table;         /* every daemon's entry, once known */

    int killing;            /* SIGTERM sent; SIGKILL at kill_deadline */
    double kill_deadline;
    int shutting_down;
    double shutdown_deadline;
} vmpld_t;

/* vmpld_ranks.c */
int vmpld_ranks_spawn(vmpld_t *d);
void vmpld_rank_stream_readable(vmpld_t *d, vmpld_rank_t *r, int stream);
void vmpld_rank_stdin_writable(vmpld_t *d, vmpld_rank_t *r);
void vmpld_ranks_stdin(vmpld_t *d, const void *data, size_t length);
void vmpld_children_reap(vmpld_t *d);
void vmpld_ranks_signal(vmpld_t *d, int signo);
void vmpld_ranks_kill(vmpld_t *d);
int vmpld_ranks_alive(const vmpld_t *d);

/* vmpld_links.c */
void vmpld_parent_frames(vmpld_t *d);
void vmpld_child_frames(vmpld_t *d, vmpld_child_t *c);
void vmpld_rank_frames(vmpld_t *d, vmpld_rank_t *r);
void vmpld_pending_frames(vmpld_t *d, int index);
void vmpld_fence_check(vmpld_t *d);
void vmpld_ready_check(vmpld_t *d);
void vmpld_child_lost(vmpld_t *d, vmpld_child_t *c, const char *reason);
void vmpld_send_up(vmpld_t *d, uint32_t type, const void *payload, size_t length);
void vmpld_send_down(vmpld_t *d, uint32_t type, const void *payload, size_t length);
void vmpld_shutdown_begin(vmpld_t *d);
void vmpld_pending_add(vmpld_t *d, int fd);

double vmpld_now(void);

/* vmpld_daemon.c: runs a node daemon to the end of the job (takes `start`). */
int vmpld_run(rt_daemon_start_t *start);

/*
 * vmpld_spawn.c: starts the daemon of `node`. On this host it is a fork
 * that runs vmpld_run (no exec: start-up time matters); on another host it
 * is `agent host vmpld` with the start message on vmpld's stdin. Returns
 * the pid (the agent's for a remote daemon) or -1. A forked daemon's link
 * is a socket pair: *link_fd_p is the parent's end (-1 for a remote one,
 * which connects back over TCP); it still opens with the secret hello.
 */
pid_t vmpld_spawn(const rt_job_t *job, uint32_t node, const char *parent_host,
                  uint32_t parent_port, int local, int *link_fd_p);

#endif
