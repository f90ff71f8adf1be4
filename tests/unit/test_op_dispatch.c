/*
 * Which target the dispatcher picks. Usage: test_op_dispatch EXPECTED
 * (an ISA name). Run under VMPL_OP_ISA caps and CPU emulators by ctest.
 */
#include <vmpl.h>

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
    const char *got = vmpl_isa_name(vmpl_op_isa());
    int ok = argc > 1 && strcmp(got, argv[1]) == 0;

    printf("active target %s, expected %s\n", got, argc > 1 ? argv[1] : "(none)");
    printf("%d passed, %d failed\n", ok, !ok);
    return ok ? 0 : 1;
}
