/* The reduction targets of this build and this CPU, for <vmpl.h>'s queries (vmpl-info). */
#include "op.h"

int vmpl_op_isas(vmpl_isa_t *isas, int max)
{
    int count;
    const op_target_t *targets = op_targets(&count);

    for (int i = 0; i < count && i < max; i++)
        isas[i] = targets[i].isa;
    return count;
}

int vmpl_op_isa_usable(vmpl_isa_t isa)
{
    return op_isa_usable(isa) ? 1 : 0;
}
