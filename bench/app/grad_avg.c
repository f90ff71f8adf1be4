/*
 * Gradient averaging, as in data-parallel training: every step each rank
 * computes a gradient of M floats, the ranks sum it with
 * MPI_Allreduce(MPI_IN_PLACE, MPI_FLOAT, MPI_SUM), divide by their number
 * and apply it to their copy of the weights. A plain MPI program: it builds
 * against vmpl and against any other MPI (bench/compare-apps.sh).
 *
 * usage: grad_avg [--mib X] [--steps S] [--warmup W] [--csv FILE] [--label NAME]
 *
 *   --mib     gradient size in MiB of floats (default 4: 1M floats)
 *   --steps   timed steps (default 50)
 *   --warmup  steps before the timed ones, not timed (default 3)
 *
 * Step s on rank r, element i, with c = i % 251 and n ranks:
 *   g[i] = (c (2r + 1) + s % 16) / 1024          (the synthetic gradient)
 *   g    = allreduce sum of g                    = (c n^2 + n (s % 16)) / 1024
 *   w[i] -= LR * (g[i] / n)                      (LR = 1/16; w starts at 1)
 * Every value is a small integer times a power of two, so every partial
 * sum in any order is exact and the weights after the last step are known
 * in closed form: 1 - (steps c n + sum over the steps of s % 16) / 2^14.
 * The gradient is divided by n rather than multiplied by 1/n, which would
 * round for n not a power of two. The options are refused when the sums
 * could outgrow a float's 24-bit significand.
 *
 * Timing: after the warm-up steps and an MPI_Barrier, every rank times the
 * --steps steps (gradient, allreduce, update) and, within them, its time in
 * MPI_Allreduce; the figures are the largest over the ranks of each rank's
 * average per step. After the loop every rank checks every weight against
 * the closed form, and the ranks' checksums of their weights must agree
 * (MPI_MIN and MPI_MAX of the sum).
 *
 * Output: CSV on rank 0's stdout (or in --csv FILE), a header line, then
 *   impl,ranks,floats,steps,step_ms,allreduce_ms
 * where impl is --label (default "mpi"), step_ms the milliseconds per step
 * and allreduce_ms the milliseconds per step in MPI_Allreduce.
 * Exit status: 2 for bad arguments, 1 when a check fails.
 */
#include "../bench_output.h"

#include <mpi.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum {
    PERIOD = 251,     /* prime: no power-of-two chunking lines up with it */
    STEP_PERIOD = 16, /* the step term s % 16 keeps the sums small */
    GRAD_SHIFT = 10,  /* gradients are integers / 2^10 */
    LR_SHIFT = 4,     /* the learning rate is 1 / 2^4 */
};

#define EXACT_LIMIT (1L << 24) /* integers up to this are exact in a float */
#define MAX_MIB     1024.0

typedef struct {
    long floats;
    int steps, warmup;
    const char *csv;
    const char *label;
} options_t;

typedef struct {
    int rank, size;
    float *g, *w;
    long n; /* floats in g and w */
} model_t;

/* ---- one step ---- */

/* The synthetic gradient of one step: a row of PERIOD values repeated, so
   the inner loop has no modulo and vectorizes. */
static void gradient_compute(const model_t *m, int step, float *g)
{
    int odd = 2 * m->rank + 1, term = step % STEP_PERIOD;
    float scale = 1.0f / (float)(1 << GRAD_SHIFT);

    for (long base = 0; base < m->n; base += PERIOD) {
        int len = m->n - base < PERIOD ? (int)(m->n - base) : PERIOD;
        for (int c = 0; c < len; c++)
            g[base + c] = (float)(c * odd + term) * scale;
    }
}

/* w -= LR * (g / ranks): see the head comment for why it divides. */
static void weights_update(const model_t *m)
{
    float lr = 1.0f / (float)(1 << LR_SHIFT), ranks = (float)m->size;

    for (long i = 0; i < m->n; i++)
        m->w[i] -= lr * (m->g[i] / ranks);
}

