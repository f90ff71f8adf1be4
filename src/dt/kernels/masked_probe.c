/*
 * Whether the masked-move loops prefetch (dt_masked_prefetch,
 * kernels/kernel_private.h): measured once per process, on CPUs with AVX-512 BW.
 *
 * A buffer of PROBE_BYTES is flushed from the caches and read by 64-byte
 * loads, plain and masked (all bytes but the last), alternately, PROBE_RUNS
 * times each; the fastest run of each counts. Where the masked stream is
 * more than a quarter slower, the hardware prefetchers do not follow masked
 * loads and the loops prefetch in software; where they do follow them the
 * prefetches only cost. The probe takes about two milliseconds (record:
 * docs/perf/dt-masked-moves.md).
 */
#include "dt/kernels/kernel_private.h"

#include <base/log.h>
#include <base/time.h>

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__)
#include <immintrin.h>

#define PROBE_BYTES ((size_t)2 << 20)
#define PROBE_RUNS 3

static void flush_lines(const char *buf)
{
    for (size_t i = 0; i < PROBE_BYTES; i += 64)
        _mm_clflush(buf + i);
    _mm_mfence();
}

/* Nanoseconds to read buf from memory by 64-byte loads, masked or plain. */
__attribute__((target("avx512f,avx512bw"))) static uint64_t stream_ns(const char *buf, int masked)
{
    const __mmask64 most = ~0ull >> 1;
    __m512i acc = _mm512_setzero_si512();
    uint64_t t;

    flush_lines(buf);
    t = base_time_ns();
    if (masked)
        for (size_t i = 0; i < PROBE_BYTES; i += 64)
            acc = _mm512_xor_si512(acc, _mm512_maskz_loadu_epi8(most, buf + i));
    else
        for (size_t i = 0; i < PROBE_BYTES; i += 64)
            acc = _mm512_xor_si512(acc, _mm512_loadu_si512(buf + i));
    __asm__ volatile("" : : "v"(acc));
    return base_time_ns() - t;
}

void dt_masked_probe(void)
{
    uint64_t best[2] = {UINT64_MAX, UINT64_MAX};
    char *buf = aligned_alloc(64, PROBE_BYTES);

    if (!buf)
        return; /* the loops keep prefetching */
    memset(buf, 1, PROBE_BYTES);
    for (int run = 0; run < 2 * PROBE_RUNS; run++) {
        int masked = run & 1;
        uint64_t t = stream_ns(buf, masked);
        best[masked] = t < best[masked] ? t : best[masked];
    }
    free(buf);
    dt_masked_prefetch = best[1] * 4 > best[0] * 5;
    base_debug("dt", "%zu KiB from memory: plain loads %llu ns, masked %llu ns: masked loops %s",
               PROBE_BYTES >> 10, (unsigned long long)best[0], (unsigned long long)best[1],
               dt_masked_prefetch ? "prefetch" : "do not prefetch");
}

#else /* no masked loops; x86 builds define these with the kernels (kernels/avx512vbmi/vbmi.c) */

int dt_masked_prefetch = 1;
uint64_t dt_unpack_cold_ticks; /* 0: no cold-line probe off x86-64 */

void dt_masked_probe(void)
{
}

#endif
