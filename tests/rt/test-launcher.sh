#!/usr/bin/env bash
# Launcher and bootstrap tests through vmplrun. Usage: test-launcher.sh BUILD_DIR AREA
# Every check runs real jobs; every job is then checked for leftovers
# (processes, /tmp socket folders, /dev/shm objects of its job id).
set -u
build=$(cd "$1" && pwd)
area=$2
here=$(cd "$(dirname "$0")" && pwd)
run="$build/bin/vmplrun"
probe="$build/tests/rt/rt_probe"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$here/lib.sh"

area_exit_codes() {
  "$run" -n 4 /bin/true; expect_rc "all ranks exit 0" 0 $?
  local failed=0
  for _ in $(seq 300); do "$run" -n 1 /bin/true 2>>"$work/err1" || failed=$((failed + 1)); done
  [ $failed -eq 0 ] && pass "300 one-rank jobs back to back exit 0" ||
    fail "$failed of 300 one-rank jobs failed: $(sort "$work/err1" | uniq -c)"
  "$run" -n 3 --nodes 2 sh -c 'exit $((VMPL_RANK == 2 ? 7 : 0))' 2>"$work/err"
  expect_rc "rank exit code propagates" 7 $?
  expect_grep "failing rank named" "rank 2 \(pid [0-9]+ on node 1\) exited with code 7" "$work/err"
  "$run" -n 2 sh -c '[ $VMPL_RANK = 1 ] && kill -9 $$; sleep 20' 2>"$work/err"
  expect_rc "rank killed by a signal" 137 $?
  expect_grep "signal named" "rank 1 \(pid [0-9]+ on node 0\) killed by signal 9 \(Killed\)" "$work/err"
  "$run" -n 3 "$probe" abort 42 2>"$work/err"; expect_rc "abort code" 42 $?
  expect_grep "abort reported" "rank 1 aborted the job with code 42: the test asked for it" "$work/err"
  "$run" -n 3 "$probe" nofinalize 2>"$work/err"; expect_rc "exit without finalize" 1 $?
  expect_grep "exit without finalize reported" "rank 1 .* without finalizing" "$work/err"
  "$run" -n 4 --nodes 2 "$probe" dupkey >"$work/out"; expect_rc "duplicate key job" 0 $?
  [ "$(grep -c 'duplicate detected' "$work/out")" -eq 4 ] && pass "duplicate key seen by all" ||
    fail "duplicate key: $(cat "$work/out")"
  expect_clean "exit codes"
}

area_errors() {
  "$run" -n 2 no-such-program-xyz 2>"$work/err"; expect_rc "missing program" 127 $?
  expect_grep "missing program message" "no-such-program-xyz: command not found" "$work/err"
  "$run" -n 2 /etc/passwd 2>"$work/err"; expect_rc "non-executable program" 127 $?
  expect_grep "non-executable message" "/etc/passwd: not an executable file" "$work/err"
  "$run" -n 0 /bin/true 2>"$work/err"; expect_rc "N < 1" 2 $?
  expect_grep "N < 1 message" "whole number >= 1" "$work/err"
  "$run" -n 2 --frobnicate /bin/true 2>"$work/err"; expect_rc "unknown option" 2 $?
  expect_grep "unknown option message" "unknown option '--frobnicate'" "$work/err"
  "$run" /bin/true 2>"$work/err"; expect_rc "no -n" 2 $?
  "$run" -n 2 2>"$work/err"; expect_rc "no program" 2 $?
  VMPL_RT_LAUNCH_AGENT="$here/fake-agent.sh" "$run" -n 4 --host localhost,unreachable.invalid \
    --timeout 20 /bin/sleep 5 2>"$work/err"
  expect_rc "unreachable host" 255 $?
  expect_grep "unreachable host message" "node 1 on host unreachable.invalid" "$work/err"
  "$run" -n 2 --timeout 0.5 sleep 30 2>"$work/err"; expect_rc "timeout" 124 $?
  expect_grep "timeout message" "ran past its --timeout" "$work/err"
  expect_clean "errors"
  shm_too_small
}

