#!/usr/bin/env bash
# Instructions per element of each reduction kernel on each x86 target.
#
# usage: bench/insn-count-x86.sh [-b BYTES] [-n ITERS] [-i "scalar sse42 avx2"]
#                                [-p "sum/float max/uint8 ..."] [-x BIN]
#   -b  operand size for the per-element count (default 64K)
#   -n  calls per measured run (default 200)
#   -i  targets, each run under VMPL_OP_ISA=<target> (default: scalar sse42 avx2,
#       plus avx512 when the CPU has it)
#   -p  op/type pairs (default: every pair reduce_local measures)
#   -x  count another build of reduce_local instead, e.g. one compiled with an
#       MPI's mpicc (its targets are not capped; one column)
#   BUILD_DIR  vmpl build dir (default <repo>/build)
#
# Method: user-space instructions of reduce_local with a fixed number of
# calls, minus the same run with zero calls (start-up, buffer fill and
# warm-up cancel). Counted by perf stat -e instructions:u where the CPU's
# PMU is visible; in VMs without one (perf says "<not supported>") by
# valgrind's cachegrind ("I refs"), which counts the same instructions
# exactly, only slower. -c perf|valgrind forces one. Prints instructions per element at BYTES, and
# instructions per call at 64 B (the per-call overhead: checks, dispatch,
# tail handling).
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${BUILD_DIR:-$root/build}
bytes=64K iters=200 isas="" pairs="" bin="" counter=""
while getopts "b:n:i:p:x:c:h" opt; do
  case $opt in
    b) bytes=$OPTARG ;;
    n) iters=$OPTARG ;;
    i) isas=$OPTARG ;;
    p) pairs=$OPTARG ;;
    x) bin=$OPTARG ;;
    c) counter=$OPTARG ;;
    *) sed -n '2,25p' "$0"; exit 2 ;;
  esac
done

if [ -z "$counter" ]; then
  if perf stat -x, -e instructions:u -- true 2>&1 | grep -q '^[0-9]'; then
    counter=perf
  elif command -v valgrind >/dev/null; then
    counter=valgrind
  else
    echo "insn-count: no PMU for perf and no valgrind (apt-get install valgrind)" >&2
    exit 1
  fi
fi
if [ -z "$bin" ]; then
  cmake -S "$root" -B "$build" -G Ninja >/dev/null
  ninja -C "$build" reduce_local >/dev/null
  bin=$build/bench/reduce_local
  if [ -z "$isas" ]; then
    isas="scalar sse42 avx2"
    grep -qw avx512bw /proc/cpuinfo && isas="$isas avx512"
  fi
else
  isas=$(basename "$bin")
fi
# Open MPI refuses to start as root without these; harmless elsewhere.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
[ -n "$pairs" ] || pairs=$("$bin" --list | awk '{print $1 "/" $2}')

# instructions:u of one run of reduce_local with the given extra arguments
count_insn() {
  local isa=$1; shift
  local env=()
  [ "$isa" = "$(basename "$bin")" ] || env=(VMPL_OP_ISA="$isa")
  local run=("$bin" --cache hot --reps 1 --retries 0 --no-memcpy --no-header "$@")
  if [ "$counter" = perf ]; then
    env "${env[@]}" perf stat -x, -e instructions:u -- "${run[@]}" 2>&1 >/dev/null |
      awk -F, '/instructions/ {print $1}'
  else
    env "${env[@]}" valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null \
      "${run[@]}" 2>&1 >/dev/null | awk '/I +refs:/ {gsub(",", "", $NF); print $NF}'
  fi
}

# (insn at n calls - insn at 0 calls) / (n * units)
per_unit() {
  local isa=$1 op=$2 type=$3 size=$4 n=$5 units=$6
  local a b
  a=$(count_insn "$isa" --ops "$op" --types "$type" --sizes "$size" --iters "$n")
  b=$(count_insn "$isa" --ops "$op" --types "$type" --sizes "$size" --iters 0)
  if [[ ! $a =~ ^[0-9]+$ || ! $b =~ ^[0-9]+$ ]]; then
    echo "?"
    return
  fi
  awk -v a="$a" -v b="$b" -v n="$n" -v u="$units" 'BEGIN { printf "%.3f", (a - b) / (n * u) }'
}

elem_size() {
  case $1 in
    uint8) echo 1 ;; bfloat16|float16) echo 2 ;; int32|float) echo 4 ;;
    double|float_int|2int) echo 8 ;; double_int) echo 16 ;; *) echo 0 ;;
  esac
}

to_bytes() {
  local v=${1%B}
  case $v in
    *K) echo $(( ${v%K} << 10 )) ;; *M) echo $(( ${v%M} << 20 )) ;; *) echo "$v" ;;
  esac
}

nbytes=$(to_bytes "$bytes")
echo "instructions per element at $bytes (n=$iters calls, zero-call baseline subtracted;"
echo "counted with $counter)"
echo "and per call at 64 B; binary: $bin"
w=14
for isa in $isas; do [ $(( ${#isa} + 9 )) -le $w ] || w=$(( ${#isa} + 9 )); done
printf '%-18s' "op/type"
for isa in $isas; do printf '%*s' $w "$isa/elem"; done
for isa in $isas; do printf '%*s' $w "$isa/call64"; done
echo
for pair in $pairs; do
  op=${pair%/*} type=${pair#*/}
  esz=$(elem_size "$type")
  [ "$esz" -gt 0 ] || continue
  printf '%-18s' "$pair"
  for isa in $isas; do
    printf '%*s' $w "$(per_unit "$isa" "$op" "$type" "$bytes" "$iters" $((nbytes / esz)))"
  done
  for isa in $isas; do
    printf '%*s' $w "$(per_unit "$isa" "$op" "$type" 64 $((iters * 20)) 1)"
  done
  echo
done
