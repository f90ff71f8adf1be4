/* Starting daemons and wiring them: TCP listen/connect, spawn, hello. */
#ifndef VMPL_TOOLS_RT_LAUNCH_H
#define VMPL_TOOLS_RT_LAUNCH_H

#include "rt_job.h"

#include <sys/types.h>

/* A listening TCP socket (loopback unless all_interfaces); -1 on error. */
int rt_tcp_listen(int all_interfaces, uint32_t *port_p);
int rt_tcp_connect(const char *host, uint32_t port);

/* Do daemons a and b share a host (and so start each other without the agent)? */
int rt_job_same_host(const rt_job_t *job, uint32_t a, uint32_t b);

/* Hello of a daemon (after the nonce rt_conn_hello puts first): node, pid, port, host. */
void rt_hello_encode(rt_buf_t *out, uint32_t node, uint32_t port, const char *host);

/*
 * A connection must complete its hello within this long after it was
 * accepted, and at most this many accepted connections may wait for theirs
 * (the oldest is dropped to make room): the hello is one round trip, so an
 * honest peer needs milliseconds, and idle connections from others must
 * not pile up (no setting covers it; settings are per job, this is not).
 */
#define RT_HELLO_DEADLINE_MS 2000
#define RT_PENDING_MAX 32

#endif
