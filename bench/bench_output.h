/*
 * Shared by the MPI benchmark programs (built against vmpl and against the
 * peers' mpicc alike, so header-only and plain C): where rank 0 writes its
 * CSV.
 */
#ifndef VMPL_BENCH_BENCH_OUTPUT_H
#define VMPL_BENCH_BENCH_OUTPUT_H

#include <stdio.h>

/* Rank 0's output stream: csv, or stdout without one; NULL on the other ranks and when csv fails. */
static inline FILE *bench_open_output(const char *csv, int rank)
{
    FILE *out;

    if (rank != 0)
        return NULL;
    if (!csv)
        return stdout;
    if (!(out = fopen(csv, "w")))
        perror(csv);
    return out;
}

#endif
