/* Monotonic time. */
#ifndef VMPL_BASE_TIME_H
#define VMPL_BASE_TIME_H

#include <stdint.h>

/* Nanoseconds from CLOCK_MONOTONIC. */
uint64_t base_time_ns(void);

#endif
