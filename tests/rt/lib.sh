# Shared by the runtime test scripts: counters, checks and the leftover
# check. The sourcing script sets $work (a scratch folder) first.
passed=0
failed=0
skipped=0

# A process that still runs (a zombie whose parent died is not running; a
# container's init may never reap it).
alive() { [ -e "/proc/$1" ] && [ "$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null)" != Z ]; }
pass() { passed=$((passed + 1)); echo "ok: $*"; }
fail() { failed=$((failed + 1)); echo "FAIL: $*"; }
# A case this machine cannot run: says why, counts a skip (never a pass).
skip() { skipped=$((skipped + 1)); echo "SKIP: $*"; }
# expect_rc WHAT EXPECTED ACTUAL
expect_rc() { if [ "$3" -eq "$2" ]; then pass "$1 (exit $3)"; else fail "$1: exit $3, expected $2"; fi; }
# expect_grep WHAT PATTERN FILE
expect_grep() {
  if grep -qE -- "$2" "$3"; then pass "$1"; else fail "$1: no '$2' in:"; sed 's/^/    /' "$3" | head -20; fi
}
# tcp_port PID / udp_port PID: the loopback port a daemon (or vmplrun) PID
# listens on: TCP for links, UDP for the failure detector. Tests attack
# only their own job's processes, named by pid (other jobs share the host).
tcp_port() { ss -ltnpH 2>/dev/null | grep "pid=$1," | grep -oE '127\.0\.0\.1:[0-9]+' | cut -d: -f2; }
udp_port() { ss -lunpH 2>/dev/null | grep "pid=$1," | grep -oE '127\.0\.0\.1:[0-9]+' | cut -d: -f2; }

# Every job the sourcing script starts records its id here (vmplrun's
# VMPL_RT_JOB_RECORD), so the checks below look at this script's jobs only:
# other vmpl jobs may run on the host meanwhile (other tests, other users
# of the build machine), and their files are none of this script's business.
export VMPL_RT_JOB_RECORD="$work/job-ids"
: >"$VMPL_RT_JOB_RECORD"
# Every socket folder and shared-memory object of this script's jobs (or
# of the jobs whose ids are in FILE), one per line: "vmpl-<job id>-...".
job_files() {
  local ids=${1:-$VMPL_RT_JOB_RECORD}
  [ -s "$ids" ] || return 0
  { ls -d /tmp/vmpl-*-n* ${XDG_RUNTIME_DIR:-/nonexistent}/vmpl-*-n* \
      ${VMPL_RT_TMPDIR:-/nonexistent}/vmpl-*-n* 2>/dev/null
    ls /dev/shm 2>/dev/null | grep '^vmpl-'; } | grep -F -f <(sed 's/.*/vmpl-&-/' "$ids") | sort -u
}

# No socket folder or shared-memory object of this script's jobs is left,
# and the processes named in FILE (pid=N, daemon=N) are gone.
expect_clean() {
  local what=$1 file=${2:-} left=""
  sleep 0.2
  left+=$(job_files | tr '\n' ' ')
  if [ -n "$file" ]; then
    for pid in $(grep -oE '(pid|daemon)=[0-9]+' "$file" | cut -d= -f2); do
      alive "$pid" && left+=" process $pid"
    done
  fi
  if [ -z "$left" ]; then pass "$what: nothing left behind"; else fail "$what: left behind: $left"; fi
}
