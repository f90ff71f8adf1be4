#!/bin/sh
# scripts/check-layer-symbols.sh on two planted layers, "low" and "high"
# (high uses low): a call from low up into high must fail the check with
# its name; the same call from high down into low, and no call, must pass.
# Prints "N passed, N failed". Usage: test-layer-symbols.sh CC NM
set -u
cc=$1
nm=$2
check=$(cd "$(dirname "$0")/../.." && pwd)/scripts/check-layer-symbols.sh
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0
expect() { # expect NAME STATUS(0|1) PATTERN COMMAND...
    name=$1 status=$2 pattern=$3
    shift 3
    "$@" >"$work/out" 2>&1
    got=$?
    if { [ "$status" = 0 ] && [ "$got" = 0 ]; } || { [ "$status" = 1 ] && [ "$got" != 0 ]; } &&
        grep -q "$pattern" "$work/out"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "FAIL $name (exit $got)"
        sed 's/^/  /' "$work/out"
    fi
}
compile() { # compile NAME SOURCE
    printf '%s\n' "$2" >"$work/$1.c" && "$cc" -c "$work/$1.c" -o "$work/$1.o"
}

compile low_alone 'int low_fn(void) { return 1; }' &&
compile low_calls_up 'int high_fn(void); int low_fn(void) { return high_fn(); }' &&
compile high_alone 'int high_fn(void) { return 2; }' &&
compile high_calls_down 'int low_fn(void); int high_fn(void) { return low_fn(); }' || {
    echo "cannot compile the planted layers with $cc"
    exit 1
}
expect "no calls" 0 "2 layers checked, 0 violations" \
    "$check" "$nm" "low||$work/low_alone.o" "high|low|$work/high_alone.o"
expect "a call down" 0 "2 layers checked, 0 violations" \
    "$check" "$nm" "low||$work/low_alone.o" "high|low|$work/high_calls_down.o"
expect "a call up" 1 "low uses high_fn of high (it may use: libc only)" \
    "$check" "$nm" "low||$work/low_calls_up.o" "high|low|$work/high_alone.o"
expect "a call up among several objects" 1 "1 violations" \
    "$check" "$nm" "low||$work/low_alone.o:$work/low_calls_up.o" "high|low|$work/high_alone.o"
expect "no objects" 1 "cannot read the objects of low" "$check" "$nm" "low||"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
