/*
 * The scalar reference: every (op, type) the engine defines, as plain
 * element loops. It is the scalar target and the oracle of the tests, so
 * it is written independently of the vector body (op_body.h) and states
 * the semantics directly. Compiled without auto-vectorization; no libc.
 */
#include "op.h"
#include "op_half.h"
#include "op_ref_loop.h"

#include <stdint.h>

typedef struct { float v; int i; } ref_float_int_t;
typedef struct { double v; int i; } ref_double_int_t;
typedef struct { long v; int i; } ref_long_int_t;
typedef struct { int v; int i; } ref_2int_t;
typedef struct { short v; int i; } ref_short_int_t;
typedef struct { long double v; int i; } ref_long_double_int_t;
typedef struct { float re, im; } ref_cfloat_t;
typedef struct { double re, im; } ref_cdouble_t;
typedef struct { long double re, im; } ref_cldouble_t;

/* Integers: arithmetic in the unsigned type of the same width, so it wraps. */
#define REF_WRAP(T, UT, expr) ((T)(UT)(expr))
#define REF_INT_SUM(T, UT, a, b) REF_WRAP(T, UT, (UT)(a) + (UT)(b))
#define REF_INT_PROD(T, UT, a, b) REF_WRAP(T, UT, (UT)(a) * (UT)(b))

/* Floating MAX/MIN: NaN left wins, then NaN right, then order; ties combine bits. */
#define REF_FLOAT_MINMAX(NAME, T, UT, BETTER, TIEOP)                               \
    static T NAME(T a, T b)                                                        \
    {                                                                              \
        union { T f; UT u; } x = {a}, y = {b};                                     \
        if (a != a)                                                                \
            return a;                                                              \
        if (b != b)                                                                \
            return b;                                                              \
        if (a BETTER b)                                                            \
            return a;                                                              \
        if (b BETTER a)                                                            \
            return b;                                                              \
        x.u = x.u TIEOP y.u;                                                       \
        return x.f;                                                                \
    }
REF_FLOAT_MINMAX(ref_fmax_f32, float, uint32_t, >, &)
REF_FLOAT_MINMAX(ref_fmin_f32, float, uint32_t, <, |)
REF_FLOAT_MINMAX(ref_fmax_f64, double, uint64_t, >, &)
REF_FLOAT_MINMAX(ref_fmin_f64, double, uint64_t, <, |)

/* long double: compare only (padding bits make bit combination meaningless). */
static long double ref_fmax_ld(long double a, long double b)
{
    if (a != a)
        return a;
    if (b != b)
        return b;
    if (b > a)
        return b;
    if (a == b && a == 0 && !__builtin_signbit(b))
        return b;
    return a;
}

static long double ref_fmin_ld(long double a, long double b)
{
    if (a != a)
        return a;
    if (b != b)
        return b;
    if (b < a)
        return b;
    if (a == b && a == 0 && __builtin_signbit(b))
        return b;
    return a;
}

