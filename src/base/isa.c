/* ISA names: one table for the public name query and the settings' parsing. */
#include "isa.h"

#include <string.h>

static const char *const isa_names[VMPL_ISA_COUNT] = {
    [VMPL_ISA_SCALAR] = "scalar", [VMPL_ISA_SSE42] = "sse42", [VMPL_ISA_AVX2] = "avx2",
    [VMPL_ISA_AVX512] = "avx512", [VMPL_ISA_NEON] = "neon",   [VMPL_ISA_SVE] = "sve",
};

const char *vmpl_isa_name(vmpl_isa_t isa)
{
    return ((unsigned)isa < VMPL_ISA_COUNT) ? isa_names[isa] : NULL;
}

int base_isa_from_name(const char *name, vmpl_isa_t *isa_p)
{
    for (int i = 0; i < VMPL_ISA_COUNT; i++) {
        if (strcmp(name, isa_names[i]) == 0) {
            *isa_p = (vmpl_isa_t)i;
            return 0;
        }
    }
    return -1;
}
