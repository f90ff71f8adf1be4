#!/usr/bin/env bash
# Failure detection and notification latency, and detector noise: vmpl
# (vmplrun --ft) vs Open MPI 5 ULFM (mpirun --with-ft ulfm, PyPI wheel).
#
# usage: bench/compare-ft.sh [--quick] [--rounds N] [--venv-root DIR] [--out DIR]
#                            [--series LIST] [--no-noise] [--no-latency] ...
#   BUILD_DIR   vmpl build dir (default: <repo>/build); results go to
#               BUILD_DIR/bench-results/compare-ft-<time>/ unless --out
# examples:
#   bench/compare-ft.sh --quick                       # CI size (~3 min)
#   bench/compare-ft.sh --rounds 5                    # every series (~25 min)
#   bench/compare-ft.sh --series hang-delta --no-noise --rounds 9
# Plots need matplotlib: BUILD_DIR/bench-venv (made by compare-reduce.sh)
# or the --venv-root one is used when it has it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${BUILD_DIR:-$root/build}
cmake -S "$root" -B "$build" -G Ninja >/dev/null
ninja -C "$build" vmplrun vmpld ft_detect ft_allreduce_loop pingpong >/dev/null

. "$here/plot-python.sh"
python=$(plot_python "$build" "$@")
exec "$python" "$here/ft/compare_ft.py" --build "$build" "$@"
