/*
 * Detector noise probe: a tight loop of 8-byte MPI_Allreduce, each call timed
 * on rank 0, for a fixed number of iterations. A plain MPI program: built
 * against vmpl and against the peers, so bench/compare-ft.sh runs it with
 * each library's failure detector on and off.
 *
 * usage: allreduce_loop [--iters N] [--warmup N] [--label NAME]
 * prints CSV on rank 0:
 *   label,ranks,iters,mean_us,p50_us,p90_us,p99_us,p999_us,max_us,total_s
 */
#include <mpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;

    return x < y ? -1 : x > y;
}

static double percentile(const double *sorted, long n, double p)
{
    long i = (long)(p * (double)(n - 1) + 0.5);

    return sorted[i < n ? i : n - 1];
}

int main(int argc, char **argv)
{
    long iters = 20000, warmup = 1000;
    const char *label = "mpi";
    int rank, size;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--iters"))
            iters = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--warmup"))
            warmup = atol(argv[i + 1]);
        else if (!strcmp(argv[i], "--label"))
            label = argv[i + 1];
    }
    if (iters < 1)
        iters = 1;
    double *lat = malloc((size_t)iters * sizeof(*lat)); /* freed before MPI_Finalize */
    double in = rank, out, start, total;

    for (long i = 0; i < warmup; i++)
        MPI_Allreduce(&in, &out, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
    MPI_Barrier(MPI_COMM_WORLD);
    start = MPI_Wtime();
    for (long i = 0; i < iters; i++) {
        double t = MPI_Wtime();
        MPI_Allreduce(&in, &out, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
        lat[i] = MPI_Wtime() - t;
    }
    total = MPI_Wtime() - start;
    if (rank == 0) {
        double sum = 0;
        for (long i = 0; i < iters; i++)
            sum += lat[i];
        qsort(lat, (size_t)iters, sizeof(*lat), cmp_double);
        printf("label,ranks,iters,mean_us,p50_us,p90_us,p99_us,p999_us,max_us,total_s\n");
        printf("%s,%d,%ld,%.3f,%.3f,%.3f,%.3f,%.3f,%.3f,%.4f\n", label, size, iters,
               1e6 * sum / iters, 1e6 * percentile(lat, iters, 0.5),
               1e6 * percentile(lat, iters, 0.9), 1e6 * percentile(lat, iters, 0.99),
               1e6 * percentile(lat, iters, 0.999), 1e6 * lat[iters - 1], total);
        fflush(stdout);
    }
    free(lat);
    MPI_Finalize();
    return 0;
}
