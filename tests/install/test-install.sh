#!/bin/sh
# Installs the build into a scratch prefix and uses it the three ways a
# user would: the vmplcc wrapper (and its mpicc name), pkg-config, and
# CMake's find_package. Prints "N passed, N failed, N skipped".
# Usage: test-install.sh BUILD_DIR
set -u
build=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
skipped=0
check() { # check NAME COMMAND...
    name=$1
    shift
    if "$@" >"$work/out" 2>&1; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $name"
        sed 's/^/  /' "$work/out"
    fi
}

prefix="$work/prefix"
check install cmake --install "$build" --prefix "$prefix"
check vmpl-info-installed sh -c "'$prefix/bin/vmpl-info' | grep -q '^active reduction target: [a-z0-9]'"
cat >"$work/hello.c" <<'C'
#include <stdio.h>
#include <vmpl.h>
int main(void)
{
    int a[4] = {1, 2, 3, 4}, b[4] = {10, 20, 30, 40};
    if (vmpl_reduce_local(a, b, 4, VMPL_TYPE_INT32, VMPL_OP_SUM) != VMPL_OK || b[3] != 44)
        return 1;
    printf("hello from %s\n", vmpl_isa_name(vmpl_op_isa()));
    return 0;
}
C
check vmplcc "$prefix/bin/vmplcc" -O2 "$work/hello.c" -o "$work/hello"
check vmplcc-run "$work/hello"
check vmplcc-compile-only "$prefix/bin/vmplcc" -c "$work/hello.c" -o "$work/hello.o"
check mpicc-name "$prefix/bin/mpicc" "$work/hello.c" -o "$work/hello2"
# an unmodified MPI program, built by the installed mpicc, run by the installed vmplrun
src=$(cd "$(dirname "$0")/../.." && pwd)
check mpicc-mpi-program "$prefix/bin/mpicc" -O2 "$src/examples/stencil.c" -o "$work/stencil" -lm
check vmplrun-installed sh -c "'$prefix/bin/vmplrun' -n 3 '$work/stencil' 64 50 | grep -q 'matches the serial'"
# every argument reaches the compiler whole: a define with a space and a
# glob character, a source and an output in a folder with a space
mkdir -p "$work/with space"
cat >"$work/with space/msg.c" <<'C'
#include <stdio.h>
int main(void)
{
    printf("[%s] [%s]\n", MSG, PATTERN);
    return 0;
}
C
check mpicc-arguments-whole "$prefix/bin/mpicc" '-DMSG="hello world"' '-DPATTERN="*.c"' \
    "$work/with space/msg.c" -o "$work/with space/msg"
check mpicc-arguments-run sh -c "'$work/with space/msg' | grep -qx '\[hello world\] \[\*\.c\]'"
check showme sh -c "'$prefix/bin/vmplcc' --showme x.c | grep -q -- -lvmpl"
if command -v pkg-config >/dev/null; then
    check pkg-config sh -c "cc \$(PKG_CONFIG_PATH='$prefix/lib/pkgconfig' pkg-config --cflags vmpl) \
        '$work/hello.c' \$(PKG_CONFIG_PATH='$prefix/lib/pkgconfig' pkg-config --libs vmpl) \
        -o '$work/hello3' && '$work/hello3'"
else
    skipped=$((skipped + 1))
    echo "SKIP pkg-config: not installed"
fi
mkdir -p "$work/cm"
cat >"$work/cm/CMakeLists.txt" <<CM
cmake_minimum_required(VERSION 3.20)
project(use_vmpl C)
find_package(vmpl REQUIRED)
add_executable(hello $work/hello.c)
target_link_libraries(hello PRIVATE vmpl::vmpl m)
CM
check cmake-package sh -c "cmake -S '$work/cm' -B '$work/cm/b' -DCMAKE_PREFIX_PATH='$prefix' &&
    cmake --build '$work/cm/b' && '$work/cm/b/hello'"
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
