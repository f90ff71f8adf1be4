#!/usr/bin/env bash
# The flagship demo: builds vmpl, then runs an unmodified MPI program (a
# 2-D heat stencil with halo exchange, examples/stencil.c) as a 4-rank job
# under vmplrun on this machine, checked against a serial run, followed by
# the local reduction benchmark summary (vmpl's vector kernels next to memcpy).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$root/build" >/dev/null
echo "== a 4-rank MPI job: vmplrun -n 4 --tag-output examples/stencil 1024 400"
"$root/build/bin/vmplrun" -n 4 --tag-output "$root/build/examples/stencil" 1024 400
echo
echo "reduction target on this CPU: $("$root/build/tools/vmpl-info" | sed -n 's/^active reduction target: //p')"
BUILD_DIR="$root/build" exec "$root/bench/demo.sh"
