#!/usr/bin/env bash
# A short look at vmpl's local reductions next to memcpy (no peers, < 1 min).
#
# usage: bench/demo.sh        BUILD_DIR  vmpl build dir (default <repo>/build)
# For the comparison with Open MPI and MPICH see bench/compare-reduce.sh.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${BUILD_DIR:-$root/build}

cmake -S "$root" -B "$build" -G Ninja >/dev/null
ninja -C "$build" reduce_local >/dev/null

csv=$(mktemp)
trap 'rm -f "$csv"' EXIT
"$build/bench/reduce_local" --cache hot --sizes 64,4K,256K,16M --reps 3 --target-ms 10 \
  --ops sum,max,band,maxloc --types uint8,int32,float,double,bfloat16,float_int >"$csv"

awk -F, '
  NR == 1 { next }
  {
    key = $3 "/" $4
    if (!(key in seen)) { seen[key] = 1; order[++n] = key }
    isa = $2
    if ($5 == 64) ns[key] = $7
    else { gb[key, $5] = $8; pct[key, $5] = 100 * $8 / $9 }
  }
  END {
    printf "vmpl local reductions (inout = in op inout), target %s, hot cache\n", isa
    printf "GB/s of one operand per call, and in brackets %% of a memcpy of the same bytes\n\n"
    printf "%-18s %12s %18s %18s %18s\n", "op/type", "64 B ns/call", "4 KiB", "256 KiB", "16 MiB"
    for (i = 1; i <= n; i++) {
      k = order[i]
      printf "%-18s %12.1f", k, ns[k]
      split("4096 262144 16777216", s, " ")
      for (j = 1; j <= 3; j++)
        printf " %9.1f (%4.0f%%)", gb[k, s[j]], pct[k, s[j]]
      printf "\n"
    }
    printf "\nAt 16 MiB the operands stream from memory: per byte reduced a reduction reads\n"
    printf "two and writes one, memcpy reads one and writes one.\n"
    printf "Side by side with Open MPI and MPICH: bench/compare-reduce.sh\n"
  }' "$csv"
