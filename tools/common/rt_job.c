/* The job description, placement and tree (rt_job.h). */
#include "rt_job.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void put_strv(rt_buf_t *out, char **strv)
{
    uint32_t count = 0;

    while (strv[count])
        count++;
    rt_buf_put_u32(out, count);
    for (uint32_t i = 0; i < count; i++)
        rt_buf_put_str(out, strv[i]);
}

static char **get_strv(rt_buf_t *in, uint32_t *count_p)
{
    uint32_t count = rt_buf_get_u32(in);
    char **strv;

    if (in->failed || count > 1u << 20)
        return NULL;
    strv = calloc((size_t)count + 1, sizeof(char *));
    if (!strv)
        return NULL;
    for (uint32_t i = 0; i < count; i++)
        strv[i] = strdup(rt_buf_get_str(in));
    if (count_p)
        *count_p = count;
    return strv;
}

static void free_strv(char **strv)
{
    for (char **at = strv; at && *at; at++)
        free(*at);
    free(strv);
}

void rt_job_encode(const rt_job_t *job, rt_buf_t *out)
{
    rt_buf_put_raw(out, job->secret, RT_SECRET_BYTES);
    rt_buf_put_str(out, job->job_id);
    rt_buf_put_u32(out, job->size);
    rt_buf_put_u32(out, job->node_count);
    rt_buf_put_u32(out, job->fanout);
    rt_buf_put_u32(out, job->flags);
    rt_buf_put_u32(out, job->kill_grace_ms);
    rt_buf_put_u32(out, job->ppn);
    rt_buf_put_u32(out, job->ft_delta_ms);
    rt_buf_put_u32(out, job->ft_timeout_ms);
    rt_buf_put_str(out, job->launcher_host ? job->launcher_host : "");
    rt_buf_put_u32(out, job->launcher_port);
    rt_buf_put_u32(out, job->launcher_udp_port);
    for (uint32_t n = 0; n < job->node_count; n++)
        rt_buf_put_str(out, job->hosts[n]);
    rt_buf_put_str(out, job->cwd);
    rt_buf_put_str(out, job->tmpdir);
    rt_buf_put_str(out, job->vmpld_path);
    rt_buf_put_str(out, job->launch_agent);
    put_strv(out, job->argv);
    put_strv(out, job->env);
}

int rt_job_decode(rt_buf_t *in, rt_job_t *job)
{
    size_t secret_at = in->position;
    uint32_t argc = 0;

    memset(job, 0, sizeof(*job));
    in->position += RT_SECRET_BYTES;
    if (in->position > in->length)
        return -1;
    memcpy(job->secret, in->data + secret_at, RT_SECRET_BYTES);
    job->job_id = strdup(rt_buf_get_str(in));
    job->size = rt_buf_get_u32(in);
    job->node_count = rt_buf_get_u32(in);
    job->fanout = rt_buf_get_u32(in);
    job->flags = rt_buf_get_u32(in);
    job->kill_grace_ms = rt_buf_get_u32(in);
    job->ppn = rt_buf_get_u32(in);
    job->ft_delta_ms = rt_buf_get_u32(in);
    job->ft_timeout_ms = rt_buf_get_u32(in);
    job->launcher_host = strdup(rt_buf_get_str(in));
    job->launcher_port = rt_buf_get_u32(in);
    job->launcher_udp_port = rt_buf_get_u32(in);
    if (in->failed || job->node_count < 1 || job->node_count > 1u << 16 || job->fanout < 1)
        return -1;
    job->hosts = calloc(job->node_count, sizeof(char *));
    if (!job->hosts)
        return -1;
    for (uint32_t n = 0; n < job->node_count; n++)
        job->hosts[n] = strdup(rt_buf_get_str(in));
    job->cwd = strdup(rt_buf_get_str(in));
    job->tmpdir = strdup(rt_buf_get_str(in));
    job->vmpld_path = strdup(rt_buf_get_str(in));
    job->launch_agent = strdup(rt_buf_get_str(in));
    job->argv = get_strv(in, &argc);
    job->env = get_strv(in, NULL);
    return in->failed || !job->argv || !job->env || argc < 1 ? -1 : 0;
}

