/* Monotonic time. */
#ifndef VMPL_BASE_TIME_H
#define VMPL_BASE_TIME_H

#include <stdint.h>

/* Nanoseconds from CLOCK_MONOTONIC. */
uint64_t base_time_ns(void);

/* Seconds as a double, for reporting. */
double base_time_sec(void);

#endif