# A /dev/shm too small for the node segment fails MPI_Init with a message
# naming the size and /dev/shm, never SIGBUS when a rank first touches a
# page that is not there (exit 135: what the segment's lazy pages gave
# here, in its set-up already). Runs in a private mount namespace with
# a 256 KiB tmpfs on /dev/shm (the job's socket folders and objects live and
# die there): the host's /dev/shm is untouched. Skipped with a note where
# unshare -m is not permitted.
shm_too_small() {
  local small='mount -t tmpfs -o size=256k,mode=1777 vmpl-test /dev/shm && exec "$@"' rc
  if ! unshare -m sh -c "$small" sh true 2>/dev/null; then
    echo "note: no private mount namespace (unshare -m): the small /dev/shm case did not run"
    return
  fi
  unshare -m sh -c "$small" sh timeout 60 "$run" -n 2 "$build/tests/mpi/test_mpi_basic" \
    >"$work/out" 2>"$work/err"
  rc=$?
  [ $rc -ne 0 ] && [ $rc -ne 135 ] && [ $rc -ne 124 ] &&
    pass "MPI_Init fails on a 256 KiB /dev/shm (exit $rc)" || fail "256 KiB /dev/shm: exit $rc"
  expect_grep "small /dev/shm named" \
    "node segment .* needs [0-9]+ bytes and /dev/shm has [0-9]+ free" "$work/err"
}

area_signals() {
  "$run" -n 3 --nodes 2 --tag-output sh -c \
    'trap "echo got USR1; exit 0" USR1; echo ready; while :; do sleep 0.05; done' >"$work/out" &
  local pid=$!
  for _ in $(seq 600); do [ "$(grep -c ready "$work/out")" -eq 3 ] && break; sleep 0.05; done
  kill -USR1 $pid; wait $pid; expect_rc "SIGUSR1 forwarded, ranks exit 0" 0 $?
  [ "$(grep -c 'got USR1' "$work/out")" -eq 3 ] && pass "every rank got SIGUSR1" || fail "USR1: $(cat "$work/out")"
  : >"$work/out" # before the job starts: stale lines would name dead pids
  "$run" -n 2 "$probe" shm 30 >"$work/out" 2>"$work/err" &
  pid=$!
  for _ in $(seq 600); do [ "$(grep -c job= "$work/out")" -eq 2 ] && break; sleep 0.05; done
  kill -INT $pid; wait $pid; expect_rc "SIGINT forwarded (Ctrl-C)" 130 $?
  expect_grep "SIGINT reported" "killed by signal 2" "$work/err"
  expect_clean "after SIGINT" "$work/out"
  : >"$work/out" # before the job starts: stale lines would name dead pids
  setsid "$run" -n 2 sh -c 'trap "" INT TERM; echo up; sleep 30' >"$work/out" 2>"$work/err" &
  pid=$!
  for _ in $(seq 600); do [ "$(grep -c up "$work/out")" -eq 2 ] && break; sleep 0.05; done
  kill -INT $pid; sleep 0.2; kill -INT $pid; wait $pid
  expect_rc "second Ctrl-C kills ranks that ignore SIGINT" 130 $?
  : >"$work/out" # before the job starts: stale lines would name dead pids
  "$run" -n 2 "$probe" shm 30 >"$work/out" 2>"$work/err" &
  pid=$!
  for _ in $(seq 600); do [ "$(grep -c job= "$work/out")" -eq 2 ] && break; sleep 0.05; done
  kill -TERM $pid; wait $pid; expect_rc "SIGTERM kills the job" 143 $?
  expect_clean "after SIGTERM" "$work/out"
}

area_stdio() {
  "$run" -n 4 --nodes 2 sh -c 'i=0; while [ $i -lt 2000 ]; do echo "$VMPL_RANK $i"; i=$((i+1)); done' \
    >"$work/out"
  expect_rc "output job" 0 $?
  local bad=0
  for r in 0 1 2 3; do
    grep "^$r " "$work/out" | cut -d' ' -f2 >"$work/seq"
    seq 0 1999 | cmp -s - "$work/seq" || bad=1
  done
  [ $bad -eq 0 ] && pass "every rank's 2000 lines complete and in order" || fail "lines lost or reordered"
  "$run" -n 2 --tag-output sh -c 'echo out; echo err >&2' >"$work/out" 2>"$work/err"
  expect_grep "tagged stdout" "^\[1\] out$" "$work/out"
  expect_grep "tagged stderr" "^\[0\] err$" "$work/err"
  seq 1 50000 >"$work/in"
  "$run" -n 3 sh -c 'if [ $VMPL_RANK = 0 ]; then md5sum; else cat; echo "rank $VMPL_RANK eof"; fi' \
    <"$work/in" >"$work/out"
  expect_grep "stdin forwarded to rank 0" "^$(md5sum <"$work/in" | cut -d' ' -f1)" "$work/out"
  [ "$(grep -c eof "$work/out")" -eq 2 ] && pass "other ranks read end of input" || fail "stdin of ranks 1,2"
  "$run" -n 1 sh -c 'printf partial' >"$work/out"
  [ "$(cat "$work/out")" = partial ] && pass "unterminated last line delivered" || fail "partial line: $(cat "$work/out")"
  expect_clean "stdio"
}

