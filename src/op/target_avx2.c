/* AVX2 target: 256-bit vectors. Compiled with -mavx2. */
#define VBYTES 32
#define OP_TARGET_FILL op_target_avx2_fill
#include "kernels/vec_gnu.h"
#include "kernels/op_body.h"

size_t op_target_avx2_vector_bytes(void)
{
    return VBYTES;
}
