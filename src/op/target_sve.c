/*
 * SVE target: scalable vectors (128..2048 bits), predicated tails.
 * Compiled with -march=armv8.2-a+sve, without a fixed vector length.
 */
#define OP_TARGET_FILL op_target_sve_fill
#include "kernels/vec_sve.h"
#include "kernels/op_body.h"

size_t op_target_sve_vector_bytes(void)
{
    return svcntb();
}
