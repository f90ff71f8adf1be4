/*
 * Helpers shared by the failure-detection benchmarks (ft_detect.c against
 * vmpl's native API, ulfm_detect.c against an MPI with ULFM): options,
 * monotonic timestamps and the victims' kill records.
 *
 * All processes of a run are on one host, so CLOCK_MONOTONIC readings of
 * different processes are comparable. A victim takes its timestamp just
 * before it kills, writes it to DIR/kill.<rank> (not to stdout: a killed
 * node daemon would drop the forwarded line) and then kills.
 */
#ifndef FT_COMMON_H
#define FT_COMMON_H

#include <stdint.h>

#define FT_MAX_RANKS 1024

typedef struct {
    const char *scenario;     /* proc, node-kill, node-hang, hang, quiet */
    int victims[FT_MAX_RANKS]; /* ranks that act */
    int victim_count;
    int ppn;                  /* ranks per node: a node failure takes all of them */
    const char *t0_dir;       /* where victims write kill.<rank> */
    long timeout_ms;          /* survivors give up after this */
    long delay_ms;            /* victims act this long after the start fence */
    long hold_ms;             /* survivors that know every failure wait this long
                                 before they report and leave */
} ft_options_t;

/* Parses "SCENARIO [--victims LIST] [--ppn P] [--t0-dir DIR] [--timeout-ms T]
   [--delay-ms D] [--hold-ms H]"; returns 0, or -1 after printing usage. */
int ft_options_parse(int argc, char **argv, ft_options_t *o);

int64_t ft_now_ns(void);

/* 1 when rank acts as a victim. */
int ft_is_victim(const ft_options_t *o, int rank);

/* 1 when rank is expected to fail: a victim, or with node_scope a rank on a
   victim's node (ranks fill nodes in order, ppn per node). */
int ft_is_expected(const ft_options_t *o, int rank, int node_scope);

/* Records t0 (taken by the caller just before the kill) and this process's
   id in DIR/kill.<rank>; the file descriptor is opened before t0 is taken. */
int ft_kill_record_open(const ft_options_t *o, int rank);
void ft_kill_record_write(int fd, int rank, int64_t t0_ns, int target_pid);

/* Sleeps delay_ms. */
void ft_sleep_ms(long ms);

#endif /* FT_COMMON_H */
