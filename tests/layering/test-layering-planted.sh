#!/bin/sh
# scripts/check-layering.sh on copies of src/, tools/ and include/: the
# copy as it is must pass; each planted include that breaks the layer
# order must fail the check, named; a planted include the order allows
# must pass. Prints "N passed, N failed". Usage: test-layering-planted.sh SOURCE_DIR
set -u
src=$(cd "$1" && pwd)
check=$src/scripts/check-layering.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
# plant NAME STATUS(0|1) PATTERN FILE LINE: LINE appended to FILE of a fresh copy
plant() {
    name=$1 status=$2 pattern=$3 file=$4 line=$5
    rm -rf "$work/tree" && mkdir "$work/tree" && cp -R "$src/src" "$src/tools" "$src/include" "$work/tree/"
    if [ -n "$file" ]; then
        mkdir -p "$(dirname "$work/tree/$file")" && printf '%s\n' "$line" >>"$work/tree/$file"
    fi
    "$check" "$work/tree" >"$work/out" 2>&1
    got=$?
    if { { [ "$status" = 0 ] && [ "$got" = 0 ]; } || { [ "$status" = 1 ] && [ "$got" != 0 ]; }; } &&
        grep -q "$pattern" "$work/out"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $name (exit $got)"
        sed 's/^/  /' "$work/out"
    fi
}

plant "the tree as it is" 0 " 0 violations" "" ""
plant "dt includes core" 1 "src/dt/pack/copy.c includes core/comm/comm.h, in src/core" \
    src/dt/pack/copy.c '#include <core/comm/comm.h>'
plant "a dt kernel includes pack" 1 "src/dt/kernels/avx2/avx2.c includes dt/pack/pack.h, in dt/pack" \
    src/dt/kernels/avx2/avx2.c '#include "dt/pack/pack.h"'
plant "dt layout includes pack by a relative path" 1 "src/dt/layout/build.c includes ../pack/pack.h, in dt/pack" \
    src/dt/layout/build.c '#include "../pack/pack.h"'
plant "dt type goes around pack to a kernel" 1 "src/dt/type/type.c includes dt/kernels/kernel.h, in dt/kernels" \
    src/dt/type/type.c '#include "dt/kernels/kernel.h"'
plant "a dt file in no sub-layer" 1 "src/dt/extra.c is in no sub-layer of dt" \
    src/dt/extra.c '#include "dt/dt.h"'
plant "dt pack includes a kernel header (allowed)" 0 " 0 violations" \
    src/dt/pack/pack.c '#include "dt/kernels/group.h"'
plant "a dt kernel includes the public header (allowed)" 0 " 0 violations" \
    src/dt/kernels/query.c '#include "dt/dt.h"'
plant "op includes dt" 1 "src/op/op_type.c includes dt/dt.h, in src/dt (src/op may use: src/base)" \
    src/op/op_type.c '#include "dt/dt.h"'
plant "base includes rt" 1 "src/base/log.c includes rt/rt.h, in src/rt" \
    src/base/log.c '#include "rt/rt.h"'
plant "tl climbs out by a relative path" 1 "includes ../../core/p2p/p2p.h, in src/core" \
    src/tl/shm/tl_shm_send.c '#include "../../core/p2p/p2p.h"'
plant "vmpl-info includes op" 1 "tools/info/vmpl_info.c includes op/op.h, in src/op (tools/info may use: include/ only)" \
    tools/info/vmpl_info.c '#include "op/op.h"'
plant "vmpl-info includes base" 1 "tools/info/vmpl_info.c includes base/settings.h" \
    tools/info/vmpl_info.c '#include <base/settings.h>'
plant "vmpl-info includes the launcher's code" 1 "includes ../common/rt_conn.h, in tools/common" \
    tools/info/vmpl_info.c '#include "../common/rt_conn.h"'
plant "the daemon includes core" 1 "tools/vmpld/vmpld_main.c includes core/comm/comm.h" \
    tools/vmpld/vmpld_main.c '#include <core/comm/comm.h>'
plant "a folder the check does not know" 1 "unknown folder src/extra" \
    src/extra/extra.c '#include <stdio.h>'
plant "core includes dt (allowed)" 0 " 0 violations" \
    src/core/comm/comm.c '#include <dt/dt.h>'
plant "the launcher includes rt (allowed)" 0 " 0 violations" \
    tools/vmplrun/vmplrun_main.c '#include <rt/rt_wire.h>'
plant "vmpl-info includes the public header (allowed)" 0 " 0 violations" \
    tools/info/vmpl_info.c '#include <mpi.h>'
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
