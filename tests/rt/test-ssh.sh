#!/usr/bin/env bash
# vmplrun --host across real separate hosts through ssh: three network
# namespaces (netns-hosts.sh), the launcher on host 0 and an sshd of the
# test's own on hosts 1 and 2: bootstrap, stdio, exit codes, job ids, the
# addresses hosts advertise and VMPL_RT_ADDR, MPI over ucx and UCX_*
# settings on remote hosts, a rank killed on a remote host, and every
# job's cleanup on every host. Usage: test-ssh.sh BUILD_DIR
# Where the hosts cannot be made (not root, no sshd, no ip netns) it skips
# with exit 77, except under CI=true, where that is a failure.
set -u
build=$(cd "$1" && pwd)
here=$(cd "$(dirname "$0")" && pwd)
run="$build/bin/vmplrun"
probe="$build/tests/rt/rt_probe"
work=$(mktemp -d)
. "$here/lib.sh"
. "$here/netns-hosts.sh"
trap 'hosts_down; rm -rf "$work"' EXIT
trap 'exit 129' HUP
trap 'exit 130' INT
trap 'exit 143' TERM

if ! hosts_up 3; then
  if [ -z "$hosts_reason" ]; then
    fail "setting up the hosts"
  elif [ "${CI:-}" = true ]; then
    fail "cannot run here, which CI does not allow: $hosts_reason"
  else
    echo "rt_ssh: skipped: $hosts_reason"
    exit 77
  fi
  echo "rt_ssh: $passed passed, $failed failed, $skipped skipped"
  exit 1
fi
a=${host_addr[0]} b=${host_addr[1]} c=${host_addr[2]}
export VMPL_RT_LAUNCH_AGENT="ssh -F $ssh_config"
echo "hosts: $a (launcher), $b, $c; sshd on port $ssh_port; namespaces $hosts_prefix-h*"

# The ranks' lines of rt_probe info, by node: "N ADDR JOB".
info_by_node() { sed -nE 's/.* node=([0-9]+) .*job=([0-9a-f]+) addr=([0-9.]+)$/\1 \3 \2/p' "$1" | sort -u; }

bootstrap() {
  on_host0 "$run" -n 6 --timeout 60 --host localhost,"$b","$c" "$probe" kvs 3 \
    >"$work/out" 2>"$work/err"
  expect_rc "a job on three hosts" 0 $?
  [ "$(grep -c 'kvs ok' "$work/out")" -eq 6 ] && pass "bootstrap across three hosts" ||
    fail "kvs: $(cat "$work/out" "$work/err")"
  on_host0 env VMPL_RT_TREE_FANOUT=1 "$run" -n 3 --timeout 60 --host localhost,"$b","$c" \
    "$probe" kvs 2 >"$work/out" 2>"$work/err"
  expect_rc "a chain: host 1's daemon starts host 2's over ssh" 0 $?
  [ "$(grep -c 'kvs ok' "$work/out")" -eq 3 ] && pass "bootstrap along the chain" ||
    fail "chain kvs: $(cat "$work/out" "$work/err")"
  expect_hosts_clean "bootstrap"
}

# Each host advertises the address the launcher reached it by; every rank
# sees its node's, and the job id vmplrun recorded.
addresses() {
  local job
  on_host0 "$run" -n 3 --timeout 60 --host localhost,"$b","$c" "$probe" info \
    >"$work/out" 2>"$work/err"
  expect_rc "info job" 0 $?
  job=$(tail -1 "$VMPL_RT_JOB_RECORD")
  [ "$(info_by_node "$work/out")" = "$(printf '0 %s %s\n1 %s %s\n2 %s %s' "$a" "$job" "$b" "$job" \
    "$c" "$job")" ] && pass "every host advertises its own address; one job id on all" ||
    fail "addresses: $(cat "$work/out" "$work/err"); recorded job $job"
  on_host0 "$run" -n 2 --timeout 60 --host "$b","$c" "$probe" info >"$work/out" 2>"$work/err"
  expect_rc "every daemon remote: node 0 connects back to the launcher" 0 $?
  [ "$(info_by_node "$work/out" | cut -d' ' -f1,2 | tr '\n' ' ')" = "0 $b 1 $c " ] &&
    pass "addresses with every daemon remote" || fail "remote addresses: $(cat "$work/out" "$work/err")"
  expect_hosts_clean "addresses"
}

