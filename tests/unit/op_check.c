/*
 * Freestanding table checker: every valid (op, type) of a target table
 * against the scalar reference, over counts around the vector width,
 * aliasing forms and misaligned buffers. No libc calls.
 */
#include "op_check.h"

#include <stdint.h>

/* How a type's bytes are compared. */
typedef enum {
    CMP_BYTES,   /* integers, bool: every byte */
    CMP_F16,     /* uint16 lanes holding float16/bfloat16 */
    CMP_F32,     /* float lanes (also complex float) */
    CMP_F64,     /* double lanes (also complex double) */
    CMP_LDOUBLE, /* long double lanes (padding ignored) */
    CMP_PAIR,    /* value at 0 (by value_cmp), int index at index_offset */
} cmp_kind_t;

typedef struct {
    cmp_kind_t kind;
    cmp_kind_t value_cmp;   /* pairs: how the value compares */
    unsigned value_size;    /* pairs: bytes of the value */
    unsigned index_offset;  /* pairs: offset of the int index */
    unsigned lane_size;     /* float kinds: bytes per lane */
    int bf16;               /* CMP_F16: bfloat16 rather than float16 */
} type_check_t;

typedef struct { long double v; int i; } check_ldi_t;
typedef struct { long v; int i; } check_li_t;
typedef struct { double v; int i; } check_di_t;

static const type_check_t type_checks[VMPL_TYPE_COUNT] = {
    [VMPL_TYPE_INT8] = {CMP_BYTES, 0, 0, 0, 1, 0},
    [VMPL_TYPE_UINT8] = {CMP_BYTES, 0, 0, 0, 1, 0},
    [VMPL_TYPE_INT16] = {CMP_BYTES, 0, 0, 0, 2, 0},
    [VMPL_TYPE_UINT16] = {CMP_BYTES, 0, 0, 0, 2, 0},
    [VMPL_TYPE_INT32] = {CMP_BYTES, 0, 0, 0, 4, 0},
    [VMPL_TYPE_UINT32] = {CMP_BYTES, 0, 0, 0, 4, 0},
    [VMPL_TYPE_INT64] = {CMP_BYTES, 0, 0, 0, 8, 0},
    [VMPL_TYPE_UINT64] = {CMP_BYTES, 0, 0, 0, 8, 0},
    [VMPL_TYPE_BOOL] = {CMP_BYTES, 0, 0, 0, 1, 0},
    [VMPL_TYPE_FLOAT16] = {CMP_F16, 0, 0, 0, 2, 0},
    [VMPL_TYPE_BFLOAT16] = {CMP_F16, 0, 0, 0, 2, 1},
    [VMPL_TYPE_FLOAT] = {CMP_F32, 0, 0, 0, 4, 0},
    [VMPL_TYPE_DOUBLE] = {CMP_F64, 0, 0, 0, 8, 0},
    [VMPL_TYPE_LONG_DOUBLE] = {CMP_LDOUBLE, 0, 0, 0, sizeof(long double), 0},
    [VMPL_TYPE_FLOAT_COMPLEX] = {CMP_F32, 0, 0, 0, 4, 0},
    [VMPL_TYPE_DOUBLE_COMPLEX] = {CMP_F64, 0, 0, 0, 8, 0},
    [VMPL_TYPE_LONG_DOUBLE_COMPLEX] = {CMP_LDOUBLE, 0, 0, 0, sizeof(long double), 0},
    [VMPL_TYPE_FLOAT_INT] = {CMP_PAIR, CMP_F32, 4, 4, 4, 0},
    [VMPL_TYPE_DOUBLE_INT] = {CMP_PAIR, CMP_F64, 8, __builtin_offsetof(check_di_t, i), 8, 0},
    [VMPL_TYPE_LONG_INT] = {CMP_PAIR, CMP_BYTES, sizeof(long), __builtin_offsetof(check_li_t, i),
                            sizeof(long), 0},
    [VMPL_TYPE_2INT] = {CMP_PAIR, CMP_BYTES, 4, 4, 4, 0},
    [VMPL_TYPE_SHORT_INT] = {CMP_PAIR, CMP_BYTES, 2, 4, 2, 0},
    [VMPL_TYPE_LONG_DOUBLE_INT] = {CMP_PAIR, CMP_LDOUBLE, sizeof(long double),
                                   __builtin_offsetof(check_ldi_t, i), sizeof(long double), 0},
};

