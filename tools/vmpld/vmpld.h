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

#include <rt/rt_board.h>

#include <signal.h>
#include <sys/types.h>

/*
 * Failure events between the main thread and the detector thread
 * (vmpld_detector.c), and the report carried in the detector's datagrams.
 */
enum { VMPLD_EV_FAILED = 1, VMPLD_EV_QUIET, VMPLD_EV_STOP, VMPLD_EV_FENCE_SELF };
enum { VMPLD_FAIL_RANK = 1, VMPLD_FAIL_NODE = 2 };

typedef struct {
    uint32_t what;   /* VMPLD_EV_* */
    uint32_t kind;   /* VMPLD_FAIL_RANK or VMPLD_FAIL_NODE */
    uint32_t id;     /* the rank or the node */
    uint32_t cause;  /* RT_FAILURE_* (rt.h) */
    uint32_t detail; /* wait status of a rank; ms of silence of a node (0: its link closed) */
    uint32_t origin; /* the daemon that detected it */
} vmpld_event_t;

/*
 * The detector's datagrams (UDP, every daemon's detector socket; vmplrun's
 * too in a one-node job, where it observes node 0: heartbeats and a bye).
 * Each carries the job secret; anything else is dropped.
 */
enum {
    VMPLD_DG_HEARTBEAT = 1, /* to the observer, every delta */
    VMPLD_DG_OBSERVE = 2,   /* "send me your heartbeats" (ring mend) */
    VMPLD_DG_DEAD = 3,      /* "you were declared failed" */
    VMPLD_DG_BYE = 4,       /* leaving at the job's end: not a failure */
    VMPLD_DG_REPORT = 5,    /* a failure, broadcast; acknowledged */
    VMPLD_DG_ACK = 6,
    VMPLD_DG_HELLO = 7      /* the sender's detector runs */
};

/* A detector datagram: 64 bytes, host byte order. */
typedef struct {
    uint32_t type;        /* VMPLD_DG_* */
    uint32_t from;        /* the sending daemon's node */
    uint32_t to;          /* the receiver's node, or RT_AUTH_LAUNCHER (a copy sent elsewhere fails) */
    uint32_t reserved;    /* 0 */
    uint64_t seq;         /* the sender's datagram count: 1, 2, ... */
    vmpld_event_t report; /* VMPLD_DG_REPORT and VMPLD_DG_ACK; zero otherwise */
    uint8_t mac[RT_MAC_BYTES]; /* rt_auth_mac(datagram key, bytes before mac, from, seq) */
} vmpld_datagram_t;

#define VMPLD_LATE_GRACE 20 /* at most this many extra timeouts for a late daemon on this host */
#define VMPLD_START_GRACE_MS 1000u /* silence allowed before the first predecessor's first beat */

typedef struct vmpld_detector vmpld_detector_t;

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
    uint32_t fence_waiting; /* 1 + epoch of the fence it waits in, or 0 */
    double stopped_at;      /* vmpld_now() when a signal stopped it, or 0 */
    int stop_signal;
    pid_t exited_pid;       /* its pid, once reaped */
    uint32_t exit_flags;    /* RT_EXIT_* once reaped */
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
    int signal_fd, tcp_fd, unix_fd, udp_fd;
    uint32_t port, udp_port;
    char dir[256], socket_path[320];
    int lock_fd;         /* flock on dir/lock, held for our life (rt_reap.h) */
    rt_conn_t parent;

    vmpld_child_t *children;
    uint32_t child_count;
    vmpld_rank_t *ranks;
    int rank_first, rank_count;
    uint8_t rank_signals[NSIG]; /* signals a rank resets to SIG_DFL before exec (1 each) */
    int rank_chdir;             /* ranks chdir to the job's folder: ours is another */
    rt_conn_t *pending;  /* accepted connections that have not said hello */
    int pending_count;
    uint8_t mac_key[RT_KEY_BYTES]; /* the job's MAC key, from its secret (rt_auth.h) */
    long pending_dropped;          /* connections dropped for want of a hello */

    uint32_t fence_epoch;
    rt_buf_t fence_blob;
    int fence_arrived;

    rt_buf_t ready_entries; /* daemon table entries of the wired subtree */
    int ready_sent;
    rt_buf_t table;         /* every daemon's entry, once known */

    rt_board_header_t *board;   /* the node's failure board (rt_board.h) */
    vmpld_detector_t *detector;    /* running once the table is known */
    rt_buf_t early_failures;       /* vmpld_event_t records seen before it ran */
    int detector_fd;               /* main thread's end of the event pair, or -1 */
    uint8_t *node_failed;          /* per node, once the table is known */
    rt_buf_t node_failures;        /* vmpld_event_t of every failed node, in order */
    int fences_broken;             /* a failure was decided: fences fail from now on */
    int reattached;                /* resilient mode: our parent failed; vmplrun is our parent */

    int killing;            /* SIGTERM sent; SIGKILL at kill_deadline */
    int kill_ordered;       /* the launcher's KILL came down: late children get it too */
    double kill_deadline;
    int shutting_down;
    double shutdown_deadline;
} vmpld_t;

