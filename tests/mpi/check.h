/*
 * The MPI tests' check: counts every check and every failure, and reports
 * a failure on stderr with the rank, file and line. Each test sets `rank`
 * and `size` after MPI_Init and prints its tally ("N passed, M failed").
 */
#ifndef VMPL_TESTS_MPI_CHECK_H
#define VMPL_TESTS_MPI_CHECK_H

#include <stdio.h>

static int rank, size, failures, checks;

#define CHECK(cond, ...)                                                                      \
    do {                                                                                      \
        checks++;                                                                             \
        if (!(cond)) {                                                                        \
            failures++;                                                                       \
            fprintf(stderr, "rank %d: FAIL %s:%d: ", rank, __FILE__, __LINE__);               \
            fprintf(stderr, __VA_ARGS__);                                                     \
            fputc('\n', stderr);                                                              \
        }                                                                                     \
    } while (0)

#endif
