/* Starting daemons and wiring them (rt_launch.h). */
#define _GNU_SOURCE
#include "rt_launch.h"

#include <base/log.h>

#include <arpa/inet.h>
#include <fcntl.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

int rt_tcp_listen(int all_interfaces, uint32_t *port_p)
{
    struct sockaddr_in address = {.sin_family = AF_INET};
    socklen_t length = sizeof(address);
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0), one = 1;

    if (fd < 0) {
        base_error("rt", "socket: %m");
        return -1;
    }
    address.sin_addr.s_addr = htonl(all_interfaces ? INADDR_ANY : INADDR_LOOPBACK);
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
    if (bind(fd, (struct sockaddr *)&address, sizeof(address)) || listen(fd, 128) ||
        getsockname(fd, (struct sockaddr *)&address, &length)) {
        base_error("rt", "cannot listen on TCP: %m");
        close(fd);
        return -1;
    }
    *port_p = ntohs(address.sin_port);
    return fd;
}

int rt_tcp_connect(const char *host, uint32_t port)
{
    struct addrinfo hints = {.ai_family = AF_INET, .ai_socktype = SOCK_STREAM}, *found, *at;
    char service[16];
    int fd = -1, one = 1, rc;

    snprintf(service, sizeof(service), "%u", port);
    rc = getaddrinfo(host[0] ? host : "127.0.0.1", service, &hints, &found);
    if (rc) {
        base_error("rt", "cannot resolve %s: %s", host, gai_strerror(rc));
        return -1;
    }
    for (at = found; at; at = at->ai_next) {
        fd = socket(at->ai_family, at->ai_socktype | SOCK_CLOEXEC, at->ai_protocol);
        if (fd >= 0 && !connect(fd, at->ai_addr, at->ai_addrlen))
            break;
        if (fd >= 0)
            close(fd);
        fd = -1;
    }
    freeaddrinfo(found);
    if (fd < 0) {
        base_error("rt", "cannot connect to %s:%u: %m", host, port);
        return -1;
    }
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one));
    return fd;
}

int rt_job_same_host(const rt_job_t *job, uint32_t a, uint32_t b)
{
    return !strcmp(job->hosts[a], job->hosts[b]) ||
           (rt_host_is_local(job->hosts[a]) && rt_host_is_local(job->hosts[b]));
}

void rt_hello_encode(rt_buf_t *out, uint32_t node, uint32_t port, const char *host)
{
    rt_buf_put_u32(out, node);
    rt_buf_put_u32(out, (uint32_t)getpid());
    rt_buf_put_u32(out, port);
    rt_buf_put_str(out, host);
}
