#!/usr/bin/env bash
# Instructions per call and per element of aarch64 reduction kernels, counted
# by a QEMU TCG plugin under qemu-aarch64: SVE at each vector length, and
# NEON on a Cortex-A72 (no SVE). The aarch64 sibling of bench/insn-count-x86.sh.
#
# usage: scripts/insn-count-aarch64.sh [-b BYTES] [-n CALLS] [-p "sum/float sum/int8"]
#                                      [-v "16 32 64 128 256"]
#   -b  operand size in bytes, K/M suffix allowed (default 1M)
#   -n  calls per measured run (default 2)
#   -p  op/type pairs, vmpl names (default: sum/float sum/int8)
#   -v  SVE vector lengths in bytes (default: 16 32 64 128 256 = VL 128..2048 bits)
#
# Method: guest instructions of a small driver making n calls of
# vmpl_reduce_local3, minus the same run with zero calls (start-up, buffer
# fill and target selection cancel), divided by n.
#
# The plugin needs qemu-plugin.h of the installed qemu-user version, which
# Debian does not package: it is taken from that version's Debian source
# package (apt-get source through a private apt configuration; the system's
# apt sources are not touched). Everything fetched or built lives under
# build-aarch64/insn-count (git-ignored) and is never committed.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=$root/build-aarch64
work=$build/insn-count
bytes=1M calls=2 pairs="sum/float sum/int8" vls="16 32 64 128 256"
while getopts "b:n:p:v:h" opt; do
  case $opt in
    b) bytes=$OPTARG ;;
    n) calls=$OPTARG ;;
    p) pairs=$OPTARG ;;
    v) vls=$OPTARG ;;
    *) sed -n '2,21p' "$0"; exit 2 ;;
  esac
done
case $bytes in
  *K) nbytes=$(( ${bytes%K} << 10 )) ;; *M) nbytes=$(( ${bytes%M} << 20 )) ;; *) nbytes=$bytes ;;
esac
mkdir -p "$work"

# qemu-plugin.h from the Debian source package of the installed qemu-user.
fetch_plugin_header() {
  local ver apt=$work/apt opts
  [ -f "$work/qemu-plugin.h" ] && return
  ver=$(dpkg-query -W -f='${source:Version}' qemu-user)
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/src"
  cat >"$apt/sources.list" <<EOF
deb-src http://deb.debian.org/debian bookworm main
deb-src http://deb.debian.org/debian bookworm-updates main
deb-src http://deb.debian.org/debian-security bookworm-security main
EOF
  opts=(-o Dir::Etc::SourceList="$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
        -o Dir::State::Lists="$apt/lists" -o Dir::Cache="$apt/cache"
        -o APT::Sandbox::User=root)
  apt-get "${opts[@]}" -qq update
  (cd "$apt/src" && apt-get "${opts[@]}" -qq source --download-only "qemu=$ver")
  tar -xJf "$apt"/src/qemu_*.orig.tar.xz -C "$apt/src" --wildcards '*/include/qemu/qemu-plugin.h'
  cp "$apt"/src/qemu-*/include/qemu/qemu-plugin.h "$work/"
}

# The plugin: every executed guest instruction adds one to a counter
# (inline, no callback); the total is printed at exit as "insns N".
build_plugin() {
  [ -f "$work/libvmplinsn.so" ] && return
  cat >"$work/vmplinsn.c" <<'EOF'
#include "qemu-plugin.h"
#include <stdio.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;
static uint64_t insns;

static void on_translate(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    (void)id;
    for (size_t i = 0; i < qemu_plugin_tb_n_insns(tb); i++)
        qemu_plugin_register_vcpu_insn_exec_inline(qemu_plugin_tb_get_insn(tb, i),
                                                   QEMU_PLUGIN_INLINE_ADD_U64, &insns, 1);
}

static void on_exit_print(qemu_plugin_id_t id, void *udata)
{
    char line[64];

    (void)id, (void)udata;
    snprintf(line, sizeof(line), "insns %llu\n", (unsigned long long)insns);
    qemu_plugin_outs(line);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
                                           int argc, char **argv)
{
    (void)info, (void)argc, (void)argv;
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_translate);
    qemu_plugin_register_atexit_cb(id, on_exit_print, NULL);
    return 0;
}
EOF
  gcc -O2 -shared -fPIC -I"$work" -o "$work/libvmplinsn.so" "$work/vmplinsn.c"
}

