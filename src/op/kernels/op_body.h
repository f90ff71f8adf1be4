/*
 * The reduction kernels, written once. Each target file defines its
 * primitives (vec_gnu.h or vec_sve.h), then includes this file, which
 * defines every vectorized (op, type) kernel and OP_TARGET_FILL(table).
 *
 * Semantics shared with the scalar reference (op_reference.c):
 * - integers wrap (two's complement), never saturate;
 * - MAX/MIN on floating lanes: a NaN left operand wins, then a NaN right
 *   operand, then the larger/smaller value; equal values combine their
 *   bits (AND for MAX, OR for MIN) so MAX(-0, +0) = +0, MIN(-0, +0) = -0;
 * - MAXLOC/MINLOC: strict winner by the MAX/MIN rule; equal values keep
 *   the left value and the smaller index (MPI standard);
 * - complex PROD: (ac - bd) + (ad + bc)i, no special inf/NaN recovery;
 * - float16/bfloat16: computed in float, rounded to nearest even; a NaN
 *   result is quiet: float16 the canonical sign | 0x7e00; bfloat16 SUM/PROD
 *   the top half of the float NaN the hardware made (its payload is free),
 *   MAX/MIN the NaN operand with its quiet bit set.
 */
#ifndef OP_TARGET_FILL
#error "define OP_TARGET_FILL before including op_body.h"
#endif

#include "../op.h"

/* ---- element operations on lanes of tag T ---- */

#define OPF_SUM(T, a, b) V_ADD(T, a, b)
#define OPF_PROD(T, a, b) V_MUL(T, a, b)
#define OPF_PROD8(T, a, b) V_MUL8(T, a, b)
#define OPF_BAND(T, a, b) V_AND(T, a, b)
#define OPF_BOR(T, a, b) V_OR(T, a, b)
#define OPF_BXOR(T, a, b) V_XOR(T, a, b)
#define OPF_MAX(T, a, b) V_MAX(T, a, b) /* integer lanes; floats: OPF_FMAX */
#define OPF_MIN(T, a, b) V_MIN(T, a, b)
/* logical ops on 0/1 truth values (V_TRUTH: one unsigned min where it can) */
#define OPF_LAND(T, a, b) V_AND(T, V_TRUTH(T, a), V_TRUTH(T, b))
#define OPF_LOR(T, a, b) V_TRUTH(T, V_OR(T, a, b))
#define OPF_LXOR(T, a, b) V_XOR(T, V_TRUTH(T, a), V_TRUTH(T, b))

#ifdef V_HAS_MINMAX_NONAN
/*
 * The NaN-free form (vec_gnu.h), then the NaN rule where a lane needs it;
 * opf2_* does two vectors behind one test (OPC4_* two pairs per step).
 */
