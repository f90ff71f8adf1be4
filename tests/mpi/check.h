/*
 * The MPI tests' check: counts every check and every failure, and reports
 * a failure on stderr with the rank, file and line. Each test sets `rank`
 * and `size` after MPI_Init and prints its tally ("N passed, M failed").
 */
#ifndef VMPL_TESTS_MPI_CHECK_H
#define VMPL_TESTS_MPI_CHECK_H

#include <mpi.h>

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

/*
 * Rank 0 sums every rank's tally by plain point-to-point (the tests do not
 * trust the library's own collectives for it) and prints "NAME (N ranks):
 * P passed, F failed"; a rank that sends no tally counts as a failure.
 * Returns the failures: the job's at rank 0, this rank's elsewhere.
 */
static inline int check_report(const char *name)
{
    int mine[2] = {checks, failures}, sum[2] = {checks, failures}, theirs[2];

    if (rank != 0) {
        MPI_Send(mine, 2, MPI_INT, 0, 999, MPI_COMM_WORLD);
        return failures;
    }
    for (int r = 1; r < size; r++) {
        theirs[0] = -1;
        theirs[1] = 1;
        MPI_Recv(theirs, 2, MPI_INT, r, 999, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        if (theirs[0] < 0)
            fprintf(stderr, "rank 0: FAIL no tally from rank %d\n", r);
        sum[0] += theirs[0] < 0 ? 0 : theirs[0];
        sum[1] += theirs[1];
    }
    printf("%s (%d ranks): %d passed, %d failed\n", name, size, sum[0] - sum[1], sum[1]);
    return sum[1];
}

#endif
