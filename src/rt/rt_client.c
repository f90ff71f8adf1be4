/* The rank's connection to its node daemon (rt.h). */
#include "rt.h"
#include "rt_auth.h"
#include "rt_kvs.h"

#include <base/log.h>
#include <base/settings.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

static struct {
    int initialized;
    int fd; /* daemon connection; -1 for a singleton */
    rt_auth_session_t auth; /* every frame on it carries a MAC (rt_auth.h) */
    uint32_t fence_epoch;
    rt_info_t info;
    int *local_ranks;
    int *node_first_rank;
    char *job_id;
    char *addr;
    rt_buf_t pending; /* puts since the last fence */
    rt_kvs_t kvs;
} rt;

static vmpl_status_t rt_connect(const char *path, int *fd_p)
{
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    int fd;

    if (strlen(path) >= sizeof(address.sun_path)) {
        base_error("rt", "daemon socket path too long: %s", path);
        return VMPL_ERR_RUNTIME;
    }
    strcpy(address.sun_path, path);
    fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        base_error("rt", "socket: %m");
        return VMPL_ERR_SYSTEM;
    }
    if (connect(fd, (struct sockaddr *)&address, sizeof(address))) {
        base_error("rt", "cannot connect to the node daemon at %s: %m", path);
        close(fd);
        return VMPL_ERR_RUNTIME;
    }
    *fd_p = fd;
    return VMPL_OK;
}

/* Decodes RT_MSG_RANK_INFO into rt.info. */
static vmpl_status_t rt_info_decode(void *payload, size_t length)
{
    rt_buf_t in;
    rt_info_t *info = &rt.info;

    rt_buf_wrap(&in, payload, length);
    info->rank = (int)rt_buf_get_u32(&in);
    info->size = (int)rt_buf_get_u32(&in);
    info->node = (int)rt_buf_get_u32(&in);
    info->node_count = (int)rt_buf_get_u32(&in);
    info->oversubscribed = (int)rt_buf_get_u32(&in);
    rt.job_id = strdup(rt_buf_get_str(&in));
    if (in.failed || !rt.job_id || info->node_count < 1 || info->node >= info->node_count)
        goto err_malformed;
    rt.node_first_rank = calloc((size_t)info->node_count + 1, sizeof(int));
    if (!rt.node_first_rank)
        return VMPL_ERR_NO_MEMORY;
    for (int n = 0; n <= info->node_count; n++)
        rt.node_first_rank[n] = (int)rt_buf_get_u32(&in);
    rt.addr = strdup(rt_buf_get_str(&in));
    if (in.failed || !rt.addr)
        goto err_malformed;
    info->local_size = rt.node_first_rank[info->node + 1] - rt.node_first_rank[info->node];
    info->local_rank = info->rank - rt.node_first_rank[info->node];
    if (info->local_size < 1 || info->local_rank < 0 || info->local_rank >= info->local_size)
        goto err_malformed;
    rt.local_ranks = calloc((size_t)info->local_size, sizeof(int));
    if (!rt.local_ranks)
        return VMPL_ERR_NO_MEMORY;
    for (int i = 0; i < info->local_size; i++)
        rt.local_ranks[i] = rt.node_first_rank[info->node] + i;
    info->local_ranks = rt.local_ranks;
    info->node_first_rank = rt.node_first_rank;
    info->job_id = rt.job_id;
    info->addr = rt.addr;
    return VMPL_OK;

err_malformed:
    base_error("rt", "malformed rank information from the node daemon");
    return VMPL_ERR_RUNTIME;
}

static vmpl_status_t rt_init_singleton(void)
{
    static int zero;
    static int firsts[2] = {0, 1};
    static char job_id[32];

    snprintf(job_id, sizeof(job_id), "s%ld", (long)getpid());
    rt.fd = -1;
    rt.info = (rt_info_t){.rank = 0, .size = 1, .node = 0, .node_count = 1,
                          .local_rank = 0, .local_size = 1, .local_ranks = &zero,
                          .node_first_rank = firsts, .job_id = job_id, .addr = "127.0.0.1",
                          .singleton = 1};
    return VMPL_OK;
}

