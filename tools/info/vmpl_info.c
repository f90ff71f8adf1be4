/*
 * vmpl-info: what this build and this machine give: the reduction targets
 * compiled in, which ones the CPU can run, the one selected, and every
 * setting with its default and current value (from the settings table).
 */
#include "base/settings.h"
#include "core/coll/coll_select.h"
#include "dt/dt_kernel.h"
#include "op/op.h"

#include <stdio.h>
#include <stdlib.h>

int main(void)
{
    int count, ntargets;
    const op_target_t *targets = op_targets(&ntargets);
    const base_setting_info_t *settings = base_settings_table(&count);

    printf("reduction targets (best first):\n");
    for (int i = 0; i < ntargets; i++)
        printf("  %-7s %s\n", vmpl_isa_name(targets[i].isa),
               op_isa_usable(targets[i].isa) ? "usable" : "not supported by this CPU/OS");
    printf("active reduction target: %s\n\n", vmpl_isa_name(vmpl_op_isa()));

    printf("settings:\n");
    for (int i = 0; i < count; i++) {
        const char *value = getenv(settings[i].env_name);
        printf("  %-16s %-7s default %-6s %s%s%s\n      %s\n", settings[i].env_name,
               settings[i].type_name, settings[i].default_value, value ? "(set: " : "",
               value ? value : "", value ? ")" : "", settings[i].description);
    }
    {
        char table[2048];
        printf("\npack/unpack kernels (pack/unpack when they differ):\n");
        dt_kernel_describe(table, sizeof(table));
        fputs(table, stdout);
        printf("\ncollective algorithms (first matching row wins):\n");
        coll_select_describe(table, sizeof(table));
        fputs(table, stdout);
    }
    return 0;
}
