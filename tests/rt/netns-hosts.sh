# Separate hosts on one machine for the multi-host tests, sourced after
# lib.sh. Each host is a network namespace; host 0 (the launcher's) holds
# a bridge that joins the others by veth pairs, so every host reaches every
# other one and nothing is added to the machine's own network. Hosts 1..
# run their own sshd (throwaway host and user keys, a config of their own,
# no system file used) in a mount namespace with a private /dev/shm, where
# their daemons keep their socket folders and shared memory as on a real
# host. Names, the subnet and the port are this run's own: other jobs
# share the machine. The sourcing script sets $work and calls hosts_down
# on every exit path.
#
# hosts_up N sets, for i in 0..N-1:
#   host_ns[i]    the namespace        host_addr[i]  its address
#   host_alt[i]   a second address on the same interface (not the route's source)
#   sshd_pid[i]   its sshd (i >= 1)
# and ssh_config (for ssh -F) and hosts_net (the /24, as A.B.C).

hosts_prefix="vmpl-ssh-$$-$(od -An -N3 -tx1 /dev/urandom | tr -d ' \n')"
hosts_made=()
host_ns=()
host_addr=()
host_alt=()
sshd_pid=()

# hosts_skip REASON: this machine cannot run the hosts; says so on stdout.
# Returns 1 so callers can write `... || hosts_skip "why" || return`.
hosts_skip() { hosts_reason=$1; return 1; }

# What each host needs, checked before anything is made.
hosts_check() {
  local sshd=$1 tool
  [ "$(id -u)" -eq 0 ] || hosts_skip "network namespaces need root" || return
  [ -x "$sshd" ] || hosts_skip "$sshd is not installed (package openssh-server)" || return
  for tool in ip ssh ssh-keygen unshare nsenter ss; do
    command -v "$tool" >/dev/null || hosts_skip "$tool is not installed" || return
  done
}

# A private /24 that no interface of this machine uses (nor a route), so an
# address in the test's output is never one of the machine's own.
hosts_pick_subnet() {
  local used net
  used=$(ip -o -4 addr show 2>/dev/null; ip -4 route show table all 2>/dev/null)
  for _ in $(seq 100); do
    net="10.$((RANDOM % 254 + 1)).$((RANDOM % 256))"
    if ! grep -qE "(^|[ /])${net//./\\.}\." <<<"$used"; then
      hosts_net=$net
      return 0
    fi
  done
  hosts_skip "no unused 10.x.y.0/24 subnet found"
}

hosts_network() {
  local n=$1 i ns
  for ((i = 0; i < n; i++)); do
    ns="$hosts_prefix-h$i"
    ip netns add "$ns" 2>"$work/netns-err" ||
      hosts_skip "ip netns add failed: $(cat "$work/netns-err")" || return
    hosts_made+=("$ns")
    host_ns[i]=$ns
    host_addr[i]="$hosts_net.$((i + 1))"
    host_alt[i]="$hosts_net.$((i + 101))"
    ip -n "$ns" link set lo up || return
  done
  ns=${host_ns[0]}
  ip -n "$ns" link add vbr type bridge && ip -n "$ns" link set vbr up &&
    ip -n "$ns" addr add "${host_addr[0]}/24" dev vbr &&
    ip -n "$ns" addr add "${host_alt[0]}/24" dev vbr || return
  for ((i = 1; i < n; i++)); do
    ip -n "$ns" link add "p$i" type veth peer name eth0 netns "${host_ns[i]}" &&
      ip -n "$ns" link set "p$i" master vbr up &&
      ip -n "${host_ns[i]}" addr add "${host_addr[i]}/24" dev eth0 &&
      ip -n "${host_ns[i]}" addr add "${host_alt[i]}/24" dev eth0 &&
      ip -n "${host_ns[i]}" link set eth0 up || return
  done
}