/* ---- small freestanding helpers ---- */

static uint64_t rng_next(uint64_t *state)
{
    uint64_t x = *state;

    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545f4914f6cdd1dull;
}

static void bytes_copy(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;

    for (size_t i = 0; i < n; i++)
        d[i] = s[i];
}

static void bytes_fill(void *dst, unsigned char value, size_t n)
{
    unsigned char *d = dst;

    for (size_t i = 0; i < n; i++)
        d[i] = value;
}

static int bytes_equal(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;

    for (size_t i = 0; i < n; i++)
        if (x[i] != y[i])
            return 0;
    return 1;
}

typedef struct {
    char text[256];
    size_t len;
} line_t;

static void line_add(line_t *line, const char *s)
{
    while (*s != '\0' && line->len + 1 < sizeof(line->text))
        line->text[line->len++] = *s++;
    line->text[line->len] = '\0';
}

static void line_add_uint(line_t *line, unsigned long long v)
{
    char digits[24];
    int n = 0;

    do {
        digits[n++] = (char)('0' + v % 10);
        v /= 10;
    } while (v != 0);
    while (n > 0) {
        char c[2] = {digits[--n], '\0'};
        line_add(line, c);
    }
}

static void line_add_hex(line_t *line, const unsigned char *p, size_t n)
{
    static const char hex[] = "0123456789abcdef";

    line_add(line, "0x");
    for (size_t i = n; i-- > 0;) { /* little-endian: most significant byte first */
        char c[3] = {hex[p[i] >> 4], hex[p[i] & 15], '\0'};
        line_add(line, c);
    }
}

/* ---- input generation ---- */

static const uint32_t f32_specials[] = {
    0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x7f800000, 0xff800000, 0x7fc00000,
    0xffc00001, 0x7f800001, 0x00000001, 0x807fffff, 0x7f7fffff, 0x477fe000, 0x38800000,
    0x33000000, 0x33000001, 0x387fc000, 0x40000000, 0xc0400000,
};
static const uint64_t f64_specials[] = {
    0x0000000000000000ull, 0x8000000000000000ull, 0x3ff0000000000000ull,
    0xbff0000000000000ull, 0x7ff0000000000000ull, 0xfff0000000000000ull,
    0x7ff8000000000000ull, 0xfff8000000000123ull, 0x7ff0000000000001ull,
    0x0000000000000001ull, 0x7fefffffffffffffull, 0x4000000000000000ull,
};
#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

/*
 * Float data modes, one per buffer: 0 specials (NaN, +-0, inf, ...) in a
 * quarter of the lanes; 1 the same plus many equal values; 2 plain values
 * only (the fast paths of MAX/MIN); 3 a special in about one lane in 128
 * (blocks mixing both).
 */
static int special_lane(uint64_t r, int mode)
{
    return mode == 3 ? (r & 127) == 0 : mode < 2 && (r & 3) == 0;
}

static void fill_float_lane(unsigned char *p, unsigned size, uint64_t r, int mode)
{
    int ties = mode == 1;

    if (size == 4) {
        uint32_t u;
        if (special_lane(r, mode))
            u = f32_specials[(r >> 8) % ARRAY_LEN(f32_specials)];
        else if (ties)
            u = f32_specials[(r >> 8) % 4]; /* +-0, +-1: many equal values */
        else {
            union { float f; uint32_t u; } x = {(float)((int32_t)(r >> 16) % 2000) / 7.0f};
            u = x.u;
        }
        bytes_copy(p, &u, 4);
    } else if (size == 8) {
        uint64_t u;
        if (special_lane(r, mode))
            u = f64_specials[(r >> 8) % ARRAY_LEN(f64_specials)];
        else if (ties)
            u = f64_specials[(r >> 8) % 4];
        else {
            union { double f; uint64_t u; } x = {(double)((int64_t)(r >> 16) % 200000) / 7.0};
            u = x.u;
        }
        bytes_copy(p, &u, 8);
    } else { /* long double: a value, padding left as is */
        long double v = (long double)((int64_t)(r >> 16) % 2000) / 7.0L;
        if ((r & 7) == 0 && mode != 2)
            v = (r & 8) ? -0.0L : 0.0L;
        if ((r & 15) == 1 && mode != 2)
            v = __builtin_nanl("");
        bytes_copy(p, &v, 10 < size ? 10 : size);
    }
}