# VMPL_RT_ADDR overrides the address where it is set: on the launcher's host
# in its environment, on host 1 by ssh's SetEnv (the sshd accepts it).
# Host 2's daemon connects to host 1's along the chain, so a wrong address
# there fails the job: the daemons use it, not only the ranks.
address_setting() {
  local cfg="$work/ssh/ssh_config-addr"
  on_host0 env VMPL_RT_ADDR="${host_alt[0]}" "$run" -n 2 --timeout 60 --host localhost,"$b" \
    "$probe" info >"$work/out" 2>"$work/err"
  expect_rc "VMPL_RT_ADDR on the launcher's host" 0 $?
  [ "$(info_by_node "$work/out" | cut -d' ' -f1,2 | tr '\n' ' ')" = "0 ${host_alt[0]} 1 $b " ] &&
    pass "the launcher's host advertises VMPL_RT_ADDR" || fail "launcher setting: $(cat "$work/out" "$work/err")"
  on_host0 env VMPL_RT_ADDR=vbr "$run" -n 2 --timeout 60 --host localhost,"$b" "$probe" info \
    >"$work/out" 2>"$work/err"
  expect_rc "VMPL_RT_ADDR naming an interface" 0 $?
  expect_grep "an interface's first address" "node=0 .*addr=$a$" "$work/out"
  on_host0 env VMPL_RT_ADDR=no-such-interface.invalid "$run" -n 2 --timeout 60 \
    --host localhost,"$b" /bin/true >"$work/out" 2>"$work/err"
  expect_rc "VMPL_RT_ADDR that is nothing" 255 $?
  expect_grep "VMPL_RT_ADDR that is nothing named" "VMPL_RT_ADDR=no-such-interface.invalid is no interface" "$work/err"

  printf '%s\n' "Host $b" "  SetEnv VMPL_RT_ADDR=${host_alt[1]}" | cat - "$ssh_config" >"$cfg"
  on_host0 env VMPL_RT_LAUNCH_AGENT="ssh -F $cfg" VMPL_RT_TREE_FANOUT=1 "$run" -n 3 --timeout 60 \
    --host localhost,"$b","$c" "$probe" info >"$work/out" 2>"$work/err"
  expect_rc "VMPL_RT_ADDR on host 1, host 2 chained to it" 0 $?
  [ "$(info_by_node "$work/out" | cut -d' ' -f1,2 | tr '\n' ' ')" = "0 $a 1 ${host_alt[1]} 2 $c " ] &&
    pass "host 1 advertises its VMPL_RT_ADDR" || fail "host setting: $(cat "$work/out" "$work/err")"
  printf '%s\n' "Host $b" "  SetEnv VMPL_RT_ADDR=$hosts_net.250" | cat - "$ssh_config" >"$cfg"
  on_host0 env VMPL_RT_LAUNCH_AGENT="ssh -F $cfg" VMPL_RT_TREE_FANOUT=1 "$run" -n 3 --timeout 60 \
    --host localhost,"$b","$c" "$probe" info >"$work/out" 2>"$work/err"
  local rc=$?
  [ $rc -ne 0 ] && [ $rc -ne 124 ] && pass "an address nobody has fails the chain (exit $rc)" ||
    fail "wrong VMPL_RT_ADDR on host 1: exit $rc"
  expect_grep "host 2 could not reach it" "cannot connect to $hosts_net\.250:" "$work/err"
  expect_hosts_clean "address setting"
}

stdio() {
  seq 1 20000 >"$work/in"
  on_host0 "$run" -n 3 --timeout 60 --host "$b","$c" sh -c \
    'if [ $VMPL_RANK = 0 ]; then md5sum; else cat; echo "rank $VMPL_RANK eof"; fi
     echo "rank $VMPL_RANK on node $VMPL_NODE to stderr" >&2' <"$work/in" >"$work/out" 2>"$work/err"
  expect_rc "stdio job" 0 $?
  expect_grep "stdin forwarded to rank 0 on host 1" "^$(md5sum <"$work/in" | cut -d' ' -f1)" "$work/out"
  [ "$(grep -c eof "$work/out")" -eq 2 ] && pass "other ranks read end of input" || fail "stdin of ranks 1,2"
  expect_grep "stderr of a rank on host 2" "^rank 2 on node 1 to stderr$" "$work/err"
  on_host0 "$run" -n 2 --timeout 60 --tag-output --host localhost,"$c" sh -c \
    'i=0; while [ $i -lt 3000 ]; do echo "$VMPL_RANK $i"; i=$((i+1)); done' >"$work/out"
  expect_rc "output job" 0 $?
  sed -n 's/^\[1\] 1 //p' "$work/out" >"$work/seq"
  seq 0 2999 | cmp -s - "$work/seq" && pass "3000 tagged lines from host 2 complete and in order" ||
    fail "host 2's lines: $(wc -l <"$work/seq") of 3000"
  expect_hosts_clean "stdio"
}