area_env_cwd() {
  mkdir -p "$work/dir"
  (cd "$work/dir" && FOO=from-launcher "$run" -n 2 --nodes 2 -x FOO -x BAR=set \
    sh -c 'echo "$VMPL_RANK $VMPL_SIZE $VMPL_LOCAL_RANK $VMPL_NODE $FOO $BAR $(pwd)"') >"$work/out"
  expect_rc "environment job" 0 $?
  expect_grep "rank 0 env" "^0 2 0 0 from-launcher set $work/dir$" "$work/out"
  expect_grep "rank 1 env" "^1 2 0 1 from-launcher set $work/dir$" "$work/out"
  (trap '' QUIT ALRM; exec "$run" -n 2 --nodes 2 sh -c 'grep SigIgn /proc/self/status') >"$work/out"
  [ "$(grep -c '^SigIgn:[[:space:]]*0*$' "$work/out")" -eq 2 ] &&
    pass "ranks start with no ignored signal (the launcher's shell ignored QUIT, ALRM)" ||
    fail "inherited ignored signals: $(cat "$work/out")"
  "$run" -n 2 --bind-to core sh -c 'grep Cpus_allowed_list /proc/self/status' >"$work/out"
  [ "$(sort -u "$work/out" | wc -l)" -eq "$(($(nproc) > 1 ? 2 : 1))" ] && pass "--bind-to core gives ranks distinct cores" ||
    fail "binding: $(cat "$work/out")"
  local all
  all=$(grep Cpus_allowed_list /proc/self/status | cut -f2)
  "$run" -n 2 sh -c 'grep Cpus_allowed_list /proc/self/status' >"$work/out"
  [ "$(sort -u "$work/out" | wc -l)" -eq "$(($(nproc) > 1 ? 2 : 1))" ] && pass "ranks are bound by default" ||
    fail "default binding: $(cat "$work/out")"
  "$run" -n 2 --bind-to none sh -c 'grep Cpus_allowed_list /proc/self/status' >"$work/out"
  [ "$(grep -c "[[:space:]]$all\$" "$work/out")" -eq 2 ] && pass "--bind-to none leaves ranks every core" ||
    fail "--bind-to none: $(cat "$work/out") (launcher: $all)"
  local n=$((2 * $(nproc)))
  "$run" -n $n sh -c 'echo "$VMPL_RANK $(grep Cpus_allowed_list /proc/self/status | cut -f2)"' |
    sort -n >"$work/out"
  [ "$(grep -c " [0-9]*\$" "$work/out")" -eq $n ] &&
    [ "$(cut -d' ' -f2 "$work/out" | sort -u | wc -l)" -eq "$(nproc)" ] &&
    [ "$(head -n "$(nproc)" "$work/out" | cut -d' ' -f2)" = "$(tail -n "$(nproc)" "$work/out" | cut -d' ' -f2)" ] &&
    pass "oversubscribed ranks are bound round robin (rank r on core r mod cores)" ||
    fail "oversubscribed binding: $(cat "$work/out") (launcher: $all)"
  "$run" -n $n sh -c 'sleep 0.3; grep Cpus_allowed_list /proc/$PPID/status' >"$work/out"
  [ "$(grep -c "[[:space:]]$all\$" "$work/out")" -eq $n ] &&
    pass "the daemon's own thread keeps every core after spawning bound ranks" ||
    fail "daemon affinity: $(cat "$work/out") (launcher: $all)"
  "$run" -n 2 "$probe" info >"$work/out"
  expect_grep "oversubscription not reported at 2 ranks" "rank=1 size=2 .*oversubscribed=0" "$work/out"
  "$run" -n $(($(nproc) + 1)) "$probe" info >"$work/out"
  expect_grep "oversubscription reported" "oversubscribed=1" "$work/out"
  expect_clean "env and cwd"
}

