/*
 * The job description vmplrun hands to every daemon (on the daemon's
 * stdin, never on a command line where other users could read the
 * secret), rank placement, and the launch tree.
 *
 * Placement: ranks fill nodes in order, node by node; node n holds the
 * contiguous ranks [first_rank(n), first_rank(n + 1)): ppn per node when
 * ppn is set (the last nodes may hold fewer or none), else node sizes
 * differ by at most one. Tree: daemon i's parent is (i - 1) / fanout and
 * vmplrun is the parent of daemon 0.
 */
#ifndef VMPL_TOOLS_RT_JOB_H
#define VMPL_TOOLS_RT_JOB_H

#include <rt/rt_wire.h>

#include <stdint.h>

#define RT_JOB_TAG_OUTPUT 1u
#define RT_JOB_BIND_NONE 2u /* --bind-to none (ranks are bound by default) */
#define RT_JOB_REMOTE 4u /* some daemon runs on another host: listen on all interfaces */
#define RT_JOB_FT 8u     /* resilient mode: survivors of a failure keep running */

typedef struct {
    uint8_t secret[RT_SECRET_BYTES];
    char *job_id;
    uint32_t size;       /* ranks */
    uint32_t node_count; /* daemons */
    uint32_t fanout;
    uint32_t flags;
    uint32_t kill_grace_ms;
    uint32_t ppn;            /* ranks per node; 0 = spread evenly */
    uint32_t ft_delta_ms;    /* failure detector: heartbeat period */
    uint32_t ft_timeout_ms;  /* ... and silence that declares a daemon failed */
    char *launcher_host;     /* vmplrun's address, for reports when node 0 fails */
    uint32_t launcher_port;
    uint32_t launcher_udp_port; /* where node 0 of a one-node job sends heartbeats */
    char **hosts;        /* node_count names; "" = the launching host */
    char *cwd;
    char *tmpdir;
    char *vmpld_path;    /* same path on every host */
    char *launch_agent;  /* e.g. "ssh", split on spaces */
    char **argv;         /* NULL-terminated */
    char **env;          /* NULL-terminated NAME=VALUE for the ranks */
} rt_job_t;

/* What one daemon is told on its stdin: where it sits, and the job. */
typedef struct {
    uint32_t node;
    char *parent_host;
    uint32_t parent_port;
    int parent_fd; /* a forked daemon's ready link to its parent, else -1 (not on the wire) */
    rt_job_t job;
} rt_daemon_start_t;

void rt_job_encode(const rt_job_t *job, rt_buf_t *out);
/* Decodes into freshly allocated strings; 0 or -1 on malformed input. */
int rt_job_decode(rt_buf_t *in, rt_job_t *job);
void rt_job_free(rt_job_t *job);

int rt_job_first_rank(const rt_job_t *job, uint32_t node);
int rt_job_node_of_rank(const rt_job_t *job, int rank);
/* Children of daemon `node` in the tree are [*first_p, *end_p). */
void rt_job_children(const rt_job_t *job, uint32_t node, uint32_t *first_p, uint32_t *end_p);
/* Ranks placed on the same host as `node` (virtual nodes share a host). */
int rt_job_ranks_on_host_of(const rt_job_t *job, uint32_t node);
int rt_host_is_local(const char *host);

void rt_daemon_start_encode(const rt_daemon_start_t *start, rt_buf_t *out);
int rt_daemon_start_decode(rt_buf_t *in, rt_daemon_start_t *start);
/* The stdin message of a remote daemon: a frame holding the encoded start. */
int rt_daemon_start_write(int fd, const rt_daemon_start_t *start);
int rt_daemon_start_read(int fd, rt_daemon_start_t *start);

#endif
