#!/bin/sh
# The include roots of each layer target (and of the tools) make an include
# of a layer they do not link a compile error: for every layer, a source
# that includes one header of it must compile with the include directories
# of a target that may use it, and must fail on exactly that header
# ("No such file") with those of any other target.
# Prints "N passed, N failed".
# Usage: test-layer-includes.sh CC TARGET|USES|DIRS...
#   USES: the layers TARGET may include, comma-separated (its own too);
#   DIRS: its include directories, colon-separated.
set -u
cc=$1
shift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
# One header per layer, included as the layer's own sources do.
headers="base:base/log.h op:op/op.h dt:dt/dt.h tl:tl/shm/tl_shm.h rt:rt/rt.h core:core/comm/comm.h
         mpi:mpi/mpi_impl.h"

for spec in "$@"; do
    target=${spec%%|*}
    rest=${spec#*|}
    uses=",${rest%%|*},"
    dirs=${rest#*|}
    flags=$(printf '%s' "$dirs" | tr ':' '\n' | sed 's/^/-I/' | tr '\n' ' ')
    for pair in $headers; do
        layer=${pair%%:*}
        header=${pair#*:}
        printf '#include <%s>\n' "$header" >"$work/probe.c"
        # shellcheck disable=SC2086 # one word per directory
        $cc -fsyntax-only $flags "$work/probe.c" >"$work/out" 2>&1
        got=$?
        case "$uses" in
        *",$layer,"*)
            if [ "$got" = 0 ]; then
                passed=$((passed + 1))
            else
                failed=$((failed + 1))
                echo "FAIL $target cannot include $header, of a layer it links"
                sed 's/^/  /' "$work/out"
            fi ;;
        *)
            if [ "$got" != 0 ] && grep -q "$header: No such file" "$work/out"; then
                passed=$((passed + 1))
            else
                failed=$((failed + 1))
                echo "FAIL $target includes $header, of a layer it does not link (exit $got)"
                sed 's/^/  /' "$work/out"
            fi ;;
        esac
    done
done
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