area_bootstrap() {
  local ranks nodes
  for spec in 1:1 2:1 2:2 5:3 8:1 8:8 16:4 64:1 64:8 3:8; do
    ranks=${spec%:*}; nodes=${spec#*:}
    "$run" -n "$ranks" --nodes "$nodes" --timeout 60 "$probe" kvs 3 >"$work/out" 2>"$work/err"
    local rc=$?
    if [ $rc -eq 0 ] && [ "$(grep -c 'kvs ok' "$work/out")" -eq "$ranks" ]; then
      pass "bootstrap exchange, $ranks ranks on $nodes nodes"
    else
      fail "bootstrap $ranks:$nodes exit $rc"; head -5 "$work/err"
    fi
  done
  VMPL_RT_TREE_FANOUT=2 "$run" -n 16 --nodes 8 "$probe" kvs 2 >"$work/out"
  [ $? -eq 0 ] && [ "$(grep -c 'kvs ok' "$work/out")" -eq 16 ] && pass "three-level tree (fanout 2)" ||
    fail "fanout 2 tree"
  "$run" -n 6 --nodes 3 "$probe" info >"$work/out"
  expect_grep "layout node 1" "rank=3 size=6 node=1 nodes=3 local_rank=1 local_size=2 .*local0=2 first=2" "$work/out"
  "$probe" kvs 2 >"$work/out" 2>&1
  expect_grep "singleton (no launcher)" "rank 0 of 1: kvs ok" "$work/out"
  expect_clean "bootstrap"
}

area_secret() {
  "$run" -n 2 --nodes 2 "$probe" badsecret >"$work/out" 2>"$work/err"
  expect_rc "rank-socket refusals job" 0 $?
  [ "$(grep -c 'refused as expected' "$work/out")" -eq 2 ] && pass "wrong secret, duplicate rank and non-rank process refused" ||
    fail "refusal: $(cat "$work/out")"
  expect_grep "refusal logged" "refused a connection: malformed hello, or not answering the challenge" "$work/err"
  expect_grep "non-rank process refused at once" "refused a connection on the rank socket from pid [0-9]+" "$work/err"
  # only this job's daemons are attacked: each rank names its own ($PPID)
  "$run" -n 2 --nodes 2 sh -c 'echo daemon=$PPID; sleep 3' >"$work/out" 2>"$work/err" &
  local pid=$! ports=""
  for _ in $(seq 600); do [ "$(grep -c daemon= "$work/out")" -eq 2 ] && break; sleep 0.05; done
  for daemon in $(cut -d= -f2 "$work/out"); do ports+=" $(tcp_port "$daemon")"; done
  for port in $ports; do
    exec 3<>"/dev/tcp/127.0.0.1/$port" && { printf 'not a daemon, no secret here...........' >&3; exec 3>&-; }
  done
  wait $pid; expect_rc "job survives bogus TCP connections" 0 $?
  [ "$(grep -c 'refused a connection' "$work/err")" -ge 2 ] && pass "bogus daemon connections refused and logged" ||
    fail "TCP refusal: ports '$ports': $(cat "$work/err")"
  "$run" -n 1 sh -c 'stat -c "%a" "$(dirname "$VMPL_RT_SOCKET")" "$VMPL_RT_SOCKET"' >"$work/out"
  [ "$(tr '\n' ' ' <"$work/out")" = "700 600 " ] && pass "socket folder 700, socket 600" || fail "modes: $(cat "$work/out")"
  other_user
  expect_clean "secret"
}

# Another user can neither reach a rank socket (its folder is 0700) nor
# get a hello accepted on a daemon's TCP port (it has no key). Needs root
# to become nobody; skipped with a note otherwise.
other_user() {
  # the system's python3: nobody may not reach root's own (pyenv, say)
  local as_nobody=(setpriv --reuid=nobody --regid=nogroup --clear-groups /usr/bin/python3 -) pid daemon
  if [ "$(id -u)" -ne 0 ] || ! "${as_nobody[@]}" </dev/null 2>/dev/null; then
    echo "note: cannot become nobody here: the other-user checks did not run"
    return
  fi
  "$run" -n 1 sh -c 'echo daemon=$PPID; '"${as_nobody[*]}"' unix "$VMPL_RT_SOCKET" <'"$here"'/rt_attack.py; sleep 2' \
    >"$work/out" 2>"$work/err" &
  pid=$!
  for _ in $(seq 600); do grep -q daemon= "$work/out" && break; sleep 0.05; done
  daemon=$(sed -nE 's/^daemon=([0-9]+)$/\1/p' "$work/out")
  "${as_nobody[@]}" hello "$(tcp_port "$daemon")" <"$here/rt_attack.py" >"$work/hello" 2>&1
  wait $pid; expect_rc "job with another user's attempts" 0 $?
  expect_grep "another user cannot connect to a rank socket" "^denied: EACCES$" "$work/out"
  expect_grep "another user's hello refused" "^refused$" "$work/hello"
  expect_grep "its refusal logged" "refused a connection: malformed hello, or not answering" "$work/err"
}

# Connections that never say hello are closed after RT_HELLO_DEADLINE_MS
# (2 s), and at most RT_PENDING_MAX (32) wait at once: 100 idle connections
# to a daemon's TCP port, then to vmplrun's, leave their descriptor counts
# where they were, and the job goes on.
area_flood() {
  local pid target port before during after closed
  "$run" -n 2 --nodes 2 sh -c 'echo daemon=$PPID; sleep 7' >"$work/out" 2>"$work/err" &
  pid=$!
  for _ in $(seq 600); do [ "$(grep -c daemon= "$work/out")" -eq 2 ] && break; sleep 0.05; done
  for target in "$(sed -nE '1s/^daemon=([0-9]+)$/\1/p' "$work/out")" $pid; do
    port=$(tcp_port "$target")
    before=0 during=999 after=999 closed=0
    read -r _ _ before _ during _ after _ closed _ _ < <(python3 "$here/rt_attack.py" flood "$port" 100 2.5 "$target")
    echo "note: pid $target: descriptors $before, $during with 100 idle connections, $after after 2.5 s"
    [ "${during:-999}" -le $((before + 32 + 1)) ] && pass "pid $target holds at most 32 idle connections" ||
      fail "pid $target: $before descriptors, then $during with 100 idle connections"
    [ "${closed:-0}" -eq 100 ] && pass "pid $target closed all 100 idle connections" ||
      fail "pid $target closed ${closed:-0} of 100 idle connections"
    [ "${after:-999}" -le $((before + 1)) ] && pass "pid $target back to $after descriptors" ||
      fail "pid $target: $after descriptors after the deadline, $before before"
  done
  wait $pid; expect_rc "job survives idle-connection floods" 0 $?
  expect_grep "daemon logs the flood" "vmpld: warning: node [0-9]+: (closed a connection without a hello|[0-9]+ connections wait)" "$work/err"
  expect_grep "vmplrun logs the flood" "vmplrun: warning: (closed a connection without a hello|[0-9]+ connections wait)" "$work/err"
  expect_clean "flood" "$work/out"
}

# Each failure path, then nothing of the job may be left.
area_cleanup() {
  local pid
  "$run" -n 3 --nodes 2 "$probe" shm 0 >"$work/out" 2>/dev/null
  expect_rc "ranks exit 3 after creating shm" 3 $?
  expect_clean "normal exit with shm objects" "$work/out"
  "$run" -n 3 --nodes 2 "$probe" abort 5 >"$work/out" 2>/dev/null
  expect_clean "abort"
  "$run" -n 2 --timeout 1 "$probe" shm 30 >"$work/out" 2>/dev/null
  expect_rc "timeout" 124 $?
  expect_clean "timeout" "$work/out"
  : >"$work/out" # before the job starts: stale lines would name dead pids
  "$run" -n 4 --nodes 2 "$probe" shm 30 >"$work/out" 2>/dev/null &
  pid=$!
  for _ in $(seq 600); do [ "$(grep -c job= "$work/out")" -eq 4 ] && break; sleep 0.05; done
  kill -9 "$(grep -m1 -oE 'pid=[0-9]+' "$work/out" | cut -d= -f2)"
  wait $pid; expect_rc "rank SIGKILLed" 137 $?
  expect_clean "rank SIGKILLed" "$work/out"
  : >"$work/out" # before the job starts: stale lines would name dead pids
  "$run" -n 4 --nodes 2 "$probe" shm 30 >"$work/out" 2>/dev/null &
  pid=$!
  for _ in $(seq 600); do [ "$(grep -c job= "$work/out")" -eq 4 ] && break; sleep 0.05; done
  kill -9 $pid; wait $pid 2>/dev/null
  sleep 0.5
  expect_clean "vmplrun itself SIGKILLed" "$work/out"
  : >"$work/out" # before the job starts: stale lines would name dead pids
  "$run" -n 4 --nodes 2 "$probe" shm 30 >"$work/out" 2>/dev/null &
  pid=$!
  for _ in $(seq 600); do [ "$(grep -c job= "$work/out")" -eq 4 ] && break; sleep 0.05; done
  kill -9 "$(grep -oE 'daemon=[0-9]+' "$work/out" | sort -u | tail -1 | cut -d= -f2)"
  wait $pid; local rc=$?
  [ $rc -ne 0 ] && pass "a daemon SIGKILLed fails the job (exit $rc)" || fail "daemon killed: exit 0"
  # its node's socket folder and shm objects are removed by vmplrun
  expect_clean "a daemon SIGKILLed" "$work/out"
  killed_whole
}

# A job SIGKILLed whole (vmplrun, daemons and ranks at once, as a batch
# system does) cannot clean up: the next vmplrun of the user removes its
# socket folders and /dev/shm objects, judging from the daemons' locks,
# and leaves a job that runs meanwhile alone.
killed_whole() {
  local live dead pids
  : >"$work/live" # before the job starts: stale lines would name dead pids
  "$run" -n 2 "$probe" shm 12 >"$work/live" 2>/dev/null &
  live=$!
  : >"$work/out" # before the job starts: stale lines would name dead pids
  "$run" -n 4 --nodes 2 "$probe" shm 30 >"$work/out" 2>/dev/null &
  dead=$!
  for _ in $(seq 600); do
    [ "$(grep -c job= "$work/out")" -eq 4 ] && [ "$(grep -c job= "$work/live")" -eq 2 ] && break
    sleep 0.05
  done
  [ "$(grep -c job= "$work/out")" -eq 4 ] && [ "$(grep -c job= "$work/live")" -eq 2 ] ||
    fail "killed whole: the jobs did not start within 30 s"
  grep -m1 -oE 'job=[0-9a-f]+' "$work/out" | cut -d= -f2 >"$work/dead-id"
  pids="$dead $(grep -oE '(pid|daemon)=[0-9]+' "$work/out" | cut -d= -f2 | sort -u | tr '\n' ' ')"
  # stopped first, so no part of the job sees another die and cleans up
  kill -STOP $pids
  kill -9 $pids
  wait $dead 2>/dev/null
  sleep 0.3
  [ "$(job_files "$work/dead-id" | wc -l)" -ge 4 ] &&
    pass "a job killed whole leaves $(job_files "$work/dead-id" | wc -l) files (folders, shm)" ||
    fail "a job killed whole left only: $(job_files "$work/dead-id" | tr '\n' ' ')"
  "$run" -n 1 /bin/true; expect_rc "the next job runs" 0 $?
  [ -z "$(job_files "$work/dead-id")" ] && pass "the next vmplrun removed the dead job's files" ||
    fail "the dead job's files are left: $(job_files "$work/dead-id" | tr '\n' ' ')"
  alive $live && pass "a job running meanwhile runs on" || fail "the live job ended early"
  wait $live; expect_rc "the job running meanwhile finishes as it should" 3 $?
  [ "$(grep -c job= "$work/live")" -eq 2 ] && pass "its ranks all reported" ||
    fail "live job: $(cat "$work/live")"
  expect_clean "a job killed whole, then another vmplrun" "$work/out"
}

# Daemons on "other hosts" through the launch agent (a local stand-in for ssh).
area_remote() {
  VMPL_RT_LAUNCH_AGENT="$here/fake-agent.sh" "$run" -n 6 --host localhost,node1,node2 \
    "$probe" kvs 2 >"$work/out" 2>"$work/err"
  expect_rc "three hosts through the agent" 0 $?
  [ "$(grep -c 'kvs ok' "$work/out")" -eq 6 ] && pass "bootstrap across agent-started daemons" ||
    fail "remote kvs: $(cat "$work/out" "$work/err")"
  VMPL_RT_LAUNCH_AGENT="$here/fake-agent.sh" VMPL_RT_TREE_FANOUT=1 "$run" -n 4 \
    --host node0,node1,node2,node3 "$probe" info >"$work/out"
  expect_rc "a chain of agent-started daemons" 0 $?
  expect_grep "last node of the chain" "rank=3 size=4 node=3 nodes=4" "$work/out"
  # a rank aborts before the daemon of node 1 has connected: that daemon
  # must still be told to kill its ranks when it does
  FAKE_AGENT_DELAY=1 VMPL_RT_LAUNCH_AGENT="$here/fake-agent.sh" "$run" -n 3 --timeout 20 \
    --host localhost,node1 "$probe" abort 5 >"$work/out" 2>"$work/err"
  expect_rc "abort before a late daemon connects" 5 $?
  expect_clean "remote"
}

"area_$area"
echo "rt_$area: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
