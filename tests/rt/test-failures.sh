#!/usr/bin/env bash
# Failure detection and propagation through vmplrun (fault injection).
# Usage: test-failures.sh BUILD_DIR AREA
# Each job runs tests/rt/ft_probe (see its header): victims fail in a given
# way, every survivor must learn of every failure within the probe's wait,
# no job may hang (each runs under `timeout`), and nothing may be left.
set -u
build=$(cd "$1" && pwd)
area=$2
here=$(cd "$(dirname "$0")" && pwd)
run="$build/bin/vmplrun"
probe="$build/tests/rt/ft_probe"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
. "$here/lib.sh"

# ft_job WHAT EXPECTED_RC FAILED_SET SIZE vmplrun-args... -- probe-args...
# FAILED_SET: the ranks every survivor must see failed, comma-separated.
# A job that outlives FT_JOB_LIMIT seconds (60) counts as hung.
ft_job() {
  local what=$1 expected_rc=$2 set=$3 size=$4
  shift 4
  local launcher=() probe_args=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do launcher+=("$1"); shift; done
  shift
  probe_args=("$@")
  timeout "${FT_JOB_LIMIT:-60}" "$run" "${launcher[@]}" "$probe" "${probe_args[@]}" \
    >"$work/out" 2>"$work/err"
  ft_check "$what" "$expected_rc" "$set" "$size" $?
}

# ft_check WHAT EXPECTED_RC FAILED_SET SIZE RC: the checks of ft_job on a
# job that ran (its output in $work/out and $work/err, its exit code RC).
ft_check() {
  local what=$1 expected_rc=$2 set=$3 size=$4 rc=$5 line survivors=0 wrong=""
  [ $rc -eq 124 ] && { fail "$what: the job hung"; return; }
  expect_rc "$what" "$expected_rc" $rc
  while read -r line; do
    survivors=$((survivors + 1))
    [ "$(sed -E 's/.*sees failed: ([0-9,none]+).*/\1/' <<<"$line")" = "$set" ] || wrong+="[$line] "
  done < <(grep 'sees failed' "$work/out")
  local lost=0
  [ "$set" = none ] || lost=$(tr ',' '\n' <<<"$set" | grep -c .)
  local expected_survivors=$((size - lost))
  if [ -z "$wrong" ] && [ $survivors -eq $expected_survivors ]; then
    pass "$what: all $survivors survivors see failed {$set}"
  else
    fail "$what: $survivors of $expected_survivors survivors reported; wrong: $wrong"
    sed 's/^/    /' "$work/err" | head -10
  fi
  expect_clean "$what" "$work/out"
}

area_process() {
  ft_job "rank SIGKILLed, one node" 137 2 4 --ft -n 4 -- proc 2
  expect_grep "rank failure named" "rank 2 \(pid [0-9]+ on node 0\) killed by signal 9" "$work/err"
  ft_job "rank SIGKILLed, 4 nodes" 137 5 8 --ft -n 8 --nodes 4 -- proc 5
  ft_job "rank exits without finalizing" 3 6 8 --ft -n 8 --nodes 4 -- exit 6
  VMPL_FT_STOP_GRACE_MS=300 ft_job "rank stopped past the grace" 137 5 8 --ft -n 8 --nodes 4 -- stop 5
  expect_grep "stopped rank named" "rank 5 stopped by signal 19 for 300 ms: declaring it failed" "$work/err"
  ft_job "fence fails when a rank dies in it" 137 3 6 --ft -n 6 --nodes 3 -- fence 3
  [ "$(grep -c 'fence: a process the operation needs has failed' "$work/out")" -eq 5 ] &&
    pass "every survivor's fence fails with VMPL_ERR_PROC_FAILED" ||
    fail "fence results: $(grep fence: "$work/out" | tr '\n' ' ')"
  [ "$(grep -c 'callback: rank 3 failed (cause 2)' "$work/out")" -eq 5 ] &&
    pass "every survivor's callback ran once, cause SIGNALED" ||
    fail "callbacks: $(grep callback "$work/out" | tr '\n' ' ')"
  ft_job "64 ranks on 8 nodes" 137 41 64 --ft -n 64 --nodes 8 -- proc 41
}

