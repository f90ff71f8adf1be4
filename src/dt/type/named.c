/*
 * The predefined types: static objects, never freed. Their type maps are
 * one basic element, except MPI's value-index pairs for MINLOC/MAXLOC,
 * which have the layout of the C structs the standard defines.
 */
#include "dt/type/type.h"
#include "dt/pack/pack.h"

#include <complex.h>
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <wchar.h>

typedef struct {
    const char *name;
    int64_t size;   /* bytes of data */
    int64_t extent; /* sizeof, with padding */
    int64_t align;
    int64_t index_disp; /* pairs: displacement of the int index; else 0 */
} named_info_t;

#define BASIC(T, name) {name, sizeof(T), sizeof(T), _Alignof(T), 0}
#define PAIR(T, name) {name, sizeof(T) + sizeof(int), sizeof(struct { T v; int i; }), \
                       _Alignof(struct { T v; int i; }), offsetof(struct { T v; int i; }, i)}

static const named_info_t named_info[DT_NAMED_COUNT] = {
    [DT_CHAR] = BASIC(char, "MPI_CHAR"),
    [DT_SIGNED_CHAR] = BASIC(signed char, "MPI_SIGNED_CHAR"),
    [DT_UNSIGNED_CHAR] = BASIC(unsigned char, "MPI_UNSIGNED_CHAR"),
    [DT_BYTE] = BASIC(unsigned char, "MPI_BYTE"),
    [DT_WCHAR] = BASIC(wchar_t, "MPI_WCHAR"),
    [DT_SHORT] = BASIC(short, "MPI_SHORT"),
    [DT_UNSIGNED_SHORT] = BASIC(unsigned short, "MPI_UNSIGNED_SHORT"),
    [DT_INT] = BASIC(int, "MPI_INT"),
    [DT_UNSIGNED] = BASIC(unsigned, "MPI_UNSIGNED"),
    [DT_LONG] = BASIC(long, "MPI_LONG"),
    [DT_UNSIGNED_LONG] = BASIC(unsigned long, "MPI_UNSIGNED_LONG"),
    [DT_LONG_LONG] = BASIC(long long, "MPI_LONG_LONG"),
    [DT_UNSIGNED_LONG_LONG] = BASIC(unsigned long long, "MPI_UNSIGNED_LONG_LONG"),
    [DT_FLOAT] = BASIC(float, "MPI_FLOAT"),
    [DT_DOUBLE] = BASIC(double, "MPI_DOUBLE"),
    [DT_LONG_DOUBLE] = BASIC(long double, "MPI_LONG_DOUBLE"),
    [DT_C_BOOL] = BASIC(bool, "MPI_C_BOOL"),
    [DT_INT8] = BASIC(int8_t, "MPI_INT8_T"),
    [DT_INT16] = BASIC(int16_t, "MPI_INT16_T"),
    [DT_INT32] = BASIC(int32_t, "MPI_INT32_T"),
    [DT_INT64] = BASIC(int64_t, "MPI_INT64_T"),
    [DT_UINT8] = BASIC(uint8_t, "MPI_UINT8_T"),
    [DT_UINT16] = BASIC(uint16_t, "MPI_UINT16_T"),
    [DT_UINT32] = BASIC(uint32_t, "MPI_UINT32_T"),
    [DT_UINT64] = BASIC(uint64_t, "MPI_UINT64_T"),
    [DT_AINT] = BASIC(int64_t, "MPI_AINT"),
    [DT_OFFSET] = BASIC(int64_t, "MPI_OFFSET"),
    [DT_COUNT] = BASIC(int64_t, "MPI_COUNT"),
    [DT_C_FLOAT_COMPLEX] = BASIC(float _Complex, "MPI_C_FLOAT_COMPLEX"),
    [DT_C_DOUBLE_COMPLEX] = BASIC(double _Complex, "MPI_C_DOUBLE_COMPLEX"),
    [DT_C_LONG_DOUBLE_COMPLEX] = BASIC(long double _Complex, "MPI_C_LONG_DOUBLE_COMPLEX"),
    [DT_FLOAT16] = BASIC(uint16_t, "MPIX_C_FLOAT16"),
    [DT_BFLOAT16] = BASIC(uint16_t, "MPIX_BFLOAT16"),
    [DT_PACKED] = BASIC(unsigned char, "MPI_PACKED"),
    [DT_FLOAT_INT] = PAIR(float, "MPI_FLOAT_INT"),
    [DT_DOUBLE_INT] = PAIR(double, "MPI_DOUBLE_INT"),
    [DT_LONG_INT] = PAIR(long, "MPI_LONG_INT"),
    [DT_2INT] = PAIR(int, "MPI_2INT"),
    [DT_SHORT_INT] = PAIR(short, "MPI_SHORT_INT"),
    [DT_LONG_DOUBLE_INT] = PAIR(long double, "MPI_LONG_DOUBLE_INT"),
};

static dt_type_t named_types[DT_NAMED_COUNT];
static pthread_once_t named_once = PTHREAD_ONCE_INIT;

/* The layout of a named type: one block, or value and index for a pair. */
static dt_node_t *named_layout(const named_info_t *info)
{
    dt_node_t *parts[2];

    if (!info->index_disp)
        return dt_node_block(0, info->size);
    parts[0] = dt_node_block(0, info->size - (int64_t)sizeof(int));
    parts[1] = dt_node_block(info->index_disp, sizeof(int));
    return dt_node_seq(2, parts);
}

/* Runs once per process, whichever thread asks first (pthread_once). */
static void named_init(void)
{
    for (int i = 0; i < DT_NAMED_COUNT; i++) {
        const named_info_t *info = &named_info[i];
        dt_type_t *t = &named_types[i];

        *t = (dt_type_t){.refcount = 1, .named = 1, .committed = 1, .has_data_or_bounds = 1,
                         .combiner = DT_COMBINER_NAMED, .size = info->size, .lb = 0,
                         .ub = info->extent, .true_lb = 0,
                         .true_ub = info->index_disp ? info->index_disp + (int64_t)sizeof(int)
                                                     : info->size,
                         .align = info->align, .named_id = (dt_named_t)i};
        t->layout = named_layout(info);
        dt_pack_prepare_type(t);
    }
}

dt_type_t *dt_named(dt_named_t which)
{
    if ((unsigned)which >= DT_NAMED_COUNT)
        return NULL;
    pthread_once(&named_once, named_init);
    return &named_types[which];
}

const char *dt_named_name(dt_named_t which)
{
    if ((unsigned)which >= DT_NAMED_COUNT)
        return "invalid";
    return named_info[which].name;
}
