/* Status code strings for the one status enum of the library. */
#include <vmpl.h>

const char *vmpl_status_string(vmpl_status_t status)
{
    switch (status) {
    case VMPL_OK: return "success";
    case VMPL_INPROGRESS: return "operation in progress";
    case VMPL_ERR_INVALID_ARG: return "invalid argument";
    case VMPL_ERR_INVALID_OP: return "invalid reduction operation";
    case VMPL_ERR_INVALID_TYPE: return "invalid datatype";
    case VMPL_ERR_OP_TYPE_MISMATCH: return "operation not defined for this datatype";
    case VMPL_ERR_NO_MEMORY: return "out of memory";
    case VMPL_ERR_UNSUPPORTED: return "unsupported";
    case VMPL_ERR_INVALID_SETTING: return "invalid setting value";
    case VMPL_ERR_SYSTEM: return "system call failed";
    case VMPL_ERR_TYPE_NOT_COMMITTED: return "datatype not committed";
    case VMPL_ERR_OVERFLOW: return "size overflows 64 bits";
    case VMPL_ERR_TRUNCATE: return "range beyond the end of the data";
    case VMPL_ERR_NOT_FOUND: return "not found";
    case VMPL_ERR_RUNTIME: return "runtime connection failed";
    case VMPL_ERR_PROC_FAILED: return "a process the operation needs has failed";
    }
    return "unknown status";
}