area_node() {
  ft_job "daemon SIGKILLed" 255 2,3 8 --ft -n 8 --nodes 4 -- nodekill 2
  expect_grep "node failure named" "node 1 failed: its daemon died; ranks 2-3 are lost" "$work/err"
  ft_job "daemon stopped (hung node)" 255 2,3 8 --ft -n 8 --nodes 4 -- nodehang 2
  expect_grep "hung node named" "node 1 failed: no heartbeat for [0-9]+ ms" "$work/err"
  ft_job "node 0 SIGKILLed" 255 0,1 8 --ft -n 8 --nodes 4 -- nodekill 0
  ft_job "node 0 hung" 255 0,1 8 --ft -n 8 --nodes 4 -- nodehang 0
  # fanout 2: node 1 is the parent of nodes 3 and 4, which then report to vmplrun
  VMPL_RT_TREE_FANOUT=2 ft_job "inner tree daemon hung" 255 2,3 14 --ft -n 14 --nodes 7 -- nodehang 2
  ft_job "16 nodes, detector period 10 ms" 255 6 16 --ft --ft-delta 10 -n 16 --nodes 16 -- nodehang 6
  # two daemons: the survivor's ring is empty once it declares the other failed
  ft_job "one of two nodes hung" 255 1 2 --ft -n 2 --nodes 2 -- nodehang 1
  ft_job "node 0 of two hung" 255 0 2 --ft -n 2 --nodes 2 -- nodehang 0
  node_frozen
  one_node_stopped
}

# A one-node job has no ring: vmplrun observes node 0's heartbeats itself.
# Its daemon stopped (SIGSTOP) must end the job with 255 within the failure
# timeout (100 ms by default; the bound here only catches a hang), with or
# without --ft, and leave nothing: twice while the ranks run on, and twice
# with ranks that stop their daemon and exit, unreported (before the watch,
# vmplrun waited for them forever).
one_node_stopped() {
  local ft how pid daemon start elapsed rc
  local -A programs=(
    [running]='echo "pid=$$ daemon=$PPID"; sleep 60'
    [finished]='echo "pid=$$ daemon=$PPID"; [ "$VMPL_RANK" = 0 ] && kill -STOP $PPID; exit 0')
  for how in running finished; do
    for ft in "" --ft; do
      start=$(date +%s%N)
      : >"$work/out" # now: the job's shell truncates it later, and stale lines name dead pids
      timeout 90 "$run" $ft -n 2 sh -c "${programs[$how]}" >"$work/out" 2>"$work/err" &
      pid=$!
      if [ $how = running ]; then
        for _ in $(seq 600); do
          [ "$(grep -c daemon= "$work/out")" -eq 2 ] && break; sleep 0.05
        done
        daemon=$(grep -m1 -oE 'daemon=[0-9]+' "$work/out" | cut -d= -f2)
        if [ -z "$daemon" ]; then
          fail "one node, ranks $how ${ft:-default}: the ranks did not start in 30 s"
          kill -TERM $pid; wait $pid; continue
        fi
        start=$(date +%s%N)
        kill -STOP "$daemon"
      fi
      wait $pid; rc=$?
      elapsed=$((($(date +%s%N) - start) / 1000000))
      if [ $rc -eq 124 ]; then
        fail "one node, daemon stopped, ranks $how ${ft:-default}: hung"; continue
      fi
      expect_rc "one node, daemon stopped, ranks $how ${ft:-default policy}" 255 $rc
      expect_grep "stopped node 0 named" \
        "node 0.*: no heartbeat for [0-9]+ ms; ranks 0-1 are lost" "$work/err"
      [ $elapsed -lt 10000 ] && pass "stopped one-node daemon declared after $elapsed ms" ||
        fail "stopped one-node daemon took $elapsed ms"
      expect_clean "one node, daemon stopped, ranks $how ${ft:-default}" "$work/out"
    done
  done
}

