/*
 * Nonblocking framed connections for the launcher and the daemons' poll
 * loops: whole frames in, queued frames out, so no peer can stall another.
 */
#ifndef VMPL_TOOLS_RT_CONN_H
#define VMPL_TOOLS_RT_CONN_H

#include <rt/rt_auth.h>

#include <stddef.h>
#include <stdint.h>

typedef struct {
    int fd;          /* -1 once closed */
    rt_buf_t in;     /* bytes received, not yet a whole frame */
    rt_buf_t out;    /* bytes queued for the peer */
    size_t out_sent; /* bytes of `out` already written */
    int kind;        /* owner's tag */
    int id;          /* owner's index (node or rank) */
    rt_auth_session_t auth; /* every frame carries a MAC once auth.state is RT_AUTH_ON */
    double opened_at;       /* listener: when accepted (the hello is due within a deadline) */
    int accepted;           /* listener: came from accept(), may be dropped to make room */
} rt_conn_t;

void rt_conn_init(rt_conn_t *conn, int fd, int kind, int id); /* makes fd nonblocking */
void rt_conn_close(rt_conn_t *conn);

/*
 * Listener side of the hello (rt_auth.h): sends the challenge; the first
 * frame that comes back must be the connector's, authentic. -1 on a dead peer.
 */
int rt_conn_challenge(rt_conn_t *conn, const uint8_t mac_key[RT_KEY_BYTES], const char *job_id,
                      uint32_t self);
/*
 * Accepted connections of conns[0..n) that still wait for their hello:
 * how many, and the oldest in *oldest_p (-1 when none).
 */
int rt_conn_waiting(const rt_conn_t *conns, int n, int *oldest_p);
/*
 * Closes the accepted connections of conns[0..n) whose hello is past
 * RT_HELLO_DEADLINE_MS (how many in *closed_p); the ms to the next
 * deadline, or -1 when none waits.
 */
int rt_conn_expire(rt_conn_t *conns, int n, int *closed_p);
/* Connector side, blocking up to timeout_ms for the challenge: 0 or -1 (errno set). */
int rt_conn_hello(rt_conn_t *conn, const uint8_t mac_key[RT_KEY_BYTES], uint32_t self,
                  int timeout_ms, uint32_t type, const void *payload, size_t length);

/* Queues a frame and writes what the socket takes now; -1 on a dead peer. */
int rt_conn_send(rt_conn_t *conn, uint32_t type, const void *payload, size_t length);
/* Queues a frame without writing (the owner flushes once per loop turn). */
int rt_conn_queue(rt_conn_t *conn, uint32_t type, const void *payload, size_t length);
/* Writes queued bytes (on POLLOUT); -1 on a dead peer. */
int rt_conn_flush(rt_conn_t *conn);
int rt_conn_wants_write(const rt_conn_t *conn);

/* Reads what is available (on POLLIN): 1 data, 2 nothing yet, 0 end of stream, -1 error. */
int rt_conn_receive(rt_conn_t *conn);
/*
 * Takes the next whole frame, if any: 1 with *payload_p pointing into the
 * connection (valid until the next call), 0 when none, -1 malformed or not
 * authentic (a wrong MAC, sender or sequence number). The connector's nonce
 * that opens its first frame is not handed out.
 */
int rt_conn_next_frame(rt_conn_t *conn, uint32_t *type_p, const void **payload_p,
                       size_t *length_p);

#endif
