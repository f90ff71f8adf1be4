/*
 * The pass/fail counters and CHECK of a unit test, for tests that end
 * with "N passed, N failed" (ctest matches that line). Include once, in
 * the test's one C file. test_dt_random.c (output capped) and the MPI
 * tests (rank in the message) keep their own variants.
 */
#ifndef VMPL_TESTS_UNIT_CHECK_H
#define VMPL_TESTS_UNIT_CHECK_H

#include <stdio.h>

static unsigned long passed, failed;

/* Counts cond; when it is false, prints FAIL with the place and the printf-style message. */
#define CHECK(cond, ...)                                                                      \
    do {                                                                                      \
        if (cond) {                                                                           \
            passed++;                                                                         \
        } else {                                                                              \
            failed++;                                                                         \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                       \
            printf(__VA_ARGS__);                                                              \
            printf("\n");                                                                     \
        }                                                                                     \
    } while (0)

#endif
