/*
 * vmpl-info: what this build and this machine give: the reduction targets
 * compiled in, which ones the CPU can run, the one selected, every setting
 * with its default and current value, and the pack/unpack and collective
 * choices. It uses only the public query API of <vmpl.h>.
 */
#include <vmpl.h>

#include <stdio.h>
#include <stdlib.h>

/* Prints the text of a vmpl_*_describe call; 1 when memory ran out. */
static int print_described(size_t (*describe)(char *buf, size_t size))
{
    size_t length = describe(NULL, 0);
    char *text = malloc(length + 1); /* freed below */

    if (text == NULL) {
        fprintf(stderr, "vmpl-info: out of memory\n");
        return 1;
    }
    describe(text, length + 1);
    fputs(text, stdout);
    free(text);
    return 0;
}

int main(void)
{
    vmpl_isa_t isas[VMPL_ISA_COUNT];
    int ntargets = vmpl_op_isas(isas, VMPL_ISA_COUNT);
    int count = vmpl_settings_count();

    printf("vmpl %s\n\n", vmpl_version());
    printf("reduction targets (best first):\n");
    for (int i = 0; i < ntargets && i < VMPL_ISA_COUNT; i++)
        printf("  %-7s %s\n", vmpl_isa_name(isas[i]),
               vmpl_op_isa_usable(isas[i]) ? "usable" : "not supported by this CPU/OS");
    printf("active reduction target: %s\n\n", vmpl_isa_name(vmpl_op_isa()));

    printf("settings:\n");
    for (int i = 0; i < count; i++) {
        vmpl_setting_t s;

        if (vmpl_setting_get(i, &s) != VMPL_OK)
            return 1;
        printf("  %-16s %-7s default %-6s %s%s%s\n      %s\n", s.name, s.type, s.default_value,
               s.value ? "(set: " : "", s.value ? s.value : "", s.value ? ")" : "",
               s.description);
    }
    printf("\nhighest pack/unpack ISA: %s\n", vmpl_isa_name(vmpl_pack_isa()));
    printf("pack/unpack kernels (pack/unpack when they differ):\n");
    if (print_described(vmpl_pack_describe))
        return 1;
    printf("\ncollective algorithms (first matching row wins):\n");
    return print_described(vmpl_coll_describe);
}
