/*
 * The reduction API: argument errors, the op x type matrix, and the
 * semantics of the spec checked against hand-computed values on every
 * usable target (so a shared mistake of kernel and reference shows).
 */
#include "op/op.h"
#include "unit_check.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static void test_errors(void)
{
    int32_t a[4] = {1, 2, 3, 4}, b[4] = {0};
    const void *srcs[2] = {a, b};

    CHECK(vmpl_reduce_local(a, b, 4, VMPL_TYPE_INT32, VMPL_OP_COUNT) == VMPL_ERR_INVALID_OP,
          "op out of range");
    CHECK(vmpl_reduce_local(a, b, 4, (vmpl_type_t)-1, VMPL_OP_SUM) == VMPL_ERR_INVALID_TYPE,
          "negative type");
    CHECK(vmpl_reduce_local(a, b, 4, VMPL_TYPE_FLOAT, VMPL_OP_BAND) ==
              VMPL_ERR_OP_TYPE_MISMATCH, "band on float");
    CHECK(vmpl_reduce_local(a, b, 4, VMPL_TYPE_INT32, VMPL_OP_MAXLOC) ==
              VMPL_ERR_OP_TYPE_MISMATCH, "maxloc on int");
    CHECK(vmpl_reduce_local(a, b, 2, VMPL_TYPE_FLOAT_COMPLEX, VMPL_OP_MAX) ==
              VMPL_ERR_OP_TYPE_MISMATCH, "max on complex");
    CHECK(vmpl_reduce_local(a, b, 4, VMPL_TYPE_BOOL, VMPL_OP_BOR) == VMPL_ERR_OP_TYPE_MISMATCH,
          "bor on bool");
    CHECK(vmpl_reduce_local(a, b, 4, VMPL_TYPE_FLOAT16, VMPL_OP_LAND) ==
              VMPL_ERR_OP_TYPE_MISMATCH, "land on float16");
    CHECK(vmpl_reduce_local(NULL, b, 4, VMPL_TYPE_INT32, VMPL_OP_SUM) == VMPL_ERR_INVALID_ARG,
          "null in");
    CHECK(vmpl_reduce_local(a, NULL, 4, VMPL_TYPE_INT32, VMPL_OP_SUM) == VMPL_ERR_INVALID_ARG,
          "null inout");
    CHECK(vmpl_reduce_local(NULL, NULL, 0, VMPL_TYPE_INT32, VMPL_OP_SUM) == VMPL_OK,
          "count 0 with null buffers");
    CHECK(vmpl_reduce_localn(srcs, 0, b, 4, VMPL_TYPE_INT32, VMPL_OP_SUM) == VMPL_ERR_INVALID_ARG,
          "nsrc 0");
    CHECK(strcmp(vmpl_status_string(VMPL_ERR_OP_TYPE_MISMATCH),
                 "operation not defined for this datatype") == 0, "status string");
    CHECK(vmpl_op_check(VMPL_OP_LXOR, VMPL_TYPE_BOOL) == VMPL_OK, "lxor on bool valid");
    CHECK(vmpl_op_check(VMPL_OP_REPLACE, VMPL_TYPE_LONG_DOUBLE_INT) == VMPL_OK, "replace valid");
    CHECK(vmpl_type_size(VMPL_TYPE_DOUBLE_INT) == 16 && vmpl_type_size(VMPL_TYPE_SHORT_INT) == 8,
          "pair sizes");
}

static void test_replace_noop(void)
{
    int16_t a[3] = {1, 2, 3}, b[3] = {7, 8, 9};
    const void *srcs[3] = {a, b, b};
    int16_t out[3];

    CHECK(vmpl_reduce_local(a, b, 3, VMPL_TYPE_INT16, VMPL_OP_NO_OP) == VMPL_OK && b[0] == 7,
          "no_op leaves inout");
    CHECK(vmpl_reduce_local(a, b, 3, VMPL_TYPE_INT16, VMPL_OP_REPLACE) == VMPL_OK && b[2] == 3,
          "replace copies in");
    CHECK(vmpl_reduce_localn(srcs, 3, out, 3, VMPL_TYPE_INT16, VMPL_OP_REPLACE) == VMPL_OK &&
              out[1] == 2, "n-ary replace keeps the first source");
}

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

/*
 * Hand-computed long double, long double complex and long_double_int cases.
 * Every target takes these kernels from the scalar reference, so they are
 * what checks the reference itself. a is the left operand (binary(a, b, out)).
 */
