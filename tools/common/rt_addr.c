/* The address a host advertises to the job's other hosts (rt_addr.h). */
#define _GNU_SOURCE
#include "rt_addr.h"

#include <base/log.h>
#include <base/settings.h>

#include <arpa/inet.h>
#include <ifaddrs.h>
#include <netdb.h>
#include <netinet/in.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static int addr_format(const struct sockaddr *address, char *addr, size_t size)
{
    if (address->sa_family != AF_INET)
        return -1;
    return inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, addr,
                     (socklen_t)size) ? 0 : -1;
}

/* The first IPv4 address of interface `name`; 0, or -1 when it has none. */
static int addr_of_interface(const char *name, char *addr, size_t size)
{
    struct ifaddrs *list, *at;
    int rc = -1;

    if (getifaddrs(&list))
        return -1;
    for (at = list; at && rc; at = at->ifa_next)
        if (at->ifa_addr && !strcmp(at->ifa_name, name))
            rc = addr_format(at->ifa_addr, addr, size);
    freeifaddrs(list);
    return rc;
}

int rt_addr_configured(char *addr, size_t size)
{
    const char *value = base_settings()->rt_addr;
    struct addrinfo hints = {.ai_family = AF_INET, .ai_socktype = SOCK_STREAM}, *found;
    int rc;

    if (!value[0])
        return 0;
    if (!addr_of_interface(value, addr, size))
        return 1;
    rc = getaddrinfo(value, NULL, &hints, &found);
    if (rc) {
        base_error("rt", "VMPL_RT_ADDR=%s is no interface with an IPv4 address and no host: %s",
                   value, gai_strerror(rc));
        return -1;
    }
    rc = addr_format(found->ai_addr, addr, size);
    freeaddrinfo(found);
    return rc ? -1 : 1;
}

int rt_addr_of_connection(int fd, char *addr, size_t size)
{
    struct sockaddr_storage local;
    socklen_t length = sizeof(local);

    if (getsockname(fd, (struct sockaddr *)&local, &length))
        return -1;
    return addr_format((struct sockaddr *)&local, addr, size);
}

int rt_addr_toward(const char *host, char *addr, size_t size)
{
    struct addrinfo hints = {.ai_family = AF_INET, .ai_socktype = SOCK_DGRAM}, *found;
    int fd, rc = -1;

    if (getaddrinfo(host, "9", &hints, &found))
        return -1;
    /* connecting a datagram socket sends nothing: it only picks the route */
    fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd >= 0 && !connect(fd, found->ai_addr, found->ai_addrlen))
        rc = rt_addr_of_connection(fd, addr, size);
    if (fd >= 0)
        close(fd);
    freeaddrinfo(found);
    return rc;
}
