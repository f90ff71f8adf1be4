/*
 * Lane tags shared by every primitive header: the element type e_T of each
 * tag T (i8 u8 i16 u16 i32 u32 i64 u64 f32 f64).
 */
#ifndef VMPL_OP_VEC_LANES_H
#define VMPL_OP_VEC_LANES_H

#include <stdint.h>

typedef int8_t e_i8;
typedef uint8_t e_u8;
typedef int16_t e_i16;
typedef uint16_t e_u16;
typedef int32_t e_i32;
typedef uint32_t e_u32;
typedef int64_t e_i64;
typedef uint64_t e_u64;
typedef float e_f32;
typedef double e_f64;

#define E(T) e_##T

#endif