static vmpl_status_t rt_init_connected(const base_settings_t *settings)
{
    uint8_t secret[RT_SECRET_BYTES], mac_key[RT_KEY_BYTES];
    rt_buf_t hello;
    uint32_t type;
    void *payload;
    size_t length;
    vmpl_status_t status;

    if (rt_secret_from_hex(settings->rt_secret, secret) || settings->rt_rank < 0) {
        base_error("rt", "VMPL_RT_SOCKET is set but VMPL_RT_SECRET or VMPL_RT_RANK is not valid");
        return VMPL_ERR_RUNTIME;
    }
    if (rt_auth_init())
        return VMPL_ERR_RUNTIME;
    rt_auth_mac_key(secret, mac_key);
    status = rt_connect(settings->rt_socket, &rt.fd);
    if (status != VMPL_OK)
        return status;
    /* challenge-response: the secret stays here; the daemon's reply proves it has the key too */
    rt_buf_init(&hello);
    rt_buf_put_u32(&hello, (uint32_t)settings->rt_rank);
    rt_buf_put_u32(&hello, (uint32_t)getpid());
    if (hello.failed ||
        rt_auth_hello(rt.fd, &rt.auth, mac_key, RT_AUTH_RANK(settings->rt_rank),
                      RT_CHALLENGE_WAIT_MS, RT_MSG_RANK_HELLO, hello.data, hello.length) ||
        rt_frame_read_auth(rt.fd, &rt.auth, &type, &payload, &length)) {
        base_error("rt", "the node daemon refused rank %ld: %m", settings->rt_rank);
        rt_buf_free(&hello);
        goto err_close;
    }
    rt_buf_free(&hello);
    if (type != RT_MSG_RANK_INFO) {
        free(payload);
        base_error("rt", "unexpected message %u from the node daemon", type);
        goto err_close;
    }
    status = rt_info_decode(payload, length);
    free(payload);
    if (status != VMPL_OK)
        goto err_close;
    status = rt_failure_open(rt.job_id, rt.info.node, rt.info.size, rt.info.local_size);
    if (status != VMPL_OK)
        goto err_close;
    return VMPL_OK;

err_close:
    close(rt.fd);
    rt.fd = -1;
    return status != VMPL_OK ? status : VMPL_ERR_RUNTIME;
}

vmpl_status_t rt_init(const rt_info_t **info_p)
{
    const base_settings_t *settings = base_settings();
    vmpl_status_t status;

    if (!rt.initialized) {
        status = settings->rt_socket[0] ? rt_init_connected(settings) : rt_init_singleton();
        if (status != VMPL_OK)
            return status;
        rt_buf_init(&rt.pending);
        rt.initialized = 1;
    }
    *info_p = &rt.info;
    return VMPL_OK;
}

vmpl_status_t rt_kvs_put(const char *key, const void *value, size_t length)
{
    if (!rt.initialized || !key || !key[0] || (!value && length) || length > RT_FRAME_MAX / 2)
        return VMPL_ERR_INVALID_ARG;
    rt_kvs_record_put(&rt.pending, key, value, length);
    return rt.pending.failed ? VMPL_ERR_NO_MEMORY : VMPL_OK;
}

