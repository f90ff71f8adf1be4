#!/usr/bin/env bash
# Point-to-point latency, windowed bandwidth, latency behind non-matching
# posted receives and oversubscribed pairwise latency: vmpl vs Open MPI 5
# and MPICH 5 (PyPI), one source (bench/p2p/pingpong.c) built against each,
# interleaved rounds.
#
# usage: bench/compare-p2p.sh [--venv-root DIR] [--rounds N] [--series LIST]
#                             [--sizes LIST] [--target-ms MS] [--out DIR] ...
#   BUILD_DIR   vmpl build dir (default: <repo>/build); results go to
#               BUILD_DIR/bench-results/compare-p2p-<time>/ unless --out
# examples:
#   bench/compare-p2p.sh --rounds 5                        # every series (~5 min)
#   bench/compare-p2p.sh --series latency,bw --sizes 8,4M --rounds 9
#   bench/compare-p2p.sh --rounds 1 --target-ms 10         # smoke run
# Plots need matplotlib: BUILD_DIR/bench-venv (made by compare-reduce.sh)
# or the --venv-root one is used when it has it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${BUILD_DIR:-$root/build}
cmake -S "$root" -B "$build" -G Ninja >/dev/null
ninja -C "$build" vmplrun vmpld pingpong >/dev/null

. "$here/plot-python.sh"
python=$(plot_python "$build" "$@")
exec "$python" "$here/p2p/compare_p2p.py" --build "$build" "$@"
