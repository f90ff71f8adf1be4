/*
 * Point-to-point ping-pong between ranks 0 and 1 (OSU-style): half round
 * trip latency and bandwidth for message sizes 0 B .. 4 MiB. A plain MPI
 * program: it builds against vmpl and against any other MPI, so one source
 * measures every library in the same run (bench/compare-p2p.sh).
 *
 * usage: pingpong [--sizes 0,8,64,...] [--target-ms N] [--label NAME]
 * prints CSV on rank 0: label,bytes,iterations,usec_half_rtt,mb_per_s
 */
#include <mpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const long default_sizes[] = {0, 8, 64, 512, 4096, 32768, 262144, 1048576, 4194304};

static double pingpong(char *buf, long bytes, long iterations, int rank)
{
    double start;

    MPI_Barrier(MPI_COMM_WORLD);
    start = MPI_Wtime();
    for (long i = 0; i < iterations; i++) {
        if (rank == 0) {
            MPI_Send(buf, (int)bytes, MPI_BYTE, 1, 1, MPI_COMM_WORLD);
            MPI_Recv(buf, (int)bytes, MPI_BYTE, 1, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        } else if (rank == 1) {
            MPI_Recv(buf, (int)bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            MPI_Send(buf, (int)bytes, MPI_BYTE, 0, 1, MPI_COMM_WORLD);
        }
    }
    return MPI_Wtime() - start;
}

int main(int argc, char **argv)
{
    long sizes[64];
    int nsizes = 0, rank, size;
    double target = 200e-3;
    const char *label = "mpi";

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--sizes") && i + 1 < argc) {
            for (char *s = strtok(argv[++i], ","); s && nsizes < 64; s = strtok(NULL, ","))
                sizes[nsizes++] = strtol(s, NULL, 0) << (strchr(s, 'K') ? 10 : strchr(s, 'M') ? 20 : 0);
        } else if (!strcmp(argv[i], "--target-ms") && i + 1 < argc) {
            target = atof(argv[++i]) / 1e3;
        } else if (!strcmp(argv[i], "--label") && i + 1 < argc) {
            label = argv[++i];
        }
    }
    if (!nsizes)
        for (size_t i = 0; i < sizeof(default_sizes) / sizeof(default_sizes[0]); i++)
            sizes[nsizes++] = default_sizes[i];
    if (size < 2) {
        if (rank == 0)
            fprintf(stderr, "pingpong: needs 2 ranks\n");
        MPI_Finalize();
        return 2;
    }
    long largest = 1;
    for (int i = 0; i < nsizes; i++)
        largest = sizes[i] > largest ? sizes[i] : largest;
    char *buf = malloc((size_t)largest);
    memset(buf, 1, (size_t)largest);
    if (rank == 0)
        printf("label,bytes,iterations,usec_half_rtt,mb_per_s\n");
    for (int i = 0; i < nsizes; i++) {
        long iterations = 10;
        double t = pingpong(buf, sizes[i], iterations, rank); /* warm-up and calibration */
        MPI_Bcast(&t, 1, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        iterations = (long)(target / (t / iterations + 1e-9));
        iterations = iterations < 10 ? 10 : iterations > 1000000 ? 1000000 : iterations;
        t = pingpong(buf, sizes[i], iterations, rank);
        if (rank == 0) {
            double half = t / iterations / 2;
            printf("%s,%ld,%ld,%.3f,%.1f\n", label, sizes[i], iterations, half * 1e6,
                   sizes[i] ? sizes[i] / half / 1e6 : 0.0);
            fflush(stdout);
        }
    }
    free(buf);
    MPI_Finalize();
    return 0;
}
