/* The files of dead jobs, and their removal (rt_reap.h). */
#define _GNU_SOURCE
#include "rt_reap.h"

#include "rt_files.h"

#include <base/log.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#define JOB_ID_CHARS 12 /* vmplrun's job ids: 12 hex digits */

int rt_node_lock(const char *folder)
{
    char fresh[4200], path[4200];
    int fd;

    snprintf(fresh, sizeof(fresh), "%s/lock.new", folder);
    snprintf(path, sizeof(path), "%s/lock", folder);
    fd = open(fresh, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
    if (fd < 0) {
        base_error("rt", "cannot create %s: %m", fresh);
        return -1;
    }
    if (flock(fd, LOCK_EX | LOCK_NB) || rename(fresh, path)) {
        base_error("rt", "cannot lock %s: %m", path);
        unlink(fresh);
        close(fd);
        return -1;
    }
    return fd;
}

/* One node folder of a job seen in a runtime folder. */
typedef struct {
    char job_id[JOB_ID_CHARS + 1];
    char path[4200];
    int lock_fd; /* held: its daemon is gone; -1: alive or not judged */
} node_folder_t;

/* Is `name` vmpl-<12 hex>-n<digits>? Copies the job id. */
static int node_folder_name(const char *name, char *job_id)
{
    const char *at = name + 5;

    if (strncmp(name, "vmpl-", 5))
        return 0;
    for (int i = 0; i < JOB_ID_CHARS; i++)
        if (!strchr("0123456789abcdef", at[i]) || !at[i])
            return 0;
    at += JOB_ID_CHARS;
    if (at[0] != '-' || at[1] != 'n' || !at[2] || strspn(at + 2, "0123456789") != strlen(at + 2))
        return 0;
    memcpy(job_id, name + 5, JOB_ID_CHARS);
    job_id[JOB_ID_CHARS] = '\0';
    return 1;
}

/* Takes the folder's lock if its daemon is gone; the fd, or -1. */
static int dead_node_lock(int dir_fd, const char *name)
{
    char path[300];
    int fd;

    snprintf(path, sizeof(path), "%s/lock", name);
    fd = openat(dir_fd, path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0)
        return -1; /* no lock yet (starting), or not ours to open */
    if (flock(fd, LOCK_EX | LOCK_NB)) {
        close(fd);
        return -1; /* its daemon lives */
    }
    return fd;
}

static node_folder_t *folders_scan(const char *runtime, node_folder_t *found, int *count_p,
                                   int *capacity_p)
{
    DIR *dir = opendir(runtime);
    struct dirent *entry;
    struct stat st;
    char job_id[JOB_ID_CHARS + 1];

    if (!dir)
        return found;
    while ((entry = readdir(dir))) {
        if (!node_folder_name(entry->d_name, job_id) ||
            fstatat(dirfd(dir), entry->d_name, &st, AT_SYMLINK_NOFOLLOW) || !S_ISDIR(st.st_mode) ||
            st.st_uid != getuid())
            continue;
        if (*count_p == *capacity_p) {
            int capacity = *capacity_p ? 2 * *capacity_p : 16;
            node_folder_t *grown = realloc(found, (size_t)capacity * sizeof(*grown));
            if (!grown)
                break;
            found = grown;
            *capacity_p = capacity;
        }
        node_folder_t *f = &found[(*count_p)++];
        memcpy(f->job_id, job_id, sizeof(job_id));
        snprintf(f->path, sizeof(f->path), "%s/%s", runtime, entry->d_name);
        f->lock_fd = dead_node_lock(dirfd(dir), entry->d_name);
    }
    closedir(dir);
    return found;
}

int rt_reap_dead_jobs(const char *configured)
{
    const char *runtimes[] = {configured, getenv("XDG_RUNTIME_DIR"), "/dev/shm", "/tmp"};
    node_folder_t *found = NULL;
    int count = 0, capacity = 0, reaped = 0;
    struct stat seen[4];
    int seen_count = 0;

    for (size_t i = 0; i < sizeof(runtimes) / sizeof(runtimes[0]); i++) {
        struct stat st;
        int duplicate = 0;
        if (!runtimes[i] || runtimes[i][0] != '/' || stat(runtimes[i], &st))
            continue;
        for (int j = 0; j < seen_count; j++)
            duplicate |= seen[j].st_dev == st.st_dev && seen[j].st_ino == st.st_ino;
        if (duplicate)
            continue;
        seen[seen_count++] = st;
        found = folders_scan(runtimes[i], found, &count, &capacity);
    }
    for (int i = 0; i < count; i++) {
        int dead = found[i].lock_fd >= 0, first = 1;
        for (int j = 0; j < count; j++)
            if (!strcmp(found[j].job_id, found[i].job_id)) {
                dead &= found[j].lock_fd >= 0;
                first &= j >= i;
            }
        if (!dead || !first)
            continue; /* a daemon of the job lives, or the job is done already */
        for (int j = i; j < count; j++)
            if (!strcmp(found[j].job_id, found[i].job_id)) {
                rt_remove_node_folder(found[j].path);
                base_info("rt", "removed %s, left by a dead job", found[j].path);
            }
        rt_remove_job_shm(found[i].job_id);
        reaped++;
    }
    for (int i = 0; i < count; i++)
        if (found[i].lock_fd >= 0)
            close(found[i].lock_fd);
    free(found);
    return reaped;
}
