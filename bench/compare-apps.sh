#!/usr/bin/env bash
# Application-level results: a gradient-averaging loop (an MPI_Allreduce of
# a few MiB of floats per step, as in data-parallel training;
# bench/app/grad_avg.c) and the stencil demo (examples/stencil.c), vmpl vs
# Open MPI 5 and MPICH 5 (PyPI), one source each built against every
# library, interleaved rounds.
#
# usage: bench/compare-apps.sh [--venv-root DIR] [--rounds N] [--ranks LIST]
#                              [--apps LIST] [--grad-mib X] [--grad-steps S]
#                              [--stencil-n N] [--stencil-steps S]
#                              [--peers LIST] [--timeout S] [--out DIR]
#   BUILD_DIR   vmpl build dir (default: <repo>/build); results go to
#               BUILD_DIR/bench-results/compare-apps-<time>/ unless --out
# examples:
#   bench/compare-apps.sh --rounds 5                       # both programs, 2 ranks
#   bench/compare-apps.sh --ranks 2,4 --peers openmpi --rounds 3
#   bench/compare-apps.sh --apps grad_avg --grad-mib 16 --rounds 9
#   bench/compare-apps.sh --peers '' --rounds 1            # vmpl alone
# Plots need matplotlib: BUILD_DIR/bench-venv (made by compare-reduce.sh)
# or the --venv-root one is used when it has it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${BUILD_DIR:-$root/build}
cmake -S "$root" -B "$build" -G Ninja >/dev/null
ninja -C "$build" vmplrun vmpld grad_avg stencil >/dev/null

. "$here/plot-python.sh"
python=$(plot_python "$build" "$@")
exec "$python" "$here/app/compare_apps.py" --build "$build" "$@"
