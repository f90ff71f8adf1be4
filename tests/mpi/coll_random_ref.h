/*
 * The random collective test's data and its reference (test_mpi_coll_random.c):
 * every element a process contributes is a function of (seed, step, rank,
 * index), so any process computes what every other one sent, and folds
 * reductions in rank order with its own scalar code, independent of the
 * library's op engine. Values are chosen so that the result does not
 * depend on the order the library combines them in: sums and products
 * are exact (small integers, powers of two), NaN has one bit pattern, and
 * MAX/MIN of equal values combine their bits (MAX(-0, +0) = +0).
 */
#ifndef VMPL_TESTS_MPI_COLL_RANDOM_REF_H
#define VMPL_TESTS_MPI_COLL_RANDOM_REF_H

#include <mpi.h>

#include <math.h>
#include <stdint.h>
#include <string.h>

static inline uint64_t mix64(uint64_t x)
{
    x += 0x9e3779b97f4a7c15ull;
    x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
    x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
    return x ^ (x >> 31);
}

/* The raw value behind element i of `rank`'s contribution to a step. */
static inline uint64_t ref_raw(uint64_t key, int rank, uint64_t i)
{
    return mix64(key ^ mix64(((uint64_t)(uint32_t)rank << 40) ^ i));
}

typedef enum { T_I8, T_U16, T_I32, T_I64, T_FLOAT, T_DOUBLE, T_2INT, T_DOUBLE_INT, T_MAT, T_KINDS } ref_type_t;

typedef struct {
    double v;
    int i;
} ref_double_int_t;

/* Which predefined ops a type takes (the user op goes with T_MAT only). */
enum { OPS_INT, OPS_FLOAT, OPS_LOC, OPS_USER };

static const struct {
    const char *name;
    size_t extent;
    int ops;
} ref_types[T_KINDS] = {
    [T_I8] = {"int8", 1, OPS_INT},         [T_U16] = {"uint16", 2, OPS_INT},
    [T_I32] = {"int32", 4, OPS_INT},       [T_I64] = {"int64", 8, OPS_INT},
    [T_FLOAT] = {"float", 4, OPS_FLOAT},   [T_DOUBLE] = {"double", 8, OPS_FLOAT},
    [T_2INT] = {"2int", 8, OPS_LOC},       [T_DOUBLE_INT] = {"double_int", 16, OPS_LOC},
    [T_MAT] = {"mat2x2", 16, OPS_USER},
};

typedef enum { O_SUM, O_PROD, O_MAX, O_MIN, O_BAND, O_BOR, O_BXOR, O_LAND, O_LOR, O_MAXLOC, O_MINLOC, O_MATMUL } ref_op_t;

static const char *const ref_op_names[] = {"sum",  "prod", "max",  "min",    "band",   "bor",
                                           "bxor", "land", "lor",  "maxloc", "minloc", "matmul"};

/* A float value for op: exact in any order of combination. */
static double float_value(uint64_t x, ref_op_t op)
{
    static const double prod_values[] = {1, 1, -1, 2, 0.5, 1, -2, 1};
    switch (op) {
    case O_PROD:
        return prod_values[x & 7];
    case O_MAX:
    case O_MIN:
        switch ((x >> 8) % 16) {
        case 0:
            return -0.0;
        case 1:
            return 0.0;
        case 2:
            return NAN; /* one bit pattern everywhere */
        default:
            return (double)((int)(x % 9) - 4); /* ties */
        }
    default:
        return (double)((int)(x % 17) - 8);
    }
}

/* Element i of rank's contribution, written at dst. */
static void ref_value(ref_type_t t, ref_op_t op, uint64_t key, int rank, uint64_t i, void *dst)
{
    uint64_t x = ref_raw(key, rank, i);

    if ((op == O_LAND || op == O_LOR) && (x >> 60) < 6)
        x = (x >> 59) & 1 ? 0 : x; /* often zero: the logical ops see both truth values */
    if (op == O_PROD && t != T_FLOAT && t != T_DOUBLE)
        x = (x & 3) == 0 ? (uint64_t)-1 : (x & 3); /* products that wrap only sometimes */
    switch (t) {
    case T_I8: *(int8_t *)dst = (int8_t)x; break;
    case T_U16: *(uint16_t *)dst = (uint16_t)x; break;
    case T_I32: *(int32_t *)dst = (int32_t)x; break;
    case T_I64: *(int64_t *)dst = (int64_t)x; break;
    case T_FLOAT: *(float *)dst = (float)float_value(x, op); break;
    case T_DOUBLE: *(double *)dst = float_value(x, op); break;
    case T_2INT:
        ((int32_t *)dst)[0] = (int32_t)(x % 5);
        ((int32_t *)dst)[1] = (int32_t)((x >> 32) % 1000);
        break;
    case T_DOUBLE_INT: {
        ref_double_int_t *p = dst;
        memset(p, 0, sizeof(*p));
        p->v = (double)(x % 5);
        p->i = (int)((x >> 32) % 1000);
        break;
    }
    case T_MAT:
        for (int k = 0; k < 4; k++)
            ((int32_t *)dst)[k] = (int32_t)((x >> (8 * k)) % 7) - 3;
        break;
    default: break;
    }
}

