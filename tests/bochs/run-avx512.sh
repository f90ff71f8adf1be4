#!/usr/bin/env bash
# Checks the AVX-512 reduction kernels on any x86-64 host: builds a
# freestanding test kernel (boot.S, main.c, the op sources and the
# tests/unit/op_check.c checker), boots it from a GRUB ISO in Bochs with
# an Ice Lake CPU model (AVX-512 with VBMI), and prints the guest's serial output.
#
# Usage: run-avx512.sh [SOURCE_DIR]     (default: this script's ../..)
# Environment:
#   CC                     host compiler (default gcc), must target x86-64
#   VMPL_BOCHS_MAX_COUNT   largest element count checked (default 8191)
#   VMPL_BOCHS_TIMEOUT     seconds before Bochs is killed (default 720)
#   VMPL_BOCHS_CFLAGS      extra flags for every object (e.g. -D switches)
#
# Exit status 0 only if the guest printed "N passed, 0 failed" with N > 0;
# Bochs itself always exits 1, so its status is ignored. Temporary files
# live in one mktemp directory removed on exit.
set -euo pipefail

src=$(cd "${1:-$(dirname "$0")/../..}" && pwd)
here=$src/tests/bochs # the kernel's own sources, from the tree under test
cc=${CC:-gcc}
max_count=${VMPL_BOCHS_MAX_COUNT:-8191}
time_limit=${VMPL_BOCHS_TIMEOUT:-720}

for tool in "$cc" bochs grub-mkrescue xorriso script timeout; do
  if ! command -v "$tool" >/dev/null; then
    echo "run-avx512: $tool not found (see scripts/install-deps.sh)" >&2
    exit 2
  fi
done

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vmpl-bochs.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
trap 'exit 143' INT TERM # stopped by ctest or a user: still run the EXIT trap

# Release-like optimization, as the library build compiles the kernels.
# shellcheck disable=SC2206 # VMPL_BOCHS_CFLAGS is a list of words
cflags=(-m64 -O3 -DNDEBUG -std=gnu11 -Wall -Wextra -ffreestanding -fno-pic -fno-stack-protector
  -mno-red-zone -mcmodel=small -fno-asynchronous-unwind-tables -ffp-contract=off
  -fno-tree-loop-distribute-patterns
  -I"$src/include" -I"$src/src" -I"$src/tests/unit" ${VMPL_BOCHS_CFLAGS:-})

compile() { # object-name source extra-flags...
  local obj=$1 source=$2
  shift 2
  "$cc" "${cflags[@]}" "$@" -c -o "$tmp/obj/$obj" "$source"
}

mkdir -p "$tmp/obj" "$tmp/iso/boot/grub"
compile boot.o "$here/boot.S"
compile main.o "$here/main.c" -DBOCHS_MAX_COUNT="$max_count"
compile half_rounding.o "$here/half_rounding.c"
compile op_check.o "$src/tests/unit/op_check.c"
compile op_type.o "$src/src/op/op_type.c"
compile op_reference.o "$src/src/op/op_reference.c" -fwrapv -fno-tree-vectorize
compile target_avx512.o "$src/src/op/target_avx512.c" -fwrapv \
  -mavx512f -mavx512bw -mavx512dq -mavx512vl -fno-schedule-insns2
compile dt_kernel_check.o "$src/tests/unit/dt_kernel_check.c"
compile dt_kernel_reference.o "$src/src/dt/kernels/generic/reference.c" -fno-tree-vectorize
compile dt_kernel_avx512.o "$src/src/dt/kernels/avx512/avx512.c" \
  -mavx512f -mavx512bw -mavx512dq -mavx512vl -mprfchw
compile dt_group.o "$src/src/dt/kernels/group.c"
compile dt_kernel_avx512vbmi.o "$src/src/dt/kernels/avx512vbmi/vbmi.c" \
  -mavx512f -mavx512bw -mavx512vl -mavx512vbmi
"$cc" -m64 -nostdlib -static -no-pie -Wl,-T,"$here/linker.ld" -Wl,-z,max-page-size=0x1000 \
  -Wl,--build-id=none -o "$tmp/iso/boot/vmpl-avx512.elf" "$tmp"/obj/*.o -lgcc
cp "$here/grub.cfg" "$tmp/iso/boot/grub/grub.cfg"
if ! grub-mkrescue -o "$tmp/vmpl-avx512.iso" "$tmp/iso" >"$tmp/grub-mkrescue.log" 2>&1; then
  cat "$tmp/grub-mkrescue.log" >&2
  echo "run-avx512: grub-mkrescue failed" >&2
  exit 2
fi

sed -e "s|@ISO@|$tmp/vmpl-avx512.iso|" -e "s|@SERIAL@|$tmp/serial.out|" \
  -e "s|@LOG@|$tmp/bochs.log|" "$here/bochsrc.in" >"$tmp/bochsrc"
echo c >"$tmp/debugger.rc" # Debian's Bochs has the debugger: continue at once

# Bochs' term display wants a tty: script(1) gives it one; its screen goes
# to tty.log. In the background so that a stop signal reaches us at once;
# timeout(1) passes it on to script(1), which ends Bochs.
start=$(date +%s)
(cd "$tmp" && exec timeout -k 10 "$time_limit" \
  script -qfec "bochs -q -f bochsrc -rc debugger.rc" /dev/null) \
  </dev/null >"$tmp/tty.log" 2>&1 &
bochs_pid=$!
trap 'kill -TERM "$bochs_pid" 2>/dev/null; wait "$bochs_pid"; exit 143' INT TERM
wait "$bochs_pid" || true
trap 'exit 143' INT TERM
elapsed=$(($(date +%s) - start))

touch "$tmp/serial.out"
cat "$tmp/serial.out"
echo "run-avx512: bochs ran ${elapsed}s (max_count $max_count, limit ${time_limit}s)"

result=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' "$tmp/serial.out" | tail -n 1 || true)
if [[ $result =~ ^([0-9]+)\ passed,\ ([0-9]+)\ failed$ ]] &&
  ((BASH_REMATCH[1] > 0 && BASH_REMATCH[2] == 0)); then
  echo "run-avx512: PASS ($result)"
  exit 0
fi
if [ -z "$result" ]; then
  echo "run-avx512: no result line from the guest (timeout or crash); end of bochs.log:"
  tail -n 30 "$tmp/bochs.log" 2>/dev/null || true
fi
echo "run-avx512: FAIL (${result:-no result})"
exit 1