# A daemon frozen by the cgroup v2 freezer neither runs nor is runnable, yet
# no thread of it is stopped: what a daemon looks like while the hypervisor
# has taken away the virtual CPU holding its timer. Its observer on the same
# host must treat it as late, for at most 20 more timeouts, and then declare
# it: the silence reported is at least 21 timeouts (420 ms at delta 10 ms).
# Needs a writable cgroup2 mount (root); skipped otherwise.
node_frozen() {
  local mount group silence
  mount=$(awk '$3 == "cgroup2" { print $2; exit }' /proc/mounts)
  group=${mount:-/nonexistent}/vmpl-ft-$$
  if [ -z "$mount" ] || ! mkdir "$group" 2>/dev/null || [ ! -e "$group/cgroup.freeze" ]; then
    skip "frozen daemon: no writable cgroup2 freezer here"
    rmdir "$group" 2>/dev/null
    return
  fi
  VMPL_FT_FREEZER=$group ft_job "daemon frozen (alive, never runnable)" 255 2,3 8 \
    --ft --ft-delta 10 -n 8 --nodes 4 -- nodefreeze 2
  silence=$(sed -nE 's/.*node 1 failed: no heartbeat for ([0-9]+) ms.*/\1/p' "$work/err" | head -1)
  [ "${silence:-0}" -ge 420 ] &&
    pass "frozen daemon declared after the late grace: ${silence} ms of silence" ||
    fail "frozen daemon: silence '${silence}' ms, expected at least 420"
  [ -e "$group/cgroup.kill" ] && echo 1 >"$group/cgroup.kill" # a daemon the test failed to end
  for _ in 1 2 3 4 5 6 7 8 9 10; do rmdir "$group" 2>/dev/null && break; sleep 0.1; done
}

area_multi() {
  ft_job "three contiguous ranks" 137 4,5,6 12 --ft -n 12 --nodes 4 -- proc 4,5,6
  ft_job "three scattered ranks" 137 1,6,11 16 --ft -n 16 --nodes 8 -- proc 1,6,11
  ft_job "two neighbouring nodes hung" 255 2,3,4,5 12 --ft -n 12 --nodes 6 -- nodehang 2,4
  ft_job "two distant nodes killed" 255 0,1,8,9 12 --ft -n 12 --nodes 6 -- nodekill 0,8
}

area_policy() {
  local start elapsed
  timeout 60 "$run" -n 8 --nodes 4 "$probe" proc 5 >"$work/out" 2>"$work/err"
  expect_rc "default policy: a failed rank ends the job" 137 $?
  expect_clean "default policy, rank" "$work/out"
  start=$(date +%s%N)
  timeout 60 "$run" -n 8 --nodes 4 "$probe" nodehang 4 >"$work/out" 2>"$work/err"
  expect_rc "default policy: a hung node ends the job" 255 $?
  elapsed=$((($(date +%s%N) - start) / 1000000))
  expect_grep "hung node reported" "lost the daemon of node 2: no heartbeat for [0-9]+ ms; ranks 4-5 are lost" "$work/err"
  [ $elapsed -lt 5000 ] && pass "hung node ends the job in $elapsed ms" || fail "hung node took $elapsed ms"
  expect_clean "default policy, hung node" "$work/out"
  VMPL_FT=1 timeout 60 "$run" -n 4 --nodes 2 "$probe" proc 1 >"$work/out" 2>"$work/err"
  expect_rc "VMPL_FT=1 is --ft" 137 $?
  [ "$(grep -c 'sees failed: 1' "$work/out")" -eq 3 ] && pass "VMPL_FT=1: survivors told" ||
    fail "VMPL_FT=1: $(cat "$work/out")"
  "$run" --ft --ft-delta 50 --ft-timeout 40 -n 2 /bin/true 2>"$work/err"
  expect_rc "timeout not above the period is refused" 2 $?
}

# Compute-bound load on both cores must not cause false reports (seed 002:
# the detector must stay accurate under load). VMPL_FT_LOAD_SECONDS (60).
# A one-node job beside it: vmplrun, which observes node 0 there, is not
# real-time and must not take its own delays for the daemon's silence.
area_load() {
  local seconds=${VMPL_FT_LOAD_SECONDS:-60} loaders=() one rc
  for _ in 1 2; do timeout $((seconds + 5)) sh -c 'while :; do :; done' & loaders+=($!); done
  timeout $((seconds + 30)) "$run" --ft --ft-delta 10 -n 2 "$probe" quiet - "$seconds" \
    >"$work/out1" 2>"$work/err1" &
  one=$!
  FT_JOB_LIMIT=$((seconds + 30)) \
    ft_job "${seconds} s of full load, delta 10 ms: no false report" 0 none 8 \
    --ft --ft-delta 10 -n 8 --nodes 8 -- quiet - "$seconds"
  wait $one; rc=$?
  [ $rc -eq 0 ] && [ "$(grep -c 'sees failed: none' "$work/out1")" -eq 2 ] &&
    pass "one-node job beside it: no false report" ||
    fail "one-node job under load: exit $rc: $(cat "$work/err1")"
  kill "${loaders[@]}" 2>/dev/null
  wait "${loaders[@]}" 2>/dev/null
}

