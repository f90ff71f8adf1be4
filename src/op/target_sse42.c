/* SSE4.2 target: 128-bit vectors. Compiled with -msse4.2. */
#define VBYTES 16
#define OP_TARGET_FILL op_target_sse42_fill
#include "kernels/vec_gnu.h"
#include "kernels/op_body.h"

size_t op_target_sse42_vector_bytes(void)
{
    return VBYTES;
}