#define REF_INT_OPS(TN, T, UT)                                                     \
    REF_BINARY(ref_max_##TN, T, (x > y ? x : y))                                   \
    REF_BINARY(ref_min_##TN, T, (x < y ? x : y))                                   \
    REF_BINARY(ref_sum_##TN, T, REF_INT_SUM(T, UT, x, y))                          \
    REF_BINARY(ref_prod_##TN, T, REF_INT_PROD(T, UT, x, y))                        \
    REF_BINARY(ref_land_##TN, T, (T)((x != 0) && (y != 0)))                        \
    REF_BINARY(ref_lor_##TN, T, (T)((x != 0) || (y != 0)))                         \
    REF_BINARY(ref_lxor_##TN, T, (T)((x != 0) != (y != 0)))                        \
    REF_BINARY(ref_band_##TN, T, (T)(x & y))                                       \
    REF_BINARY(ref_bor_##TN, T, (T)(x | y))                                        \
    REF_BINARY(ref_bxor_##TN, T, (T)(x ^ y))
REF_INT_OPS(i8, int8_t, uint8_t)
REF_INT_OPS(u8, uint8_t, uint8_t)
REF_INT_OPS(i16, int16_t, uint16_t)
REF_INT_OPS(u16, uint16_t, uint16_t)
REF_INT_OPS(i32, int32_t, uint32_t)
REF_INT_OPS(u32, uint32_t, uint32_t)
REF_INT_OPS(i64, int64_t, uint64_t)
REF_INT_OPS(u64, uint64_t, uint64_t)

REF_BINARY(ref_land_bool, _Bool, (x && y))
REF_BINARY(ref_lor_bool, _Bool, (x || y))
REF_BINARY(ref_lxor_bool, _Bool, (x != y))

REF_BINARY(ref_max_f32, float, ref_fmax_f32(x, y))
REF_BINARY(ref_min_f32, float, ref_fmin_f32(x, y))
REF_BINARY(ref_sum_f32, float, x + y)
REF_BINARY(ref_prod_f32, float, x * y)
REF_BINARY(ref_max_f64, double, ref_fmax_f64(x, y))
REF_BINARY(ref_min_f64, double, ref_fmin_f64(x, y))
REF_BINARY(ref_sum_f64, double, x + y)
REF_BINARY(ref_prod_f64, double, x * y)
REF_BINARY(ref_max_ld, long double, ref_fmax_ld(x, y))
REF_BINARY(ref_min_ld, long double, ref_fmin_ld(x, y))
REF_BINARY(ref_sum_ld, long double, x + y)
REF_BINARY(ref_prod_ld, long double, x * y)

/* float16 and bfloat16: widen, operate in float, round back to nearest even. */
REF_BINARY(ref_sum_f16, uint16_t, op_half_from_float(op_half_to_float(x) + op_half_to_float(y)))
REF_BINARY(ref_prod_f16, uint16_t, op_half_from_float(op_half_to_float(x) * op_half_to_float(y)))
REF_BINARY(ref_max_f16, uint16_t,
           op_half_from_float(ref_fmax_f32(op_half_to_float(x), op_half_to_float(y))))
REF_BINARY(ref_min_f16, uint16_t,
           op_half_from_float(ref_fmin_f32(op_half_to_float(x), op_half_to_float(y))))
REF_BINARY(ref_sum_bf16, uint16_t, op_bf16_from_float(op_bf16_to_float(x) + op_bf16_to_float(y)))
REF_BINARY(ref_prod_bf16, uint16_t, op_bf16_from_float(op_bf16_to_float(x) * op_bf16_to_float(y)))
REF_BINARY(ref_max_bf16, uint16_t,
           op_bf16_from_float(ref_fmax_f32(op_bf16_to_float(x), op_bf16_to_float(y))))
REF_BINARY(ref_min_bf16, uint16_t,
           op_bf16_from_float(ref_fmin_f32(op_bf16_to_float(x), op_bf16_to_float(y))))

#define REF_COMPLEX_OPS(TN, T)                                                     \
    static T ref_csum_##TN(T a, T b)                                               \
    {                                                                              \
        T r = {a.re + b.re, a.im + b.im};                                          \
        return r;                                                                  \
    }                                                                              \
    static T ref_cprod_##TN(T a, T b)                                              \
    {                                                                              \
        T r = {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re};              \
        return r;                                                                  \
    }                                                                              \
    REF_BINARY(ref_sum_##TN, T, ref_csum_##TN(x, y))                               \
    REF_BINARY(ref_prod_##TN, T, ref_cprod_##TN(x, y))
REF_COMPLEX_OPS(c32, ref_cfloat_t)
REF_COMPLEX_OPS(c64, ref_cdouble_t)
REF_COMPLEX_OPS(c80, ref_cldouble_t)

/*
 * MAXLOC/MINLOC: the strict winner by the MAX/MIN rule keeps its pair;
 * equal values keep the left value with the smaller index.
 */
#define REF_LOC_OPS(TN, T, WINS_MAX, WINS_MIN)                                     \
    static T ref_maxloc_pair_##TN(T a, T b)                                        \
    {                                                                              \
        if (WINS_MAX(a.v, b.v))                                                    \
            return a;                                                              \
        if (a.v == b.v) {                                                          \
            a.i = a.i < b.i ? a.i : b.i;                                           \
            return a;                                                              \
        }                                                                          \
        return b;                                                                  \
    }                                                                              \
    static T ref_minloc_pair_##TN(T a, T b)                                        \
    {                                                                              \
        if (WINS_MIN(a.v, b.v))                                                    \
            return a;                                                              \
        if (a.v == b.v) {                                                          \
            a.i = a.i < b.i ? a.i : b.i;                                           \
            return a;                                                              \
        }                                                                          \
        return b;                                                                  \
    }                                                                              \
    REF_BINARY(ref_maxloc_##TN, T, ref_maxloc_pair_##TN(x, y))                     \
    REF_BINARY(ref_minloc_##TN, T, ref_minloc_pair_##TN(x, y))
#define REF_GT(a, b) ((a) > (b))
#define REF_LT(a, b) ((a) < (b))
#define REF_GT_NAN(a, b) ((a) != (a) || (a) > (b))
#define REF_LT_NAN(a, b) ((a) != (a) || (a) < (b))
REF_LOC_OPS(float_int, ref_float_int_t, REF_GT_NAN, REF_LT_NAN)
REF_LOC_OPS(double_int, ref_double_int_t, REF_GT_NAN, REF_LT_NAN)
REF_LOC_OPS(long_int, ref_long_int_t, REF_GT, REF_LT)
REF_LOC_OPS(2int, ref_2int_t, REF_GT, REF_LT)
REF_LOC_OPS(short_int, ref_short_int_t, REF_GT, REF_LT)
REF_LOC_OPS(long_double_int, ref_long_double_int_t, REF_GT_NAN, REF_LT_NAN)

#define REF_SET(table, OP, TYPE, KNAME)                                            \
    do {                                                                           \
        (table)->kernel[VMPL_OP_##OP][VMPL_TYPE_##TYPE].binary = KNAME##_binary;   \
        (table)->kernel[VMPL_OP_##OP][VMPL_TYPE_##TYPE].nary = KNAME##_nary;       \
    } while (0)

#define REF_SET_INT(table, TYPE, TN)                                               \
    do {                                                                           \
        REF_SET(table, MAX, TYPE, ref_max_##TN);                                   \
        REF_SET(table, MIN, TYPE, ref_min_##TN);                                   \
        REF_SET(table, SUM, TYPE, ref_sum_##TN);                                   \
        REF_SET(table, PROD, TYPE, ref_prod_##TN);                                 \
        REF_SET(table, LAND, TYPE, ref_land_##TN);                                 \
        REF_SET(table, LOR, TYPE, ref_lor_##TN);                                   \
        REF_SET(table, LXOR, TYPE, ref_lxor_##TN);                                 \
        REF_SET(table, BAND, TYPE, ref_band_##TN);                                 \
        REF_SET(table, BOR, TYPE, ref_bor_##TN);                                   \
        REF_SET(table, BXOR, TYPE, ref_bxor_##TN);                                 \
    } while (0)

#define REF_SET_FLOAT(table, TYPE, TN)                                             \
    do {                                                                           \
        REF_SET(table, MAX, TYPE, ref_max_##TN);                                   \
        REF_SET(table, MIN, TYPE, ref_min_##TN);                                   \
        REF_SET(table, SUM, TYPE, ref_sum_##TN);                                   \
        REF_SET(table, PROD, TYPE, ref_prod_##TN);                                 \
    } while (0)

#define REF_SET_LOC(table, TYPE, TN)                                               \
    do {                                                                           \
        REF_SET(table, MAXLOC, TYPE, ref_maxloc_##TN);                             \
        REF_SET(table, MINLOC, TYPE, ref_minloc_##TN);                             \
    } while (0)

void op_reference_fill(op_table_t *table)
{
    REF_SET_INT(table, INT8, i8);
    REF_SET_INT(table, UINT8, u8);
    REF_SET_INT(table, INT16, i16);
    REF_SET_INT(table, UINT16, u16);
    REF_SET_INT(table, INT32, i32);
    REF_SET_INT(table, UINT32, u32);
    REF_SET_INT(table, INT64, i64);
    REF_SET_INT(table, UINT64, u64);
    REF_SET(table, LAND, BOOL, ref_land_bool);
    REF_SET(table, LOR, BOOL, ref_lor_bool);
    REF_SET(table, LXOR, BOOL, ref_lxor_bool);
    REF_SET_FLOAT(table, FLOAT16, f16);
    REF_SET_FLOAT(table, BFLOAT16, bf16);
    REF_SET_FLOAT(table, FLOAT, f32);
    REF_SET_FLOAT(table, DOUBLE, f64);
    REF_SET_FLOAT(table, LONG_DOUBLE, ld);
    REF_SET(table, SUM, FLOAT_COMPLEX, ref_sum_c32);
    REF_SET(table, PROD, FLOAT_COMPLEX, ref_prod_c32);
    REF_SET(table, SUM, DOUBLE_COMPLEX, ref_sum_c64);
    REF_SET(table, PROD, DOUBLE_COMPLEX, ref_prod_c64);
    REF_SET(table, SUM, LONG_DOUBLE_COMPLEX, ref_sum_c80);
    REF_SET(table, PROD, LONG_DOUBLE_COMPLEX, ref_prod_c80);
    REF_SET_LOC(table, FLOAT_INT, float_int);
    REF_SET_LOC(table, DOUBLE_INT, double_int);
    REF_SET_LOC(table, LONG_INT, long_int);
    REF_SET_LOC(table, 2INT, 2int);
    REF_SET_LOC(table, SHORT_INT, short_int);
    REF_SET_LOC(table, LONG_DOUBLE_INT, long_double_int);
}
