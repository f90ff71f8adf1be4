/*
 * The files of dead jobs: what a job killed whole (vmplrun, daemons and
 * ranks SIGKILLed at once, as a batch system does) leaves on a host, and
 * their removal by the next vmplrun of the same user.
 *
 * Each daemon holds, for its whole life, an exclusive flock on the file
 * `lock` in its node's socket folder (vmpl-<job>-n<node>): it creates the
 * file as `lock.new`, locks it, then renames it, so a `lock` that anyone
 * can open is already locked by its daemon. A node folder whose lock can
 * be taken has no daemon any more. A job is dead on this host when every
 * one of its node folders here is so; its folders and its /dev/shm
 * objects (vmpl-<job>-*) are then removed, with the locks held, so that
 * two launchers never reap the same job. A folder without a `lock`
 * (a daemon between mkdir and rename, or killed right there) is never
 * judged, nor is a job known by its /dev/shm objects alone.
 */
#ifndef VMPL_TOOLS_RT_REAP_H
#define VMPL_TOOLS_RT_REAP_H

#include <stddef.h>

/* The daemon's side: creates and locks `folder`/lock; the fd (held until
   exit, close-on-exec) or -1. */
int rt_node_lock(const char *folder);

/* Removes the files of this user's dead jobs from the runtime folders
   (`configured`, $XDG_RUNTIME_DIR, /dev/shm, /tmp); returns how many jobs. */
int rt_reap_dead_jobs(const char *configured);

#endif
