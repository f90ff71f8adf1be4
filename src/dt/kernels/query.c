/* The pack/unpack kernels of this build and this CPU, for <vmpl.h>'s queries (vmpl-info). */
#include "dt/kernels/kernel.h"

#include <base/cpu.h>

/*
 * The highest ISA of the code that may pack here (usable and under
 * VMPL_DT_ISA): the kernels', and the element shuffles' (pack/small.c),
 * which have no entry in the kernel list.
 */
vmpl_isa_t vmpl_pack_isa(void)
{
    const dt_kernel_t *const *kernels = dt_kernels_all();
    vmpl_isa_t best = VMPL_ISA_SCALAR;

    for (int i = 0; kernels[i] != NULL; i++)
        if (dt_kernel_usable(kernels[i]) && kernels[i]->isa > best)
            best = kernels[i]->isa;
#if defined(__x86_64__)
    if (best < VMPL_ISA_SSE42 && base_cpu_features()->sse42 &&
        dt_kernel_isa_allowed(VMPL_ISA_SSE42))
        best = VMPL_ISA_SSE42;
#elif defined(__aarch64__)
    if (best < VMPL_ISA_NEON && dt_kernel_isa_allowed(VMPL_ISA_NEON))
        best = VMPL_ISA_NEON;
#endif
    return best;
}

size_t vmpl_pack_describe(char *buf, size_t size)
{
    return dt_kernel_describe(buf, size);
}
