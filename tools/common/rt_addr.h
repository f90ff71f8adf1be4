/*
 * The address a host advertises to the job's other hosts: where its
 * daemons' children connect, where heartbeats go, what its ranks publish.
 * By default it is the address of the interface the launcher reached the
 * host by; VMPL_RT_ADDR (an IPv4 address, a host name or an interface
 * name) overrides it on the host where it is set.
 */
#ifndef VMPL_TOOLS_RT_ADDR_H
#define VMPL_TOOLS_RT_ADDR_H

#include <stddef.h>

#define RT_ADDR_MAX 64 /* a numeric IPv4 address fits with room to spare */

/*
 * VMPL_RT_ADDR as a numeric IPv4 address in addr (size >= RT_ADDR_MAX):
 * 1 when set, 0 when empty, -1 (logged) when it names no interface with
 * an IPv4 address and resolves to no IPv4 address.
 */
int rt_addr_configured(char *addr, size_t size);

/* The local address of a connected TCP socket (the interface it went out by); 0 or -1. */
int rt_addr_of_connection(int fd, char *addr, size_t size);

/* The local address this host would use to reach `host` (its route's source); 0 or -1. */
int rt_addr_toward(const char *host, char *addr, size_t size);

#endif
