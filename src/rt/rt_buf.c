/* Encoding and decoding of wire payloads (rt_wire.h). */
#include "rt_wire.h"

#include <stdlib.h>
#include <string.h>

void rt_buf_init(rt_buf_t *buf)
{
    memset(buf, 0, sizeof(*buf));
}

void rt_buf_wrap(rt_buf_t *buf, const void *data, size_t length)
{
    rt_buf_init(buf);
    buf->data = (uint8_t *)data;
    buf->length = length;
}

void rt_buf_free(rt_buf_t *buf)
{
    if (buf->capacity)
        free(buf->data);
    rt_buf_init(buf);
}

static int rt_buf_reserve(rt_buf_t *buf, size_t extra)
{
    size_t need = buf->length + extra, capacity = buf->capacity ? buf->capacity : 256;
    uint8_t *data;

    if (buf->failed)
        return -1;
    if (need <= buf->capacity)
        return 0;
    while (capacity < need)
        capacity *= 2;
    data = realloc(buf->capacity ? buf->data : NULL, capacity);
    if (!data) {
        buf->failed = 1;
        return -1;
    }
    if (!buf->capacity && buf->length)
        memcpy(data, buf->data, buf->length);
    buf->data = data;
    buf->capacity = capacity;
    return 0;
}

void rt_buf_put_raw(rt_buf_t *buf, const void *data, size_t length)
{
    if (!length || rt_buf_reserve(buf, length))
        return;
    memcpy(buf->data + buf->length, data, length);
    buf->length += length;
}

void rt_buf_put_u32(rt_buf_t *buf, uint32_t value)
{
    rt_buf_put_raw(buf, &value, sizeof(value));
}

void rt_buf_put_u64(rt_buf_t *buf, uint64_t value)
{
    rt_buf_put_raw(buf, &value, sizeof(value));
}

void rt_buf_put_bytes(rt_buf_t *buf, const void *data, size_t length)
{
    rt_buf_put_u32(buf, (uint32_t)length);
    rt_buf_put_raw(buf, data, length);
}

void rt_buf_put_str(rt_buf_t *buf, const char *text)
{
    rt_buf_put_bytes(buf, text, strlen(text) + 1);
}

static const void *rt_buf_take(rt_buf_t *buf, size_t length)
{
    const void *at;

    if (buf->failed || length > buf->length - buf->position) {
        buf->failed = 1;
        return NULL;
    }
    at = buf->data + buf->position;
    buf->position += length;
    return at;
}

uint32_t rt_buf_get_u32(rt_buf_t *buf)
{
    const void *at = rt_buf_take(buf, sizeof(uint32_t));
    uint32_t value = 0;

    if (at)
        memcpy(&value, at, sizeof(value));
    return value;
}

uint64_t rt_buf_get_u64(rt_buf_t *buf)
{
    const void *at = rt_buf_take(buf, sizeof(uint64_t));
    uint64_t value = 0;

    if (at)
        memcpy(&value, at, sizeof(value));
    return value;
}

const void *rt_buf_get_bytes(rt_buf_t *buf, size_t *length_p)
{
    size_t length = rt_buf_get_u32(buf);
    const void *at = rt_buf_take(buf, length);

    *length_p = at ? length : 0;
    return at;
}

const char *rt_buf_get_str(rt_buf_t *buf)
{
    size_t length;
    const char *text = rt_buf_get_bytes(buf, &length);

    if (!text || !length || text[length - 1] != '\0') {
        buf->failed = 1;
        return "";
    }
    return text;
}