#define OP_FLOAT_MINMAX(T, CMP, BITS)                                              \
    static inline V(T) opf_nan_rule_##CMP##_##T(V(T) a, V(T) b, V(T) r)            \
    {                                                                              \
        r = V_FSEL(T, V_NE(T, b, b), b, r);                                        \
        return V_FSEL(T, V_NE(T, a, a), a, r);                                     \
    }                                                                              \
    static inline V(T) opf_##CMP##_##T(V(T) a, V(T) b)                             \
    {                                                                              \
        V(T) r = V_##CMP##_NONAN_##T(a, b);                                        \
        if (__builtin_expect(V_ANY_UNORD_##T(a, b) != 0, 0))                       \
            r = opf_nan_rule_##CMP##_##T(a, b, r);                                 \
        return r;                                                                  \
    }                                                                              \
    static inline void opf2_##CMP##_##T(V(T) a0, V(T) a1, V(T) b0, V(T) b1, V(T) *r0, \
                                        V(T) *r1)                                  \
    {                                                                              \
        *r0 = V_##CMP##_NONAN_##T(a0, b0);                                         \
        *r1 = V_##CMP##_NONAN_##T(a1, b1);                                         \
        if (__builtin_expect(V_ANY_UNORD2_##T(a0, b0, a1, b1) != 0, 0)) {          \
            *r0 = opf_nan_rule_##CMP##_##T(a0, b0, *r0);                           \
            *r1 = opf_nan_rule_##CMP##_##T(a1, b1, *r1);                           \
        }                                                                          \
    }
#define OPC4_FMAX(C, T, a0, a1, a2, a3, b0, b1, b2, b3, r0, r1, r2, r3)            \
    (opf2_GT_##T(a0, a1, b0, b1, &(r0), &(r1)), opf2_GT_##T(a2, a3, b2, b3, &(r2), &(r3)))
#define OPC4_FMIN(C, T, a0, a1, a2, a3, b0, b1, b2, b3, r0, r1, r2, r3)            \
    (opf2_LT_##T(a0, a1, b0, b1, &(r0), &(r1)), opf2_LT_##T(a2, a3, b2, b3, &(r2), &(r3)))
#elif defined(V_HAS_MINMAX_WATCHED)
/*
 * x86 MAXPS/MINPS alone, ab = max(a, b): it returns its second operand on
 * a tie or a NaN, which is the rule's result but where a is a NaN or a
 * +-0 tie has a = +0 (MAX; ab is then -0) or a = -0 (MIN). One test for
 * four vectors (opf4) watches for a superset of those lanes (a NaN in a,
 * and OP_WATCH: MAX a -0 result, MIN a -0 in a), and the exact rule runs
 * only behind it: on a tie (a == ab: equal values, or a the larger) the
 * bits of both, then a NaN in a over all. ab never needs b again, so b's
 * load folds into MAXPS. Data full of -0 takes the exact rule often; zeros
 * of one sign do not. Faster than MAXPS both ways round with a bitwise
 * compare per two vectors (record: docs/perf/op-float-minmax.md).
 */
#define OP_WATCH_GT(a, ab) (ab)
#define OP_WATCH_LT(a, ab) (a)
#define OP_FLOAT_MINMAX(T, CMP, BITS)                                              \
    static inline V(T) opf_exact_##CMP##_##T(V(T) a, V(T) ab)                      \
    {                                                                              \
        V(T) r = V_FSEL(T, V_EQ(T, a, ab), BITS(T, a, ab), ab);                    \
        return V_FSEL(T, V_NE(T, a, a), a, r);                                     \
    }                                                                              \
    static inline V(T) opf_##CMP##_##T(V(T) a, V(T) b)                             \
    {                                                                              \
        V(T) ab = V_##CMP##SEL_##T(a, b);                                          \
        V(T) watched = OP_WATCH_##CMP(a, ab);                                      \
        if (__builtin_expect(V_ANY_NAN_OR_NEG0(T, a, watched), 0))                 \
            ab = opf_exact_##CMP##_##T(a, ab);                                     \
        return ab;                                                                 \
    }                                                                              \
    static inline void opf4_##CMP##_##T(const V(T) a[4], const V(T) b[4], V(T) r[4]) \
    {                                                                              \
        V(T) watched[4];                                                           \
        for (int k = 0; k < 4; k++) {                                              \
            r[k] = V_##CMP##SEL_##T(a[k], b[k]);                                   \
            watched[k] = OP_WATCH_##CMP(a[k], r[k]);                               \
        }                                                                          \
        if (__builtin_expect(V_ANY_NAN_OR_NEG0_4(T, a, watched), 0))               \
            for (int k = 0; k < 4; k++)                                            \
                r[k] = opf_exact_##CMP##_##T(a[k], r[k]);                          \
    }
#define OPC4_WATCHED(CMP, T, a0, a1, a2, a3, b0, b1, b2, b3, r0, r1, r2, r3)        \
    do {                                                                           \
        V(T) a_[4] = {a0, a1, a2, a3}, b_[4] = {b0, b1, b2, b3}, r_[4];            \
        opf4_##CMP##_##T(a_, b_, r_);                                              \
        (r0) = r_[0], (r1) = r_[1], (r2) = r_[2], (r3) = r_[3];                    \
    } while (0)
#define OPC4_FMAX(C, T, ...) OPC4_WATCHED(GT, T, __VA_ARGS__)
#define OPC4_FMIN(C, T, ...) OPC4_WATCHED(LT, T, __VA_ARGS__)
#else
#define OP_FLOAT_MINMAX(T, CMP, BITS)                                              \
    static inline V(T) opf_##CMP##_##T(V(T) a, V(T) b)                             \
    {                                                                              \
        V(T) r = V_##CMP##SEL(T, a, b);                                            \
        r = V_FSEL(T, V_EQ(T, a, b), BITS(T, a, b), r);                            \
        return V_FSEL(T, V_NE(T, a, a), a, r);                                     \
    }
#define OPC4_FMAX OP_COMBINE_EACH4
#define OPC4_FMIN OP_COMBINE_EACH4
#endif
OP_FLOAT_MINMAX(f32, GT, V_FBITAND)
OP_FLOAT_MINMAX(f32, LT, V_FBITOR)
OP_FLOAT_MINMAX(f64, GT, V_FBITAND)
OP_FLOAT_MINMAX(f64, LT, V_FBITOR)
#define OPF_FMAX(T, a, b) opf_GT_##T(a, b)
#define OPF_FMIN(T, a, b) opf_LT_##T(a, b)

/* Interleaved complex (re, im) lanes of tag T. */
#define OP_COMPLEX_PROD(T)                                                         \
    static inline V(T) opf_cprod_##T(V(T) a, V(T) b)                               \
    {                                                                              \
        V(T) re_a = V_TRN1(T, a, a), im_a = V_TRN2(T, a, a);                       \
        V(T) b_swapped = V_TRN1(T, V_TRN2(T, b, b), V_TRN1(T, b, b));              \
        V(T) t1 = V_MUL(T, re_a, b);         /* ac, ad */                          \
        V(T) t2 = V_MUL(T, im_a, b_swapped); /* bd, bc */                          \
        return V_SEL(T, M_ODD(T), V_ADD(T, t1, t2), V_SUB(T, t1, t2));             \
    }
OP_COMPLEX_PROD(f32)
OP_COMPLEX_PROD(f64)
#define OPF_CPROD(T, a, b) opf_cprod_##T(a, b)

/*
 * MAXLOC/MINLOC on (value, index) pairs held in two lanes of tag IT:
 * even lane value (read as tag VT by GETV), odd lane the int index
 * (sign-extended by GETI). CMP is GT for MAXLOC, LT for MINLOC.
 * The values are copied to both lanes of their pair first, so each
 * comparison is already a whole-pair mask: a pair comes from a when its
 * value wins, or on a tie (value lane always, index lane when a's index
 * is lower).
 */
#define OP_LOC(NAME, IT, VT, GETV, GETI, CMP, NANCHECK)                           \
    static inline V(IT) opf_##NAME(V(IT) a, V(IT) b)                               \
    {                                                                              \
        V(VT) va = GETV(V_TRN1(IT, a, a)), vb = GETV(V_TRN1(IT, b, b));            \
        M(IT) pick_a = (M(IT))NANCHECK(VT, V_##CMP(VT, va, vb), va);               \
        M(IT) equal = (M(IT))V_EQ(VT, va, vb);                                     \
        M(IT) a_wins_tie = M_OR(IT, V_LT(IT, GETI(a), GETI(b)), M_EVEN(IT));       \
        return V_SEL(IT, M_OR(IT, pick_a, M_AND(IT, equal, a_wins_tie)), a, b);    \
    }
#define LOC_NAN_WINS(VT, m, va) M_OR(VT, m, V_NE(VT, va, va))
#define LOC_NO_NAN(VT, m, va) (m)
#define LOC_SELF(v) (v)
#define LOC_F32(v) V_BITCAST(f32, i32, v)
#define LOC_F64(v) V_BITCAST(f64, i64, v)
#define LOC_SHORT(v) V_SHR(i32, V_SHL(i32, v, 16), 16)
/* the int index in the low half of a 64-bit lane, moved up: orders as the int does */
#define LOC_INT_IN_I64(v) V_SHL(i64, v, 32)
#ifdef V_HAS_LOC_FLOAT_KMASK /* the same rule, masks in k registers (vec_gnu.h) */
#define opf_maxloc_float_int v_maxloc_f32
#define opf_minloc_float_int v_minloc_f32
#define opf_maxloc_double_int v_maxloc_f64
#define opf_minloc_double_int v_minloc_f64
#else
OP_LOC(maxloc_float_int, i32, f32, LOC_F32, LOC_SELF, GT, LOC_NAN_WINS)
OP_LOC(minloc_float_int, i32, f32, LOC_F32, LOC_SELF, LT, LOC_NAN_WINS)
OP_LOC(maxloc_double_int, i64, f64, LOC_F64, LOC_INT_IN_I64, GT, LOC_NAN_WINS)
OP_LOC(minloc_double_int, i64, f64, LOC_F64, LOC_INT_IN_I64, LT, LOC_NAN_WINS)
#endif
/*
 * The kernels' main loops take two vectors of float pairs at a time: the
 * values of both in one vector, so each compare covers twice the pairs
 * (vec_gnu.h's VEC_LOC2 on AVX-512, OP_LOC2 below elsewhere).
 */
#ifdef V_HAS_LOC_FLOAT_PAIRED
#define opf2_maxloc_float_int v_maxloc2_f32
#define opf2_minloc_float_int v_minloc2_f32
#define opf2_maxloc_double_int v_maxloc2_f64
#define opf2_minloc_double_int v_minloc2_f64
#ifndef OP_LOC_SINGLES
#define OP_LOC_SINGLES 256 /* bytes: calls up to this size take VEC_LOC alone */
#endif
#else
/*
 * On vector masks: shuffles of two vectors of pairs give their values and
 * their indices (TRN; float_int on x86 and NEON: UZP within 128-bit
 * blocks, one VSHUFPS), and TRN/ZIP of the results give the pairs back.
 * The rule of OP_LOC. The selects are float selects (V_FSEL: BLENDVPS/PD
 * on x86), faster than GCC's integer select (VPBLENDVB). The masks: a's
 * value when it wins or ties (WIN_OR_TIE: GE for MAXLOC, LE for MINLOC)
 * or is a NaN; the index by INDEX below (float_int's signed min on ties
 * instead of a compare and two ANDNs). a0 and b0 each feed two shuffles
 * and stay in registers (V_IN_REGISTERS; GCC loaded them twice); a1 and
 * b1 are the shuffles' memory operands (record: docs/perf/op-maxloc.md).
 */
#define OP_LOC2(NAME, IT, VT, GETV, INDEX, WIN_OR_TIE, VALUES, INDICES, PUT_LO, PUT_HI) \
    static inline void opf2_##NAME(V(IT) a0, V(IT) a1, V(IT) b0, V(IT) b1, V(IT) *r0, \
                                   V(IT) *r1)                                      \
    {                                                                              \
        V_IN_REGISTERS(a0, b0);                                                    \
        V(IT) va = VALUES(a0, a1), vb = VALUES(b0, b1);                            \
        V(IT) ia = INDICES(a0, a1), ib = INDICES(b0, b1);                          \
        V(VT) fa = GETV(va), fb = GETV(vb);                                        \
        M(IT) value_a = (M(IT))LOC_NAN_WINS(VT, V_##WIN_OR_TIE(VT, fa, fb), fa);   \
        M(IT) equal = (M(IT))V_EQ(VT, fa, fb);                                     \
        V(VT) rv = V_FSEL(VT, value_a, fa, fb);                                    \
        V(VT) ri = INDEX(IT, VT, value_a, equal, ia, ib);                          \
        *r0 = PUT_LO(V_BITCAST(IT, VT, rv), V_BITCAST(IT, VT, ri));                \
        *r1 = PUT_HI(V_BITCAST(IT, VT, rv), V_BITCAST(IT, VT, ri));                \
    }
/*
 * The index: on equal values the lower one, else the winner's. 32-bit
 * indices take it as one signed min (a value tie always has value_a set);
 * double_int's sit in 64-bit lanes beside padding, so a's is kept unless
 * b's is lower on a tie.
 */
#define OP_LOC2_INDEX_MIN(IT, VT, value_a, equal, ia, ib)                          \
    V_FSEL(VT, equal, V_BITCAST(VT, IT, V_MIN(IT, ia, ib)),                        \
           V_FSEL(VT, value_a, V_BITCAST(VT, IT, ia), V_BITCAST(VT, IT, ib)))
#define OP_LOC2_INDEX_TIE(IT, VT, value_a, equal, ia, ib)                          \
    V_FSEL(VT, M_ANDN(IT, value_a, M_ANDN(IT, equal, V_LT(IT, LOC_INT_IN_I64(ia),  \
                                                          LOC_INT_IN_I64(ib)))),   \
           V_BITCAST(VT, IT, ia), V_BITCAST(VT, IT, ib))
#define OP_LOC2_TRN1(a, b) V_TRN1(i64, a, b)
#define OP_LOC2_TRN2(a, b) V_TRN2(i64, a, b)
#ifdef V_HAS_BLK32_SHUFFLES
/* on float lanes: GCC makes an int UZP two VPSHUFDs and a VPBLENDD, a float one VSHUFPS */
#define OP_LOC2_VALUES32(a, b) ((v_i32)V_UZP1_BLK32((v_f32)(a), (v_f32)(b)))
#define OP_LOC2_INDICES32(a, b) ((v_i32)V_UZP2_BLK32((v_f32)(a), (v_f32)(b)))
#define OP_LOC2_PUT_LO32 V_ZIP1_BLK32
#define OP_LOC2_PUT_HI32 V_ZIP2_BLK32
#else /* SVE: TRN1/TRN2 are one instruction each */
#define OP_LOC2_VALUES32(a, b) V_TRN1(i32, a, b)
#define OP_LOC2_INDICES32(a, b) V_TRN2(i32, a, b)
#define OP_LOC2_PUT_LO32(a, b) V_TRN1(i32, a, b)
#define OP_LOC2_PUT_HI32(a, b) V_TRN2(i32, a, b)
#endif
#define OP_LOC2_F32(NAME, WIN_OR_TIE)                                              \
    OP_LOC2(NAME, i32, f32, LOC_F32, OP_LOC2_INDEX_MIN, WIN_OR_TIE, OP_LOC2_VALUES32,     \
            OP_LOC2_INDICES32, OP_LOC2_PUT_LO32, OP_LOC2_PUT_HI32)
#define OP_LOC2_F64(NAME, WIN_OR_TIE)                                              \
    OP_LOC2(NAME, i64, f64, LOC_F64, OP_LOC2_INDEX_TIE, WIN_OR_TIE, OP_LOC2_TRN1, OP_LOC2_TRN2, \
            OP_LOC2_TRN1, OP_LOC2_TRN2)
OP_LOC2_F32(maxloc_float_int, GE)
OP_LOC2_F32(minloc_float_int, LE)
OP_LOC2_F64(maxloc_double_int, GE)
OP_LOC2_F64(minloc_double_int, LE)
#endif
#define OPC4_LOC(FN, a0, a1, a2, a3, b0, b1, b2, b3, r0, r1, r2, r3)                \
    (FN(a0, a1, b0, b1, &(r0), &(r1)), FN(a2, a3, b2, b3, &(r2), &(r3)))
#define OPC4_LOC_maxloc_float_int(C, T, ...) OPC4_LOC(opf2_maxloc_float_int, __VA_ARGS__)
#define OPC4_LOC_minloc_float_int(C, T, ...) OPC4_LOC(opf2_minloc_float_int, __VA_ARGS__)
#define OPC4_LOC_maxloc_double_int(C, T, ...) OPC4_LOC(opf2_maxloc_double_int, __VA_ARGS__)
#define OPC4_LOC_minloc_double_int(C, T, ...) OPC4_LOC(opf2_minloc_double_int, __VA_ARGS__)
#ifndef OP_LOC_SINGLES
#define OP_LOC_SINGLES 0
#endif
OP_LOC(maxloc_short_int, i32, i32, LOC_SHORT, LOC_SELF, GT, LOC_NO_NAN)
OP_LOC(minloc_short_int, i32, i32, LOC_SHORT, LOC_SELF, LT, LOC_NO_NAN)
OP_LOC(maxloc_long_int, i64, i64, LOC_SELF, LOC_INT_IN_I64, GT, LOC_NO_NAN)
OP_LOC(minloc_long_int, i64, i64, LOC_SELF, LOC_INT_IN_I64, LT, LOC_NO_NAN)
#define OPF_LOC(NAME) opf_##NAME

/*
 * MAXLOC/MINLOC of 2int, one pair per 64-bit lane (little-endian): value
 * in the low half, index in the high half. With the halves swapped and the
 * index flipped to order as unsigned (MINLOC: index ^ 0x80000000) or in
 * reverse (MAXLOC: index ^ 0x7fffffff), one signed 64-bit comparison
 * orders whole pairs by value, then by the preferred (lower) index: the
 * standard's rule in a single compare. Equal keys are equal pairs.
 */
#define OP_LOC_INT_PAIR(NAME, CMP, INDEX_FLIP)                                     \
    static inline V(i64) opf_##NAME(V(i64) a, V(i64) b)                            \
    {                                                                              \
        V(i64) flip = V_SET1(i64, INDEX_FLIP);                                     \
        V_IN_REGISTERS(a, b);                                                      \
        V(i64) key_a = V_XOR(i64, V_SWAP32(i64, a), flip);                         \
        V(i64) key_b = V_XOR(i64, V_SWAP32(i64, b), flip);                         \
        return V_SEL(i64, V_##CMP(i64, key_b, key_a), b, a);                       \
    }
OP_LOC_INT_PAIR(maxloc_2int, GT, 0x7fffffff)
OP_LOC_INT_PAIR(minloc_2int, LT, 0x80000000)

/* ---- float16 / bfloat16 through float lanes ---- */

/* binary16 -> binary32, exact; NaN payloads kept. */
static inline V(f32) op_half_to_float(V(u32) h)
{
    V(u32) sign = V_SHL(u32, V_AND(u32, h, V_SET1(u32, 0x8000)), 16);
    V(u32) em = V_AND(u32, h, V_SET1(u32, 0x7fff));
    V(u32) shifted = V_SHL(u32, em, 13);
    V(f32) scaled = V_MUL(f32, V_BITCAST(f32, u32, shifted), V_SET1(f32, 0x1p112f));
    V(u32) bits = V_BITCAST(u32, f32, scaled);
    M(u32) inf_nan = V_GT(u32, em, V_SET1(u32, 0x7bff));
    bits = V_SEL(u32, inf_nan, V_OR(u32, shifted, V_SET1(u32, 0x7f800000)), bits);
    return V_BITCAST(f32, u32, V_OR(u32, bits, sign));
}

/* binary32 -> binary16, round to nearest even; NaN -> sign | 0x7e00. */
static inline V(u32) op_float_to_half(V(f32) f)
{
    V(u32) u = V_BITCAST(u32, f32, f);
    V(u32) sign = V_AND(u32, u, V_SET1(u32, 0x80000000u));
    V(u32) mag = V_XOR(u32, u, sign);
    V(u32) big = V_SEL(u32, V_GT(u32, mag, V_SET1(u32, 0x7f800000)), V_SET1(u32, 0x7e00),
                       V_SET1(u32, 0x7c00));
    /* below 2^-14 the result is subnormal: let the FPU round by adding 0.5 */
    V(f32) denorm_sum = V_ADD(f32, V_BITCAST(f32, u32, mag), V_SET1(f32, 0.5f));
    V(u32) denorm = V_SUB(u32, V_BITCAST(u32, f32, denorm_sum), V_SET1(u32, 126u << 23));
    V(u32) odd = V_AND(u32, V_SHR(u32, mag, 13), V_SET1(u32, 1));
    V(u32) normal = V_ADD(u32, mag, V_SET1(u32, ((uint32_t)(15 - 127) << 23) + 0xfff));
    V(u32) r;
    normal = V_SHR(u32, V_ADD(u32, normal, odd), 13);
    r = V_SEL(u32, V_LT(u32, mag, V_SET1(u32, 113u << 23)), denorm, normal);
    r = V_SEL(u32, V_GT(u32, mag, V_SET1(u32, ((127u + 16) << 23) - 1)), big, r);
    return V_OR(u32, r, V_SHR(u32, sign, 16));
}

/*
 * 16-bit float lanes as pairs in 32-bit lanes: the low and the high half
 * of each u32 lane are converted, combined in float, narrowed and put back
 * in place. No widening shuffles: every step is a 32-bit lane operation.
 */
#define OP_NARROW(NAME, TO_FLOAT, FROM_FLOAT, FN)                                  \
    static inline V(u16) opf_##NAME(V(u16) a, V(u16) b)                            \
    {                                                                              \
        V(u32) a32 = V_BITCAST(u32, u16, a), b32 = V_BITCAST(u32, u16, b);         \
        V(u32) low = V_SET1(u32, 0xffff);                                          \
        V(f32) lo = FN(f32, TO_FLOAT(V_AND(u32, a32, low)), TO_FLOAT(V_AND(u32, b32, low))); \
        V(f32) hi = FN(f32, TO_FLOAT(V_SHR(u32, a32, 16)), TO_FLOAT(V_SHR(u32, b32, 16))); \
        return V_BITCAST(u16, u32, V_OR(u32, FROM_FLOAT(lo), V_SHL(u32, FROM_FLOAT(hi), 16))); \
    }
#ifdef V_HAS_HALF_CONVERT
/*
 * float16 through the hardware conversions (vec_gnu.h): whole halves of
 * the vector widen and narrow in place. A NaN result becomes the
 * reference's sign | 0x7e00 (the hardware keeps a quieted payload).
 */
static inline V(u16) op_half_nan_canonical(V(u16) h)
{
    M(u16) nan = V_GT(u16, V_AND(u16, h, V_SET1(u16, 0x7fff)), V_SET1(u16, 0x7c00));
    return V_SEL(u16, nan, V_OR(u16, V_AND(u16, h, V_SET1(u16, 0x8000)), V_SET1(u16, 0x7e00)), h);
}

/* Only float results with a NaN narrow to one: one test of both (V_ANY_UNORD). */
#ifdef V_ANY_UNORD_f32
#define OP_HALF_NAN_CANONICAL(lo, hi, h)                                           \
    (__builtin_expect(V_ANY_UNORD_f32(lo, hi) != 0, 0) ? op_half_nan_canonical(h) : (h))
#else
#define OP_HALF_NAN_CANONICAL(lo, hi, h) op_half_nan_canonical(h)
#endif
#define OP_NARROW_HALF(NAME, FN)                                                   \
    static inline V(u16) opf_##NAME(V(u16) a, V(u16) b)                            \
    {                                                                              \
        V(f32) lo = FN(f32, V_HALF_LO(a), V_HALF_LO(b));                           \
        V(f32) hi = FN(f32, V_HALF_HI(a), V_HALF_HI(b));                           \
        return OP_HALF_NAN_CANONICAL(lo, hi, V_HALF_PACK(lo, hi));                 \
    }
#else
#define OP_NARROW_HALF(NAME, FN) OP_NARROW(NAME, op_half_to_float, op_float_to_half, FN)
#endif
OP_NARROW_HALF(sum_f16, OPF_SUM)
OP_NARROW_HALF(prod_f16, OPF_PROD)

/*
 * bfloat16 is the upper half of a float: the even lanes widen with one
 * shift and the odd ones with one mask, and the rounding leaves each
 * result in the upper 16 bits of its lane, so narrowing a pair back is
 * one V_HIGH16_PAIR (a shift and a word blend on x86, one TRN2 on Arm)
 * instead of a shift each way per lane.
 *
 * op_bf16_round: f rounded to nearest even in its upper 16 bits. SUM and
 * PROD need no NaN test: their operands are widened bfloat16 values, whose
 * lower 16 bits are zero, and a NaN result is one of them quieted or the
 * default NaN, so its lower 16 bits are zero too; the rounding adds at most
 * 0x8000 to them, never carries into the upper half, and leaves the quiet
 * NaN the hardware made (the reference's NaN up to payload and sign, which
 * SUM and PROD leave to the hardware on every target).
 */
static inline V(u32) op_bf16_round(V(f32) f)
{
    V(u32) u = V_BITCAST(u32, f32, f);
    V(u32) lsb = V_AND(u32, V_SHR(u32, u, 16), V_SET1(u32, 1));

    return V_ADD(u32, u, V_ADD(u32, lsb, V_SET1(u32, 0x7fff)));
}

#define OP_NARROW_BF16(NAME, FN)                                                   \
    static inline V(u16) opf_##NAME(V(u16) a, V(u16) b)                            \
    {                                                                              \
        V(u32) a32 = V_BITCAST(u32, u16, a), b32 = V_BITCAST(u32, u16, b);         \
        V(u32) high = V_SET1(u32, 0xffff0000u), rlo, rhi;                          \
        V(f32) lo = FN(f32, V_BITCAST(f32, u32, V_SHL(u32, a32, 16)),              \
                       V_BITCAST(f32, u32, V_SHL(u32, b32, 16)));                  \
        V(f32) hi = FN(f32, V_BITCAST(f32, u32, V_AND(u32, a32, high)),            \
                       V_BITCAST(f32, u32, V_AND(u32, b32, high)));                \
        rlo = op_bf16_round(lo), rhi = op_bf16_round(hi);                          \
        return V_BITCAST(u16, u32, V_HIGH16_PAIR(rlo, rhi));                       \
    }
OP_NARROW_BF16(sum_bf16, OPF_SUM)
OP_NARROW_BF16(prod_bf16, OPF_PROD)
#define OPF_NARROW(T, a, b, NAME) opf_##NAME(a, b)

/*
 * MAX/MIN of float16 and bfloat16 without widening. Both are sign and
 * magnitude, so as signed 16-bit integers they order as their values
 * unless both are negative, where the order is reversed: the larger half
 * is the integer max, or the integer min when both signs are set (ORDER,
 * REVERSED). -0 (0x8000) orders just below +0, which is the float rule's
 * tie (op_reference.c: max(+0, -0) = +0, min = -0), and the half picked
 * is what narrowing the float result gives back, bit for bit. A NaN operand
 * (magnitude above the infinity's, INF) takes the reference's rule
 * behind one test of both: the left NaN, else the right, quieted as
 * narrowing quiets it (QUIET). Several times faster than widening to float
 * (record: docs/perf/op-half-precision.md).
 */
#define OP_F16_QUIET(h) V_OR(i16, V_AND(i16, h, V_SET1(i16, -0x8000)), V_SET1(i16, 0x7e00))
#define OP_BF16_QUIET(h) V_OR(i16, h, V_SET1(i16, 0x40))
#ifndef V_ANY_GT_i16
#define V_ANY_GT_i16(a, b) M_ANY(i16, V_GT(i16, a, b))
#endif
#define OP_HALF_MINMAX(NAME, ORDER, REVERSED, INF, QUIET)                          \
    static inline V(u16) opf_##NAME(V(u16) a, V(u16) b)                            \
    {                                                                              \
        V(i16) ha = V_BITCAST(i16, u16, a), hb = V_BITCAST(i16, u16, b);           \
        M(i16) both_negative = V_LT(i16, V_AND(i16, ha, hb), V_ZERO(i16));         \
        V(i16) r = V_SEL(i16, both_negative, V_##REVERSED(i16, ha, hb), V_##ORDER(i16, ha, hb)); \
        V(i16) mag = V_SET1(i16, 0x7fff), inf = V_SET1(i16, INF);                  \
        V(i16) mag_a = V_AND(i16, ha, mag), mag_b = V_AND(i16, hb, mag);           \
                                                                                   \
        if (__builtin_expect(V_ANY_GT_i16(V_MAX(i16, mag_a, mag_b), inf), 0)) {    \
            r = V_SEL(i16, V_GT(i16, mag_b, inf), QUIET(hb), r);                   \
            r = V_SEL(i16, V_GT(i16, mag_a, inf), QUIET(ha), r);                   \
        }                                                                          \
        return V_BITCAST(u16, i16, r);                                             \
    }
OP_HALF_MINMAX(max_f16, MAX, MIN, 0x7c00, OP_F16_QUIET)
OP_HALF_MINMAX(min_f16, MIN, MAX, 0x7c00, OP_F16_QUIET)
OP_HALF_MINMAX(max_bf16, MAX, MIN, 0x7f80, OP_BF16_QUIET)
OP_HALF_MINMAX(min_bf16, MIN, MAX, 0x7f80, OP_BF16_QUIET)

/* ---- loop skeletons ---- */

/*
 * The partial last vector of a binary kernel, in a function of its own:
 * out of line where the target defines OP_PART_OUT_OF_LINE (AVX-512: its
 * page-safe masked moves may call out, and a kernel that calls out with
 * vectors live realigns its stack on every call, whole vectors or not;
 * record: docs/perf/op-tails.md).
 */
#ifdef OP_PART_OUT_OF_LINE
#define OP_PART_ATTR __attribute__((noinline))
#else
#define OP_PART_ATTR inline
#endif

/*
 * KNAME_binary and KNAME_nary for lanes of tag T; one element of the vmpl
 * type is SCALE lanes. Main loop: four vectors per step, combined by
 * COMBINE4 (OP_COMBINE_EACH4: COMBINE on each; a kernel family can work on
 * two or four vectors at once, behind one test); then single vectors; then
 * one partial (masked/predicated) vector, in KNAME_part.
 */
#define OP_COMBINE_EACH4(COMBINE, T, a0, a1, a2, a3, b0, b1, b2, b3, r0, r1, r2, r3) \
    ((r0) = COMBINE(T, a0, b0), (r1) = COMBINE(T, a1, b1), (r2) = COMBINE(T, a2, b2), \
     (r3) = COMBINE(T, a3, b3))
#define OP_KERNELS(KNAME, T, SCALE, COMBINE)                                       \
    OP_KERNELS_PAIRED(KNAME, T, SCALE, COMBINE, OP_COMBINE_EACH4)
#define OP_KERNELS_PAIRED(KNAME, T, SCALE, COMBINE, COMBINE4)                      \
    OP_KERNELS_FROM(KNAME, T, SCALE, COMBINE, COMBINE4, (void)0)
/*
 * SHORT: a statement the binary kernel runs before its loops, which may
 * do the whole call by the target's own code and return, or lower
 * steps_end, where the four-vector steps stop (a, b, out, n and steps_end
 * in scope; (void)0: none).
 */
#define OP_KERNELS_FROM(KNAME, T, SCALE, COMBINE, COMBINE4, SHORT)                 \
    static OP_PART_ATTR void KNAME##_part(const E(T) *a, const E(T) *b, E(T) *out, size_t k) \
    {                                                                              \
        V(T) ta = V_LOAD_PART(T, a, k), tb = V_LOAD_PART(T, b, k);                 \
        V_STORE_PART(T, out, COMBINE(T, ta, tb), k);                               \
    }                                                                              \
    static void KNAME##_binary(const void *a_, const void *b_, void *out_, size_t count) \
    {                                                                              \
        const E(T) *a = a_, *b = b_;                                               \
        E(T) *out = out_;                                                          \
        const size_t n = count * (SCALE), lanes = V_LANES(T);                      \
        size_t i = 0, steps_end = n;                                               \
        SHORT;                                                                     \
        for (; i + 4 * lanes <= steps_end; i += 4 * lanes) {                       \
            V(T) a0 = V_LOAD(T, a + i), a1 = V_LOAD(T, a + i + lanes);             \
            V(T) a2 = V_LOAD(T, a + i + 2 * lanes), a3 = V_LOAD(T, a + i + 3 * lanes); \
            V(T) b0 = V_LOAD(T, b + i), b1 = V_LOAD(T, b + i + lanes);             \
            V(T) b2 = V_LOAD(T, b + i + 2 * lanes), b3 = V_LOAD(T, b + i + 3 * lanes); \
            V(T) r0, r1, r2, r3;                                                   \
            COMBINE4(COMBINE, T, a0, a1, a2, a3, b0, b1, b2, b3, r0, r1, r2, r3);  \
            V_STORE(T, out + i, r0);                                               \
            V_STORE(T, out + i + lanes, r1);                                       \
            V_STORE(T, out + i + 2 * lanes, r2);                                   \
            V_STORE(T, out + i + 3 * lanes, r3);                                   \
        }                                                                          \
        for (; i + lanes <= n; i += lanes)                                         \
            V_STORE(T, out + i, COMBINE(T, V_LOAD(T, a + i), V_LOAD(T, b + i)));   \
        if (i < n)                                                                 \
            KNAME##_part(a + i, b + i, out + i, n - i);                            \
    }                                                                              \
    static void KNAME##_nary(const void *const *src_, int nsrc, void *out_, size_t count) \
    {                                                                              \
        const E(T) *const *src = (const E(T) *const *)src_;                        \
        E(T) *out = out_;                                                          \
        const size_t n = count * (SCALE), lanes = V_LANES(T);                      \
        size_t i = 0;                                                              \
        for (; i + 4 * lanes <= n; i += 4 * lanes) {                               \
            V(T) r0 = V_LOAD(T, src[0] + i), r1 = V_LOAD(T, src[0] + i + lanes);   \
            V(T) r2 = V_LOAD(T, src[0] + i + 2 * lanes);                           \
            V(T) r3 = V_LOAD(T, src[0] + i + 3 * lanes);                           \
            for (int s = 1; s < nsrc; s++) {                                       \
                const E(T) *p = src[s] + i;                                        \
                V(T) s0 = V_LOAD(T, p), s1 = V_LOAD(T, p + lanes);                 \
                V(T) s2 = V_LOAD(T, p + 2 * lanes), s3 = V_LOAD(T, p + 3 * lanes); \
                COMBINE4(COMBINE, T, r0, r1, r2, r3, s0, s1, s2, s3, r0, r1, r2, r3); \
            }                                                                      \
            V_STORE(T, out + i, r0);                                               \
            V_STORE(T, out + i + lanes, r1);                                       \
            V_STORE(T, out + i + 2 * lanes, r2);                                   \
            V_STORE(T, out + i + 3 * lanes, r3);                                   \
        }                                                                          \
        for (; i + lanes <= n; i += lanes) {                                       \
            V(T) r = V_LOAD(T, src[0] + i);                                        \
            for (int s = 1; s < nsrc; s++)                                         \
                r = COMBINE(T, r, V_LOAD(T, src[s] + i));                          \
            V_STORE(T, out + i, r);                                                \
        }                                                                          \
        if (i < n) {                                                               \
            V(T) r = V_LOAD_PART(T, src[0] + i, n - i);                            \
            for (int s = 1; s < nsrc; s++)                                         \
                r = COMBINE(T, r, V_LOAD_PART(T, src[s] + i, n - i));              \
            V_STORE_PART(T, out + i, r, n - i);                                    \
        }                                                                          \
    }

/* Adapters so every kernel family has the COMBINE(T, a, b) shape. */
#define OPC_FMAX(T, a, b) OPF_FMAX(T, a, b)
#define OPC_FMIN(T, a, b) OPF_FMIN(T, a, b)
#define OPC_CPROD(T, a, b) OPF_CPROD(T, a, b)

/* PRODF: OPF_PROD, or OPF_PROD8 on 8-bit lanes */
#define OP_INT_KERNELS(T, PRODF)                                                   \
    OP_KERNELS(k_max_##T, T, 1, OPF_MAX)                                           \
    OP_KERNELS(k_min_##T, T, 1, OPF_MIN)                                           \
    OP_KERNELS(k_sum_##T, T, 1, OPF_SUM)                                           \
    OP_KERNELS(k_prod_##T, T, 1, PRODF)                                            \
    OP_KERNELS(k_land_##T, T, 1, OPF_LAND)                                         \
    OP_KERNELS(k_lor_##T, T, 1, OPF_LOR)                                           \
    OP_KERNELS(k_lxor_##T, T, 1, OPF_LXOR)                                         \
    OP_KERNELS(k_band_##T, T, 1, OPF_BAND)                                         \
    OP_KERNELS(k_bor_##T, T, 1, OPF_BOR)                                           \
    OP_KERNELS(k_bxor_##T, T, 1, OPF_BXOR)
OP_INT_KERNELS(i8, OPF_PROD8)
OP_INT_KERNELS(u8, OPF_PROD8)
OP_INT_KERNELS(i16, OPF_PROD)
OP_INT_KERNELS(u16, OPF_PROD)
OP_INT_KERNELS(i32, OPF_PROD)
OP_INT_KERNELS(u32, OPF_PROD)
OP_INT_KERNELS(i64, OPF_PROD)
OP_INT_KERNELS(u64, OPF_PROD)

#define OP_FLOAT_KERNELS(T)                                                        \
    OP_KERNELS_PAIRED(k_max_##T, T, 1, OPC_FMAX, OPC4_FMAX)                        \
    OP_KERNELS_PAIRED(k_min_##T, T, 1, OPC_FMIN, OPC4_FMIN)                        \
    OP_KERNELS(k_sum_##T, T, 1, OPF_SUM)                                           \
    OP_KERNELS(k_prod_##T, T, 1, OPF_PROD)                                         \
    OP_KERNELS(k_csum_##T, T, 2, OPF_SUM)                                          \
    OP_KERNELS(k_cprod_##T, T, 2, OPC_CPROD)
OP_FLOAT_KERNELS(f32)
OP_FLOAT_KERNELS(f64)

#define OPC_NARROW_sum_f16(T, a, b) opf_sum_f16(a, b)
#define OPC_NARROW_prod_f16(T, a, b) opf_prod_f16(a, b)
#define OPC_NARROW_max_f16(T, a, b) opf_max_f16(a, b)
#define OPC_NARROW_min_f16(T, a, b) opf_min_f16(a, b)
#define OPC_NARROW_sum_bf16(T, a, b) opf_sum_bf16(a, b)
#define OPC_NARROW_prod_bf16(T, a, b) opf_prod_bf16(a, b)
#define OPC_NARROW_max_bf16(T, a, b) opf_max_bf16(a, b)
#define OPC_NARROW_min_bf16(T, a, b) opf_min_bf16(a, b)
#define OP_NARROW_KERNELS(NAME) OP_KERNELS(k_##NAME, u16, 1, OPC_NARROW_##NAME)
OP_NARROW_KERNELS(sum_f16)
OP_NARROW_KERNELS(prod_f16)
OP_NARROW_KERNELS(max_f16)
OP_NARROW_KERNELS(min_f16)
OP_NARROW_KERNELS(sum_bf16)
OP_NARROW_KERNELS(prod_bf16)
OP_NARROW_KERNELS(max_bf16)
OP_NARROW_KERNELS(min_bf16)

#define OPC_LOC_maxloc_float_int(T, a, b) opf_maxloc_float_int(a, b)
#define OPC_LOC_minloc_float_int(T, a, b) opf_minloc_float_int(a, b)
#define OPC_LOC_maxloc_2int(T, a, b) opf_maxloc_2int(a, b)
#define OPC_LOC_minloc_2int(T, a, b) opf_minloc_2int(a, b)
#define OPC_LOC_maxloc_short_int(T, a, b) opf_maxloc_short_int(a, b)
#define OPC_LOC_minloc_short_int(T, a, b) opf_minloc_short_int(a, b)
#define OPC_LOC_maxloc_double_int(T, a, b) opf_maxloc_double_int(a, b)
#define OPC_LOC_minloc_double_int(T, a, b) opf_minloc_double_int(a, b)
#define OPC_LOC_maxloc_long_int(T, a, b) opf_maxloc_long_int(a, b)
#define OPC_LOC_minloc_long_int(T, a, b) opf_minloc_long_int(a, b)
#define OP_LOC_KERNELS(NAME, IT) OP_KERNELS(k_##NAME, IT, 2, OPC_LOC_##NAME)
/* Short calls of the pair types by the target's own code first, where it has some. */
#ifdef V_HAS_LOC_SHORT
#define OP_LOC_SHORT(FN, BYTES, ...)                                               \
    do {                                                                           \
        if (n * sizeof(*a) <= (BYTES)) {                                           \
            FN(a, b, out, n, __VA_ARGS__);                                         \
            return;                                                                \
        }                                                                          \
    } while (0)
#else
#define OP_LOC_SHORT(FN, BYTES, ...) (void)0
#endif
/*
 * Calls of up to BYTES skip the four-vector steps, so every vector goes by
 * COMBINE alone: where a kernel's COMBINE4 is faster per vector but longer
 * from loads to stores, a short call in a chain of calls on the same
 * buffer waits on that length.
 */
#define OP_SINGLES_UPTO(BYTES)                                                     \
    do {                                                                           \
        if (n * sizeof(*a) <= (BYTES))                                             \
            steps_end = 0;                                                         \
    } while (0)
/* float_int, double_int: short calls, then single vectors, then pairs of vectors */
#define OP_FLOAT_LOC_KERNELS(NAME, IT, SHORT_FN, IS_MAX)                           \
    OP_KERNELS_FROM(k_##NAME, IT, 2, OPC_LOC_##NAME, OPC4_LOC_##NAME,              \
                    OP_LOC_SHORT(SHORT_FN, V_LOC_SHORT_PAIRS, 0, IS_MAX);          \
                    OP_SINGLES_UPTO(OP_LOC_SINGLES))
OP_FLOAT_LOC_KERNELS(maxloc_float_int, i32, v_loc_f32_short, 1)
OP_FLOAT_LOC_KERNELS(minloc_float_int, i32, v_loc_f32_short, 0)
OP_KERNELS_FROM(k_maxloc_2int, i64, 1, OPC_LOC_maxloc_2int, OP_COMBINE_EACH4,
                OP_LOC_SHORT(v_loc_2int_short, V_LOC_SHORT_2INT, 0x7fffffff, 1))
OP_KERNELS_FROM(k_minloc_2int, i64, 1, OPC_LOC_minloc_2int, OP_COMBINE_EACH4,
                OP_LOC_SHORT(v_loc_2int_short, V_LOC_SHORT_2INT, 0x80000000, 0))
OP_LOC_KERNELS(maxloc_short_int, i32)
OP_LOC_KERNELS(minloc_short_int, i32)
OP_FLOAT_LOC_KERNELS(maxloc_double_int, i64, v_loc_f64_short, 1)
OP_FLOAT_LOC_KERNELS(minloc_double_int, i64, v_loc_f64_short, 0)
OP_LOC_KERNELS(maxloc_long_int, i64)
OP_LOC_KERNELS(minloc_long_int, i64)

/* ---- the table ---- */

#define OP_SET(table, OP, TYPE, KNAME)                                             \
    do {                                                                           \
        (table)->kernel[VMPL_OP_##OP][VMPL_TYPE_##TYPE].binary = KNAME##_binary;   \
        (table)->kernel[VMPL_OP_##OP][VMPL_TYPE_##TYPE].nary = KNAME##_nary;       \
    } while (0)

#define OP_SET_INT(table, TYPE, T)                                                 \
    do {                                                                           \
        OP_SET(table, MAX, TYPE, k_max_##T);                                       \
        OP_SET(table, MIN, TYPE, k_min_##T);                                       \
        OP_SET(table, SUM, TYPE, k_sum_##T);                                       \
        OP_SET(table, PROD, TYPE, k_prod_##T);                                     \
        OP_SET(table, LAND, TYPE, k_land_##T);                                     \
        OP_SET(table, LOR, TYPE, k_lor_##T);                                       \
        OP_SET(table, LXOR, TYPE, k_lxor_##T);                                     \
        OP_SET(table, BAND, TYPE, k_band_##T);                                     \
        OP_SET(table, BOR, TYPE, k_bor_##T);                                       \
        OP_SET(table, BXOR, TYPE, k_bxor_##T);                                     \
    } while (0)

void OP_TARGET_FILL(op_table_t *table)
{
    OP_SET_INT(table, INT8, i8);
    OP_SET_INT(table, UINT8, u8);
    OP_SET_INT(table, INT16, i16);
    OP_SET_INT(table, UINT16, u16);
    OP_SET_INT(table, INT32, i32);
    OP_SET_INT(table, UINT32, u32);
    OP_SET_INT(table, INT64, i64);
    OP_SET_INT(table, UINT64, u64);
    OP_SET(table, LAND, BOOL, k_land_u8);
    OP_SET(table, LOR, BOOL, k_lor_u8);
    OP_SET(table, LXOR, BOOL, k_lxor_u8);

    OP_SET(table, MAX, FLOAT, k_max_f32);
    OP_SET(table, MIN, FLOAT, k_min_f32);
    OP_SET(table, SUM, FLOAT, k_sum_f32);
    OP_SET(table, PROD, FLOAT, k_prod_f32);
    OP_SET(table, MAX, DOUBLE, k_max_f64);
    OP_SET(table, MIN, DOUBLE, k_min_f64);
    OP_SET(table, SUM, DOUBLE, k_sum_f64);
    OP_SET(table, PROD, DOUBLE, k_prod_f64);
    OP_SET(table, SUM, FLOAT_COMPLEX, k_csum_f32);
    OP_SET(table, PROD, FLOAT_COMPLEX, k_cprod_f32);
    OP_SET(table, SUM, DOUBLE_COMPLEX, k_csum_f64);
    OP_SET(table, PROD, DOUBLE_COMPLEX, k_cprod_f64);

    OP_SET(table, SUM, FLOAT16, k_sum_f16);
    OP_SET(table, PROD, FLOAT16, k_prod_f16);
    OP_SET(table, MAX, FLOAT16, k_max_f16);
    OP_SET(table, MIN, FLOAT16, k_min_f16);
    OP_SET(table, SUM, BFLOAT16, k_sum_bf16);
    OP_SET(table, PROD, BFLOAT16, k_prod_bf16);
    OP_SET(table, MAX, BFLOAT16, k_max_bf16);
    OP_SET(table, MIN, BFLOAT16, k_min_bf16);

    OP_SET(table, MAXLOC, FLOAT_INT, k_maxloc_float_int);
    OP_SET(table, MINLOC, FLOAT_INT, k_minloc_float_int);
    OP_SET(table, MAXLOC, 2INT, k_maxloc_2int);
    OP_SET(table, MINLOC, 2INT, k_minloc_2int);
    OP_SET(table, MAXLOC, SHORT_INT, k_maxloc_short_int);
    OP_SET(table, MINLOC, SHORT_INT, k_minloc_short_int);
    OP_SET(table, MAXLOC, DOUBLE_INT, k_maxloc_double_int);
    OP_SET(table, MINLOC, DOUBLE_INT, k_minloc_double_int);
    OP_SET(table, MAXLOC, LONG_INT, k_maxloc_long_int);
    OP_SET(table, MINLOC, LONG_INT, k_minloc_long_int);
}
