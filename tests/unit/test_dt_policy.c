/*
 * The cold-data policy (dt_cold_policy, kernels/kernel_private.h): the one
 * decision a pack or unpack call takes for itself. It must ask the probe
 * only for spans in (above, upto], never without a calibrated probe
 * (dt_unpack_cold_ticks 0) or on a non-positive stride, report cold when
 * every load counts as slow (1 tick, as the tests set it) and not cold
 * when none does; off x86-64 it never reports cold. The spans are worked
 * out by hand from count and stride.
 */
#include "dt/kernels/kernel_private.h"
#include "unit_check.h"

#include <stdint.h>
#include <stdio.h>

#define ABOVE ((int64_t)64 << 10)
#define UPTO ((int64_t)4 << 20)

static char line[64];

static void check_ticks(uint64_t ticks, int cold_inside, const char *what)
{
    dt_unpack_cold_ticks = ticks; /* off x86-64 the policy must not ask it */
    /* spans: 64 KiB (not above), 64 KiB + 8, 1 MiB, 4 MiB (upto), 4 MiB + 8 */
    CHECK(!dt_cold_policy(line, 1024, 64, ABOVE, UPTO), "%s: span of exactly above asked", what);
    CHECK(dt_cold_policy(line, 1025, 64, ABOVE, UPTO) == cold_inside,
          "%s: span just above: want %d", what, cold_inside);
    CHECK(dt_cold_policy(line, 16, 65536, ABOVE, UPTO) == cold_inside,
          "%s: 1 MiB span: want %d", what, cold_inside);
    CHECK(dt_cold_policy(line, 65536, 64, ABOVE, UPTO) == cold_inside,
          "%s: span of exactly upto: want %d", what, cold_inside);
    CHECK(!dt_cold_policy(line, 65537, 64, ABOVE, UPTO), "%s: span past upto asked", what);
    CHECK(!dt_cold_policy(line, 1 << 20, 0, ABOVE, UPTO), "%s: stride 0 asked", what);
    CHECK(!dt_cold_policy(line, 1 << 20, -64, ABOVE, UPTO), "%s: negative stride asked", what);
    CHECK(!dt_cold_policy(line, INT64_MAX / 2, 64, ABOVE, UPTO), "%s: overflowing span asked",
          what);
    CHECK(dt_cold_policy(line, 1 << 20, 64, ABOVE, INT64_MAX) == cold_inside,
          "%s: no upper bound: want %d", what, cold_inside);
}

int main(void)
{
#if defined(__x86_64__)
    const int probes = 1;
#else
    const int probes = 0;
#endif

    check_ticks(0, 0, "no probe");
    check_ticks(1, probes, "every line cold");
    check_ticks(UINT64_MAX, 0, "no line cold");
    printf("%lu passed, %lu failed\n", passed, failed);
    return failed != 0;
}