static void test_semantics_long_double(const op_table_t *t, const char *isa)
{
    enum { N = 7 };
    const long double nan_pos = __builtin_nanl(""), nan_neg = -__builtin_nanl("");
    static long double a[N], b[N], o[N];
    /* left|right: NaN|2, 1|-NaN, NaN|-NaN, -0|+0, +0|-0, 1|2, -3|-5 */
    const long double av[N] = {nan_pos, 1.0L, nan_pos, -0.0L, 0.0L, 1.0L, -3.0L};
    const long double bv[N] = {2.0L, nan_neg, nan_neg, 0.0L, -0.0L, 2.0L, -5.0L};
    struct { long double v; int i; } la[4], lb[4], lo[4];
    struct { long double re, im; } ca[1], cb[1], co[1];

    for (int i = 0; i < N; i++)
        a[i] = av[i], b[i] = bv[i];
    t->kernel[VMPL_OP_MAX][VMPL_TYPE_LONG_DOUBLE].binary(a, b, o, N);
    CHECK(isnan(o[0]) && !signbit(o[0]), "[%s] long double max(NaN, 2) = NaN", isa);
    CHECK(isnan(o[1]) && signbit(o[1]), "[%s] long double max(1, -NaN) = -NaN", isa);
    CHECK(isnan(o[2]) && !signbit(o[2]), "[%s] long double max(NaN, -NaN): left NaN", isa);
    CHECK(o[3] == 0 && !signbit(o[3]) && o[4] == 0 && !signbit(o[4]),
          "[%s] long double max(-0, +0) = max(+0, -0) = +0", isa);
    CHECK(o[5] == 2.0L && o[6] == -3.0L, "[%s] long double max (got %Lg, %Lg)", isa, o[5], o[6]);
    t->kernel[VMPL_OP_MIN][VMPL_TYPE_LONG_DOUBLE].binary(a, b, o, N);
    CHECK(isnan(o[0]) && !signbit(o[0]), "[%s] long double min(NaN, 2) = NaN", isa);
    CHECK(isnan(o[1]) && signbit(o[1]), "[%s] long double min(1, -NaN) = -NaN", isa);
    CHECK(isnan(o[2]) && !signbit(o[2]), "[%s] long double min(NaN, -NaN): left NaN", isa);
    CHECK(o[3] == 0 && signbit(o[3]) && o[4] == 0 && signbit(o[4]),
          "[%s] long double min(-0, +0) = min(+0, -0) = -0", isa);
    CHECK(o[5] == 1.0L && o[6] == -5.0L, "[%s] long double min (got %Lg, %Lg)", isa, o[5], o[6]);
    a[0] = 0x1p63L, b[0] = 1.0L; /* exact in the 64-bit significand, not in a double */
    t->kernel[VMPL_OP_SUM][VMPL_TYPE_LONG_DOUBLE].binary(a, b, o, 1);
    CHECK(o[0] - 0x1p63L == 1.0L, "[%s] long double sum keeps 2^63 + 1", isa);
    a[0] = 3.0L, b[0] = -0.5L;
    t->kernel[VMPL_OP_PROD][VMPL_TYPE_LONG_DOUBLE].binary(a, b, o, 1);
    CHECK(o[0] == -1.5L, "[%s] long double prod (got %Lg)", isa, o[0]);

    ca[0].re = 1.0L, ca[0].im = 2.0L, cb[0].re = 3.0L, cb[0].im = -4.0L;
    t->kernel[VMPL_OP_PROD][VMPL_TYPE_LONG_DOUBLE_COMPLEX].binary(ca, cb, co, 1);
    CHECK(co[0].re == 11.0L && co[0].im == 2.0L, "[%s] long double (1+2i)(3-4i) = 11+2i", isa);
    t->kernel[VMPL_OP_SUM][VMPL_TYPE_LONG_DOUBLE_COMPLEX].binary(ca, cb, co, 1);
    CHECK(co[0].re == 4.0L && co[0].im == -2.0L, "[%s] long double (1+2i)+(3-4i) = 4-2i", isa);

    /* strict winner left, strict winner right, tie (smaller index wins), NaN left */
    la[0].v = 7.0L, la[0].i = 5, lb[0].v = 6.0L, lb[0].i = 1;
    la[1].v = 6.0L, la[1].i = 1, lb[1].v = 7.0L, lb[1].i = 5;
    la[2].v = 4.0L, la[2].i = 8, lb[2].v = 4.0L, lb[2].i = 3;
    la[3].v = nan_pos, la[3].i = 9, lb[3].v = 1.0L, lb[3].i = 2;
    t->kernel[VMPL_OP_MAXLOC][VMPL_TYPE_LONG_DOUBLE_INT].binary(la, lb, lo, 4);
    CHECK(lo[0].v == 7.0L && lo[0].i == 5 && lo[1].v == 7.0L && lo[1].i == 5,
          "[%s] long_double_int maxloc strict winner", isa);
    CHECK(lo[2].v == 4.0L && lo[2].i == 3, "[%s] long_double_int maxloc tie: index %d", isa,
          lo[2].i);
    CHECK(isnan(lo[3].v) && lo[3].i == 9, "[%s] long_double_int maxloc NaN left wins", isa);
    t->kernel[VMPL_OP_MINLOC][VMPL_TYPE_LONG_DOUBLE_INT].binary(la, lb, lo, 4);
    CHECK(lo[0].v == 6.0L && lo[0].i == 1 && lo[1].v == 6.0L && lo[1].i == 1,
          "[%s] long_double_int minloc strict winner", isa);
    CHECK(lo[2].v == 4.0L && lo[2].i == 3, "[%s] long_double_int minloc tie: index %d", isa,
          lo[2].i);
    CHECK(isnan(lo[3].v) && lo[3].i == 9, "[%s] long_double_int minloc NaN left wins", isa);
}

