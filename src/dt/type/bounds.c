/*
 * Size, bounds and true bounds of a new type from the copies of its inner
 * types, following MPI's type-map rules: lb/ub are the min/max over every
 * copy of (displacement + inner lb/ub), true bounds likewise over the data
 * only; a struct pads its extent to the largest alignment inside unless
 * some component carries explicit bounds from resized.
 */
#include "dt/type/type.h"

void dt_bounds_init(dt_bounds_t *b)
{
    *b = (dt_bounds_t){.lb = INT64_MAX, .ub = INT64_MIN, .true_lb = INT64_MAX,
                       .true_ub = INT64_MIN, .align = 1};
}

static void bounds_widen(int64_t *lo, int64_t *hi, int64_t a, int64_t b)
{
    if (a < *lo)
        *lo = a;
    if (b > *hi)
        *hi = b;
}

/*
 * The copies are at disp + i * stride for i in [0, count): the extremes of
 * a linear function sit at the first and the last copy.
 */
void dt_bounds_add(dt_bounds_t *b, const dt_type_t *type, int64_t disp, int64_t count,
                   int64_t stride)
{
    int64_t last, first_lb, first_ub, last_lb, last_ub, bytes;

    if (count <= 0 || !type->has_data_or_bounds)
        return;
    if (dt_mul(count - 1, stride, &last) || dt_add(disp, last, &last) ||
        dt_mul(count, type->size, &bytes) || dt_add(b->size, bytes, &b->size)) {
        b->overflow = 1;
        return;
    }
    b->any = 1;
    b->explicit_bounds |= type->explicit_bounds;
    if (type->align > b->align)
        b->align = type->align;
    if (dt_add(disp, type->lb, &first_lb) || dt_add(disp, type->ub, &first_ub) ||
        dt_add(last, type->lb, &last_lb) || dt_add(last, type->ub, &last_ub)) {
        b->overflow = 1;
        return;
    }
    bounds_widen(&b->lb, &b->ub, first_lb < last_lb ? first_lb : last_lb,
                 first_ub > last_ub ? first_ub : last_ub);
    if (type->size == 0)
        return;
    b->any_data = 1;
    if (dt_add(disp, type->true_lb, &first_lb) || dt_add(disp, type->true_ub, &first_ub) ||
        dt_add(last, type->true_lb, &last_lb) || dt_add(last, type->true_ub, &last_ub)) {
        b->overflow = 1;
        return;
    }
    bounds_widen(&b->true_lb, &b->true_ub, first_lb < last_lb ? first_lb : last_lb,
                 first_ub > last_ub ? first_ub : last_ub);
}

vmpl_status_t dt_bounds_apply(const dt_bounds_t *b, dt_type_t *type, int pad_to_alignment)
{
    int64_t extent, pad;

    if (b->overflow)
        return VMPL_ERR_OVERFLOW;
    type->size = b->size;
    type->align = b->align;
    type->explicit_bounds = b->explicit_bounds;
    type->has_data_or_bounds = b->any;
    type->lb = b->any ? b->lb : 0;
    type->ub = b->any ? b->ub : 0;
    type->true_lb = b->any_data ? b->true_lb : 0;
    type->true_ub = b->any_data ? b->true_ub : 0;
    if (dt_add(type->ub, -type->lb, &extent))
        return VMPL_ERR_OVERFLOW;
    if (pad_to_alignment && !b->explicit_bounds && b->any && b->align > 1) {
        pad = extent % b->align;
        if (pad < 0)
            pad += b->align;
        if (pad && dt_add(type->ub, b->align - pad, &type->ub))
            return VMPL_ERR_OVERFLOW;
    }
    return VMPL_OK;
}
