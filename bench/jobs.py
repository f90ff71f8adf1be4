"""Running benchmark jobs (vmplrun, mpirun, mpiexec) with a time limit, for
the compare scripts: a job runs in a session of its own; one that is not
done in time is stopped together with every process it started (Open MPI's
ranks run in sessions of their own), and the shared-memory files the peer
MPIs leave in /dev/shm are removed after each job."""
import ctypes
import os
import signal
import subprocess
import time

from compare_reduce import remove_new_peer_shm, shm_snapshot


def descendants(pid):
    """Every live process below pid, read from /proc (parents before children)."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                # the command name may hold spaces; the parent pid follows its ')'
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


def kill_job(pid):
    """Kills a timed-out job: its process group and every process below it.
    Open MPI's launcher puts each rank in a session of its own, so killing
    the group alone leaves the ranks running (and loading the cores for the
    runs that follow)."""
    below = descendants(pid)
    try:
        os.killpg(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    for child in below:
        try:
            os.kill(child, signal.SIGKILL)
        except ProcessLookupError:
            pass


def become_subreaper():
    """Makes this process adopt the orphans of the jobs it starts (Linux
    PR_SET_CHILD_SUBREAPER), so that reap_orphans can wait for them: a rank
    whose launcher ended first is otherwise left to init, and in a container
    whose init does not wait for orphans it stays a zombie."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0)
    except (OSError, AttributeError):
        pass


def reap_orphans():
    """Waits for every adopted orphan that has ended. Called between jobs,
    when no Popen of ours is still to be waited for."""
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def start_time(pid):
    """The start time of pid (clock ticks since boot), or None when it is gone:
    with the pid it names one process, even if the pid is reused later."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            return int(f.read().rsplit(")", 1)[1].split()[19])
    except (OSError, IndexError, ValueError):
        return None


def stop_job(p, grace):
    """Ends a timed-out job. First SIGTERM to its process group, so the
    launcher (vmplrun, mpirun, mpiexec) stops its ranks and removes its
    shared-memory files; after grace seconds, SIGKILL to the group, to every
    process still below the launcher, and to every process that was below it
    at the start: Open MPI's ranks run in sessions of their own and outlive
    a launcher that is gone. Returns (stdout, stderr)."""
    below = [(pid, start_time(pid)) for pid in descendants(p.pid)]
    try:
        os.killpg(p.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass
    try:
        return p.communicate(timeout=grace)
    except subprocess.TimeoutExpired:
        pass
    kill_job(p.pid)
    for pid, started in below:
        if started is not None and start_time(pid) == started:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
    return p.communicate()


def run_job(cmd, env, timeout, grace=5.0):
    """Runs cmd in a session of its own; stops it (stop_job) when it is not
    done after timeout seconds, then removes the shared-memory files the
    peers left. Returns (returncode or None on timeout, stdout, stderr, seconds)."""
    before = shm_snapshot()
    start = time.perf_counter()
    p = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, start_new_session=True)
    try:
        out, err = p.communicate(timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        out, err = stop_job(p, grace)
        rc = None
    secs = time.perf_counter() - start
    remove_new_peer_shm(before)
    return rc, out, err, secs
