#!/usr/bin/env bash
# Point-to-point latency and bandwidth: vmpl vs Open MPI 5 and MPICH 5 (PyPI),
# one source (bench/p2p/pingpong.c) built against each, interleaved rounds.
# usage: bench/compare-p2p.sh [--venv-root DIR] [--rounds N] [--sizes LIST]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${BUILD_DIR:-$root/build}
cmake -S "$root" -B "$build" -G Ninja >/dev/null
ninja -C "$build" vmplrun vmpld pingpong >/dev/null
exec python3 "$here/p2p/compare_p2p.py" --build "$build" "$@"