/* Random elements of a type, with special values and frequent ties. */
static void fill_elements(unsigned char *p, vmpl_type_t type, size_t count, uint64_t *rng)
{
    const type_check_t *tc = &type_checks[type];
    size_t size = op_type_size(type);
    int mode = (int)(rng_next(rng) % 4), ties = mode == 1;

    for (size_t e = 0; e < count; e++) {
        unsigned char *elem = p + e * size;
        uint64_t r = rng_next(rng);

        switch (tc->kind) {
        case CMP_BYTES:
            for (size_t i = 0; i < size; i++)
                elem[i] = (unsigned char)(rng_next(rng) >> 32);
            if (type == VMPL_TYPE_BOOL)
                elem[0] &= 1;
            else if ((r & 3) == 0) /* zero, small or all ones, for logical ops and ties */
                bytes_fill(elem, (r & 4) ? 0xff : 0, size), elem[0] = (unsigned char)(r >> 8 & 3);
            break;
        case CMP_F16: {
            uint16_t h = (uint16_t)(r >> 16);
            if (ties && (r & 1)) /* 1.0, or a zero of either sign */
                h = (uint16_t)((r >> 40) & 1 ? 0x3c00 : (r >> 41) & 1 ? 0x8000 : 0);
            bytes_copy(elem, &h, 2);
            break;
        }
        case CMP_F32:
        case CMP_F64:
        case CMP_LDOUBLE:
            for (size_t off = 0; off < size; off += tc->lane_size)
                fill_float_lane(elem + off, tc->lane_size, rng_next(rng), mode);
            break;
        case CMP_PAIR: {
            int index = (int)((r >> 20) % 5) - 1;
            bytes_fill(elem, (unsigned char)r, size); /* padding: arbitrary */
            if (tc->value_cmp == CMP_BYTES) {
                int64_t v = (int64_t)((r >> 32) % 5) - 2;
                if ((r & 7) == 0)
                    v = (int64_t)(r >> 8); /* large magnitudes too */
                bytes_copy(elem, &v, tc->value_size);
            } else {
                fill_float_lane(elem, tc->value_size, rng_next(rng), 1);
            }
            bytes_copy(elem + tc->index_offset, &index, sizeof(int));
            break;
        }
        }
    }
}

/* ---- comparison ---- */

static int float_lane_equal(const unsigned char *x, const unsigned char *y, unsigned size,
                            int nan_bits_free)
{
    if (size == 4) {
        uint32_t a, b;
        bytes_copy(&a, x, 4), bytes_copy(&b, y, 4);
        if (nan_bits_free && (a & 0x7fffffff) > 0x7f800000 && (b & 0x7fffffff) > 0x7f800000)
            return 1;
        return a == b;
    }
    if (size == 8) {
        uint64_t a, b;
        bytes_copy(&a, x, 8), bytes_copy(&b, y, 8);
        if (nan_bits_free && (a << 1) > (0x7ffull << 53) && (b << 1) > (0x7ffull << 53))
            return 1;
        return a == b;
    }
    {
        long double a, b;
        bytes_copy(&a, x, sizeof(a)), bytes_copy(&b, y, sizeof(b));
        if (a != a || b != b)
            return (a != a) && (b != b);
        return a == b && __builtin_signbit(a) == __builtin_signbit(b);
    }
}

static int half_equal(const unsigned char *x, const unsigned char *y, int bf16, int nan_free)
{
    uint16_t a, b;
    uint16_t exp_mask = bf16 ? 0x7f80 : 0x7c00, mant_mask = bf16 ? 0x007f : 0x03ff;

    bytes_copy(&a, x, 2), bytes_copy(&b, y, 2);
    if (nan_free && (a & exp_mask) == exp_mask && (a & mant_mask) && (b & exp_mask) == exp_mask &&
        (b & mant_mask))
        return 1;
    return a == b;
}

/*
 * Whether element x (target) equals y (reference). SUM and PROD may differ
 * in a NaN's payload and sign (hardware picks among NaN operands); all
 * other results must match bit for bit.
 */
