/*
 * Vector primitives over SVE ACLE intrinsics: the names of vec_gnu.h for
 * scalable vectors, so op_body.h compiles unchanged. Vector-length
 * agnostic: lane counts come from svcnt*(), partial vectors are loads and
 * stores under a svwhilelt predicate (zeroing inactive lanes), and all
 * arithmetic runs under an all-true predicate. Masks are svbool_t, valid
 * for any lane tag of the same width.
 */
#ifndef VMPL_OP_VEC_SVE_H
#define VMPL_OP_VEC_SVE_H

#include <arm_sve.h>
#include <stddef.h>
#include <stdint.h>

#include "vec_lanes.h"


typedef svint8_t v_i8;
typedef svuint8_t v_u8;
typedef svint16_t v_i16;
typedef svuint16_t v_u16;
typedef svint32_t v_i32;
typedef svuint32_t v_u32;
typedef svint64_t v_i64;
typedef svuint64_t v_u64;
typedef svfloat32_t v_f32;
typedef svfloat64_t v_f64;

#define V(T) v_##T
#define M(T) svbool_t

/* lane width in bits per tag, for predicates and reinterprets */
#define VEC_BITS_i8 8
#define VEC_BITS_u8 8
#define VEC_BITS_i16 16
#define VEC_BITS_u16 16
#define VEC_BITS_i32 32
#define VEC_BITS_u32 32
#define VEC_BITS_f32 32
#define VEC_BITS_i64 64
#define VEC_BITS_u64 64
#define VEC_BITS_f64 64
#define VEC_CAT(a, b) VEC_CAT_(a, b)
#define VEC_CAT_(a, b) a##b
#define VEC_PTRUE(T) VEC_CAT(svptrue_b, VEC_BITS_##T)()
#define VEC_WHILE(T, k) VEC_CAT(VEC_CAT(svwhilelt_b, VEC_BITS_##T), _u64)(0, (uint64_t)(k))

/* ACLE suffix of each tag */
#define VEC_SFX_i8 s8
#define VEC_SFX_u8 u8
#define VEC_SFX_i16 s16
#define VEC_SFX_u16 u16
#define VEC_SFX_i32 s32
#define VEC_SFX_u32 u32
#define VEC_SFX_i64 s64
#define VEC_SFX_u64 u64
#define VEC_SFX_f32 f32
#define VEC_SFX_f64 f64

#define V_LANES(T) ((size_t)(svcntb() / sizeof(e_##T)))
#define V_LOAD(T, p) svld1(VEC_PTRUE(T), (const e_##T *)(p))
#define V_STORE(T, p, v) svst1(VEC_PTRUE(T), (e_##T *)(p), v)
#define V_LOAD_PART(T, p, k) svld1(VEC_WHILE(T, k), (const e_##T *)(p))
#define V_STORE_PART(T, p, v, k) svst1(VEC_WHILE(T, k), (e_##T *)(p), v)

#define V_ADD(T, a, b) svadd_x(VEC_PTRUE(T), a, b)
#define V_SUB(T, a, b) svsub_x(VEC_PTRUE(T), a, b)
#define V_MUL(T, a, b) svmul_x(VEC_PTRUE(T), a, b)
#define V_MUL8(T, a, b) V_MUL(T, a, b)
#define V_AND(T, a, b) svand_x(VEC_PTRUE(T), a, b)
#define V_OR(T, a, b) svorr_x(VEC_PTRUE(T), a, b)
#define V_XOR(T, a, b) sveor_x(VEC_PTRUE(T), a, b)
#define V_MAX(T, a, b) svmax_x(VEC_PTRUE(T), a, b) /* integer lanes */
#define V_MIN(T, a, b) svmin_x(VEC_PTRUE(T), a, b)
#define V_SHL(T, a, n) svlsl_x(VEC_PTRUE(T), a, (uint64_t)(n))
/* arithmetic for signed tags (svasr), logical for unsigned (svlsr) */
#define V_SHR(T, a, n) VEC_SHR_##T(VEC_PTRUE(T), a, (uint64_t)(n))
#define VEC_SHR_i8 svasr_x
#define VEC_SHR_i16 svasr_x
#define VEC_SHR_i32 svasr_x
#define VEC_SHR_i64 svasr_x
#define VEC_SHR_u8 svlsr_x
#define VEC_SHR_u16 svlsr_x
#define VEC_SHR_u32 svlsr_x
#define VEC_SHR_u64 svlsr_x

