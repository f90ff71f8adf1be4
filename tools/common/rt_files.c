/* Where a job's files live on a host, and removing them (rt_files.h). */
#define _GNU_SOURCE
#include "rt_files.h"

#include <base/log.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *rt_runtime_folder(const char *configured)
{
    const char *candidates[] = {getenv("XDG_RUNTIME_DIR"), "/dev/shm", "/tmp"};

    if (configured && configured[0])
        return configured;
    for (size_t i = 0; i < sizeof(candidates) / sizeof(candidates[0]); i++)
        if (candidates[i] && candidates[i][0] == '/' && !access(candidates[i], W_OK | X_OK))
            return candidates[i];
    return "/tmp";
}

int rt_node_folder(char *path, size_t size, const char *configured, const char *job_id,
                   uint32_t node)
{
    int n = snprintf(path, size, "%s/vmpl-%s-n%u", rt_runtime_folder(configured), job_id, node);

    return n < 0 || (size_t)n >= size ? -1 : 0;
}

int rt_remove_job_shm(const char *job_id)
{
    char prefix[128];
    struct dirent *entry;
    DIR *shm = opendir("/dev/shm");
    int removed = 0;

    if (!shm)
        return 0;
    snprintf(prefix, sizeof(prefix), "vmpl-%s-", job_id);
    while ((entry = readdir(shm)))
        if (entry->d_type != DT_DIR && !strncmp(entry->d_name, prefix, strlen(prefix)) &&
            !unlinkat(dirfd(shm), entry->d_name, 0)) {
            base_info("rt", "removed /dev/shm/%s", entry->d_name);
            removed++;
        }
    closedir(shm);
    return removed;
}

void rt_remove_node_folder(const char *folder)
{
    static const char *const files[] = {"rt.sock", "lock", "lock.new"};
    char path[4200];

    for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
        snprintf(path, sizeof(path), "%s/%s", folder, files[i]);
        unlink(path);
    }
    rmdir(folder);
}