static int element_equal(vmpl_type_t type, vmpl_op_t op, const unsigned char *x,
                         const unsigned char *y)
{
    const type_check_t *tc = &type_checks[type];
    size_t size = op_type_size(type);
    int nan_free = (op == VMPL_OP_SUM || op == VMPL_OP_PROD);

    switch (tc->kind) {
    case CMP_BYTES: return bytes_equal(x, y, size);
    case CMP_F16: return half_equal(x, y, tc->bf16, nan_free);
    case CMP_F32:
    case CMP_F64:
    case CMP_LDOUBLE:
        for (size_t off = 0; off < size; off += tc->lane_size)
            if (!float_lane_equal(x + off, y + off, tc->lane_size, nan_free))
                return 0;
        return 1;
    case CMP_PAIR:
        if (!bytes_equal(x + tc->index_offset, y + tc->index_offset, sizeof(int)))
            return 0;
        if (tc->value_cmp == CMP_BYTES)
            return bytes_equal(x, y, tc->value_size);
        return float_lane_equal(x, y, tc->value_size, 0);
    }
    return 0;
}

/* ---- the driver ---- */

#define CHECK_SOURCES 5
#define CHECK_MAX_REPORTS 12

typedef struct {
    const op_table_t *table, *reference;
    const op_check_env_t *env;
    unsigned char *src[CHECK_SOURCES], *out, *expect;
    op_check_result_t result;
    unsigned long reports;
} check_state_t;

static size_t region_bytes(size_t max_count)
{
    return (max_count * 32 + 4 * 64 + 63) & ~(size_t)63;
}

size_t op_check_arena_bytes(size_t max_count)
{
    return region_bytes(max_count) * (CHECK_SOURCES + 2);
}

static void report_mismatch(check_state_t *st, vmpl_op_t op, vmpl_type_t type, size_t count,
                            const char *form, size_t index, const unsigned char *got,
                            const unsigned char *want)
{
    line_t line = {{0}, 0};
    size_t size = op_type_size(type);

    if (st->reports++ >= CHECK_MAX_REPORTS)
        return;
    line_add(&line, "MISMATCH ");
    line_add(&line, vmpl_op_name(op));
    line_add(&line, "/");
    line_add(&line, vmpl_type_name(type));
    line_add(&line, " form=");
    line_add(&line, form);
    line_add(&line, " count=");
    line_add_uint(&line, count);
    line_add(&line, " index=");
    line_add_uint(&line, index);
    line_add(&line, " got=");
    line_add_hex(&line, got, size > 16 ? 16 : size);
    line_add(&line, " want=");
    line_add_hex(&line, want, size > 16 ? 16 : size);
    st->env->print(line.text);
}

static void check_result(check_state_t *st, vmpl_op_t op, vmpl_type_t type, size_t count,
                         const char *form, const unsigned char *got)
{
    size_t size = op_type_size(type);

    for (size_t i = 0; i < count; i++) {
        if (!element_equal(type, op, got + i * size, st->expect + i * size)) {
            report_mismatch(st, op, type, count, form, i, got + i * size,
                            st->expect + i * size);
            st->result.failed++;
            return;
        }
    }
    st->result.passed++;
}

