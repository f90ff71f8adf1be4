/* Nonblocking framed connections (rt_conn.h). */
#include "rt_conn.h"
#include "rt_launch.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

void rt_conn_init(rt_conn_t *conn, int fd, int kind, int id)
{
    memset(conn, 0, sizeof(*conn));
    conn->fd = fd;
    conn->kind = kind;
    conn->id = id;
    rt_buf_init(&conn->in);
    rt_buf_init(&conn->out);
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
}

void rt_conn_close(rt_conn_t *conn)
{
    if (conn->fd >= 0)
        close(conn->fd);
    conn->fd = -1;
    rt_buf_free(&conn->in);
    rt_buf_free(&conn->out);
    conn->out_sent = 0;
}

int rt_conn_flush(rt_conn_t *conn)
{
    while (conn->fd >= 0 && conn->out_sent < conn->out.length) {
        ssize_t n = send(conn->fd, conn->out.data + conn->out_sent,
                         conn->out.length - conn->out_sent, MSG_NOSIGNAL);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return errno == EAGAIN ? 0 : -1;
        }
        conn->out_sent += (size_t)n;
    }
    if (conn->out_sent == conn->out.length) {
        conn->out.length = 0;
        conn->out_sent = 0;
    }
    return conn->fd >= 0 ? 0 : -1;
}

int rt_conn_queue(rt_conn_t *conn, uint32_t type, const void *payload, size_t length)
{
    rt_frame_header_t header = {.type = type, .length = (uint32_t)length};
    rt_auth_trailer_t trailer;

    if (conn->fd < 0 || length > RT_FRAME_MAX)
        return -1;
    rt_buf_put_raw(&conn->out, &header, sizeof(header));
    rt_buf_put_raw(&conn->out, payload, length);
    if (conn->auth.state == RT_AUTH_ON) {
        rt_auth_seal(&conn->auth, &header, payload, &trailer);
        rt_buf_put_raw(&conn->out, &trailer, sizeof(trailer));
    }
    return conn->out.failed ? -1 : 0;
}

