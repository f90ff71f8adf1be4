#!/usr/bin/env bash
# Collective latency: MPI_Allreduce, MPI_Reduce, MPI_Bcast, MPI_Barrier,
# MPI_Allgather and MPI_Alltoall over message sizes at 2, 4 and 8 ranks,
# vmpl vs Open MPI 5 and MPICH 5 (PyPI), one source (bench/coll/coll_lat.c)
# built against each, interleaved rounds.
#
# usage: bench/compare-coll.sh [--venv-root DIR] [--rounds N] [--ranks LIST]
#                              [--colls LIST] [--sizes LIST] [--target-ms MS]
#                              [--peers LIST] [--out DIR] [--strict] ...
#   BUILD_DIR   vmpl build dir (default: <repo>/build); results go to
#               BUILD_DIR/bench-results/compare-coll-<time>/ unless --out
# examples:
#   bench/compare-coll.sh --rounds 5                      # every collective, 8 B .. 16 MiB
#   bench/compare-coll.sh --colls allreduce --ranks 2,8 --sizes 8,64K --rounds 9
#   bench/compare-coll.sh --rounds 1 --ranks 2,4 --sizes 8,64K --target-ms 5   # smoke run
#   bench/compare-coll.sh --peers '' --rounds 1           # vmpl alone
# Plots need matplotlib: BUILD_DIR/bench-venv (made by compare-reduce.sh)
# or the --venv-root one is used when it has it.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${BUILD_DIR:-$root/build}
cmake -S "$root" -B "$build" -G Ninja >/dev/null
ninja -C "$build" vmplrun vmpld coll_lat >/dev/null

. "$here/plot-python.sh"
python=$(plot_python "$build" "$@")
exec "$python" "$here/coll/compare_coll.py" --build "$build" "$@"
