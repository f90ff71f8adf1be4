#!/bin/sh
# Runs one test command (ctest's, through vmpl_add_test in
# cmake/VmplTest.cmake), lets its output through, and ends that output with
# "run-expect: exit status N". ctest ignores the exit code of a test that
# has PASS_REGULAR_EXPRESSION, so the test's FAIL_REGULAR_EXPRESSION
# matches this line for every N but 0 (a signal shows as 128 + its
# number). Exits with the command's status, so SKIP_RETURN_CODE still
# applies.
"$@"
status=$?
echo "run-expect: exit status $status"
exit "$status"