static double now_s(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int rt_conn_waiting(const rt_conn_t *conns, int n, int *oldest_p)
{
    int waiting = 0, oldest = -1;

    for (int i = 0; i < n; i++)
        if (conns[i].fd >= 0 && conns[i].accepted) {
            waiting++;
            if (oldest < 0 || conns[i].opened_at < conns[oldest].opened_at)
                oldest = i;
        }
    *oldest_p = oldest;
    return waiting;
}

int rt_conn_expire(rt_conn_t *conns, int n, int *closed_p)
{
    double now = now_s(), next = -1;

    *closed_p = 0;
    for (int i = 0; i < n; i++) {
        double left = conns[i].opened_at + RT_HELLO_DEADLINE_MS / 1000.0 - now;
        if (conns[i].fd < 0 || !conns[i].accepted)
            continue;
        if (left > 0) {
            next = next < 0 || left < next ? left : next;
            continue;
        }
        rt_conn_close(&conns[i]);
        (*closed_p)++;
    }
    return next < 0 ? -1 : (int)(next * 1000) + 1;
}

int rt_conn_challenge(rt_conn_t *conn, const uint8_t mac_key[RT_KEY_BYTES], const char *job_id,
                      uint32_t self)
{
    rt_buf_t out;
    int rc;

    conn->opened_at = now_s();
    conn->auth = (rt_auth_session_t){.self = self, .peer = RT_AUTH_ANY, .mac_key = mac_key,
                                     .job_id = job_id, .state = RT_AUTH_CHALLENGED};
    rt_auth_nonce(conn->auth.nonce);
    rt_buf_init(&out);
    rt_buf_put_raw(&out, conn->auth.nonce, RT_NONCE_BYTES);
    rt_buf_put_str(&out, job_id);
    rc = out.failed ? -1 : rt_conn_send(conn, RT_MSG_CHALLENGE, out.data, out.length);
    rt_buf_free(&out);
    return rc;
}

int rt_conn_hello(rt_conn_t *conn, const uint8_t mac_key[RT_KEY_BYTES], uint32_t self,
                  int timeout_ms, uint32_t type, const void *payload, size_t length)
{
    int flags = fcntl(conn->fd, F_GETFL), rc;

    /* blocking writes for the hello; reads wait in poll */
    fcntl(conn->fd, F_SETFL, flags & ~O_NONBLOCK);
    rc = rt_auth_hello(conn->fd, &conn->auth, mac_key, self, timeout_ms, type, payload, length);
    fcntl(conn->fd, F_SETFL, flags);
    return rc;
}

int rt_conn_send(rt_conn_t *conn, uint32_t type, const void *payload, size_t length)
{
    return rt_conn_queue(conn, type, payload, length) ? -1 : rt_conn_flush(conn);
}

int rt_conn_wants_write(const rt_conn_t *conn)
{
    return conn->fd >= 0 && conn->out_sent < conn->out.length;
}

int rt_conn_receive(rt_conn_t *conn)
{
    char chunk[65536];
    ssize_t n;

    for (;;) {
        n = recv(conn->fd, chunk, sizeof(chunk), 0);
        if (n > 0)
            break;
        if (n == 0)
            return 0;
        if (errno != EINTR)
            return errno == EAGAIN ? 2 : -1;
    }
    /* drop the bytes of frames already handed out */
    if (conn->in.position) {
        memmove(conn->in.data, conn->in.data + conn->in.position,
                conn->in.length - conn->in.position);
        conn->in.length -= conn->in.position;
        conn->in.position = 0;
    }
    rt_buf_put_raw(&conn->in, chunk, (size_t)n);
    return conn->in.failed ? -1 : 1;
}

/* The connector's first frame: its nonce completes the session key. */
static int first_frame_open(rt_conn_t *conn, const rt_frame_header_t *header,
                            const uint8_t *payload, const rt_auth_trailer_t *trailer)
{
    rt_auth_session_t *s = &conn->auth;

    if (header->length < RT_NONCE_BYTES)
        return -1;
    rt_auth_session_key(s->mac_key, s->job_id, s->nonce, payload, s->key);
    s->state = RT_AUTH_ON;
    if (rt_auth_open(s, header, payload, trailer)) {
        s->state = RT_AUTH_CHALLENGED;
        return -1;
    }
    return 0;
}

int rt_conn_next_frame(rt_conn_t *conn, uint32_t *type_p, const void **payload_p,
                       size_t *length_p)
{
    size_t available = conn->in.length - conn->in.position;
    size_t trailer_bytes = conn->auth.state == RT_AUTH_OFF ? 0 : sizeof(rt_auth_trailer_t);
    const uint8_t *payload;
    rt_frame_header_t header;
    rt_auth_trailer_t trailer;
    int first = conn->auth.state == RT_AUTH_CHALLENGED;

    if (available < sizeof(header))
        return 0;
    memcpy(&header, conn->in.data + conn->in.position, sizeof(header));
    if (header.length > RT_FRAME_MAX)
        return -1;
    if (available - sizeof(header) < header.length + trailer_bytes)
        return 0;
    payload = conn->in.data + conn->in.position + sizeof(header);
    if (trailer_bytes) {
        memcpy(&trailer, payload + header.length, sizeof(trailer));
        if (first ? first_frame_open(conn, &header, payload, &trailer)
                  : rt_auth_open(&conn->auth, &header, payload, &trailer))
            return -1;
    }
    conn->in.position += sizeof(header) + header.length + trailer_bytes;
    *type_p = header.type;
    *payload_p = payload + (first ? RT_NONCE_BYTES : 0);
    *length_p = header.length - (first ? RT_NONCE_BYTES : 0);
    return 1;
}
