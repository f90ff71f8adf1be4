/*
 * Scalar float16 / bfloat16 conversions for the reference kernels, by
 * plain integer arithmetic (the vector body uses a different, FPU-assisted
 * method; the tests hold the two to the same bits). Round to nearest even;
 * a NaN narrows to the canonical quiet NaN (float16: sign | 0x7e00;
 * bfloat16: the top 16 bits with the quiet bit set).
 */
#ifndef VMPL_OP_HALF_H
#define VMPL_OP_HALF_H

#include <stdint.h>

static inline float op_bits_to_float(uint32_t u)
{
    union { uint32_t u; float f; } x = {u};
    return x.f;
}

static inline uint32_t op_float_to_bits(float f)
{
    union { float f; uint32_t u; } x = {f};
    return x.u;
}

static inline float op_half_to_float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h & 0x8000) << 16;
    uint32_t exp = (h >> 10) & 0x1f, mant = h & 0x3ff;

    if (exp == 0x1f) /* inf, NaN */
        return op_bits_to_float(sign | 0x7f800000 | (mant << 13));
    if (exp != 0)
        return op_bits_to_float(sign | ((exp + 112) << 23) | (mant << 13));
    if (mant == 0)
        return op_bits_to_float(sign);
    exp = 113; /* subnormal: normalize */
    while ((mant & 0x400) == 0) {
        mant <<= 1;
        exp--;
    }
    return op_bits_to_float(sign | (exp << 23) | ((mant & 0x3ff) << 13));
}

/* Shift right by n with round to nearest even on the dropped bits. */
static inline uint32_t op_shift_round_even(uint32_t value, unsigned n)
{
    uint32_t kept = value >> n, dropped = value & ((1u << n) - 1), half = 1u << (n - 1);

    if (dropped > half || (dropped == half && (kept & 1)))
        kept++;
    return kept;
}

static inline uint16_t op_half_from_float(float f)
{
    uint32_t u = op_float_to_bits(f);
    uint16_t sign = (uint16_t)((u >> 16) & 0x8000);
    uint32_t exp = (u >> 23) & 0xff, mant = u & 0x7fffff;
    int e = (int)exp - 127;

    if (exp == 0xff)
        return (uint16_t)(sign | (mant ? 0x7e00 : 0x7c00));
    if (e > 15)
        return (uint16_t)(sign | 0x7c00);
    if (e >= -14) /* normal: a carry out of the mantissa bumps the exponent */
        return (uint16_t)(sign + op_shift_round_even(((uint32_t)(e + 15) << 23) | mant, 13));
    if (e < -25) /* below half the smallest subnormal */
        return sign;
    /* subnormal result: value = (1.mant) * 2^e = m * 2^-24 */
    return (uint16_t)(sign | op_shift_round_even(mant | 0x800000, (unsigned)(-e - 1)));
}

static inline float op_bf16_to_float(uint16_t h)
{
    return op_bits_to_float((uint32_t)h << 16);
}

static inline uint16_t op_bf16_from_float(float f)
{
    uint32_t u = op_float_to_bits(f);

    if ((u & 0x7fffffff) > 0x7f800000)
        return (uint16_t)((u >> 16) | 0x40);
    return (uint16_t)op_shift_round_even(u, 16);
}

#endif
