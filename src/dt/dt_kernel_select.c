/*
 * Kernel selection for the strided copies of pack and unpack.
 * Placeholder until the vector targets and calibration land: every shape
 * goes to the reference kernels.
 */
#include "dt_kernel.h"

static int reference_applies(size_t blen, ptrdiff_t stride)
{
    (void)blen;
    (void)stride;
    return 1;
}

static const dt_kernel_t reference_kernel = {
    .name = "reference",
    .method = DT_METHOD_SCALAR,
    .isa = VMPL_ISA_SCALAR,
    .applies = reference_applies,
    .pack = dt_reference_pack,
    .unpack = dt_reference_unpack,
};

static const dt_kernel_t *const all_kernels[] = {&reference_kernel, NULL};

const dt_kernel_t *const *dt_kernels_all(void)
{
    return all_kernels;
}

const dt_kernel_t *dt_kernel_select(size_t blen, ptrdiff_t stride)
{
    (void)blen;
    (void)stride;
    return &reference_kernel;
}