/* Hand-computed cases on one table: name says which target. */
static void test_semantics(const op_table_t *t, const char *isa)
{
    enum { N = 67 }; /* spans a full vector, a partial one and the 4x loop on every target */
    static int8_t i8a[N], i8b[N], i8o[N];
    static uint8_t u8a[N], u8b[N], u8o[N];
    static float fa[N], fb[N], fo[N];
    static uint16_t ha[N], hb[N], ho[N];
    static struct { float v; int i; } la[N], lb[N], lo[N];
    static struct { double v; int i; } da[N], db[N], dox[N];
    static float ca[2 * N], cb[2 * N], co[2 * N];

    for (int i = 0; i < N; i++) {
        i8a[i] = 127, i8b[i] = (int8_t)(1 + i % 3);
        u8a[i] = 200, u8b[i] = 100;
        fa[i] = (i % 4 == 0) ? NAN : (i % 4 == 1) ? -0.0f : (i % 4 == 2) ? 0.0f : 1.0f;
        fb[i] = (i % 4 == 3) ? NAN : (i % 4 == 1) ? 0.0f : (i % 4 == 2) ? -0.0f : 2.0f;
        ha[i] = 0x3c00, hb[i] = 0x1000; /* 1.0 + 2^-11 (half an ulp of 1): ties to even */
        la[i].v = 5.0f, la[i].i = 9 - i % 3, lb[i].v = (i % 2) ? 5.0f : 6.0f, lb[i].i = 4;
        da[i].v = -1.0, da[i].i = 3, db[i].v = -1.0, db[i].i = 1;
        ca[2 * i] = 1.0f, ca[2 * i + 1] = 2.0f, cb[2 * i] = 3.0f, cb[2 * i + 1] = -4.0f;
    }
    t->kernel[VMPL_OP_SUM][VMPL_TYPE_INT8].binary(i8a, i8b, i8o, N);
    CHECK(i8o[0] == -128 && i8o[1] == -127, "[%s] int8 sum wraps, never saturates", isa);
    t->kernel[VMPL_OP_SUM][VMPL_TYPE_UINT8].binary(u8a, u8b, u8o, N);
    CHECK(u8o[N - 1] == 44, "[%s] uint8 sum wraps (got %u)", isa, u8o[N - 1]);
    t->kernel[VMPL_OP_PROD][VMPL_TYPE_UINT8].binary(u8a, u8b, u8o, N);
    CHECK(u8o[5] == (uint8_t)(200 * 100), "[%s] uint8 prod wraps", isa);
    t->kernel[VMPL_OP_LAND][VMPL_TYPE_UINT8].binary(u8a, u8b, u8o, N);
    CHECK(u8o[3] == 1, "[%s] land gives 1", isa);

    t->kernel[VMPL_OP_MAX][VMPL_TYPE_FLOAT].binary(fa, fb, fo, N);
    for (int i = 0; i < N; i++) {
        int ok = (i % 4 == 0) ? isnan(fo[i]) : (i % 4 == 3) ? isnan(fo[i])
                                              : f32_bits(fo[i]) == 0; /* max(+-0, -+0) = +0 */
        CHECK(ok, "[%s] float max case %d got %g", isa, i % 4, fo[i]);
    }
    t->kernel[VMPL_OP_MIN][VMPL_TYPE_FLOAT].binary(fa, fb, fo, N);
    CHECK(f32_bits(fo[1]) == 0x80000000 && f32_bits(fo[2]) == 0x80000000 && isnan(fo[0]) &&
              isnan(fo[3]), "[%s] float min: -0 wins ties, NaN propagates", isa);

    t->kernel[VMPL_OP_SUM][VMPL_TYPE_FLOAT16].binary(ha, hb, ho, N);
    CHECK(ho[N - 1] == 0x3c00, "[%s] float16 1 + 2^-11 rounds to even 1.0 (got %#x)", isa,
          ho[N - 1]);
    hb[N - 1] = 0x1400; /* 1 + 2^-10 = 1.0 + 1 ulp, exact */
    t->kernel[VMPL_OP_SUM][VMPL_TYPE_FLOAT16].binary(ha, hb, ho, N);
    CHECK(ho[N - 1] == 0x3c01, "[%s] float16 exact sum (got %#x)", isa, ho[N - 1]);
    ha[0] = 0x7bff, hb[0] = 0x7bff; /* 65504 + 65504 overflows to +inf */
    t->kernel[VMPL_OP_SUM][VMPL_TYPE_FLOAT16].binary(ha, hb, ho, N);
    CHECK(ho[0] == 0x7c00, "[%s] float16 overflow to inf (got %#x)", isa, ho[0]);
    ha[1] = 0x3f80, hb[1] = 0x3b80; /* bfloat16 1 + 2^-8: tie, rounds to even 1.0 */
    t->kernel[VMPL_OP_SUM][VMPL_TYPE_BFLOAT16].binary(ha, hb, ho, N);
    CHECK(ho[1] == 0x3f80, "[%s] bfloat16 tie rounds to even (got %#x)", isa, ho[1]);

    t->kernel[VMPL_OP_MAXLOC][VMPL_TYPE_FLOAT_INT].binary(la, lb, lo, N);
    CHECK(lo[0].v == 6.0f && lo[0].i == 4, "[%s] maxloc strict winner", isa);
    CHECK(lo[1].v == 5.0f && lo[1].i == 4, "[%s] maxloc tie takes the lower index", isa);
    t->kernel[VMPL_OP_MINLOC][VMPL_TYPE_FLOAT_INT].binary(la, lb, lo, N);
    CHECK(lo[0].v == 5.0f && lo[0].i == 9, "[%s] minloc strict winner (got %g,%d)", isa,
          lo[0].v, lo[0].i);
    t->kernel[VMPL_OP_MINLOC][VMPL_TYPE_DOUBLE_INT].binary(da, db, dox, N);
    CHECK(dox[N - 1].v == -1.0 && dox[N - 1].i == 1, "[%s] double_int minloc tie", isa);

    t->kernel[VMPL_OP_PROD][VMPL_TYPE_FLOAT_COMPLEX].binary(ca, cb, co, N);
    CHECK(co[2 * (N - 1)] == 11.0f && co[2 * (N - 1) + 1] == 2.0f,
          "[%s] (1+2i)(3-4i) = 11+2i (got %g%+gi)", isa, co[2 * (N - 1)], co[2 * (N - 1) + 1]);
    test_semantics_long_double(t, isa);
}

/*
 * vmpl_reduce_local(in, inout) is inout = in op inout: in is the left
 * operand, whose NaN wins MAX.
 */
static void test_reduce_local_left(void)
{
    long double in[2] = {__builtin_nanl(""), 5.0L}, inout[2] = {-__builtin_nanl(""), 1.0L};

    CHECK(vmpl_reduce_local(in, inout, 2, VMPL_TYPE_LONG_DOUBLE, VMPL_OP_MAX) == VMPL_OK &&
              isnan(inout[0]) && !signbit(inout[0]) && inout[1] == 5.0L,
          "reduce_local long double max: in is the left operand");
}

int main(void)
{
    int count;
    const op_target_t *targets = op_targets(&count);
    static op_table_t table;

    test_errors();
    test_replace_noop();
    test_reduce_local_left();
    for (int i = 0; i < count; i++) {
        if (!op_isa_usable(targets[i].isa))
            continue;
        op_table_build(&targets[i], &table);
        test_semantics(&table, vmpl_isa_name(targets[i].isa));
    }
    printf("%lu passed, %lu failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
