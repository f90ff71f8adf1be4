/* Monotonic time from clock_gettime (vDSO: no system call on Linux). */
#include "time.h"

#include <time.h>

uint64_t base_time_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
