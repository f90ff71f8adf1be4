/*
 * Vector primitives over GCC vector extensions, for the fixed-width
 * targets (SSE4.2, AVX2, AVX-512, NEON). The including file defines
 * VBYTES (16, 32 or 64). op_body.h is written against these macros only;
 * vec_sve.h provides the same names for scalable vectors.
 *
 * Lane tags: i8 u8 i16 u16 i32 u32 i64 u64 f32 f64.
 *   V(T)  vector of lanes      M(T)  comparison mask for V(T)
 * Integer arithmetic wraps (kernels are compiled with -fwrapv).
 */
#ifndef VMPL_OP_VEC_GNU_H
#define VMPL_OP_VEC_GNU_H

#include <stddef.h>
#include <stdint.h>

#include "vec_lanes.h"

#ifndef VBYTES
#error "define VBYTES before including vec_gnu.h"
#endif


#define VEC_TYPES(T)                                                               \
    typedef e_##T v_##T __attribute__((vector_size(VBYTES)));                      \
    typedef e_##T vu_##T __attribute__((vector_size(VBYTES), aligned(1), may_alias));
VEC_TYPES(i8)
VEC_TYPES(u8)
VEC_TYPES(i16)
VEC_TYPES(u16)
VEC_TYPES(i32)
VEC_TYPES(u32)
VEC_TYPES(i64)
VEC_TYPES(u64)
VEC_TYPES(f32)
VEC_TYPES(f64)
#undef VEC_TYPES

typedef v_i8 m_i8, m_u8;
typedef v_i16 m_i16, m_u16;
typedef v_i32 m_i32, m_u32, m_f32;
typedef v_i64 m_i64, m_u64, m_f64;

#define V(T) v_##T
#define M(T) m_##T

#define V_LANES(T) ((size_t)(VBYTES / sizeof(e_##T)))
#define V_LOAD(T, p) (*(const vu_##T *)(const void *)(p))
#define V_STORE(T, p, v) (*(vu_##T *)(void *)(p) = (v))
/*
 * Two operands kept in registers: on x86 GCC folds each use of a loaded
 * vector into its own memory operand, so a kernel that reads an operand
 * twice loads it twice (record: docs/perf/op-maxloc.md). Loads cannot fold
 * on Arm.
 */
#if defined(__x86_64__) || defined(__i386__)
#define V_IN_REGISTERS(a, b) __asm__("" : "+v"(a), "+v"(b))
#else
#define V_IN_REGISTERS(a, b) ((void)0)
#endif

#define V_ADD(T, a, b) ((a) + (b))
#define V_SUB(T, a, b) ((a) - (b))
#define V_MUL(T, a, b) ((a) * (b))
#define V_AND(T, a, b) ((a) & (b))
#define V_OR(T, a, b) ((a) | (b))
#define V_XOR(T, a, b) ((a) ^ (b))
#define V_SHL(T, a, n) ((a) << (n))
#define V_SHR(T, a, n) ((a) >> (n)) /* arithmetic for signed T */
#define V_ZERO(T) ((v_##T){0})
#define V_SET1(T, x) (V_ZERO(T) + (e_##T)(x))
#define V_BITCAST(TO, FROM, v) ((v_##TO)(v))

#define V_EQ(T, a, b) ((m_##T)((a) == (b)))
#define V_NE(T, a, b) ((m_##T)((a) != (b)))
#define V_GT(T, a, b) ((m_##T)((a) > (b)))
#define V_LT(T, a, b) ((m_##T)((a) < (b)))
#define V_GE(T, a, b) ((m_##T)((a) >= (b)))
#define V_LE(T, a, b) ((m_##T)((a) <= (b)))
#define M_AND(T, a, b) ((a) & (b))
#define M_OR(T, a, b) ((a) | (b))
#define M_ANDN(T, a, b) ((a) & ~(b)) /* a and not b */
/* m ? a : b, lane by lane */
#define V_SEL(T, m, a, b) ((v_##T)(((m) & (m_##T)(a)) | (~(m) & (m_##T)(b))))

/*
 * a > b ? a : b and a < b ? a : b on float lanes (the second operand on
 * NaN or equality), and a select of float lanes. x86 MAXPS/MINPS compute
 * exactly this, and BLENDVPS/PD keep the data in the float domain; other
 * targets compare and select.
 */
