/* Options, timestamps and kill records of the failure-detection benchmarks. */
#define _GNU_SOURCE
#include "ft_common.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static void ft_usage(void)
{
    fprintf(stderr, "usage: SCENARIO [--victims r1,r2,...] [--ppn P] [--t0-dir DIR]\n"
                    "       [--timeout-ms T] [--delay-ms D] [--hold-ms H]\n"
                    "  SCENARIO: proc | node-kill | node-hang | hang | quiet\n");
}

static int ft_victims_parse(const char *list, ft_options_t *o)
{
    char *copy = strdup(list), *save = NULL;

    if (!copy)
        return -1;
    o->victim_count = 0;
    for (char *v = strtok_r(copy, ",", &save); v; v = strtok_r(NULL, ",", &save)) {
        if (o->victim_count == FT_MAX_RANKS) {
            free(copy);
            return -1;
        }
        o->victims[o->victim_count++] = atoi(v);
    }
    free(copy);
    return 0;
}

int ft_options_parse(int argc, char **argv, ft_options_t *o)
{
    *o = (ft_options_t){.scenario = "quiet", .ppn = 1, .t0_dir = ".", .timeout_ms = 30000,
                        .delay_ms = 20};
    if (argc < 2) {
        ft_usage();
        return -1;
    }
    o->scenario = argv[1];
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;
        if (!value) {
            ft_usage();
            return -1;
        }
        if (!strcmp(a, "--victims")) {
            if (ft_victims_parse(value, o))
                return -1;
        } else if (!strcmp(a, "--ppn")) {
            o->ppn = atoi(value) > 0 ? atoi(value) : 1;
        } else if (!strcmp(a, "--t0-dir")) {
            o->t0_dir = value;
        } else if (!strcmp(a, "--timeout-ms")) {
            o->timeout_ms = atol(value);
        } else if (!strcmp(a, "--delay-ms")) {
            o->delay_ms = atol(value);
        } else if (!strcmp(a, "--hold-ms")) {
            o->hold_ms = atol(value);
        } else {
            ft_usage();
            return -1;
        }
        i++;
    }
    return 0;
}

int64_t ft_now_ns(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

int ft_is_victim(const ft_options_t *o, int rank)
{
    for (int i = 0; i < o->victim_count; i++)
        if (o->victims[i] == rank)
            return 1;
    return 0;
}

int ft_is_expected(const ft_options_t *o, int rank, int node_scope)
{
    for (int i = 0; i < o->victim_count; i++) {
        if (o->victims[i] == rank)
            return 1;
        if (node_scope && o->victims[i] / o->ppn == rank / o->ppn)
            return 1;
    }
    return 0;
}

int ft_kill_record_open(const ft_options_t *o, int rank)
{
    char path[4096];
    int fd;

    snprintf(path, sizeof(path), "%s/kill.%d", o->t0_dir, rank);
    fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        fprintf(stderr, "ft: cannot open %s: %m\n", path);
    return fd;
}

void ft_kill_record_write(int fd, int rank, int64_t t0_ns, int target_pid)
{
    char line[128];
    int n = snprintf(line, sizeof(line), "%d %lld %d %d\n", rank, (long long)t0_ns,
                     (int)getpid(), target_pid);

    if (fd >= 0 && write(fd, line, (size_t)n) != n)
        fprintf(stderr, "ft: kill record of rank %d: %m\n", rank);
}

void ft_sleep_ms(long ms)
{
    struct timespec t = {ms / 1000, (ms % 1000) * 1000000};

    while (nanosleep(&t, &t) && errno == EINTR)
        ;
}
