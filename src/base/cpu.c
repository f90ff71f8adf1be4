/* CPU feature detection: CPUID + XGETBV on x86, getauxval(AT_HWCAP) on Arm. */
#include "cpu.h"

#include <pthread.h>
#include <stdint.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>

static uint64_t xgetbv0(void)
{
    uint32_t eax, edx;

    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return ((uint64_t)edx << 32) | eax;
}

static void cpu_detect(base_cpu_features_t *f)
{
    unsigned eax, ebx, ecx, edx, ecx1;
    uint64_t xcr0 = 0;
    const uint64_t ymm_state = 0x6;   /* XMM | YMM */
    const uint64_t zmm_state = 0xe6;  /* XMM | YMM | opmask | ZMM_Hi256 | Hi16_ZMM */

    if (!__get_cpuid(1, &eax, &ebx, &ecx1, &edx))
        return;
    f->sse42 = (ecx1 >> 20) & 1;
    if (((ecx1 >> 27) & 1) && ((ecx1 >> 28) & 1)) /* OSXSAVE and AVX */
        xcr0 = xgetbv0();
    if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx))
        return;
    f->avx2 = ((ebx >> 5) & 1) && (xcr0 & ymm_state) == ymm_state;
    f->f16c = ((ecx1 >> 29) & 1) && (xcr0 & ymm_state) == ymm_state;
    f->avx512bw = ((ebx >> 16) & 1) && ((ebx >> 17) & 1) && ((ebx >> 30) & 1) &&
                  ((ebx >> 31) & 1) && (xcr0 & zmm_state) == zmm_state;
    f->avx512vbmi = f->avx512bw && ((ecx >> 1) & 1);
}

#elif defined(__aarch64__)
#include <sys/auxv.h>

#ifndef HWCAP_ASIMD
#define HWCAP_ASIMD (1UL << 1)
#endif
#ifndef HWCAP_SVE
#define HWCAP_SVE (1UL << 22)
#endif

static void cpu_detect(base_cpu_features_t *f)
{
    unsigned long hwcap = getauxval(AT_HWCAP);

    f->neon = (hwcap & HWCAP_ASIMD) != 0;
    f->sve = (hwcap & HWCAP_SVE) != 0;
}

#else
static void cpu_detect(base_cpu_features_t *f)
{
    (void)f;
}
#endif

static base_cpu_features_t features;

static void cpu_detect_once(void)
{
    cpu_detect(&features);
}

/* Detected once per process, whichever thread asks first. */
const base_cpu_features_t *base_cpu_features(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;

    pthread_once(&once, cpu_detect_once);
    return &features;
}
