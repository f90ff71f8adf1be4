/* Where a job's files live on a host, and removing them. */
#ifndef VMPL_TOOLS_RT_FILES_H
#define VMPL_TOOLS_RT_FILES_H

#include <stddef.h>
#include <stdint.h>

/*
 * The folder that holds the nodes' socket folders: `configured` when set,
 * else $XDG_RUNTIME_DIR, /dev/shm or /tmp, the first one writable.
 * Memory-backed folders come first: removing a socket on a disk file system
 * mounted with `discard` waits for the disk (record: docs/perf/rt-startup.md).
 */
const char *rt_runtime_folder(const char *configured);

/* The socket folder of one node: <runtime folder>/vmpl-<job>-n<node>. */
int rt_node_folder(char *path, size_t size, const char *configured, const char *job_id,
                   uint32_t node);

/* Removes the job's /dev/shm objects; returns how many. */
int rt_remove_job_shm(const char *job_id);

/* Removes a node's socket folder and the socket and lock in it, if they exist. */
void rt_remove_node_folder(const char *folder);

#endif
