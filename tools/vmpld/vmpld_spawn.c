/* vmpld: starting a node daemon here (fork) or on another host (agent). */
#define _GNU_SOURCE
#include "vmpld.h"

#include <base/log.h>

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

/* argv of the launch agent: its words, the host, then vmpld. */
static char **agent_argv(const rt_job_t *job, const char *host)
{
    char *words = strdup(job->launch_agent), *save = NULL, *word;
    char **argv = calloc(strlen(job->launch_agent) + 4, sizeof(char *));
    int argc = 0;

    if (!words || !argv) {
        free(words);
        free(argv);
        return NULL;
    }
    for (word = strtok_r(words, " \t", &save); word; word = strtok_r(NULL, " \t", &save))
        argv[argc++] = word;
    argv[argc++] = (char *)host;
    argv[argc++] = job->vmpld_path;
    return argv; /* `words` lives on in the exec'd child only */
}

pid_t vmpld_spawn(const rt_job_t *job, uint32_t node, const char *parent_host,
                  uint32_t parent_port, int local, int *link_fd_p)
{
    rt_daemon_start_t start = {.node = node, .parent_host = (char *)parent_host,
                               .parent_port = parent_port, .job = *job};
    int fds[2];
    pid_t pid;

    *link_fd_p = -1;
    if (local ? socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) : pipe2(fds, O_CLOEXEC)) {
        base_error("rt", "socketpair/pipe: %m");
        return -1;
    }
    pid = fork();
    if (pid < 0) {
        base_error("rt", "fork: %m");
        goto err_close;
    }
    if (pid == 0 && local) {
        rt_daemon_start_t copy; /* its own heap copy, as an exec'd vmpld would decode */
        rt_buf_t buf;

        rt_buf_init(&buf);
        rt_daemon_start_encode(&start, &buf);
        if (dup2(fds[1], 3) < 0)
            _exit(127);
        close_range(4, ~0u, 0); /* the parent's links must not outlive the parent */
        fcntl(3, F_SETFD, FD_CLOEXEC);
        if (buf.failed || rt_daemon_start_decode(&buf, &copy))
            _exit(127);
        rt_buf_free(&buf);
        copy.parent_fd = 3;
        _exit(vmpld_run(&copy));
    }
    if (pid == 0) {
        sigset_t none;
        char **argv = agent_argv(job, job->hosts[node]);

        sigemptyset(&none);
        sigprocmask(SIG_SETMASK, &none, NULL);
        if (!argv || dup2(fds[0], STDIN_FILENO) < 0)
            _exit(127);
        execvp(argv[0], argv);
        fprintf(stderr, "vmplrun: cannot start the daemon of node %u (%s): %m\n", node, argv[0]);
        _exit(127);
    }
    if (local) {
        close(fds[1]);
        *link_fd_p = fds[0];
        return pid;
    }
    close(fds[0]);
    if (rt_daemon_start_write(fds[1], &start))
        base_error("rt", "cannot send the job to the daemon of node %u: %m", node);
    close(fds[1]);
    return pid;

err_close:
    close(fds[0]);
    close(fds[1]);
    return -1;
}
