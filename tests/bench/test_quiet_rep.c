/*
 * bench_quiet_rep (bench/bench_gauge.h): a repetition is taken again while
 * its gauges are not quiet and the budget lasts, and the attempt kept is
 * the one with the lowest gauge. The gauge is real; the quiet factor is
 * set to force each case (1e9: every gauge is quiet; 0: none is).
 */
#include "../../bench/bench_gauge.h"
#include "../unit/unit_check.h"

static int calls;

/* A repetition whose "time" is its call number. */
static double numbered_rep(void *arg)
{
    (void)arg;
    return (double)++calls;
}

int main(void)
{
    double gauge, ns;
    int spare;

    bench_quiet_pace = 1e9; /* every gauge quiet: one attempt */
    calls = 0, spare = 4;
    ns = bench_quiet_rep(numbered_rep, NULL, &spare, &gauge);
    CHECK(calls == 1 && spare == 4 && ns == 1.0, "quiet: %d calls, spare %d, ns %g", calls,
          spare, ns);
    CHECK(gauge > 0 && bench_gauge_best > 0 && bench_gauge_best <= gauge,
          "quiet: gauge %g, best %g", gauge, bench_gauge_best);

    bench_quiet_pace = 0; /* no gauge quiet: the whole budget, then stop */
    calls = 0, spare = 4;
    ns = bench_quiet_rep(numbered_rep, NULL, &spare, &gauge);
    CHECK(calls == 5 && spare == 0, "slow: %d calls, spare %d", calls, spare);
    CHECK(ns >= 1 && ns <= 5, "slow: kept attempt %g is one of the five", ns);

    calls = 0, spare = 0; /* no budget: one attempt even when slow */
    ns = bench_quiet_rep(numbered_rep, NULL, &spare, &gauge);
    CHECK(calls == 1 && spare == 0 && ns == 1.0, "no budget: %d calls, spare %d", calls, spare);

    /* the best only falls: a sample below it replaces it */
    bench_quiet_pace = BENCH_QUIET_PACE;
    bench_gauge_best = 1e12;
    gauge = bench_gauge_sample();
    CHECK(bench_gauge_best == gauge, "sample %g became the best %g", gauge, bench_gauge_best);
    CHECK(bench_gauge_quiet(gauge * BENCH_QUIET_PACE) && !bench_gauge_quiet(gauge * 1.2),
          "quiet up to %.2fx the best", BENCH_QUIET_PACE);

    printf("%lu passed, %lu failed\n", passed, failed);
    return failed != 0;
}
