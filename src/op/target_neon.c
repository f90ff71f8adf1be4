/* NEON (Advanced SIMD) target: 128-bit vectors; baseline on AArch64. */
#define VBYTES 16
#define OP_TARGET_FILL op_target_neon_fill
#include "kernels/vec_gnu.h"
#include "kernels/op_body.h"

size_t op_target_neon_vector_bytes(void)
{
    return VBYTES;
}