#if defined(__AVX__) && VBYTES == 32
#include <immintrin.h>
#define V_GTSEL_f32(a, b) ((v_f32)_mm256_max_ps((__m256)(a), (__m256)(b)))
#define V_LTSEL_f32(a, b) ((v_f32)_mm256_min_ps((__m256)(a), (__m256)(b)))
#define V_GTSEL_f64(a, b) ((v_f64)_mm256_max_pd((__m256d)(a), (__m256d)(b)))
#define V_LTSEL_f64(a, b) ((v_f64)_mm256_min_pd((__m256d)(a), (__m256d)(b)))
#define V_FSEL_f32(m, a, b) ((v_f32)_mm256_blendv_ps((__m256)(b), (__m256)(a), (__m256)(m)))
#define V_FSEL_f64(m, a, b) ((v_f64)_mm256_blendv_pd((__m256d)(b), (__m256d)(a), (__m256d)(m)))
#elif defined(__SSE4_1__) && VBYTES == 16
#include <immintrin.h>
#define V_GTSEL_f32(a, b) ((v_f32)_mm_max_ps((__m128)(a), (__m128)(b)))
#define V_LTSEL_f32(a, b) ((v_f32)_mm_min_ps((__m128)(a), (__m128)(b)))
#define V_GTSEL_f64(a, b) ((v_f64)_mm_max_pd((__m128d)(a), (__m128d)(b)))
#define V_LTSEL_f64(a, b) ((v_f64)_mm_min_pd((__m128d)(a), (__m128d)(b)))
#define V_FSEL_f32(m, a, b) ((v_f32)_mm_blendv_ps((__m128)(b), (__m128)(a), (__m128)(m)))
#define V_FSEL_f64(m, a, b) ((v_f64)_mm_blendv_pd((__m128d)(b), (__m128d)(a), (__m128d)(m)))
#else
#define V_GTSEL_f32(a, b) V_SEL(f32, V_GT(f32, a, b), a, b)
#define V_LTSEL_f32(a, b) V_SEL(f32, V_LT(f32, a, b), a, b)
#define V_GTSEL_f64(a, b) V_SEL(f64, V_GT(f64, a, b), a, b)
#define V_LTSEL_f64(a, b) V_SEL(f64, V_LT(f64, a, b), a, b)
#define V_FSEL_f32(m, a, b) V_SEL(f32, m, a, b)
#define V_FSEL_f64(m, a, b) V_SEL(f64, m, a, b)
#endif
/*
 * Float MAX/MIN by the reference's rule (op_reference.c): the larger
 * (smaller) value, on a tie the bitwise and (or) of the operands, which
 * only matters for max(+0, -0) = +0 and min(+0, -0) = -0, and a NaN
 * operand wins. The common case costs one to three instructions per
 * vector, the rest runs behind one test and branch for two or four
 * vectors (a compare, test and branch per vector cost VRANGEPS half its
 * speed in L1; record: docs/perf/op-float-minmax.md):
 *   AVX-512  VRANGEPS/PD with the sign taken from the comparison orders
 *            -0 below +0, which is the tie rule (V_*_NONAN); op_body.h adds
 *            the NaN rule where V_ANY_UNORD2(T, a0, b0, a1, b1) finds a
 *            NaN: one compare of the sums a0 + b0 and a1 + b1, NaN where an
 *            operand is (or at +inf + -inf, which only sends the pair to
 *            the exact rule). The adds issue beside VRANGEPS; compares into
 *            k registers would share its pipes.
 *   AVX2/SSE MAXPS/MINPS alone (V_HAS_MINMAX_WATCHED, op_body.h), watched
 *            by V_ANY_NAN_OR_NEG0_4(T, a, x): nonzero when a lane of a[0..3]
 *            is a NaN (one unordered compare per two vectors) or a lane of
 *            x[0..3] is -0 (an integer compare each).
 * V_ANY_UNORD(T, a, b), nonzero when a lane of a or b is a NaN, also
 * guards the float16 narrowing.
 */