/* One step; adds this rank's seconds in MPI_Allreduce to *reduce_s. */
static void step_run(const model_t *m, int step, double *reduce_s)
{
    double start;

    gradient_compute(m, step, m->g);
    start = MPI_Wtime();
    MPI_Allreduce(MPI_IN_PLACE, m->g, (int)m->n, MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    *reduce_s += MPI_Wtime() - start;
    weights_update(m);
}

/* ---- checks ---- */

/* Sum over steps 0 .. applied-1 of s % STEP_PERIOD. */
static long step_terms(int applied)
{
    long sum = 0;

    for (int s = 0; s < applied; s++)
        sum += s % STEP_PERIOD;
    return sum;
}

/* The weight of element i after `applied` steps, given step_terms(applied):
   exact, see the head comment. */
static float weight_expected(long i, int ranks, int applied, long terms)
{
    long units = (long)applied * (i % PERIOD) * ranks + terms;

    return (float)(1.0 - (double)units / (double)(1L << (GRAD_SHIFT + LR_SHIFT)));
}

/* 0 when every weight matches the closed form, else -1 with the first
   mismatch on stderr. */
static int weights_check(const model_t *m, int applied)
{
    long terms = step_terms(applied);

    for (long i = 0; i < m->n; i++) {
        float want = weight_expected(i, m->size, applied, terms);
        if (m->w[i] != want) {
            fprintf(stderr, "grad_avg: rank %d: weight %ld is %.9g, not %.9g\n", m->rank, i,
                    (double)m->w[i], (double)want);
            return -1;
        }
    }
    return 0;
}

/* 0 when every rank holds the same weights by their sum, else -1 (on
   every rank, with a message from rank 0). */
static int ranks_agree(const model_t *m)
{
    double sum = 0, low, high;

    for (long i = 0; i < m->n; i++)
        sum += m->w[i];
    MPI_Allreduce(&sum, &low, 1, MPI_DOUBLE, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&sum, &high, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
    if (low == high)
        return 0;
    if (m->rank == 0)
        fprintf(stderr, "grad_avg: the ranks' weights differ: checksums %.17g .. %.17g\n", low,
                high);
    return -1;
}

/* 0 when both checks pass on every rank, else -1 on every rank. */
static int checked(const model_t *m, int applied)
{
    int failed = weights_check(m, applied) != 0;

    MPI_Allreduce(MPI_IN_PLACE, &failed, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
    if (ranks_agree(m) != 0)
        failed = 1;
    return failed ? -1 : 0;
}

/* ---- options ---- */

/* NULL when the sums stay exact in a float for these options and ranks,
   else what is wrong. */
static const char *exactness_problem(const options_t *opt, int ranks)
{
    long applied = (long)opt->warmup + opt->steps;
    long largest_sum = (long)(PERIOD - 1) * ranks * ranks + (long)(STEP_PERIOD - 1) * ranks;
    long largest_units = applied * ((long)(PERIOD - 1) * ranks + STEP_PERIOD - 1);

    if (largest_sum >= EXACT_LIMIT)
        return "too many ranks for an exact check";
    if ((1L << (GRAD_SHIFT + LR_SHIFT)) + largest_units >= EXACT_LIMIT)
        return "too many steps for this many ranks for an exact check";
    return NULL;
}

/* NULL when the options make sense, else what is wrong with them. */
static const char *check_options(const options_t *opt, double mib, int ranks)
{
    if (!(mib > 0) || mib > MAX_MIB)
        return "--mib must be above 0 and at most 1024";
    if (opt->floats < 1)
        return "--mib: less than one float";
    if (opt->steps < 1 || opt->warmup < 0)
        return "--steps must be at least 1, --warmup at least 0";
    return exactness_problem(opt, ranks);
}

/* 0, or -1 with a message on stderr (from rank 0 only). */
static int parse_options(int argc, char **argv, int rank, int ranks, options_t *opt)
{
    const char *problem = NULL;
    double mib = 4;

    memset(opt, 0, sizeof(*opt));
    opt->steps = 50;
    opt->warmup = 3;
    opt->label = "mpi";
    for (int i = 1; i < argc && !problem; i++) {
        const char *arg = argv[i];
        char *value = i + 1 < argc ? argv[++i] : NULL;
        if (!value)
            problem = "an option needs a value";
        else if (!strcmp(arg, "--mib"))
            mib = atof(value);
        else if (!strcmp(arg, "--steps"))
            opt->steps = atoi(value);
        else if (!strcmp(arg, "--warmup"))
            opt->warmup = atoi(value);
        else if (!strcmp(arg, "--csv"))
            opt->csv = value;
        else if (!strcmp(arg, "--label"))
            opt->label = value;
        else
            problem = "unknown option";
        if (problem && rank == 0)
            fprintf(stderr, "grad_avg: %s: %s\n", problem, arg);
    }
    opt->floats = (long)(mib * (1 << 20) / sizeof(float));
    if (!problem && (problem = check_options(opt, mib, ranks)) && rank == 0)
        fprintf(stderr, "grad_avg: %s\n", problem);
    return problem ? -1 : 0;
}

/* ---- set-up and main ---- */

/* Allocates g and w (freed by model_free) and touches every page. */
static int model_alloc(model_t *m, long floats)
{
    m->n = floats;
    m->g = malloc((size_t)floats * sizeof(float));
    m->w = malloc((size_t)floats * sizeof(float));
    if (!m->g || !m->w)
        return -1;
    for (long i = 0; i < floats; i++) {
        m->g[i] = 0;
        m->w[i] = 1;
    }
    return 0;
}

static void model_free(model_t *m)
{
    free(m->g);
    free(m->w);
}

/*
 * The warm-up and timed steps. Returns on rank 0 the largest of the ranks'
 * seconds per step and per step in MPI_Allreduce (elsewhere this rank's own).
 */
static void steps_timed(const model_t *m, const options_t *opt, double *step_s, double *reduce_s)
{
    double warm = 0, mine[2] = {0, 0}, slowest[2], start;

    for (int s = 0; s < opt->warmup; s++)
        step_run(m, s, &warm);
    MPI_Barrier(MPI_COMM_WORLD);
    start = MPI_Wtime();
    for (int s = opt->warmup; s < opt->warmup + opt->steps; s++)
        step_run(m, s, &mine[1]);
    mine[0] = MPI_Wtime() - start;
    mine[0] /= opt->steps;
    mine[1] /= opt->steps;
    MPI_Reduce(mine, slowest, 2, MPI_DOUBLE, MPI_MAX, 0, MPI_COMM_WORLD);
    *step_s = m->rank == 0 ? slowest[0] : mine[0];
    *reduce_s = m->rank == 0 ? slowest[1] : mine[1];
}

int main(int argc, char **argv)
{
    options_t opt;
    model_t m = {0};
    double step_s, reduce_s;
    FILE *out;
    int status;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &m.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &m.size);
    if (parse_options(argc, argv, m.rank, m.size, &opt) != 0) {
        MPI_Finalize();
        return 2;
    }
    if (model_alloc(&m, opt.floats) != 0) {
        fprintf(stderr, "grad_avg: rank %d: out of memory\n", m.rank);
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    out = bench_open_output(opt.csv, m.rank);
    if (m.rank == 0 && !out)
        MPI_Abort(MPI_COMM_WORLD, 2);
    steps_timed(&m, &opt, &step_s, &reduce_s);
    status = checked(&m, opt.warmup + opt.steps) == 0 ? 0 : 1;
    if (out && status == 0) {
        fprintf(out, "impl,ranks,floats,steps,step_ms,allreduce_ms\n");
        fprintf(out, "%s,%d,%ld,%d,%.4f,%.4f\n", opt.label, m.size, opt.floats, opt.steps,
                step_s * 1e3, reduce_s * 1e3);
    }
    if (out && out != stdout)
        fclose(out);
    model_free(&m);
    MPI_Finalize();
    return status;
}
