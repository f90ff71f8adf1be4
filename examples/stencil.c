/*
 * A 2-D Jacobi heat stencil with halo exchange: the flagship demo.
 *
 * The N x N grid is split into horizontal strips, one per rank. Every
 * step each rank exchanges its boundary rows with its neighbours
 * (MPI_Sendrecv), relaxes its strip, and every 50 steps the ranks agree
 * on the largest change (MPI_Allreduce, MPI_MAX). A fixed hot edge on top
 * and cold edges elsewhere; the result is checked against the same
 * computation done serially by rank 0 (MPI_Gatherv of the strips).
 *
 * usage: stencil [N] [steps]   (defaults 512, 500)
 */
#include <mpi.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void relax(const double *in, double *out, int rows, int n)
{
    for (int i = 1; i <= rows; i++)
        for (int j = 1; j < n - 1; j++)
            out[i * n + j] = 0.25 * (in[(i - 1) * n + j] + in[(i + 1) * n + j] +
                                     in[i * n + j - 1] + in[i * n + j + 1]);
}

static void boundary(double *grid, int rows, int n, int first_row, int last_row, int global_n)
{
    for (int i = 0; i < rows + 2; i++) {
        int g = first_row + i - 1;
        if (g < 0 || g >= global_n)
            continue;
        grid[i * n] = grid[i * n + n - 1] = 0.0;
        if (g == 0)
            for (int j = 0; j < n; j++)
                grid[i * n + j] = 100.0;
        if (g == global_n - 1 && g != 0)
            for (int j = 0; j < n; j++)
                grid[i * n + j] = 0.0;
    }
    (void)last_row;
}

/* The serial reference: the same steps on the whole grid. */
static double *serial(int n, int steps)
{
    double *a = calloc((size_t)n * n, sizeof(double)), *b = calloc((size_t)n * n, sizeof(double));

    boundary(a, n - 2, n, 1, n - 1, n); /* no halo: strip row i is global row i */
    memcpy(b, a, (size_t)n * n * sizeof(double));
    for (int s = 0; s < steps; s++) {
        relax(a, b, n - 2, n);
        double *t = a;
        a = b;
        b = t;
    }
    free(b);
    return a;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 512, steps = argc > 2 ? atoi(argv[2]) : 500;
    int rank, size, rows, first, up, down;
    double *a, *b, delta = 0, start;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (n < 4 || (n - 2) < size || steps < 1) {
        if (rank == 0)
            fprintf(stderr, "stencil: need N >= 4 with N - 2 >= ranks, and steps >= 1\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    /* interior rows 1..n-2 split as evenly as possible; strip = rows + 2 halo rows */
    rows = (n - 2) / size + (rank < (n - 2) % size);
    first = 1 + rank * ((n - 2) / size) + (rank < (n - 2) % size ? rank : (n - 2) % size);
    up = rank > 0 ? rank - 1 : MPI_PROC_NULL;
    down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
    a = calloc((size_t)(rows + 2) * n, sizeof(double));
    b = calloc((size_t)(rows + 2) * n, sizeof(double));
    boundary(a, rows, n, first, first + rows - 1, n);
    memcpy(b, a, (size_t)(rows + 2) * n * sizeof(double));

    MPI_Barrier(MPI_COMM_WORLD);
    start = MPI_Wtime();
    for (int s = 0; s < steps; s++) {
        MPI_Sendrecv(&a[1 * n], n, MPI_DOUBLE, up, 0, &a[(rows + 1) * n], n, MPI_DOUBLE, down, 0,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        MPI_Sendrecv(&a[rows * n], n, MPI_DOUBLE, down, 1, &a[0], n, MPI_DOUBLE, up, 1,
                     MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        relax(a, b, rows, n);
        double *t = a;
        a = b;
        b = t;
        if ((s + 1) % 50 == 0 || s == steps - 1) {
            double local = 0;
            for (int i = 1; i <= rows; i++)
                for (int j = 1; j < n - 1; j++)
                    local = fmax(local, fabs(a[i * n + j] - b[i * n + j]));
            MPI_Allreduce(&local, &delta, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        }
    }
    double elapsed = MPI_Wtime() - start;

    /* gather the strips on rank 0 and compare with the serial run */
    int *counts = malloc((size_t)size * sizeof(int)), *displs = malloc((size_t)size * sizeof(int));
    int mine = rows * n;
    MPI_Gather(&mine, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
    double *whole = NULL;
    if (rank == 0) {
        displs[0] = n; /* row 0 is the fixed edge */
        for (int r = 1; r < size; r++)
            displs[r] = displs[r - 1] + counts[r - 1];
        whole = calloc((size_t)n * n, sizeof(double));
    }
    MPI_Gatherv(&a[n], mine, MPI_DOUBLE, whole, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);
    int ok = 1;
    if (rank == 0) {
        double *ref = serial(n, steps), worst = 0;
        for (int i = 1; i < n - 1; i++)
            for (int j = 1; j < n - 1; j++)
                worst = fmax(worst, fabs(whole[i * n + j] - ref[i * n + j]));
        ok = worst == 0.0;
        printf("stencil: %d x %d grid, %d steps on %d ranks: %.3f s, %.1f Mcell-updates/s, "
               "last max change %.3e, %s serial result\n",
               n, n, steps, size, elapsed, (double)(n - 2) * (n - 2) * steps / elapsed / 1e6,
               delta, ok ? "matches the" : "DIFFERS FROM the");
        free(ref);
        free(whole);
    }
    MPI_Bcast(&ok, 1, MPI_INT, 0, MPI_COMM_WORLD);
    free(counts);
    free(displs);
    free(a);
    free(b);
    MPI_Finalize();
    return ok ? 0 : 1;
}