/* One count: binary form three ways, n-ary form with 1, 2, 3, 5 sources. */
static void check_count(check_state_t *st, vmpl_op_t op, vmpl_type_t type, size_t count,
                        size_t misalign, uint64_t *rng)
{
    const op_kernel_t *k = &st->table->kernel[op][type];
    const op_kernel_t *ref = &st->reference->kernel[op][type];
    size_t size = op_type_size(type), bytes = count * size;
    unsigned char *s[CHECK_SOURCES];
    static const int nsrc_list[] = {1, 2, 3, 5};

    for (int i = 0; i < CHECK_SOURCES; i++) {
        s[i] = st->src[i] + misalign * ((size_t)i + 1) % 4 * size;
        fill_elements(s[i], type, count, rng);
    }

    bytes_fill(st->expect, 0xa5, bytes + size);
    ref->binary(s[0], s[1], st->expect, count);

    bytes_fill(st->out, 0xa5, (misalign + 1) * size + bytes);
    k->binary(s[0], s[1], st->out + misalign * size, count);
    check_result(st, op, type, count, "binary", st->out + misalign * size);
    if (!bytes_equal(st->out + misalign * size + bytes, st->expect + bytes, size)) {
        st->env->print("OVERRUN: kernel wrote past the end of its output");
        st->result.failed++;
    }

    bytes_copy(st->out, s[1], bytes); /* inout = a op inout (MPI_Reduce_local) */
    k->binary(s[0], st->out, st->out, count);
    check_result(st, op, type, count, "inout=b", st->out);

    bytes_copy(st->out, s[0], bytes);
    k->binary(st->out, s[1], st->out, count);
    check_result(st, op, type, count, "inout=a", st->out);

    for (size_t n = 0; n < ARRAY_LEN(nsrc_list); n++) {
        int nsrc = nsrc_list[n];
        const void *srcs[CHECK_SOURCES];
        for (int i = 0; i < nsrc; i++)
            srcs[i] = s[i];
        ref->nary(srcs, nsrc, st->expect, count);
        k->nary(srcs, nsrc, st->out, count);
        check_result(st, op, type, count, nsrc == 1 ? "nary1" : nsrc == 2 ? "nary2"
                                                  : nsrc == 3 ? "nary3" : "nary5", st->out);
    }
    /* n-ary in place: out is the first source */
    {
        const void *srcs[3] = {st->out, s[1], s[2]};
        const void *ref_srcs[3] = {s[0], s[1], s[2]};
        ref->nary(ref_srcs, 3, st->expect, count);
        bytes_copy(st->out, s[0], bytes);
        k->nary(srcs, 3, st->out, count);
        check_result(st, op, type, count, "nary3-inplace", st->out);
    }
}

op_check_result_t op_check_table(const op_table_t *table, const op_table_t *reference,
                                 size_t vector_bytes, const op_check_env_t *env)
{
    check_state_t st = {table, reference, env, {0}, 0, 0, {0, 0, 0}, 0};
    size_t region = region_bytes(env->max_count);
    uint64_t rng = env->seed | 1;

    if (env->arena_bytes < op_check_arena_bytes(env->max_count)) {
        env->print("op_check: arena too small");
        st.result.failed = 1;
        return st.result;
    }
    for (int i = 0; i < CHECK_SOURCES; i++)
        st.src[i] = env->arena + (size_t)i * region;
    st.out = env->arena + (size_t)CHECK_SOURCES * region;
    st.expect = st.out + region;

    for (int t = 0; t < VMPL_TYPE_COUNT; t++) {
        size_t size = op_type_size((vmpl_type_t)t);
        size_t lanes = vector_bytes / size > 0 ? vector_bytes / size : 1;
        size_t counts[] = {0, 1, 2, lanes - 1, lanes, lanes + 1, 2 * lanes + 1, 4 * lanes - 1,
                           4 * lanes, 4 * lanes + 1, 8 * lanes + 3, 37, 1001, 4099,
                           env->max_count / 3 | 1, env->max_count};
        for (int o = 0; o < VMPL_OP_COUNT; o++) {
            unsigned long failed_before = st.result.failed;
            if (!op_is_valid((vmpl_op_t)o, (vmpl_type_t)t) || o == VMPL_OP_REPLACE ||
                o == VMPL_OP_NO_OP)
                continue;
            if (table->kernel[o][t].binary == reference->kernel[o][t].binary &&
                table->kernel[o][t].nary == reference->kernel[o][t].nary) {
                st.result.skipped++; /* the reference against itself proves nothing */
                continue;
            }
            for (size_t c = 0; c < ARRAY_LEN(counts); c++) {
                if (counts[c] > env->max_count)
                    continue;
                check_count(&st, (vmpl_op_t)o, (vmpl_type_t)t, counts[c], c % 4, &rng);
            }
            if (env->verbose || st.result.failed != failed_before) {
                line_t line = {{0}, 0};
                line_add(&line, st.result.failed != failed_before ? "FAIL " : "ok   ");
                line_add(&line, vmpl_op_name((vmpl_op_t)o));
                line_add(&line, "/");
                line_add(&line, vmpl_type_name((vmpl_type_t)t));
                env->print(line.text);
            }
        }
    }
    return st.result;
}
