/* The library version, from the project's version in CMakeLists.txt. */
#include <vmpl.h>

const char *vmpl_version(void)
{
    return VMPL_VERSION;
}