# The driver: insn_driver OP TYPE BYTES CALLS; prints the target it ran and
# the element count.
build_driver() {
  cat >"$work/insn_driver.c" <<'EOF'
#include <vmpl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int op = 0, type = 0;
    size_t bytes, count;
    long calls;
    unsigned char *a, *b, *out;

    if (argc != 5)
        return 2;
    while (op < VMPL_OP_COUNT && strcmp(vmpl_op_name(op), argv[1]) != 0)
        op++;
    while (type < VMPL_TYPE_COUNT && strcmp(vmpl_type_name(type), argv[2]) != 0)
        type++;
    if (vmpl_op_check(op, type) != VMPL_OK)
        return 2;
    bytes = strtoul(argv[3], NULL, 10);
    calls = strtol(argv[4], NULL, 10);
    count = bytes / vmpl_type_size(type);
    a = aligned_alloc(64, bytes + 64), b = aligned_alloc(64, bytes + 64);
    out = aligned_alloc(64, bytes + 64);
    if (a == NULL || b == NULL || out == NULL)
        return 1;
    for (size_t i = 0; i < bytes; i++) /* finite normal values in every float type */
        a[i] = 0x20 + (i * 37) % 31, b[i] = 0x20 + (i * 11) % 29;
    printf("%s %zu\n", vmpl_isa_name(vmpl_op_isa()), count);
    for (long c = 0; c < calls; c++)
        vmpl_reduce_local3(a, b, out, count, type, op);
    return out[0] == 0x5a && calls < 0; /* keep out live */
}
EOF
  aarch64-linux-gnu-gcc -O2 -I"$root/include" -o "$work/insn_driver" "$work/insn_driver.c" \
    "$build/src/libvmpl.a"
}

# guest instructions of one driver run: count_insn CPU OP TYPE CALLS
count_insn() {
  qemu-aarch64 -L /usr/aarch64-linux-gnu -cpu "$1" -d plugin -plugin "$work/libvmplinsn.so" \
    "$work/insn_driver" "$2" "$3" "$nbytes" "$4" 2>&1 >/dev/null | awk '/^insns/ {print $2}'
}

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DVMPL_BUILD_BENCH=OFF \
  -DCMAKE_TOOLCHAIN_FILE="$root/cmake/aarch64-linux-gnu.cmake" >/dev/null
ninja -C "$build" vmpl >/dev/null
fetch_plugin_header
build_plugin
build_driver

cpus=()
for vl in $vls; do cpus+=("max,sve-default-vector-length=$vl"); done
cpus+=(cortex-a72)
echo "guest instructions per call and per element at $nbytes bytes per operand"
echo "(n=$calls calls, zero-call run subtracted; qemu-aarch64 TCG plugin)"
printf '%-12s %-8s %6s %14s %10s\n' op/type isa vl_bits insns/call insns/elem
for pair in $pairs; do
  op=${pair%/*} type=${pair#*/}
  for cpu in "${cpus[@]}"; do
    read -r isa count < <(qemu-aarch64 -L /usr/aarch64-linux-gnu -cpu "$cpu" \
                           "$work/insn_driver" "$op" "$type" "$nbytes" 0)
    case $cpu in max,*) vl_bits=$(( ${cpu##*=} * 8 )) ;; *) vl_bits=128 ;; esac
    n1=$(count_insn "$cpu" "$op" "$type" "$calls")
    n0=$(count_insn "$cpu" "$op" "$type" 0)
    awk -v p="$pair" -v isa="$isa" -v vl="$vl_bits" -v a="$n1" -v b="$n0" -v n="$calls" \
        -v count="$count" 'BEGIN {
          printf "%-12s %-8s %6d %14.0f %10.3f\n", p, isa, vl, (a - b) / n, (a - b) / n / count }'
  done
done