#define V_ZERO(T) VEC_CAT(svdup_n_, VEC_SFX_##T)(0)
#define V_SET1(T, x) VEC_CAT(svdup_n_, VEC_SFX_##T)((e_##T)(x))
#define V_BITCAST(TO, FROM, v) VEC_CAT(svreinterpret_, VEC_SFX_##TO)(v)

#define V_EQ(T, a, b) svcmpeq(VEC_PTRUE(T), a, b)
#define V_NE(T, a, b) svcmpne(VEC_PTRUE(T), a, b)
#define V_GT(T, a, b) svcmpgt(VEC_PTRUE(T), a, b)
#define V_LT(T, a, b) svcmplt(VEC_PTRUE(T), a, b)
#define V_GE(T, a, b) svcmpge(VEC_PTRUE(T), a, b)
#define V_LE(T, a, b) svcmple(VEC_PTRUE(T), a, b)
#define M_AND(T, a, b) svand_b_z(VEC_PTRUE(T), a, b)
#define M_OR(T, a, b) svorr_b_z(VEC_PTRUE(T), a, b)
#define M_ANDN(T, a, b) svbic_b_z(VEC_PTRUE(T), a, b) /* a and not b */
#define M_ANY(T, m) svptest_any(VEC_PTRUE(T), m)
#define V_SEL(T, m, a, b) svsel(m, a, b)
/* per 32-bit lane: lo's upper 16 bits low, hi's upper 16 bits high (one TRN2) */
#define V_HIGH16_PAIR(lo, hi) \
    svreinterpret_u32_u16(svtrn2_u16(svreinterpret_u16_u32(lo), svreinterpret_u16_u32(hi)))
/* a > b ? a : b and a < b ? a : b (the second operand on NaN or equality) */
#define V_GTSEL(T, a, b) svsel(V_GT(T, a, b), a, b)
#define V_LTSEL(T, a, b) svsel(V_LT(T, a, b), a, b)
#define V_FSEL(T, m, a, b) svsel(m, a, b)
/* 1 where the integer lane x is nonzero, else 0: the unsigned min of x and 1 */
#define V_TRUTH(T, x)                                                              \
    VEC_CAT(svreinterpret_, VEC_SFX_##T)(VEC_CAT(VEC_CAT(svmin_n_u, VEC_BITS_##T), _x)( \
        VEC_PTRUE(T), VEC_CAT(svreinterpret_u, VEC_BITS_##T)(x), 1))
/* bitwise and/or of float lanes */
static inline svfloat32_t vec_fbitand_f32(svfloat32_t a, svfloat32_t b)
{
    return svreinterpret_f32(svand_x(svptrue_b32(), svreinterpret_u32(a), svreinterpret_u32(b)));
}
static inline svfloat32_t vec_fbitor_f32(svfloat32_t a, svfloat32_t b)
{
    return svreinterpret_f32(svorr_x(svptrue_b32(), svreinterpret_u32(a), svreinterpret_u32(b)));
}
static inline svfloat64_t vec_fbitand_f64(svfloat64_t a, svfloat64_t b)
{
    return svreinterpret_f64(svand_x(svptrue_b64(), svreinterpret_u64(a), svreinterpret_u64(b)));
}
static inline svfloat64_t vec_fbitor_f64(svfloat64_t a, svfloat64_t b)
{
    return svreinterpret_f64(svorr_x(svptrue_b64(), svreinterpret_u64(a), svreinterpret_u64(b)));
}
#define V_FBITAND(T, a, b) vec_fbitand_##T(a, b)
#define V_FBITOR(T, a, b) vec_fbitor_##T(a, b)

/* trn1(a, b) = a0 b0 a2 b2 ...; trn2(a, b) = a1 b1 a3 b3 ... */
#define V_TRN1(T, a, b) svtrn1(a, b)
#define V_TRN2(T, a, b) svtrn2(a, b)
/* the two 32-bit halves of each 64-bit lane swapped (T: i64 or u64) */
#define V_SWAP32(T, v) svrevw_x(VEC_PTRUE(T), v)
/* loads do not fold into other instructions here (vec_gnu.h) */
#define V_IN_REGISTERS(a, b) ((void)0)
/* masks set on the odd lanes, and on the even lanes */
#define M_ODD(T) VEC_CAT(svtrn2_b, VEC_BITS_##T)(svpfalse_b(), VEC_PTRUE(T))
#define M_EVEN(T) VEC_CAT(svtrn1_b, VEC_BITS_##T)(VEC_PTRUE(T), svpfalse_b())

#endif