/* Sends this rank's puts and waits for everyone's. */
static vmpl_status_t rt_fence_exchange(void **blob_p, size_t *length_p)
{
    rt_buf_t out;
    uint32_t type, epoch = ++rt.fence_epoch;
    void *payload;
    size_t length;

    rt_buf_init(&out);
    rt_buf_put_u32(&out, epoch);
    rt_buf_put_raw(&out, rt.pending.data, rt.pending.length);
    if (out.failed) {
        rt_buf_free(&out);
        return VMPL_ERR_NO_MEMORY;
    }
    if (rt_frame_write_auth(rt.fd, &rt.auth, RT_MSG_FENCE, out.data, out.length)) {
        base_error("rt", "lost the node daemon during a fence: %m");
        rt_buf_free(&out);
        return VMPL_ERR_RUNTIME;
    }
    rt_buf_free(&out);
    if (rt_frame_read_auth(rt.fd, &rt.auth, &type, &payload, &length)) {
        base_error("rt", "lost the node daemon during a fence: %m");
        return VMPL_ERR_RUNTIME;
    }
    if (type == RT_MSG_FENCE_FAILED && length >= 4 && *(uint32_t *)payload == epoch) {
        free(payload);
        rt_failures_update();
        return VMPL_ERR_PROC_FAILED;
    }
    if (type != RT_MSG_FENCE_DONE || length < 4 || *(uint32_t *)payload != epoch) {
        base_error("rt", "unexpected reply %u to fence %u", type, epoch);
        free(payload);
        return VMPL_ERR_RUNTIME;
    }
    memmove(payload, (char *)payload + 4, length - 4);
    *blob_p = payload;
    *length_p = length - 4;
    return VMPL_OK;
}

vmpl_status_t rt_kvs_fence(void)
{
    void *blob;
    size_t length;
    vmpl_status_t status;

    if (!rt.initialized)
        return VMPL_ERR_INVALID_ARG;
    if (rt.fd < 0) {
        blob = rt.pending.data; /* singleton: our puts are everyone's */
        length = rt.pending.length;
        if (!rt.pending.capacity)
            blob = NULL;
        rt_buf_init(&rt.pending);
        return blob ? rt_kvs_add_blob(&rt.kvs, blob, length) : VMPL_OK;
    }
    status = rt_fence_exchange(&blob, &length);
    rt_buf_free(&rt.pending);
    if (status != VMPL_OK)
        return status;
    return rt_kvs_add_blob(&rt.kvs, blob, length);
}

vmpl_status_t rt_kvs_get(const char *key, const void **value_p, size_t *length_p)
{
    const rt_kvs_entry_t *entry;

    if (!rt.initialized || !key)
        return VMPL_ERR_INVALID_ARG;
    entry = rt_kvs_lookup(&rt.kvs, key, strlen(key));
    if (!entry)
        return VMPL_ERR_NOT_FOUND;
    *value_p = entry->value;
    *length_p = entry->value_length;
    return VMPL_OK;
}

void rt_abort(int code, const char *reason)
{
    rt_buf_t out;

    if (rt.initialized && rt.fd >= 0) {
        rt_buf_init(&out);
        rt_buf_put_u32(&out, (uint32_t)rt.info.rank);
        rt_buf_put_u32(&out, (uint32_t)code);
        rt_buf_put_str(&out, reason ? reason : "");
        if (!out.failed &&
            !rt_frame_write_auth(rt.fd, &rt.auth, RT_MSG_ABORT, out.data, out.length)) {
            /* the daemon kills us with the rest of the job; wait for it */
            for (int i = 0; i < 100; i++)
                usleep(100000);
        }
    } else if (reason) {
        base_error("rt", "abort: %s", reason);
    }
    _exit(code & 255 ? code & 255 : 1);
}

vmpl_status_t rt_finalize(void)
{
    vmpl_status_t status = VMPL_OK;

    if (!rt.initialized)
        return VMPL_OK;
    if (rt.fd >= 0) {
        if (rt_frame_write_auth(rt.fd, &rt.auth, RT_MSG_FINALIZE, NULL, 0))
            status = VMPL_ERR_RUNTIME;
        close(rt.fd);
        free(rt.local_ranks);
        free(rt.node_first_rank);
        free(rt.job_id);
        free(rt.addr);
    }
    rt_failure_close();
    rt_buf_free(&rt.pending);
    rt_kvs_destroy(&rt.kvs);
    memset(&rt, 0, sizeof(rt));
    return status;
}