/* MAX/MIN of floating values as vmpl and its reference define them (README). */
static double float_maxmin(double a, double b, int max)
{
    if (isnan(a))
        return a;
    if (isnan(b))
        return b;
    if (a == b) { /* +0 and -0: MAX keeps +0, MIN keeps -0 */
        int neg = max ? signbit(a) && signbit(b) : signbit(a) || signbit(b);
        return neg ? -fabs(a) : fabs(a);
    }
    return (a > b) == max ? a : b;
}

#define REF_INT_OP(T, a, b, op)                                                              \
    do {                                                                                     \
        T x_ = *(T *)(a), y_ = *(const T *)(b);                                              \
        switch (op) {                                                                        \
        case O_SUM: x_ = (T)((uint64_t)x_ + (uint64_t)y_); break;                            \
        case O_PROD: x_ = (T)((uint64_t)x_ * (uint64_t)y_); break;                           \
        case O_MAX: x_ = x_ > y_ ? x_ : y_; break;                                           \
        case O_MIN: x_ = x_ < y_ ? x_ : y_; break;                                           \
        case O_BAND: x_ = (T)(x_ & y_); break;                                               \
        case O_BOR: x_ = (T)(x_ | y_); break;                                                \
        case O_BXOR: x_ = (T)(x_ ^ y_); break;                                               \
        case O_LAND: x_ = (T)(x_ && y_); break;                                              \
        case O_LOR: x_ = (T)(x_ || y_); break;                                               \
        default: break;                                                                      \
        }                                                                                    \
        *(T *)(a) = x_;                                                                      \
    } while (0)

#define REF_LOC_OP(T, a, b, op)                                                              \
    do {                                                                                     \
        T *x_ = (a);                                                                         \
        const T *y_ = (b);                                                                   \
        int better_ = (op) == O_MAXLOC ? y_->v > x_->v : y_->v < x_->v;                      \
        if (better_ || (y_->v == x_->v && y_->i < x_->i))                                    \
            *x_ = *y_;                                                                       \
    } while (0)

typedef struct {
    int32_t v, i;
} ref_2int_t;

/* acc = acc op b, one element (acc is the left operand). */
static void ref_combine(ref_type_t t, ref_op_t op, void *acc, const void *b)
{
    switch (t) {
    case T_I8: REF_INT_OP(int8_t, acc, b, op); break;
    case T_U16: REF_INT_OP(uint16_t, acc, b, op); break;
    case T_I32: REF_INT_OP(int32_t, acc, b, op); break;
    case T_I64: REF_INT_OP(int64_t, acc, b, op); break;
    case T_FLOAT:
    case T_DOUBLE: {
        double x = t == T_FLOAT ? *(float *)acc : *(double *)acc;
        double y = t == T_FLOAT ? *(const float *)b : *(const double *)b;
        x = op == O_SUM ? x + y : op == O_PROD ? x * y : float_maxmin(x, y, op == O_MAX);
        if (t == T_FLOAT)
            *(float *)acc = (float)x;
        else
            *(double *)acc = x;
        break;
    }
    case T_2INT: REF_LOC_OP(ref_2int_t, acc, b, op); break;
    case T_DOUBLE_INT: REF_LOC_OP(ref_double_int_t, acc, b, op); break;
    case T_MAT: { /* acc = acc x b, 2x2 int32 matrices, wrapping: not commutative */
        const int32_t *m = acc, *n = b;
        uint32_t r[4];
        r[0] = (uint32_t)m[0] * (uint32_t)n[0] + (uint32_t)m[1] * (uint32_t)n[2];
        r[1] = (uint32_t)m[0] * (uint32_t)n[1] + (uint32_t)m[1] * (uint32_t)n[3];
        r[2] = (uint32_t)m[2] * (uint32_t)n[0] + (uint32_t)m[3] * (uint32_t)n[2];
        r[3] = (uint32_t)m[2] * (uint32_t)n[1] + (uint32_t)m[3] * (uint32_t)n[3];
        memcpy(acc, r, sizeof(r));
        break;
    }
    default: break;
    }
}

/* Whether two elements hold the same data (a pair's padding holds none). */
static int ref_same(ref_type_t t, const void *a, const void *b)
{
    if (t == T_DOUBLE_INT) {
        const ref_double_int_t *x = a, *y = b;
        return !memcmp(&x->v, &y->v, sizeof(x->v)) && x->i == y->i;
    }
    return !memcmp(a, b, ref_types[t].extent);
}

#endif
