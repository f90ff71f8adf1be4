/*
 * The instruction-set targets by name, for every layer that picks code per
 * ISA (op's reduction targets, dt's pack kernels) and for the settings that
 * cap them (VMPL_OP_ISA, VMPL_DT_ISA). vmpl_isa_name is in <vmpl.h>.
 */
#ifndef VMPL_BASE_ISA_H
#define VMPL_BASE_ISA_H

#include <vmpl.h>

/* Sets *isa_p to the ISA named name ("avx2") and returns 0; -1 for any other
   name, "auto" included. */
int base_isa_from_name(const char *name, vmpl_isa_t *isa_p);

#endif
