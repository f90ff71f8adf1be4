#!/bin/sh
# Checks include/mpi.h: compiles the C and C++ header tests warning-free in
# several language modes, runs their value checks (no MPI library needed),
# and checks that the header is self-contained and its PMPI_ block current.
#
# Usage: check-mpi-header.sh <repo-root>
# CC and CXX choose the compilers (default cc and c++).
set -u

if [ $# -ne 1 ] || [ ! -f "$1/include/mpi.h" ]; then
    echo "usage: $0 <repo-root>   (the directory holding include/mpi.h)" >&2
    exit 2
fi
root=$(cd "$1" && pwd)
dir="$root/tests/mpi_header"
cc=${CC:-cc}
cxx=${CXX:-c++}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/mpi-header.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT INT TERM

passed=0
failed=0
failures=""

# run NAME COMMAND...: runs COMMAND, counts it, shows its output if it fails.
run() {
    name=$1
    shift
    if "$@" >"$tmp/out" 2>&1; then
        passed=$((passed + 1))
        echo "ok      $name"
    else
        failed=$((failed + 1))
        failures="$failures
  $name"
        echo "FAILED  $name"
        echo "        \$ $*"
        sed -n '1,40s/^/        /p' "$tmp/out"
    fi
}

cwarn="-Wall -Wextra -Werror -pedantic"
cxxwarn="-Wall -Wextra -Werror"
inc="-I$root/include"

# The tests: compile only (the MPI library need not exist).
for std in c99 c11; do
    run "C   -std=$std   mpi_header_c.c" \
        "$cc" -std=$std $cwarn $inc -c "$dir/mpi_header_c.c" -o "$tmp/c-$std.o"
done
run "C   -std=c11 -O2   mpi_header_c.c" \
    "$cc" -std=c11 -O2 $cwarn $inc -c "$dir/mpi_header_c.c" -o "$tmp/c-o2.o"
for std in c++11 c++17; do
    run "C++ -std=$std mpi_header_cxx.cpp" \
        "$cxx" -std=$std $cxxwarn $inc -c "$dir/mpi_header_cxx.cpp" -o "$tmp/cxx-$std.o"
done
run "C++ -std=c++17 -O2 -pedantic mpi_header_cxx.cpp" \
    "$cxx" -std=c++17 -O2 $cxxwarn -pedantic $inc -c "$dir/mpi_header_cxx.cpp" -o "$tmp/cxx-o2.o"

# The header on its own, first thing in a translation unit.
printf '#include <mpi.h>\n' >"$tmp/only.c"
cp "$tmp/only.c" "$tmp/only.cpp"
run "C   header alone" "$cc" -std=c99 $cwarn $inc -c "$tmp/only.c" -o "$tmp/only-c.o"
run "C++ header alone" \
    "$cxx" -std=c++11 $cxxwarn -pedantic $inc -c "$tmp/only.cpp" -o "$tmp/only-cxx.o"

# Handle encoding and constant values, as programs that need no library.
run "C   value checks (build)" \
    "$cc" -std=c11 $cwarn $inc -DMPI_HEADER_TEST_MAIN "$dir/mpi_header_c.c" -o "$tmp/values-c"
if [ -x "$tmp/values-c" ]; then
    run "C   value checks (run)" "$tmp/values-c"
fi
run "C++ value checks (build)" \
    "$cxx" -std=c++17 $cxxwarn $inc -DMPI_HEADER_TEST_MAIN "$dir/mpi_header_cxx.cpp" \
    -o "$tmp/values-cxx"
if [ -x "$tmp/values-cxx" ]; then
    run "C++ value checks (run)" "$tmp/values-cxx"
fi

# Self-contained: the header includes <stddef.h> and <stdint.h> only.
includes_ok() {
    grep '^[[:space:]]*#[[:space:]]*include' "$root/include/mpi.h" |
        grep -v -e '<stddef\.h>' -e '<stdint\.h>' && return 1
    return 0
}
run "mpi.h includes only <stddef.h> and <stdint.h>" includes_ok

# The PMPI_ prototypes match the MPI_ ones (generated block up to date).
gen="$root/tools/mpih/gen_pmpi.py"
skipped=0
if command -v python3 >/dev/null 2>&1; then
    run "PMPI_ block up to date (tools/mpih/gen_pmpi.py --check)" \
        python3 "$gen" --check "$root/include/mpi.h"
else
    skipped=$((skipped + 1))
    echo "SKIP    PMPI_ block up to date: no python3"
fi

echo
if [ "$failed" -ne 0 ]; then
    echo "failed:$failures"
fi
echo "mpi_header: $passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