# node_ranks RANK PPN: the ranks of RANK's node, comma-separated
node_ranks() { seq -s, $(($1 / $2 * $2)) $(($1 / $2 * $2 + $2 - 1)); }

# Failures at random points, each job naming its victims and seed so a
# failure can be replayed; FT_RANDOM_JOBS (9) jobs of each kind.
# - MPI point-to-point and collective traffic (tests/mpi/
#   test_mpi_ft_random.c): one or two ranks SIGKILLed or exiting early at a
#   random step, on one node or two; with ucx, a node's daemon killed or
#   stopped during MPI traffic across 3 or 4 nodes;
# - bootstrap exchanges (ft_probe fences-*): a rank killed, or its node
#   daemon killed or stopped, before a random exchange, on 3 or 4 nodes.
area_random() {
  local jobs=${FT_RANDOM_JOBS:-9} hows=(proc nodekill nodehang) layouts=("6 3" "8 4" "9 3")
  local i how n nodes ppn victim seed at set rc firsts a b
  for ((i = 0; i < jobs; i++)); do
    n=$((4 + RANDOM % 5)) seed=$RANDOM a=$((RANDOM % n)) b=$((RANDOM % n))
    how=proc rc=137
    ((i % 3 == 2)) && how=exit rc=3
    if ((i % 2)) && [ $a -ne $b ]; then set=$(printf '%s\n' $a $b | sort -n | paste -sd,); else set=$a; fi
    nodes=1; ((i % 3 == 1)) && nodes=2 # every third across 2 virtual nodes (ucx)
    probe="$build/tests/mpi/test_mpi_ft_random" \
      ft_job "MPI traffic, $how by ranks {$set} of $n on $nodes nodes, seed $seed" $rc "$set" $n \
      --ft -n $n --nodes $nodes -- $how "$set" $seed
    grep -E '^FAIL' "$work/out" | head -5 | sed 's/^/    /'
  done
  probe="$build/tests/mpi/test_mpi_ft_random" \
    ft_job "MPI traffic, nobody fails" 0 none 6 --ft -n 6 -- none - 1
  # MPI traffic across nodes (ucx) while a node's daemon is killed or stopped
  if [ -n "$(grep -s 'VMPL_WITH_UCX:BOOL=ON' "$build/CMakeCache.txt")" ]; then
    for ((i = 0; i < 4; i++)); do
      how=${hows[1 + i % 2]} seed=$RANDOM
      read -r n nodes <<<"${layouts[RANDOM % 3]}"
      ppn=$((n / nodes)) victim=$((RANDOM % n))
      set=$(node_ranks $victim $ppn)
      probe="$build/tests/mpi/test_mpi_ft_random" \
        ft_job "MPI traffic across $nodes nodes, $how of ranks {$set}, seed $seed" 255 "$set" $n \
        --ft -n $n --nodes $nodes -- $how "$set" $seed
      grep -E '^FAIL' "$work/out" | head -5 | sed 's/^/    /'
    done
  fi
  for ((i = 0; i < jobs; i++)); do
    how=${hows[i % 3]}
    read -r n nodes <<<"${layouts[RANDOM % 3]}"
    ppn=$((n / nodes)) victim=$((RANDOM % n)) at=$((RANDOM % 22 + 1))
    if [ "$how" = proc ]; then set=$victim rc=137; else set=$(node_ranks $victim $ppn) rc=255; fi
    ft_job "bootstrap exchanges, $how by rank $victim before exchange $at, -n $n --nodes $nodes" \
      $rc "$set" $n --ft -n $n --nodes $nodes -- fences-$how $victim 10 $at
    firsts=$(grep -oE 'fences: .*' "$work/out" | sort | uniq -c)
    if [ "$(wc -l <<<"$firsts")" -eq 1 ] &&
      grep -qE "^ *$((n - $(tr ',' '\n' <<<"$set" | wc -l))) fences: first failed $at, later ok 0, wrong 0$" <<<"$firsts"; then
      pass "every survivor's exchange $at fails, none before, none after"
    else
      fail "exchange results: $(tr '\n' ' ' <<<"$firsts")"
    fi
  done
}

