#!/usr/bin/env bash
# The flagship demo for now: builds vmpl and prints the local reduction
# benchmark summary (vmpl next to memcpy). Later work replaces it with a
# multi-rank job under the launcher.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
cmake -S "$root" -B "$root/build" -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
ninja -C "$root/build" >/dev/null
echo "reduction target on this CPU: $("$root/build/tools/vmpl-info" | sed -n 's/^active reduction target: //p')"
BUILD_DIR="$root/build" exec "$root/bench/demo.sh"