# Keys, the servers' config and the client's, for port $ssh_port.
hosts_ssh_files() {
  local dir="$work/ssh" i key
  mkdir -p "$dir" && chmod 700 "$dir" || return
  ssh-keygen -q -t ed25519 -N '' -C vmpl-test-host -f "$dir/host_key" &&
    ssh-keygen -q -t ed25519 -N '' -C vmpl-test-user -f "$dir/user_key" || return
  cp "$dir/user_key.pub" "$dir/authorized_keys"
  key=$(cut -d' ' -f1,2 "$dir/host_key.pub")
  : >"$dir/known_hosts"
  for ((i = 1; i < ${#host_ns[@]}; i++)); do
    printf '[%s]:%s %s\n' "${host_addr[i]}" "$ssh_port" "$key" "${host_alt[i]}" "$ssh_port" \
      "$key" >>"$dir/known_hosts"
  done
  printf '%s\n' "Port $ssh_port" "HostKey $dir/host_key" \
    "AuthorizedKeysFile $dir/authorized_keys" "UsePAM no" "StrictModes no" \
    "PermitRootLogin prohibit-password" "PasswordAuthentication no" \
    "KbdInteractiveAuthentication no" "AcceptEnv VMPL_RT_ADDR" "X11Forwarding no" \
    "PrintMotd no" "MaxStartups 100" "LogLevel VERBOSE" >"$dir/sshd_config"
  ssh_config="$dir/ssh_config"
  printf '%s\n' "Host *" "  Port $ssh_port" "  User $(id -un)" "  IdentityFile $dir/user_key" \
    "  IdentitiesOnly yes" "  UserKnownHostsFile $dir/known_hosts" \
    "  GlobalKnownHostsFile /dev/null" "  StrictHostKeyChecking yes" "  BatchMode yes" \
    "  ConnectTimeout 10" "  LogLevel ERROR" >"$ssh_config"
}

# Host i's sshd, in its namespace with a private /dev/shm; waits until it answers.
hosts_sshd_start() {
  local i=$1 dir="$work/ssh"
  [ "$(id -u)" -eq 0 ] && mkdir -p /run/sshd # its privilege-separation folder
  printf '%s\n' "PidFile $dir/sshd-$i.pid" | cat - "$dir/sshd_config" >"$dir/sshd_config-$i"
  # ip netns exec, unshare and sh each exec the next: $! is sshd itself
  ip netns exec "${host_ns[i]}" unshare -m sh -c \
    'mount -t tmpfs -o size=64m,mode=1777 vmpl-test-shm /dev/shm && exec "$@"' sh \
    "$sshd_path" -D -f "$dir/sshd_config-$i" -E "$dir/sshd-$i.log" &
  sshd_pid[i]=$!
  for _ in $(seq 100); do
    [ -n "$(ip netns exec "${host_ns[i]}" ss -ltnH "sport = :$ssh_port" 2>/dev/null)" ] && return 0
    alive "${sshd_pid[i]}" || break
    sleep 0.05
  done
  echo "sshd of host $i did not start: $(cat "$dir/sshd-$i.log" 2>/dev/null)"
  return 1
}

# hosts_up N: N hosts, or 1 with $hosts_reason set (cannot run here) or not
# (a set-up step failed, which is a failure).
hosts_up() {
  local n=$1 i
  sshd_path=${VMPL_TEST_SSHD:-/usr/sbin/sshd}
  hosts_reason=""
  hosts_check "$sshd_path" && hosts_pick_subnet && hosts_network "$n" || return 1
  unshare -m true 2>/dev/null || hosts_skip "no private mount namespace (unshare -m)" || return
  # any port is free in a fresh namespace; a random one keeps the logs apart
  ssh_port=$((20000 + RANDOM % 40000))
  hosts_ssh_files || return 1
  for ((i = 1; i < n; i++)); do
    hosts_sshd_start "$i" || return 1
  done
}

# Runs a command on host 0 (the launcher's).
on_host0() { ip netns exec "${host_ns[0]}" "$@"; }

# What of ours still runs or lies on host i: its processes but sshd, and
# (hosts 1..) its private /dev/shm. Empty when clean.
host_leftovers() {
  local i=$1 pid left=""
  for pid in $(ip netns pids "${host_ns[i]}" 2>/dev/null); do
    [ "$pid" = "${sshd_pid[i]:-}" ] && continue
    alive "$pid" && left+=" pid $pid ($(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null))"
  done
  if [ "$i" -gt 0 ]; then
    left+=$(nsenter -t "${sshd_pid[i]}" -m ls -A /dev/shm 2>&1 | sed 's/^/ file /' | tr '\n' ' ')
  fi
  echo "$left"
}

# expect_hosts_clean WHAT: nothing of the last jobs is left on any host
# (sshd's per-connection processes may take a moment to go).
expect_hosts_clean() {
  local what=$1 i left
  for _ in $(seq 60); do
    left=""
    for ((i = 0; i < ${#host_ns[@]}; i++)); do
      left+=$(host_leftovers "$i" | sed "s/^./ host $i:&/")
    done
    [ -z "$left" ] && break
    sleep 0.1
  done
  if [ -z "$left" ]; then pass "$what: nothing left on any host"; else fail "$what: left:$left"; fi
  expect_clean "$what (the launcher's files)"
}

# The vmplrun processes running on host 0.
host0_launchers() {
  local pid
  for pid in $(ip netns pids "${host_ns[0]:-none}" 2>/dev/null); do
    [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = vmplrun ] && echo "$pid"
  done
}

# Stops every sshd and process in the hosts, and deletes the namespaces
# (their veths and bridge go with them). A job still running (the test was
# interrupted) is ended by its vmplrun first, as Ctrl-C would, so that its
# daemons remove their files; what is left then is killed. Safe to call twice.
hosts_down() {
  local ns pid pids
  pids=$(host0_launchers)
  if [ -n "$pids" ]; then
    kill -TERM $pids 2>/dev/null
    for _ in $(seq 60); do [ -z "$(host0_launchers)" ] && break; sleep 0.05; done
  fi
  for pid in "${sshd_pid[@]}"; do kill "$pid" 2>/dev/null; done
  for ns in "${hosts_made[@]}"; do
    pids=$(ip netns pids "$ns" 2>/dev/null)
    [ -n "$pids" ] && kill -9 $pids 2>/dev/null
  done
  for pid in "${sshd_pid[@]}"; do wait "$pid" 2>/dev/null; done
  for ns in "${hosts_made[@]}"; do
    for _ in $(seq 50); do [ -z "$(ip netns pids "$ns" 2>/dev/null)" ] && break; sleep 0.05; done
    ip netns del "$ns" 2>/dev/null
  done
  hosts_made=()
}
