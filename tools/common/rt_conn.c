/* Nonblocking framed connections (rt_conn.h). */
#include "rt_conn.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
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

    if (conn->fd < 0 || length > RT_FRAME_MAX)
        return -1;
    rt_buf_put_raw(&conn->out, &header, sizeof(header));
    rt_buf_put_raw(&conn->out, payload, length);
    return conn->out.failed ? -1 : 0;
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

int rt_conn_next_frame(rt_conn_t *conn, uint32_t *type_p, const void **payload_p,
                       size_t *length_p)
{
    size_t available = conn->in.length - conn->in.position;
    rt_frame_header_t header;

    if (available < sizeof(header))
        return 0;
    memcpy(&header, conn->in.data + conn->in.position, sizeof(header));
    if (header.length > RT_FRAME_MAX)
        return -1;
    if (available - sizeof(header) < header.length)
        return 0;
    *type_p = header.type;
    *payload_p = conn->in.data + conn->in.position + sizeof(header);
    *length_p = header.length;
    conn->in.position += sizeof(header) + header.length;
    return 1;
}
