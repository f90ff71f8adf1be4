/* Secrets and blocking frame I/O shared by the launcher, daemons and ranks. */
#include "rt_wire.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

int rt_secret_generate(uint8_t secret[RT_SECRET_BYTES])
{
    size_t got = 0;

    while (got < RT_SECRET_BYTES) {
        ssize_t n = getrandom(secret + got, RT_SECRET_BYTES - got, 0);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        got += (size_t)n;
    }
    return 0;
}

void rt_secret_to_hex(const uint8_t secret[RT_SECRET_BYTES], char hex[2 * RT_SECRET_BYTES + 1])
{
    static const char digits[] = "0123456789abcdef";

    for (int i = 0; i < RT_SECRET_BYTES; i++) {
        hex[2 * i] = digits[secret[i] >> 4];
        hex[2 * i + 1] = digits[secret[i] & 15];
    }
    hex[2 * RT_SECRET_BYTES] = '\0';
}

static int hex_digit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return -1;
}

int rt_secret_from_hex(const char *hex, uint8_t secret[RT_SECRET_BYTES])
{
    if (!hex || strlen(hex) != 2 * RT_SECRET_BYTES)
        return -1;
    for (int i = 0; i < RT_SECRET_BYTES; i++) {
        int high = hex_digit(hex[2 * i]), low = hex_digit(hex[2 * i + 1]);
        if (high < 0 || low < 0)
            return -1;
        secret[i] = (uint8_t)(high << 4 | low);
    }
    return 0;
}

int rt_write_all(int fd, const void *data, size_t length)
{
    const char *at = data;

    while (length) {
        ssize_t n = write(fd, at, length);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        at += n;
        length -= (size_t)n;
    }
    return 0;
}

int rt_read_all(int fd, void *data, size_t length)
{
    char *at = data;

    while (length) {
        ssize_t n = read(fd, at, length);
        if (n < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        if (n == 0) {
            errno = ECONNRESET;
            return -1;
        }
        at += n;
        length -= (size_t)n;
    }
    return 0;
}

int rt_frame_write(int fd, uint32_t type, const void *payload, size_t length)
{
    rt_frame_header_t header = {.type = type, .length = (uint32_t)length};

    if (length > RT_FRAME_MAX) {
        errno = EMSGSIZE;
        return -1;
    }
    if (rt_write_all(fd, &header, sizeof(header)))
        return -1;
    return length ? rt_write_all(fd, payload, length) : 0;
}

int rt_frame_read(int fd, uint32_t *type_p, void **payload_p, size_t *length_p)
{
    rt_frame_header_t header;
    void *payload = NULL;

    if (rt_read_all(fd, &header, sizeof(header)))
        return -1;
    if (header.length > RT_FRAME_MAX) {
        errno = EPROTO;
        return -1;
    }
    if (header.length) {
        payload = malloc(header.length);
        if (!payload || rt_read_all(fd, payload, header.length)) {
            int saved = payload ? errno : ENOMEM;
            free(payload);
            errno = saved;
            return -1;
        }
    }
    *type_p = header.type;
    *payload_p = payload;
    *length_p = header.length;
    return 0;
}
