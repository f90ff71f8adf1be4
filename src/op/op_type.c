/* Element sizes, names and the op x type validity matrix of the MPI standard. */
#include "op.h"

#include <stdint.h>

typedef struct { float v; int i; } float_int_layout_t;
typedef struct { double v; int i; } double_int_layout_t;
typedef struct { long v; int i; } long_int_layout_t;
typedef struct { short v; int i; } short_int_layout_t;
typedef struct { long double v; int i; } long_double_int_layout_t;

/* Type classes of MPI-4.1 section 6.9.2 (plus the 16-bit floats). */
enum {
    CLASS_INT = 1 << 0,     /* C integer */
    CLASS_LOGICAL = 1 << 1, /* C _Bool */
    CLASS_FLOAT = 1 << 2,   /* floating point, including float16/bfloat16 */
    CLASS_COMPLEX = 1 << 3,
    CLASS_PAIR = 1 << 4, /* MINLOC/MAXLOC pair types */
};

static const struct {
    const char *name;
    size_t size;
    unsigned class_bits;
} type_info[VMPL_TYPE_COUNT] = {
    [VMPL_TYPE_INT8] = {"int8", 1, CLASS_INT},
    [VMPL_TYPE_UINT8] = {"uint8", 1, CLASS_INT},
    [VMPL_TYPE_INT16] = {"int16", 2, CLASS_INT},
    [VMPL_TYPE_UINT16] = {"uint16", 2, CLASS_INT},
    [VMPL_TYPE_INT32] = {"int32", 4, CLASS_INT},
    [VMPL_TYPE_UINT32] = {"uint32", 4, CLASS_INT},
    [VMPL_TYPE_INT64] = {"int64", 8, CLASS_INT},
    [VMPL_TYPE_UINT64] = {"uint64", 8, CLASS_INT},
    [VMPL_TYPE_BOOL] = {"bool", sizeof(_Bool), CLASS_LOGICAL},
    [VMPL_TYPE_FLOAT16] = {"float16", 2, CLASS_FLOAT},
    [VMPL_TYPE_BFLOAT16] = {"bfloat16", 2, CLASS_FLOAT},
    [VMPL_TYPE_FLOAT] = {"float", sizeof(float), CLASS_FLOAT},
    [VMPL_TYPE_DOUBLE] = {"double", sizeof(double), CLASS_FLOAT},
    [VMPL_TYPE_LONG_DOUBLE] = {"long_double", sizeof(long double), CLASS_FLOAT},
    [VMPL_TYPE_FLOAT_COMPLEX] = {"float_complex", 2 * sizeof(float), CLASS_COMPLEX},
    [VMPL_TYPE_DOUBLE_COMPLEX] = {"double_complex", 2 * sizeof(double), CLASS_COMPLEX},
    [VMPL_TYPE_LONG_DOUBLE_COMPLEX] = {"long_double_complex", 2 * sizeof(long double),
                                       CLASS_COMPLEX},
    [VMPL_TYPE_FLOAT_INT] = {"float_int", sizeof(float_int_layout_t), CLASS_PAIR},
    [VMPL_TYPE_DOUBLE_INT] = {"double_int", sizeof(double_int_layout_t), CLASS_PAIR},
    [VMPL_TYPE_LONG_INT] = {"long_int", sizeof(long_int_layout_t), CLASS_PAIR},
    [VMPL_TYPE_2INT] = {"2int", 2 * sizeof(int), CLASS_PAIR},
    [VMPL_TYPE_SHORT_INT] = {"short_int", sizeof(short_int_layout_t), CLASS_PAIR},
    [VMPL_TYPE_LONG_DOUBLE_INT] = {"long_double_int", sizeof(long_double_int_layout_t),
                                   CLASS_PAIR},
};

static const struct {
    const char *name;
    unsigned classes; /* type classes the op is defined on */
} op_info[VMPL_OP_COUNT] = {
    [VMPL_OP_MAX] = {"max", CLASS_INT | CLASS_FLOAT},
    [VMPL_OP_MIN] = {"min", CLASS_INT | CLASS_FLOAT},
    [VMPL_OP_SUM] = {"sum", CLASS_INT | CLASS_FLOAT | CLASS_COMPLEX},
    [VMPL_OP_PROD] = {"prod", CLASS_INT | CLASS_FLOAT | CLASS_COMPLEX},
    [VMPL_OP_LAND] = {"land", CLASS_INT | CLASS_LOGICAL},
    [VMPL_OP_LOR] = {"lor", CLASS_INT | CLASS_LOGICAL},
    [VMPL_OP_LXOR] = {"lxor", CLASS_INT | CLASS_LOGICAL},
    [VMPL_OP_BAND] = {"band", CLASS_INT},
    [VMPL_OP_BOR] = {"bor", CLASS_INT},
    [VMPL_OP_BXOR] = {"bxor", CLASS_INT},
    [VMPL_OP_MAXLOC] = {"maxloc", CLASS_PAIR},
    [VMPL_OP_MINLOC] = {"minloc", CLASS_PAIR},
    [VMPL_OP_REPLACE] = {"replace", ~0u},
    [VMPL_OP_NO_OP] = {"no_op", ~0u},
};

size_t op_type_size(vmpl_type_t type)
{
    return ((unsigned)type < VMPL_TYPE_COUNT) ? type_info[type].size : 0;
}

int op_is_valid(vmpl_op_t op, vmpl_type_t type)
{
    if ((unsigned)op >= VMPL_OP_COUNT || (unsigned)type >= VMPL_TYPE_COUNT)
        return 0;
    return (op_info[op].classes & type_info[type].class_bits) != 0;
}

size_t vmpl_type_size(vmpl_type_t type)
{
    return op_type_size(type);
}

const char *vmpl_op_name(vmpl_op_t op)
{
    return ((unsigned)op < VMPL_OP_COUNT) ? op_info[op].name : NULL;
}

const char *vmpl_type_name(vmpl_type_t type)
{
    return ((unsigned)type < VMPL_TYPE_COUNT) ? type_info[type].name : NULL;
}

vmpl_status_t vmpl_op_check(vmpl_op_t op, vmpl_type_t type)
{
    if ((unsigned)op >= VMPL_OP_COUNT)
        return VMPL_ERR_INVALID_OP;
    if ((unsigned)type >= VMPL_TYPE_COUNT)
        return VMPL_ERR_INVALID_TYPE;
    return op_is_valid(op, type) ? VMPL_OK : VMPL_ERR_OP_TYPE_MISMATCH;
}
