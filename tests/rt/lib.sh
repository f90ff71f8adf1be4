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
# Every socket folder and shared-memory object of a job, one per line.
# Jobs name theirs "vmpl-<12 hex digits>-..." (singletons "vmpl-s<pid>-",
# not checked); "vmpl-test-<name>-<pid>" objects belong to unit tests that
# ctest may run beside this one, which remove their own.
job_files() {
  ls -d /tmp/vmpl-*-n* ${XDG_RUNTIME_DIR:-/nonexistent}/vmpl-*-n* 2>/dev/null
  ls /dev/shm 2>/dev/null | grep '^vmpl-' | grep -v -e '^vmpl-s' -e '^vmpl-test-'
}
# What was there before this script ran (a job that an earlier test left
# behind fails that test, not every test after it).
job_files_before=$(job_files)
[ -n "$job_files_before" ] && echo "note: job files present before this test (not checked):" $job_files_before

# No socket folder or shared-memory object of this script's jobs is left,
# and the processes named in FILE (pid=N, daemon=N) are gone.
expect_clean() {
  local what=$1 file=${2:-} left=""
  sleep 0.2
  left+=$(job_files | grep -vxF -- "${job_files_before:-/}" | tr '\n' ' ')
  if [ -n "$file" ]; then
    for pid in $(grep -oE '(pid|daemon)=[0-9]+' "$file" | cut -d= -f2); do
      alive "$pid" && left+=" process $pid"
    done
  fi
  if [ -z "$left" ]; then pass "$what: nothing left behind"; else fail "$what: left behind: $left"; fi
}