# A datagram without the job's MAC is refused and logged; the job goes on.
# Only this job's daemons are sent to: the ranks name them (daemon=PID).
area_secret() {
  local pid ports=""
  timeout 60 "$run" --ft -n 2 --nodes 2 "$probe" quiet - 3 >"$work/out" 2>"$work/err" &
  pid=$!
  for _ in $(seq 100); do [ "$(grep -c 'daemon=' "$work/out")" -eq 2 ] && break; sleep 0.05; done
  for daemon in $(sed -nE 's/.* daemon=([0-9]+).*/\1/p' "$work/out"); do ports+=" $(udp_port "$daemon")"; done
  for port in $ports; do
    printf 'not the job secret, not a heartbeat, not a report at all.......' >"/dev/udp/127.0.0.1/$port"
  done
  wait $pid; expect_rc "job survives bogus datagrams" 0 $?
  [ "$(grep -c 'refused a detector datagram' "$work/err")" -ge 2 ] &&
    pass "bogus datagrams refused and logged" || fail "UDP refusal: ports '$ports': $(cat "$work/err")"
  expect_clean "secret" "$work/out"
}

# forge_job WHAT MODE FROM TO SEQ PORT_NODE EXPECTED_RC FAILED_SET
# A job of 8 ranks on 4 nodes (rank 2k on node k) in which every rank waits
# 3 s for failures; meanwhile rt_attack.py sends node PORT_NODE's detector a
# report "rank 5 was killed" made as node FROM would send it to node TO with
# sequence number SEQ, its MAC per MODE (valid, forged, truncated).
forge_job() {
  local what=$1 mode=$2 from=$3 to=$4 seq=$5 port_node=$6 expected_rc=$7 set=$8 pid daemon port
  timeout 60 "$run" --ft --ft-delta 10 -n 8 --nodes 4 "$probe" quiet - 3 >"$work/out" 2>"$work/err" &
  pid=$!
  for _ in $(seq 200); do [ "$(grep -c 'daemon=' "$work/out")" -eq 8 ] && break; sleep 0.05; done
  sleep 0.5 # every detector has said hello to every other (their sequence number 1..3)
  daemon=$(sed -nE "s/^rank $((2 * port_node)) pid=[0-9]+ daemon=([0-9]+).*/\1/p" "$work/out")
  port=$(udp_port "$daemon")
  python3 "$here/rt_attack.py" datagram "$(sed -nE 's/^rank 0 pid=([0-9]+).*/\1/p' "$work/out")" \
    "$port" "$mode" "$from" "$to" "$seq" 5 >"$work/attack" 2>&1 ||
    fail "$what: the attack did not run: $(cat "$work/attack")"
  wait $pid
  ft_check "$what" "$expected_rc" "$set" 8 $?
}

# The detector acts only on authentic, fresh datagrams. A control first: a
# report made with the job's key and a fresh sequence number is taken, and
# rank 5, alive, is killed by its daemon (a rank reported failed is fenced).
# Then the same report must change nothing (rank 5 lives, nobody sees a
# failure, exit 0) when its MAC is wrong, when it is cut short or padded,
# when it replays a sequence number the receiver has seen (node 1's first
# datagram went to node 0), and when a datagram made for another node is
# sent to this one.
area_forge() {
  forge_job "control: authentic fresh report of a live rank" valid 1 0 1000000 0 137 5
  expect_grep "live rank reported failed is fenced" \
    "rank 5 reported failed by node [0-9]+ while it runs: killing it" "$work/err"
  forge_job "forged report (wrong MAC)" forged 1 0 1000000 0 0 none
  expect_grep "forged datagram refused" "node 0: refused a detector datagram: wrong size or MAC" "$work/err"
  forge_job "truncated and padded reports" truncated 1 0 1000000 0 0 none
  expect_grep "truncated datagram refused" "node 0: refused a detector datagram" "$work/err"
  forge_job "replayed report (sequence number seen)" valid 1 0 1 0 0 none
  expect_grep "replay ignored" "node 0: ignored a replayed detector datagram from node 1" "$work/err"
  forge_job "report made for node 2 sent to node 0" valid 1 2 1000000 0 0 none
  expect_grep "redirected datagram refused" "node 0: refused a detector datagram" "$work/err"
}

"area_$area"
echo "ft_$area: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