#if defined(__AVX512DQ__) && VBYTES == 64
#define V_GT_NONAN_f32(a, b) ((v_f32)_mm512_range_ps((__m512)(a), (__m512)(b), 0x5))
#define V_LT_NONAN_f32(a, b) ((v_f32)_mm512_range_ps((__m512)(a), (__m512)(b), 0x4))
#define V_GT_NONAN_f64(a, b) ((v_f64)_mm512_range_pd((__m512d)(a), (__m512d)(b), 0x5))
#define V_LT_NONAN_f64(a, b) ((v_f64)_mm512_range_pd((__m512d)(a), (__m512d)(b), 0x4))
#define V_ANY_UNORD_f32(a, b) _mm512_cmp_ps_mask((__m512)(a), (__m512)(b), _CMP_UNORD_Q)
#define V_ANY_UNORD_f64(a, b) _mm512_cmp_pd_mask((__m512d)(a), (__m512d)(b), _CMP_UNORD_Q)
#define V_ANY_UNORD2_f32(a0, b0, a1, b1) V_ANY_UNORD_f32((a0) + (b0), (a1) + (b1))
#define V_ANY_UNORD2_f64(a0, b0, a1, b1) V_ANY_UNORD_f64((a0) + (b0), (a1) + (b1))
#define V_HAS_MINMAX_NONAN 1
#elif defined(__AVX2__) && VBYTES == 32
#define V_UNORD_MASK_f32(a, b) ((m_f32)_mm256_cmp_ps((__m256)(a), (__m256)(b), _CMP_UNORD_Q))
#define V_UNORD_MASK_f64(a, b) ((m_f64)_mm256_cmp_pd((__m256d)(a), (__m256d)(b), _CMP_UNORD_Q))
#define V_MASK_ANY32(m) (_mm256_movemask_ps((__m256)(m)) != 0)
#define V_HAS_MINMAX_WATCHED 1
#elif defined(__SSE4_1__) && VBYTES == 16
#define V_UNORD_MASK_f32(a, b) ((m_f32)_mm_cmpunord_ps((__m128)(a), (__m128)(b)))
#define V_UNORD_MASK_f64(a, b) ((m_f64)_mm_cmpunord_pd((__m128d)(a), (__m128d)(b)))
#define V_MASK_ANY32(m) (_mm_movemask_ps((__m128)(m)) != 0)
#define V_HAS_MINMAX_WATCHED 1
#endif
#ifdef V_HAS_MINMAX_WATCHED
/* V_MASK_ANY32: a 32-bit lane of a compare mask is set (VMOVMSKPS; VPTEST was slower) */
#define V_NEG0_MASK_f32(x) ((m_f32)(x) == V_SET1(i32, INT32_MIN))
#define V_NEG0_MASK_f64(x) ((m_f64)(x) == V_SET1(i64, INT64_MIN))
#define V_ANY_NAN_OR_NEG0(T, a, x) V_MASK_ANY32(V_UNORD_MASK_##T(a, a) | V_NEG0_MASK_##T(x))
#define V_ANY_NAN_OR_NEG0_4(T, a, x)                                                      \
    V_MASK_ANY32((V_UNORD_MASK_##T(a[0], a[1]) | V_UNORD_MASK_##T(a[2], a[3])) |          \
                 ((V_NEG0_MASK_##T(x[0]) | V_NEG0_MASK_##T(x[1])) |                       \
                  (V_NEG0_MASK_##T(x[2]) | V_NEG0_MASK_##T(x[3]))))
#define V_ANY_UNORD_f32(a, b) V_MASK_ANY32(V_UNORD_MASK_f32(a, b))
#endif
/*
 * V_MUL8: V_MUL on 8-bit lanes. x86 multiplies 16-bit lanes at best, and
 * GCC's 8-bit `*` widens, multiplies and packs back across lanes. Instead:
 * the even bytes' product is the low byte of the 16-bit product of the lanes
 * as they are; the odd bytes' the high byte of (a >> 8) * (b & 0xff00).
 */
#if defined(__x86_64__) || defined(__i386__)
#define V_MUL8_BY_16(T)                                                                   \
    static inline v_##T v_mul8_##T(v_##T a, v_##T b)                                      \
    {                                                                                     \
        v_u16 a16 = (v_u16)a, b16 = (v_u16)b;                                             \
        v_u16 odd = (a16 >> 8) * (b16 & 0xff00);                                          \
        return (v_##T)(((a16 * b16) & 0xff) | odd);                                       \
    }
V_MUL8_BY_16(i8)
V_MUL8_BY_16(u8)
#undef V_MUL8_BY_16
#define V_MUL8(T, a, b) v_mul8_##T(a, b)
#else
#define V_MUL8(T, a, b) V_MUL(T, a, b)
#endif
#define V_GTSEL(T, a, b) V_GTSEL_##T(a, b)
#define V_LTSEL(T, a, b) V_LTSEL_##T(a, b)
#define V_FSEL(T, m, a, b) V_FSEL_##T(m, a, b)
/*
 * MAXLOC/MINLOC of the float pair types on AVX-512, with the masks in k
 * registers (op_body.h's generic form holds them as vectors, which costs
 * mask <-> vector moves here). One vector of pairs, lanes of W bits:
 * - the values copied to both lanes of their pair by VPSHUFD (DUP), which
 *   issues on more vector pipes than VMOVDDUP, VPERMT2Q and the compares
 *   into k registers;
 * - b_wins: a's value is not a NaN and b's wins strictly (B_WINS: NGE_UQ
 *   for MAXLOC, NLE_UQ for MINLOC; true also where b's value is a NaN),
 *   so the pair of a stays on a tie;
 * - tie, on the index lanes: the lower int of the two (VPMINSD) replaces
 *   a's. A double_int index is the low half of its 64-bit lane; the
 *   padding above it is not data.
 * Three compares per vector, the operands in registers (V_IN_REGISTERS;
 * GCC loaded each vector three times); faster than the earlier VPERMT2Q
 * form (record: docs/perf/op-maxloc.md). The kernels' main loops take
 * VEC_LOC2 below; this form does calls up to OP_LOC_SINGLES bytes and the
 * last vectors.
 */
#if defined(__AVX512F__) && VBYTES == 64
#define V_HAS_LOC_FLOAT_KMASK 1
#define VEC_LOC(NAME, IT, VT, SFX, KT, W, DUP, INDEX_LANES, B_WINS)                       \
    static inline v_##IT NAME(v_##IT a, v_##IT b)                                         \
    {                                                                                     \
        __m512i ai = (__m512i)a, bi = (__m512i)b;                                         \
        V_IN_REGISTERS(ai, bi);                                                           \
        VT va = (VT)_mm512_shuffle_epi32(ai, DUP), vb = (VT)_mm512_shuffle_epi32(bi, DUP); \
        KT b_wins = _mm512_mask_cmp_##SFX##_mask(_mm512_cmp_##SFX##_mask(va, va, _CMP_ORD_Q), \
                                                 va, vb, B_WINS);                         \
        KT tie = _mm512_mask_cmp_##SFX##_mask(INDEX_LANES, va, vb, _CMP_EQ_OQ);           \
        __m512i r = _mm512_mask_blend_epi##W(b_wins, ai, bi);                             \
        return (v_##IT)_mm512_mask_mov_epi##W(r, tie, _mm512_min_epi32(ai, bi));         \
    }
VEC_LOC(v_maxloc_f32, i32, __m512, ps, __mmask16, 32, _MM_PERM_CCAA, 0xaaaa, _CMP_NGE_UQ)
VEC_LOC(v_minloc_f32, i32, __m512, ps, __mmask16, 32, _MM_PERM_CCAA, 0xaaaa, _CMP_NLE_UQ)
VEC_LOC(v_maxloc_f64, i64, __m512d, pd, __mmask8, 64, _MM_PERM_BABA, 0xaa, _CMP_NGE_UQ)
VEC_LOC(v_minloc_f64, i64, __m512d, pd, __mmask8, 64, _MM_PERM_BABA, 0xaa, _CMP_NLE_UQ)
#undef VEC_LOC
/*
 * The same rule on two vectors of pairs at once, for the kernels' main
 * loops (op_body.h's COMBINE4, two vectors at a time): in-lane shuffles
 * gather the values of both vectors into one vector and the indices into
 * another, so the three compares serve twice the pairs; two unpacks put
 * the pairs back. The compares into k registers were the bottleneck of
 * VEC_LOC; here there are 1.5 per vector (record: docs/perf/op-maxloc.md).
 * - VALUES/INDICES: float_int, VSHUFPS of the even/odd ints of each
 *   128-bit lane of a0 and a1; double_int, VPUNPCKL/HQDQ. Either way the
 *   pair k of a0 and of a1 sit side by side, and PUT_LO/PUT_HI (unpacks
 *   of the values and the indices) are the inverse.
 * - TIE_MIN: the lower index on a tie; on double_int the padding above
 *   the index is not data, so VPMINSD serves under a 64-bit lane mask.
 */
#define VEC_LOC2(NAME, IT, VT, SFX, KT, W, VALUES, INDICES, PUT_LO, PUT_HI, TIE_MIN, B_WINS) \
    static inline void NAME(v_##IT a0, v_##IT a1, v_##IT b0, v_##IT b1, v_##IT *r0,        \
                            v_##IT *r1)                                                     \
    {                                                                                     \
        __m512i x0 = (__m512i)a0, x1 = (__m512i)a1, y0 = (__m512i)b0, y1 = (__m512i)b1;    \
        V_IN_REGISTERS(x0, x1);                                                           \
        V_IN_REGISTERS(y0, y1);                                                           \
        __m512i va = VALUES(x0, x1), vb = VALUES(y0, y1);                                 \
        __m512i ia = INDICES(x0, x1), ib = INDICES(y0, y1);                               \
        VT fa = (VT)va, fb = (VT)vb;                                                      \
        KT b_wins = _mm512_mask_cmp_##SFX##_mask(_mm512_cmp_##SFX##_mask(fa, fa, _CMP_ORD_Q), \
                                                 fa, fb, B_WINS);                         \
        KT tie = _mm512_cmp_##SFX##_mask(fa, fb, _CMP_EQ_OQ);                             \
        __m512i rv = _mm512_mask_blend_epi##W(b_wins, va, vb);                            \
        __m512i ri = TIE_MIN(_mm512_mask_blend_epi##W(b_wins, ia, ib), tie, ia, ib);      \
        *r0 = (v_##IT)PUT_LO(rv, ri);                                                     \
        *r1 = (v_##IT)PUT_HI(rv, ri);                                                     \
    }
#define V_LOC2_EVEN32(x, y) \
    ((__m512i)_mm512_shuffle_ps((__m512)(x), (__m512)(y), _MM_SHUFFLE(2, 0, 2, 0)))
#define V_LOC2_ODD32(x, y) \
    ((__m512i)_mm512_shuffle_ps((__m512)(x), (__m512)(y), _MM_SHUFFLE(3, 1, 3, 1)))
#define V_LOC2_TIE_MIN32(r, tie, ia, ib) _mm512_mask_min_epi32(r, tie, ia, ib)
#define V_LOC2_TIE_MIN64(r, tie, ia, ib) _mm512_mask_mov_epi64(r, tie, _mm512_min_epi32(ia, ib))
#define V_HAS_LOC_FLOAT_PAIRED 1
VEC_LOC2(v_maxloc2_f32, i32, __m512, ps, __mmask16, 32, V_LOC2_EVEN32, V_LOC2_ODD32,
         _mm512_unpacklo_epi32, _mm512_unpackhi_epi32, V_LOC2_TIE_MIN32, _CMP_NGE_UQ)
VEC_LOC2(v_minloc2_f32, i32, __m512, ps, __mmask16, 32, V_LOC2_EVEN32, V_LOC2_ODD32,
         _mm512_unpacklo_epi32, _mm512_unpackhi_epi32, V_LOC2_TIE_MIN32, _CMP_NLE_UQ)
VEC_LOC2(v_maxloc2_f64, i64, __m512d, pd, __mmask8, 64, _mm512_unpacklo_epi64,
         _mm512_unpackhi_epi64, _mm512_unpacklo_epi64, _mm512_unpackhi_epi64,
         V_LOC2_TIE_MIN64, _CMP_NGE_UQ)
VEC_LOC2(v_minloc2_f64, i64, __m512d, pd, __mmask8, 64, _mm512_unpacklo_epi64,
         _mm512_unpackhi_epi64, _mm512_unpacklo_epi64, _mm512_unpackhi_epi64,
         V_LOC2_TIE_MIN64, _CMP_NLE_UQ)
#undef VEC_LOC2
#undef V_LOC2_EVEN32
#undef V_LOC2_ODD32
#undef V_LOC2_TIE_MIN32
#undef V_LOC2_TIE_MIN64

/*
 * Short calls of the pair types (up to the bytes below) by 256-bit VEX
 * compares, whose masks stay in vector registers and feed VPBLENDV; the
 * last partial vector by page-safe masked moves (base/avx512_in_page.h).
 * A short call is one chain of dependent operations, and a compare into
 * a k register and the masked blend after it take longer than the
 * vector-mask pair; from two ZMM vectors on, the kernels' k-mask loops
 * win, hence the limits (record: docs/perf/op-maxloc.md). The same rules
 * as VEC_LOC (float pairs) and OP_LOC_INT_PAIR (2int); every lane is done.
 */
#define V_HAS_LOC_SHORT 1
#define V_LOC_SHORT_PAIRS 64 /* float_int, double_int: up to 64 bytes */
#define V_LOC_SHORT_2INT 128

static inline __m256i v_loc_2int_ymm(__m256i x, __m256i y, int64_t flip, int maxloc)
{
    const __m256i f = _mm256_set1_epi64x(flip);
    __m256i kx = _mm256_xor_si256(_mm256_shuffle_epi32(x, 0xb1), f);
    __m256i ky = _mm256_xor_si256(_mm256_shuffle_epi32(y, 0xb1), f);
    __m256i take_y = maxloc ? _mm256_cmpgt_epi64(ky, kx) : _mm256_cmpgt_epi64(kx, ky);

    return _mm256_blendv_epi8(x, y, take_y);
}

#define VEC_LOC_YMM(NAME, VT, SFX, DUP, INDEX_LANES)                                      \
    static inline __m256i NAME(__m256i x, __m256i y, int64_t flip, int maxloc)            \
    {                                                                                     \
        const VT index_lanes = _mm256_castsi256_##SFX(INDEX_LANES);                       \
        VT va = DUP(_mm256_castsi256_##SFX(x)), vb = DUP(_mm256_castsi256_##SFX(y));       \
        VT wins = maxloc ? _mm256_cmp_##SFX(va, vb, _CMP_NGE_UQ)                           \
                         : _mm256_cmp_##SFX(va, vb, _CMP_NLE_UQ);                          \
        VT b_wins = _mm256_and_##SFX(wins, _mm256_cmp_##SFX(va, va, _CMP_ORD_Q));          \
        VT tie = _mm256_and_##SFX(_mm256_cmp_##SFX(va, vb, _CMP_EQ_OQ), index_lanes);      \
        VT r = _mm256_blendv_##SFX(_mm256_castsi256_##SFX(x), _mm256_castsi256_##SFX(y),   \
                                   b_wins);                                               \
        VT lo = _mm256_castsi256_##SFX(_mm256_min_epi32(x, y));                           \
        (void)flip;                                                                       \
        return _mm256_cast##SFX##_si256(_mm256_blendv_##SFX(r, lo, tie));                 \
    }
VEC_LOC_YMM(v_loc_f64_ymm, __m256d, pd, _mm256_movedup_pd, _mm256_set_epi64x(-1, 0, -1, 0))
VEC_LOC_YMM(v_loc_f32_ymm, __m256, ps, _mm256_moveldup_ps,
            _mm256_set_epi32(-1, 0, -1, 0, -1, 0, -1, 0))
#undef VEC_LOC_YMM

/*
 * n lanes of E at a and b into out by COMBINE on 256-bit vectors (flip:
 * 2int only). Out of line, as is its partial last vector: the page-safe
 * moves may call out, and a function that calls out with vectors live
 * realigns its stack on every call; the kernels jump here.
 */
#define VEC_LOC_SHORT(NAME, E, COMBINE)                                                   \
    static __attribute__((noinline)) void NAME##_part(const E *a, const E *b, E *out,     \
                                                      size_t bytes, int64_t flip, int maxloc) \
    {                                                                                     \
        const __mmask32 m = (__mmask32)((1u << bytes) - 1);                               \
        __m256i x = base_maskz_load32(m, (const char *)a,                                 \
                                      base_page_end((const char *)a + bytes - 1));        \
        __m256i y = base_maskz_load32(m, (const char *)b,                                 \
                                      base_page_end((const char *)b + bytes - 1));        \
        base_mask_store32((char *)out, m, COMBINE(x, y, flip, maxloc),                    \
                          base_page_end((char *)out + bytes - 1));                        \
    }                                                                                     \
    static __attribute__((noinline)) void NAME(const E *a, const E *b, E *out, size_t n,  \
                                               int64_t flip, int maxloc)                  \
    {                                                                                     \
        const size_t step = 32 / sizeof(E);                                               \
        size_t i = 0;                                                                     \
        for (; i + step <= n; i += step) {                                                \
            __m256i x = _mm256_loadu_si256((const __m256i *)(const void *)(a + i));       \
            __m256i y = _mm256_loadu_si256((const __m256i *)(const void *)(b + i));       \
            _mm256_storeu_si256((__m256i *)(void *)(out + i), COMBINE(x, y, flip, maxloc)); \
        }                                                                                 \
        if (i < n)                                                                        \
            NAME##_part(a + i, b + i, out + i, (n - i) * sizeof(E), flip, maxloc);        \
    }
VEC_LOC_SHORT(v_loc_2int_short, int64_t, v_loc_2int_ymm)
VEC_LOC_SHORT(v_loc_f64_short, int64_t, v_loc_f64_ymm)
VEC_LOC_SHORT(v_loc_f32_short, int32_t, v_loc_f32_ymm)
#undef VEC_LOC_SHORT
#endif
/*
 * binary16 <-> binary32 in hardware (AVX-512F; F16C at 256 bits), for
 * op_body.h's float16 kernels: V_HALF_LO/HI widen the lower/upper half of
 * a vector of halves to float lanes, V_HALF_PACK narrows two float vectors
 * back, rounding to nearest even whatever MXCSR says. Both are exact
 * IEEE conversions; only the NaN payloads they produce differ from the
 * reference's, and op_body.h rewrites NaN lanes afterwards.
 */
#if defined(__AVX512F__) && VBYTES == 64
#define V_HAS_HALF_CONVERT 1
#define V_HALF_LO(h) ((v_f32)_mm512_cvtph_ps(_mm512_castsi512_si256((__m512i)(h))))
#define V_HALF_HI(h) ((v_f32)_mm512_cvtph_ps(_mm512_extracti64x4_epi64((__m512i)(h), 1)))
#define V_HALF_PACK(lo, hi)                                                               \
    ((v_u16)_mm512_inserti64x4(                                                           \
        _mm512_castsi256_si512(_mm512_cvtps_ph((__m512)(lo), _MM_FROUND_TO_NEAREST_INT)), \
        _mm512_cvtps_ph((__m512)(hi), _MM_FROUND_TO_NEAREST_INT), 1))
#elif defined(__F16C__) && VBYTES == 32
#define V_HAS_HALF_CONVERT 1
#define V_HALF_LO(h) ((v_f32)_mm256_cvtph_ps(_mm256_castsi256_si128((__m256i)(h))))
#define V_HALF_HI(h) ((v_f32)_mm256_cvtph_ps(_mm256_extracti128_si256((__m256i)(h), 1)))
#define V_HALF_PACK(lo, hi)                                                               \
    ((v_u16)_mm256_inserti128_si256(                                                      \
        _mm256_castsi128_si256(_mm256_cvtps_ph((__m256)(lo), _MM_FROUND_TO_NEAREST_INT)), \
        _mm256_cvtps_ph((__m256)(hi), _MM_FROUND_TO_NEAREST_INT), 1))
#endif
/*
 * V_MAX(T, a, b), V_MIN(T, a, b) on integer lanes: one instruction where the
 * target has it (x86 PMAXS/PMAXU and PMINS/PMINU, 64-bit lanes with AVX-512
 * only; NEON SMAX/UMAX and SMIN/UMIN up to 32-bit lanes). GCC compiles the
 * generic compare and select to two instructions, and on AVX-512 the
 * compare takes a second load of one operand.
 */
#define VEC_max_BY_CMP(T, a, b) V_SEL(T, V_GT(T, a, b), a, b)
#define VEC_min_BY_CMP(T, a, b) V_SEL(T, V_LT(T, a, b), a, b)
#if defined(__AVX512BW__) && VBYTES == 64
#define VEC_MINMAX_OP(OP, T, a, b) ((v_##T)_mm512_##OP##_ep##T((__m512i)(a), (__m512i)(b)))
#define VEC_MINMAX_OP64 VEC_MINMAX_OP
#define VEC_HAS_MINMAX64 1
#elif defined(__AVX2__) && VBYTES == 32
#define VEC_MINMAX_OP(OP, T, a, b) ((v_##T)_mm256_##OP##_ep##T((__m256i)(a), (__m256i)(b)))
#elif defined(__SSE4_1__) && VBYTES == 16
#define VEC_MINMAX_OP(OP, T, a, b) ((v_##T)_mm_##OP##_ep##T((__m128i)(a), (__m128i)(b)))
#elif defined(__ARM_NEON) && VBYTES == 16
#include <arm_neon.h>
#define VEC_NEON_i8 int8x16_t, s8
#define VEC_NEON_u8 uint8x16_t, u8
#define VEC_NEON_i16 int16x8_t, s16
#define VEC_NEON_u16 uint16x8_t, u16
#define VEC_NEON_i32 int32x4_t, s32
#define VEC_NEON_u32 uint32x4_t, u32
#define VEC_NEON_MINMAX(OP, T, a, b, NT, SFX) ((v_##T)v##OP##q_##SFX((NT)(a), (NT)(b)))
#define VEC_NEON_MINMAX_X(...) VEC_NEON_MINMAX(__VA_ARGS__)
#define VEC_MINMAX_OP(OP, T, a, b) VEC_NEON_MINMAX_X(OP, T, a, b, VEC_NEON_##T)
#endif
/*
 * V_HIGH16_PAIR(lo, hi): per 32-bit lane, the upper 16 bits of lo in the
 * lower half and the upper 16 bits of hi in the upper half (the narrowing
 * of bfloat16 pairs). x86: one shift and one word blend (AVX-512BW: a
 * masked word blend) instead of a shift, an and and an or; NEON: one TRN2.
 */
#if defined(__AVX512BW__) && VBYTES == 64
#define V_HIGH16_PAIR(lo, hi)                                                             \
    ((v_u32)_mm512_mask_blend_epi16(0xaaaaaaaau, _mm512_srli_epi32((__m512i)(lo), 16),    \
                                    (__m512i)(hi)))
#elif defined(__AVX2__) && VBYTES == 32
#define V_HIGH16_PAIR(lo, hi)                                                             \
    ((v_u32)_mm256_blend_epi16(_mm256_srli_epi32((__m256i)(lo), 16), (__m256i)(hi), 0xaa))
#elif defined(__SSE4_1__) && VBYTES == 16
#define V_HIGH16_PAIR(lo, hi)                                                             \
    ((v_u32)_mm_blend_epi16(_mm_srli_epi32((__m128i)(lo), 16), (__m128i)(hi), 0xaa))
#elif defined(__ARM_NEON) && VBYTES == 16
#define V_HIGH16_PAIR(lo, hi) ((v_u32)vtrn2q_u16((uint16x8_t)(lo), (uint16x8_t)(hi)))
#else
#define V_HIGH16_PAIR(lo, hi)                                                             \
    V_OR(u32, V_SHR(u32, lo, 16), V_AND(u32, hi, V_SET1(u32, 0xffff0000u)))
#endif
/*
 * M_ANY(T, m): nonzero when a lane of the mask m is set, by one test
 * (VPTESTMQ, VPTEST, UMAXV).
 */
#if defined(__AVX512F__) && VBYTES == 64
#define M_ANY(T, m) _mm512_test_epi64_mask((__m512i)(m), (__m512i)(m))
/* the same of a > b, compared straight into a k register */
#define V_ANY_GT_i16(a, b) _mm512_cmpgt_epi16_mask((__m512i)(a), (__m512i)(b))
#elif defined(__AVX__) && VBYTES == 32
#define M_ANY(T, m) (!_mm256_testz_si256((__m256i)(m), (__m256i)(m)))
#elif defined(__SSE4_1__) && VBYTES == 16
#define M_ANY(T, m) (!_mm_testz_si128((__m128i)(m), (__m128i)(m)))
#elif defined(__ARM_NEON) && VBYTES == 16
#define M_ANY(T, m) (vmaxvq_u32((uint32x4_t)(m)) != 0)
#endif
#ifdef VEC_MINMAX_OP
#define VEC_HAS_MINMAX 1
#else
#define VEC_MINMAX_OP(OP, T, a, b) VEC_##OP##_BY_CMP(T, a, b)
#endif
#ifndef VEC_MINMAX_OP64
#define VEC_MINMAX_OP64(OP, T, a, b) VEC_##OP##_BY_CMP(T, a, b)
#endif
#define VEC_MINMAX_i8 VEC_MINMAX_OP
#define VEC_MINMAX_u8 VEC_MINMAX_OP
#define VEC_MINMAX_i16 VEC_MINMAX_OP
#define VEC_MINMAX_u16 VEC_MINMAX_OP
#define VEC_MINMAX_i32 VEC_MINMAX_OP
#define VEC_MINMAX_u32 VEC_MINMAX_OP
#define VEC_MINMAX_i64 VEC_MINMAX_OP64
#define VEC_MINMAX_u64 VEC_MINMAX_OP64
#define V_MAX(T, a, b) VEC_MINMAX_##T(max, T, a, b)
#define V_MIN(T, a, b) VEC_MINMAX_##T(min, T, a, b)
/*
 * V_TRUTH(T, x): 1 where the integer lane x is nonzero, else 0, for the
 * logical ops: the unsigned min of x and 1, one instruction where V_MIN is
 * one (signed lanes go through it too: only zero is below 1); elsewhere a
 * compare and mask, cheaper than a compare-and-select min.
 */
#define VEC_TRUTH_BY_MIN(T, U, x) ((v_##T)V_MIN(U, (v_##U)(x), V_SET1(U, 1)))
#define VEC_TRUTH_BY_CMP(T, U, x) ((v_##T)(V_NE(T, x, V_ZERO(T)) & 1))
#ifdef VEC_HAS_MINMAX
#define VEC_TRUTH VEC_TRUTH_BY_MIN
#else
#define VEC_TRUTH VEC_TRUTH_BY_CMP
#endif
#ifdef VEC_HAS_MINMAX64
#define VEC_TRUTH64 VEC_TRUTH_BY_MIN
#else
#define VEC_TRUTH64 VEC_TRUTH_BY_CMP
#endif
#define VEC_TRUTH_i8(x) VEC_TRUTH(i8, u8, x)
#define VEC_TRUTH_u8(x) VEC_TRUTH(u8, u8, x)
#define VEC_TRUTH_i16(x) VEC_TRUTH(i16, u16, x)
#define VEC_TRUTH_u16(x) VEC_TRUTH(u16, u16, x)
#define VEC_TRUTH_i32(x) VEC_TRUTH(i32, u32, x)
#define VEC_TRUTH_u32(x) VEC_TRUTH(u32, u32, x)
#define VEC_TRUTH_i64(x) VEC_TRUTH64(i64, u64, x)
#define VEC_TRUTH_u64(x) VEC_TRUTH64(u64, u64, x)
#define V_TRUTH(T, x) VEC_TRUTH_##T(x)
/* bitwise and/or of float lanes */
#define V_FBITAND(T, a, b) ((v_##T)((m_##T)(a) & (m_##T)(b)))
#define V_FBITOR(T, a, b) ((v_##T)((m_##T)(a) | (m_##T)(b)))

/* Lane index 0, 1, 2, ... as the mask type of T (32- and 64-bit lanes). */
#if VBYTES == 16
#define VEC_IOTA32 ((v_i32){0, 1, 2, 3})
#define VEC_IOTA64 ((v_i64){0, 1})
#elif VBYTES == 32
#define VEC_IOTA32 ((v_i32){0, 1, 2, 3, 4, 5, 6, 7})
#define VEC_IOTA64 ((v_i64){0, 1, 2, 3})
#elif VBYTES == 64
#define VEC_IOTA32 ((v_i32){0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
#define VEC_IOTA64 ((v_i64){0, 1, 2, 3, 4, 5, 6, 7})
#endif
#define VEC_IOTA_i32 VEC_IOTA32
#define VEC_IOTA_u32 VEC_IOTA32
#define VEC_IOTA_f32 VEC_IOTA32
#define VEC_IOTA_i64 VEC_IOTA64
#define VEC_IOTA_u64 VEC_IOTA64
#define VEC_IOTA_f64 VEC_IOTA64
#define VEC_IOTA(T) VEC_IOTA_##T

/* trn1(a, b) = a0 b0 a2 b2 ...; trn2(a, b) = a1 b1 a3 b3 ... */
#define V_TRN1(T, a, b)                                                            \
    __builtin_shuffle(a, b, (VEC_IOTA(T) & ~1) + (VEC_IOTA(T) & 1) * (int)V_LANES(T))
#define V_TRN2(T, a, b)                                                            \
    __builtin_shuffle(a, b, (VEC_IOTA(T) | 1) + (VEC_IOTA(T) & 1) * (int)V_LANES(T))
/*
 * Within each 128-bit block of 32-bit lanes: uzp1(a, b) = a0 a2 b0 b2,
 * uzp2 = a1 a3 b1 b3; zip1(a, b) = a0 b0 a1 b1, zip2 = a2 b2 a3 b3 (one
 * VSHUFPS / VUNPCKLPS / VUNPCKHPS each on x86, UZP/ZIP on Arm)
 */
#define V_BLK32_J (VEC_IOTA32 & 3)
#define V_BLK32_BASE (VEC_IOTA32 & ~3)
#define V_BLK32_UZP(k) \
    ((V_BLK32_J >> 1) * (int)V_LANES(i32) + V_BLK32_BASE + 2 * (V_BLK32_J & 1) + (k))
#define V_BLK32_ZIP(k) \
    ((V_BLK32_J & 1) * (int)V_LANES(i32) + V_BLK32_BASE + (V_BLK32_J >> 1) + (k))
#define V_HAS_BLK32_SHUFFLES 1
#define V_UZP1_BLK32(a, b) __builtin_shuffle(a, b, V_BLK32_UZP(0))
#define V_UZP2_BLK32(a, b) __builtin_shuffle(a, b, V_BLK32_UZP(1))
#define V_ZIP1_BLK32(a, b) __builtin_shuffle(a, b, V_BLK32_ZIP(0))
#define V_ZIP2_BLK32(a, b) __builtin_shuffle(a, b, V_BLK32_ZIP(2))
/* the two 32-bit halves of each 64-bit lane swapped (T: i64 or u64) */
#define V_SWAP32(T, v) ((v_##T)__builtin_shuffle((v_i32)(v), VEC_IOTA32 ^ 1))
/* masks set on the odd lanes, and on the even lanes */
#define M_ODD(T) (-(VEC_IOTA(T) & 1))
#define M_EVEN(T) ((VEC_IOTA(T) & 1) - 1)

/*
 * Partial vectors: the first k lanes (k < V_LANES(T)) of p, other lanes
 * zero; and the matching store. A target with masked moves defines
 * VEC_PART_BYTES_LOAD/STORE first (AVX-512); the rest copy through a
 * register-sized buffer.
 */
#ifndef VEC_PART_BYTES_LOAD
typedef union {
    v_u8 v;
    unsigned char b[VBYTES];
} vec_bytes_t;

static inline v_u8 vec_part_bytes_load(const void *p, size_t nbytes)
{
    vec_bytes_t u = {.v = V_ZERO(u8)};
    const unsigned char *s = p;

    for (size_t i = 0; i < nbytes; i++)
        u.b[i] = s[i];
    return u.v;
}

static inline void vec_part_bytes_store(void *p, v_u8 v, size_t nbytes)
{
    vec_bytes_t u = {.v = v};
    unsigned char *d = p;

    for (size_t i = 0; i < nbytes; i++)
        d[i] = u.b[i];
}
#define VEC_PART_BYTES_LOAD vec_part_bytes_load
#define VEC_PART_BYTES_STORE vec_part_bytes_store
#endif

#define V_LOAD_PART(T, p, k) ((v_##T)VEC_PART_BYTES_LOAD(p, (k) * sizeof(e_##T)))
#define V_STORE_PART(T, p, v, k) VEC_PART_BYTES_STORE(p, (v_u8)(v), (k) * sizeof(e_##T))

#endif