void rt_job_free(rt_job_t *job)
{
    for (uint32_t n = 0; job->hosts && n < job->node_count; n++)
        free(job->hosts[n]);
    free(job->hosts);
    free(job->job_id);
    free(job->cwd);
    free(job->tmpdir);
    free(job->vmpld_path);
    free(job->launch_agent);
    free(job->launcher_host);
    free_strv(job->argv);
    free_strv(job->env);
    memset(job, 0, sizeof(*job));
}

int rt_job_first_rank(const rt_job_t *job, uint32_t node)
{
    uint64_t base = job->size / job->node_count, extra = job->size % job->node_count;

    if (job->ppn) {
        uint64_t first = (uint64_t)node * job->ppn;
        return (int)(first < job->size ? first : job->size);
    }
    return (int)(node * base + (node < extra ? node : extra));
}

int rt_job_node_of_rank(const rt_job_t *job, int rank)
{
    uint32_t low = 0, high = job->node_count - 1;

    while (low < high) { /* the last node whose first rank <= rank */
        uint32_t mid = (low + high + 1) / 2;
        if (rt_job_first_rank(job, mid) <= rank)
            low = mid;
        else
            high = mid - 1;
    }
    return (int)low;
}

void rt_job_children(const rt_job_t *job, uint32_t node, uint32_t *first_p, uint32_t *end_p)
{
    uint64_t first = (uint64_t)node * job->fanout + 1, end = first + job->fanout;

    *first_p = (uint32_t)(first < job->node_count ? first : job->node_count);
    *end_p = (uint32_t)(end < job->node_count ? end : job->node_count);
}

int rt_host_is_local(const char *host)
{
    char name[256];

    if (!host[0] || !strcmp(host, "localhost") || !strcmp(host, "127.0.0.1"))
        return 1;
    return !gethostname(name, sizeof(name)) && !strcmp(name, host);
}

int rt_job_ranks_on_host_of(const rt_job_t *job, uint32_t node)
{
    int local = rt_host_is_local(job->hosts[node]), ranks = 0;

    for (uint32_t n = 0; n < job->node_count; n++)
        if (local ? rt_host_is_local(job->hosts[n]) : !strcmp(job->hosts[n], job->hosts[node]))
            ranks += rt_job_first_rank(job, n + 1) - rt_job_first_rank(job, n);
    return ranks;
}

void rt_daemon_start_encode(const rt_daemon_start_t *start, rt_buf_t *out)
{
    rt_buf_put_u32(out, start->node);
    rt_buf_put_str(out, start->parent_host);
    rt_buf_put_u32(out, start->parent_port);
    rt_job_encode(&start->job, out);
}

int rt_daemon_start_decode(rt_buf_t *in, rt_daemon_start_t *start)
{
    memset(start, 0, sizeof(*start));
    start->node = rt_buf_get_u32(in);
    start->parent_host = strdup(rt_buf_get_str(in));
    start->parent_port = rt_buf_get_u32(in);
    start->parent_fd = -1;
    if (rt_job_decode(in, &start->job) || !start->parent_host ||
        start->node >= start->job.node_count)
        return -1;
    return 0;
}

int rt_daemon_start_write(int fd, const rt_daemon_start_t *start)
{
    rt_buf_t out;
    int rc;

    rt_buf_init(&out);
    rt_daemon_start_encode(start, &out);
    rc = out.failed ? -1 : rt_frame_write(fd, 0, out.data, out.length);
    rt_buf_free(&out);
    return rc;
}

int rt_daemon_start_read(int fd, rt_daemon_start_t *start)
{
    uint32_t type;
    void *payload;
    size_t length;
    rt_buf_t in;
    int rc;

    if (rt_frame_read(fd, &type, &payload, &length))
        return -1;
    rt_buf_wrap(&in, payload, length);
    rc = rt_daemon_start_decode(&in, start);
    free(payload);
    return rc;
}
