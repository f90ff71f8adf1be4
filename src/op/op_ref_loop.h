/*
 * The scalar reference's loop shape, shared with test harnesses that
 * build a reference entry of their own (tests/bochs/half_rounding.c).
 */
#ifndef VMPL_OP_REF_LOOP_H
#define VMPL_OP_REF_LOOP_H

#include <stddef.h>

/* Binary kernel over a per-element expression of a[i], b[i]. */
#define REF_BINARY(NAME, T, EXPR)                                                  \
    static void NAME##_binary(const void *a_, const void *b_, void *out_, size_t count) \
    {                                                                              \
        const T *a = a_, *b = b_;                                                  \
        T *out = out_;                                                             \
        for (size_t i = 0; i < count; i++) {                                       \
            T x = a[i], y = b[i];                                                  \
            out[i] = EXPR;                                                         \
        }                                                                          \
    }                                                                              \
    static void NAME##_nary(const void *const *src, int nsrc, void *out_, size_t count) \
    {                                                                              \
        T *out = out_;                                                             \
        for (size_t i = 0; i < count; i++) {                                       \
            T x = ((const T *)src[0])[i];                                          \
            for (int s = 1; s < nsrc; s++) {                                       \
                T y = ((const T *)src[s])[i];                                      \
                x = EXPR;                                                          \
            }                                                                      \
            out[i] = x;                                                            \
        }                                                                          \
    }

#endif
