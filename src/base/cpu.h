/*
 * CPU feature detection, read once. On x86 a vector extension counts only
 * when the OS saves its register state (XGETBV), so AVX-512 is not used on
 * a kernel that did not enable ZMM/opmask state. On Arm the kernel's HWCAP
 * bits are the authority.
 */
#ifndef VMPL_BASE_CPU_H
#define VMPL_BASE_CPU_H

typedef struct {
    unsigned sse42 : 1;
    unsigned avx2 : 1;     /* AVX2 with YMM state enabled by the OS */
    unsigned f16c : 1;     /* F16C (binary16 conversions) with YMM state */
    unsigned avx512bw : 1; /* AVX-512 F+DQ+BW+VL with ZMM and opmask state enabled */
    unsigned avx512vbmi : 1; /* and VBMI (byte permutes across a register) */
    unsigned neon : 1;     /* Advanced SIMD */
    unsigned sve : 1;
} base_cpu_features_t;

const base_cpu_features_t *base_cpu_features(void);

#endif
