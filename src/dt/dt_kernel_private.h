/* Kernel tables of the compiled targets, for selection (dt_kernel_select.c). */
#ifndef VMPL_DT_DT_KERNEL_PRIVATE_H
#define VMPL_DT_DT_KERNEL_PRIVATE_H

#include "dt_kernel.h"

/* Portable kernels, most specific first (dt_kernel_generic.c). */
extern const dt_kernel_t dt_generic_kernels[];
extern const size_t dt_generic_kernel_count;

/* AVX2 shuffle and gather kernels (dt_kernel_avx2.c; x86 builds only). */
extern const dt_kernel_t dt_avx2_kernels[];
extern const size_t dt_avx2_kernel_count;

/* AVX-512 gather/scatter and compress/expand (dt_kernel_avx512.c; x86 builds only). */
extern const dt_kernel_t dt_avx512_kernels[];
extern const size_t dt_avx512_kernel_count;

/* aarch64: NEON structure loads and SVE gather/scatter (dt_kernel_neon.c, dt_kernel_sve.c). */
extern const dt_kernel_t dt_neon_kernels[];
extern const size_t dt_neon_kernel_count;
extern const dt_kernel_t dt_sve_kernels[];
extern const size_t dt_sve_kernel_count;

#endif