exit_codes() {
  on_host0 "$run" -n 3 --timeout 60 --host localhost,"$b","$c" sh -c \
    'exit $((VMPL_RANK == 2 ? 7 : 0))' 2>"$work/err"
  expect_rc "exit code of a rank on host 2" 7 $?
  expect_grep "failing remote rank named" "rank 2 \(pid [0-9]+ on node 2\) exited with code 7" "$work/err"
  on_host0 "$run" -n 3 --timeout 60 --host localhost,"$b","$c" "$probe" abort 42 2>"$work/err"
  expect_rc "a rank on host 1 aborts the job" 42 $?
  expect_grep "remote abort reported" "rank 1 aborted the job with code 42" "$work/err"
  on_host0 "$run" -n 2 --timeout 60 --host localhost,"$hosts_net.250" /bin/true 2>"$work/err"
  expect_rc "a host ssh cannot reach" 255 $?
  expect_grep "unreachable host named" "node 1 on host $hosts_net\.250" "$work/err"
  expect_hosts_clean "exit codes"
}

# wait_lines FILE N: until FILE has N lines (10 s at most).
wait_lines() { for _ in $(seq 200); do [ "$(wc -l <"$1")" -ge "$2" ] && return; sleep 0.05; done; }

# A rank killed from outside on host 2, then vmplrun killed: each time the
# whole job ends on every host. (Not on_host0, a function: in the
# background it would run in a subshell whose pid is not vmplrun's.)
kills() {
  local pid victim
  ip netns exec "${host_ns[0]}" "$run" -n 4 --timeout 60 --host localhost,"$b","$c" sh -c \
    'echo "ready $VMPL_RANK"; exec sleep 50' >"$work/out" 2>"$work/err" &
  pid=$!
  wait_lines "$work/out" 4
  for _ in $(seq 100); do
    victim=$(for p in $(ip netns pids "${host_ns[2]}"); do
      [ "$(cat "/proc/$p/comm" 2>/dev/null)" = sleep ] && echo "$p"; done | head -1)
    [ -n "$victim" ] && break
    sleep 0.05
  done
  if [ -n "$victim" ]; then kill -9 "$victim"; else fail "no rank of host 2 found"; fi
  wait "$pid"
  expect_rc "a rank killed on host 2 ends the job" 137 $?
  expect_grep "the killed remote rank named" "rank [23] \(pid $victim on node 2\) killed by signal 9" "$work/err"
  expect_hosts_clean "a rank killed on host 2"

  ip netns exec "${host_ns[0]}" "$run" -n 4 --timeout 60 --host "$b","$c" sh -c \
    'echo "ready $VMPL_RANK"; exec sleep 50' >"$work/out" 2>"$work/err" &
  pid=$! # ip netns exec execs vmplrun: this is its pid
  wait_lines "$work/out" 4
  [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = vmplrun ] || fail "pid $pid is not vmplrun"
  kill -TERM "$pid" 2>/dev/null
  wait "$pid"
  expect_rc "vmplrun killed" 143 $?
  expect_hosts_clean "vmplrun killed with every daemon remote"
}

# MPI across hosts (the ucx transport, over tcp between the namespaces),
# and UCX_* settings reaching the ranks of remote hosts unchanged (ssh
# passes no environment: vmplrun carries them).
mpi_across_hosts() {
  local basic="$build/tests/mpi/test_mpi_basic"
  on_host0 env UCX_VMPL_PROBE=forwarded-42 "$run" -n 2 --timeout 60 --host "$b","$c" sh -c \
    'echo "rank $VMPL_RANK ucx ${UCX_VMPL_PROBE:-missing}"' >"$work/out" 2>"$work/err"
  expect_rc "UCX_* job" 0 $?
  [ "$(grep -c 'ucx forwarded-42$' "$work/out")" -eq 2 ] && pass "UCX_* reaches ranks on hosts 1 and 2" ||
    fail "UCX_* forwarding: $(cat "$work/out" "$work/err")"
  if ! grep -qs 'VMPL_WITH_UCX:BOOL=ON' "$build/CMakeCache.txt"; then
    skip "MPI across hosts: built without UCX"
    return
  fi
  on_host0 "$run" -n 4 --timeout 120 --host localhost,"$b","$c" "$basic" >"$work/out" 2>"$work/err"
  expect_rc "MPI job on three hosts" 0 $?
  expect_grep "MPI across three hosts" "mpi_basic \(4 ranks\): [1-9][0-9]* passed, 0 failed" "$work/out"
  expect_hosts_clean "MPI across hosts"
}

bootstrap
addresses
mpi_across_hosts
address_setting
stdio
exit_codes
kills

# The hosts go, and nothing of them stays: namespaces (with their veths
# and bridge) and sshd processes.
ns_list=$(ip netns list)
hosts_down
left=$(ip netns list | grep -F "$hosts_prefix-")
for pid in "${sshd_pid[@]}"; do alive "$pid" && left+=" sshd $pid"; done
[ -n "$ns_list" ] && [ -z "$left" ] && pass "hosts torn down: no namespace or sshd left" ||
  fail "hosts left behind: $left"
echo "rt_ssh: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
