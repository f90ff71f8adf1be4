#!/usr/bin/env bash
# Job start-up and tear-down: vmplrun against Open MPI 5's and MPICH 5's
# mpirun (PyPI wheels), interleaved in one run.
#
# usage: bench/compare-startup.sh [--venv-root DIR] [--rounds N] [--ranks N] [--out DIR]
# Times, per launcher, `-n N /bin/true` and `-n N bootstrap_exchange`
# (vmpl: put/fence/get through the daemons; peers: MPI_Init+MPI_Finalize).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
build=${BUILD_DIR:-$root/build}
cmake -S "$root" -B "$build" -G Ninja >/dev/null
ninja -C "$build" vmplrun vmpld bootstrap_exchange >/dev/null
exec python3 "$here/startup/compare_startup.py" --build "$build" "$@"