/* vmpld_rank_spawn.c */
int vmpld_ranks_spawn(vmpld_t *d);
void vmpld_spawners_release(void); /* every rank is reaped: helper spawners may end */

/* vmpld_ranks.c */
void vmpld_rank_stream_readable(vmpld_t *d, vmpld_rank_t *r, int stream);
void vmpld_rank_stdin_writable(vmpld_t *d, vmpld_rank_t *r);
void vmpld_ranks_stdin(vmpld_t *d, const void *data, size_t length);
void vmpld_children_reap(vmpld_t *d);
/* Fails and kills ranks stopped longer than VMPL_FT_STOP_GRACE_MS; returns
   the ms until the next such deadline, or -1 when none is pending. */
int vmpld_ranks_stop_check(vmpld_t *d);
void vmpld_ranks_signal(vmpld_t *d, int signo);
void vmpld_ranks_kill(vmpld_t *d);
int vmpld_ranks_alive(const vmpld_t *d);
/* Sends the exit of every reaped rank up again (a report may have been lost). */
void vmpld_ranks_exits_again(vmpld_t *d);

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
void vmpld_pending_add(vmpld_t *d, int fd, int accepted);
/* Closes TCP connections past their hello deadline; returns the ms to the next, or -1. */
int vmpld_pending_expire(vmpld_t *d);

double vmpld_now(void);

/* vmpld_board.c */
int vmpld_board_create(vmpld_t *d);
void vmpld_board_destroy(vmpld_t *d);
int vmpld_board_mark(vmpld_t *d, int first, int end, int cause);
void vmpld_board_publish(vmpld_t *d);
int vmpld_board_failed(const vmpld_t *d, int rank);

/* vmpld_detector.c */
int vmpld_detector_socket(int all_interfaces, uint32_t *port_p);
int vmpld_detector_start(vmpld_t *d);
void vmpld_detector_tell(vmpld_t *d, const vmpld_event_t *event);
void vmpld_detector_stop(vmpld_t *d);
/* Is a daemon on this host gone, or one of its threads stopped, traced or a zombie? */
int vmpld_host_daemon_stopped(pid_t pid);

/* vmpld_failures.c: what the main thread does about failures */
void vmpld_failure_detected(vmpld_t *d, uint32_t kind, uint32_t id, uint32_t cause,
                            uint32_t detail);
void vmpld_detector_events(vmpld_t *d);
void vmpld_table_known(vmpld_t *d);
void vmpld_fence_failed_reply(vmpld_t *d, vmpld_rank_t *r, uint32_t epoch);
void vmpld_fences_break(vmpld_t *d);
void vmpld_parent_drain(vmpld_t *d);
/* The link to the parent closed or failed: carry on under vmplrun (--ft) or end. */
void vmpld_parent_lost(vmpld_t *d);

/* vmpld_daemon.c: runs a node daemon to the end of the job (takes `start`). */
int vmpld_run(rt_daemon_start_t *start);

/*
 * vmpld_spawn.c: starts the daemon of `node`. On this host it is a fork
 * that runs vmpld_run (no exec: start-up time matters); on another host it
 * is `agent host vmpld` with the start message on vmpld's stdin. Returns
 * the pid (the agent's for a remote daemon) or -1. A forked daemon's link
 * is a socket pair: *link_fd_p is the parent's end (-1 for a remote one,
 * which connects back over TCP); it still opens with the hello (rt_auth.h).
 */
pid_t vmpld_spawn(const rt_job_t *job, uint32_t node, const char *parent_host,
                  uint32_t parent_port, int local, int *link_fd_p);

#endif
