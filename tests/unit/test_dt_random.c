/*
 * Random datatypes against a reference interpreter.
 *
 * The generator builds a random type tree (every constructor, nesting up
 * to depth 4, negative strides and displacements, zero counts, resized
 * bounds, structs of mixed named types, subarrays and darrays in both
 * orders) twice: once with the engine, once as a plain description. The
 * interpreter expands the description into the explicit type map (byte
 * runs in type-map order) with MPI's bounds rules, and checks the
 * engine's size, bounds, true bounds, envelope and contents, pack of
 * several elements, pack in random pieces, and unpack (for maps without
 * overlapping bytes) byte for byte.
 *
 * Usage: test_dt_random [--seed N] [--iterations N]
 */
#include "dt/dt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_ENTRIES (1 << 16)

typedef struct {
    int64_t disp, len;
} run_t;

typedef struct {
    run_t *runs;
    int64_t n, cap;
    int64_t lb, ub, align;
    int explicit_bounds, any;
} tmap_t;

typedef struct desc desc_t;
struct desc {
    dt_combiner_t kind;
    dt_named_t named;
    int64_t count, blocklen, stride, ints[64], addrs[32];
    int n;                 /* entries in ints/addrs by constructor */
    desc_t *inner[8];
    int ninner;
    dt_type_t *type;
    const dt_type_t *ident; /* the engine type, for contents identity after release */
};

static uint64_t rng_state;
static uint64_t rnd(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return rng_state;
}
static int64_t rnd_range(int64_t lo, int64_t hi) /* inclusive */
{
    return lo + (int64_t)(rnd() % (uint64_t)(hi - lo + 1));
}

static unsigned long passed, failed;
static int verbose_fail;
#define CHECK(cond, ...)                                                                      \
    do {                                                                                      \
        if (cond) {                                                                           \
            passed++;                                                                         \
        } else {                                                                              \
            failed++;                                                                         \
            if (verbose_fail++ < 20) {                                                        \
                printf("FAIL line %d: ", __LINE__);                                           \
                printf(__VA_ARGS__);                                                          \
                printf("\n");                                                                 \
            }                                                                                 \
        }                                                                                     \
    } while (0)

/* ---- the reference interpreter ---- */

static const struct {
    dt_named_t id;
    int64_t size, extent, align, index_disp; /* pairs: value then int at index_disp */
} named_ref[] = {
    {DT_CHAR, 1, 1, 1, 0},          {DT_SHORT, 2, 2, 2, 0},
    {DT_INT, 4, 4, 4, 0},           {DT_DOUBLE, 8, 8, 8, 0},
    {DT_FLOAT, 4, 4, 4, 0},         {DT_LONG_DOUBLE, 16, 16, 16, 0},
    {DT_C_DOUBLE_COMPLEX, 16, 16, 8, 0}, {DT_FLOAT16, 2, 2, 2, 0},
    {DT_DOUBLE_INT, 12, 16, 8, 8},  {DT_SHORT_INT, 6, 8, 4, 4},
    {DT_FLOAT_INT, 8, 8, 4, 4},     {DT_LONG_DOUBLE_INT, 20, 32, 16, 16},
};
#define NNAMED ((int)(sizeof(named_ref) / sizeof(named_ref[0])))

static void tmap_add(tmap_t *m, int64_t disp, int64_t len)
{
    if (len == 0)
        return;
    if (m->n == m->cap) {
        m->cap = m->cap ? 2 * m->cap : 16;
        m->runs = realloc(m->runs, (size_t)m->cap * sizeof(run_t));
    }
    m->runs[m->n++] = (run_t){disp, len};
}

/* Appends count copies of inner at disp + i * stride; bounds per the standard. */
static void tmap_copies(tmap_t *m, const tmap_t *inner, int64_t disp, int64_t count,
                        int64_t stride)
{
    for (int64_t i = 0; i < count; i++) {
        int64_t at = disp + i * stride;
        for (int64_t r = 0; r < inner->n; r++)
            tmap_add(m, at + inner->runs[r].disp, inner->runs[r].len);
        if (!inner->any)
            continue;
        if (!m->any || at + inner->lb < m->lb)
            m->lb = at + inner->lb;
        if (!m->any || at + inner->ub > m->ub)
            m->ub = at + inner->ub;
        m->any = 1;
    }
    if (count > 0 && inner->any) {
        m->explicit_bounds |= inner->explicit_bounds;
        if (inner->align > m->align)
            m->align = inner->align;
    }
}

static int64_t tmap_extent(const tmap_t *m)
{
    return m->ub - m->lb;
}

static void tmap_of(const desc_t *d, tmap_t *m);

/* Elements of a (sub/d)array selection in order, as linear element indexes. */
static void array_elements(const desc_t *d, const tmap_t *old, tmap_t *m, int darray)
{
    int ndims = (int)(darray ? d->ints[2] : d->ints[0]), order;
    int64_t lo[8], hi[8], block[8], idx[8], gs[8], coords[8], psz[8];
    int64_t ext = tmap_extent(old), total = 1;

    order = (int)(darray ? d->ints[3 + 4 * ndims] : d->ints[1 + 3 * ndims]);
    for (int k = 0; k < ndims; k++) {
        gs[k] = darray ? d->ints[3 + k] : d->ints[1 + k];
        total *= gs[k];
    }
    if (darray) { /* row-major process coordinates */
        int64_t r = d->ints[1];
        for (int k = ndims - 1; k >= 0; k--) {
            psz[k] = d->ints[3 + 3 * ndims + k];
            coords[k] = r % psz[k];
            r /= psz[k];
        }
    }
    for (int k = 0; k < ndims; k++) {
        if (!darray) {
            lo[k] = d->ints[1 + 2 * ndims + k];
            hi[k] = lo[k] + d->ints[1 + ndims + k];
            block[k] = 0;
            continue;
        }
        int64_t dist = d->ints[3 + ndims + k], darg = d->ints[3 + 2 * ndims + k];
        if (dist == DT_DISTRIBUTE_NONE) {
            lo[k] = 0, hi[k] = gs[k], block[k] = 0;
        } else if (dist == DT_DISTRIBUTE_BLOCK) {
            int64_t b = darg == DT_DISTRIBUTE_DFLT_DARG ? (gs[k] + psz[k] - 1) / psz[k] : darg;
            lo[k] = coords[k] * b;
            hi[k] = lo[k] + b < gs[k] ? lo[k] + b : gs[k];
            if (hi[k] < lo[k])
                hi[k] = lo[k];
            block[k] = 0;
        } else { /* cyclic(b): index i is ours when (i / b) % p == coord */
            int64_t b = darg == DT_DISTRIBUTE_DFLT_DARG ? 1 : darg;
            lo[k] = 0, hi[k] = gs[k];
            block[k] = b * 1000000 + psz[k] * 1000 + coords[k]; /* filter below */
        }
    }
    /* walk the index space in memory order: last dim fastest for C */
    for (int k = 0; k < ndims; k++)
        idx[k] = lo[k];
    for (int k = 0; k < ndims; k++)
        if (lo[k] >= hi[k])
            goto done;
    for (;;) {
        int ok = 1;
        int64_t lin = 0;
        for (int k = 0; k < ndims; k++)
            if (block[k]) {
                int64_t b = block[k] / 1000000, p = block[k] / 1000 % 1000, c = block[k] % 1000;
                ok &= (idx[k] / b) % p == c;
            }
        if (order == DT_ORDER_C)
            for (int k = 0; k < ndims; k++)
                lin = lin * gs[k] + idx[k];
        else
            for (int k = ndims - 1; k >= 0; k--)
                lin = lin * gs[k] + idx[k];
        if (ok) {
            for (int64_t r = 0; r < old->n; r++)
                tmap_add(m, lin * ext + old->runs[r].disp, old->runs[r].len);
        }
        /* next index: fastest dimension first */
        int k = order == DT_ORDER_C ? ndims - 1 : 0;
        for (;;) {
            if (++idx[k] < hi[k])
                break;
            idx[k] = lo[k];
            k += order == DT_ORDER_C ? -1 : 1;
            if (k < 0 || k >= ndims)
                goto done;
        }
    }
done:
    m->any = 1;
    m->lb = 0; /* defined through lb/ub markers: bounds are explicit */
    m->ub = total * ext;
    m->explicit_bounds = 1;
    m->align = old->align;
}

static void tmap_of(const desc_t *d, tmap_t *m)
{
    tmap_t old = {0};

    memset(m, 0, sizeof(*m));
    m->align = 1;
    if (d->kind == DT_COMBINER_NAMED) {
        for (int i = 0; i < NNAMED; i++)
            if (named_ref[i].id == d->named) {
                if (named_ref[i].index_disp) {
                    tmap_add(m, 0, named_ref[i].size - 4);
                    tmap_add(m, named_ref[i].index_disp, 4);
                } else {
                    tmap_add(m, 0, named_ref[i].size);
                }
                m->lb = 0, m->ub = named_ref[i].extent, m->any = 1, m->align = named_ref[i].align;
            }
        return;
    }
    if (d->kind != DT_COMBINER_STRUCT)
        tmap_of(d->inner[0], &old);
    switch (d->kind) {
    case DT_COMBINER_DUP:
        *m = old;
        return;
    case DT_COMBINER_RESIZED:
        *m = old;
        m->lb = d->addrs[0];
        m->ub = d->addrs[0] + d->addrs[1];
        m->any = 1;
        m->explicit_bounds = 1;
        return;
    case DT_COMBINER_CONTIGUOUS:
        tmap_copies(m, &old, 0, d->count, tmap_extent(&old));
        break;
    case DT_COMBINER_VECTOR:
    case DT_COMBINER_HVECTOR: {
        int64_t stride = d->kind == DT_COMBINER_VECTOR ? d->stride * tmap_extent(&old) : d->stride;
        for (int64_t i = 0; i < d->count; i++)
            tmap_copies(m, &old, i * stride, d->blocklen, tmap_extent(&old));
        break;
    }
    case DT_COMBINER_INDEXED:
    case DT_COMBINER_HINDEXED:
    case DT_COMBINER_INDEXED_BLOCK:
    case DT_COMBINER_HINDEXED_BLOCK: {
        int bytes = d->kind == DT_COMBINER_HINDEXED || d->kind == DT_COMBINER_HINDEXED_BLOCK;
        int block = d->kind == DT_COMBINER_INDEXED_BLOCK || d->kind == DT_COMBINER_HINDEXED_BLOCK;
        for (int i = 0; i < d->n; i++)
            tmap_copies(m, &old, bytes ? d->addrs[i] : d->addrs[i] * tmap_extent(&old),
                        block ? d->blocklen : d->ints[i], tmap_extent(&old));
        break;
    }
    case DT_COMBINER_STRUCT:
        for (int i = 0; i < d->n; i++) {
            tmap_t t;
            tmap_of(d->inner[i], &t);
            tmap_copies(m, &t, d->addrs[i], d->ints[i], tmap_extent(&t));
            free(t.runs);
        }
        if (m->any && !m->explicit_bounds && m->align > 1) {
            int64_t pad = (m->ub - m->lb) % m->align;
            if (pad < 0)
                pad += m->align;
            if (pad)
                m->ub += m->align - pad;
        }
        break;
    case DT_COMBINER_SUBARRAY:
        array_elements(d, &old, m, 0);
        break;
    case DT_COMBINER_DARRAY:
        array_elements(d, &old, m, 1);
        break;
    default:
        break;
    }
    free(old.runs);
}

/* ---- the generator ---- */

static desc_t *desc_new(dt_combiner_t kind)
{
    desc_t *d = calloc(1, sizeof(*d));
    d->kind = kind;
    return d;
}

static void desc_free(desc_t *d)
{
    if (!d)
        return;
    for (int i = 0; i < d->ninner; i++)
        desc_free(d->inner[i]);
    dt_type_release(d->type);
    free(d);
}

static desc_t *gen(int depth);

static desc_t *gen_named(void)
{
    desc_t *d = desc_new(DT_COMBINER_NAMED);
    d->named = named_ref[rnd() % NNAMED].id;
    d->type = dt_named(d->named);
    d->ident = d->type;
    return d;
}

/* Builds the engine type of d from its (already built) inner types; 0 on success. */
static int build(desc_t *d)
{
    dt_type_t *old = d->ninner ? d->inner[0]->type : NULL;
    dt_count_t ints[64];
    vmpl_status_t st = VMPL_ERR_INVALID_ARG;

    for (int i = 0; i < d->n; i++)
        ints[i] = d->ints[i];
    switch (d->kind) {
    case DT_COMBINER_DUP: st = dt_type_dup(old, &d->type); break;
    case DT_COMBINER_CONTIGUOUS: st = dt_type_contiguous(d->count, old, &d->type); break;
    case DT_COMBINER_VECTOR:
        st = dt_type_vector(d->count, d->blocklen, d->stride, old, &d->type);
        break;
    case DT_COMBINER_HVECTOR:
        st = dt_type_hvector(d->count, d->blocklen, d->stride, old, &d->type);
        break;
    case DT_COMBINER_INDEXED: st = dt_type_indexed(d->n, ints, d->addrs, old, &d->type); break;
    case DT_COMBINER_HINDEXED: st = dt_type_hindexed(d->n, ints, d->addrs, old, &d->type); break;
    case DT_COMBINER_INDEXED_BLOCK:
        st = dt_type_indexed_block(d->n, d->blocklen, d->addrs, old, &d->type);
        break;
    case DT_COMBINER_HINDEXED_BLOCK:
        st = dt_type_hindexed_block(d->n, d->blocklen, d->addrs, old, &d->type);
        break;
    case DT_COMBINER_STRUCT: {
        dt_type_t *types[8];
        for (int i = 0; i < d->n; i++)
            types[i] = d->inner[i]->type;
        st = dt_type_struct(d->n, ints, d->addrs, types, &d->type);
        break;
    }
    case DT_COMBINER_RESIZED: st = dt_type_resized(old, d->addrs[0], d->addrs[1], &d->type); break;
    case DT_COMBINER_SUBARRAY: {
        int nd = (int)d->ints[0];
        st = dt_type_subarray(nd, ints + 1, ints + 1 + nd, ints + 1 + 2 * nd, (int)ints[1 + 3 * nd],
                              old, &d->type);
        break;
    }
    case DT_COMBINER_DARRAY: {
        int nd = (int)d->ints[2], dist[8], ps[8];
        for (int k = 0; k < nd; k++)
            dist[k] = (int)ints[3 + nd + k], ps[k] = (int)ints[3 + 3 * nd + k];
        st = dt_type_darray((int)ints[0], (int)ints[1], nd, ints + 3, dist, ints + 3 + 2 * nd, ps,
                            (int)ints[3 + 4 * nd], old, &d->type);
        break;
    }
    default: break;
    }
    return st != VMPL_OK;
}

static desc_t *gen(int depth)
{
    desc_t *d;
    int kind = depth >= 4 ? 0 : (int)rnd_range(0, 12);

    if (kind == 0)
        return gen_named();
    d = desc_new((dt_combiner_t)kind);
    d->ninner = 1;
    switch (d->kind) {
    case DT_COMBINER_CONTIGUOUS: d->count = rnd_range(0, 4); break;
    case DT_COMBINER_VECTOR: case DT_COMBINER_HVECTOR:
        d->count = rnd_range(0, 5);
        d->blocklen = rnd_range(0, 3);
        d->stride = d->kind == DT_COMBINER_VECTOR ? rnd_range(-4, 6) : rnd_range(-40, 60);
        break;
    case DT_COMBINER_INDEXED: case DT_COMBINER_HINDEXED:
    case DT_COMBINER_INDEXED_BLOCK: case DT_COMBINER_HINDEXED_BLOCK:
        d->n = (int)rnd_range(0, 6);
        d->blocklen = rnd_range(0, 3);
        for (int i = 0; i < d->n; i++) {
            d->ints[i] = rnd_range(0, 3);
            d->addrs[i] = d->kind == DT_COMBINER_INDEXED || d->kind == DT_COMBINER_INDEXED_BLOCK
                              ? rnd_range(-5, 10) : rnd_range(-48, 96);
        }
        break;
    case DT_COMBINER_STRUCT:
        d->ninner = d->n = (int)rnd_range(0, 4);
        for (int i = 0; i < d->n; i++) {
            d->ints[i] = rnd_range(0, 3);
            d->addrs[i] = rnd_range(-32, 64);
            d->inner[i] = gen(depth + 1);
        }
        break;
    case DT_COMBINER_RESIZED:
        d->addrs[0] = rnd_range(-16, 16);
        d->addrs[1] = rnd_range(1, 64);
        break;
    case DT_COMBINER_SUBARRAY: {
        int nd = (int)rnd_range(1, 3);
        d->ints[0] = nd;
        for (int k = 0; k < nd; k++) {
            int64_t size = rnd_range(1, 5), sub = rnd_range(0, size);
            d->ints[1 + k] = size;
            d->ints[1 + nd + k] = sub;
            d->ints[1 + 2 * nd + k] = rnd_range(0, size - sub);
        }
        d->ints[1 + 3 * nd] = rnd() & 1 ? DT_ORDER_C : DT_ORDER_FORTRAN;
        d->n = 3 * nd + 2;
        break;
    }
    case DT_COMBINER_DARRAY: {
        int nd = (int)rnd_range(1, 3);
        int64_t procs = 1;
        d->ints[2] = nd;
        for (int k = 0; k < nd; k++) {
            int64_t g = rnd_range(1, 7), p = rnd_range(1, 3), dist = (int64_t)(rnd() % 3), darg;
            if (dist == DT_DISTRIBUTE_NONE)
                p = 1;
            darg = rnd() & 1 ? DT_DISTRIBUTE_DFLT_DARG
                   : dist == DT_DISTRIBUTE_BLOCK ? (g + p - 1) / p + rnd_range(0, 2)
                                                 : rnd_range(1, 3);
            d->ints[3 + k] = g;
            d->ints[3 + nd + k] = dist;
            d->ints[3 + 2 * nd + k] = darg;
            d->ints[3 + 3 * nd + k] = p;
            procs *= p;
        }
        d->ints[0] = procs;
        d->ints[1] = rnd_range(0, procs - 1);
        d->ints[3 + 4 * nd] = rnd() & 1 ? DT_ORDER_C : DT_ORDER_FORTRAN;
        d->n = 4 * nd + 4;
        break;
    }
    default: break;
    }
    if (d->kind != DT_COMBINER_STRUCT)
        d->inner[0] = gen(depth + 1);
    if (build(d) != 0) {
        printf("FAIL: constructor %d rejected valid arguments\n", d->kind);
        failed++;
        desc_free(d);
        return gen_named();
    }
    d->ident = d->type;
    /* the outer type keeps its inner ones alive: drop ours now */
    for (int i = 0; i < d->ninner; i++) {
        dt_type_release(d->inner[i]->type);
        d->inner[i]->type = NULL;
    }
    return d;
}

/* ---- checks ---- */

static void check_bounds(const desc_t *d, const tmap_t *m)
{
    dt_aint_t lb, ext, tlb, text;
    int64_t size = 0, lo = INT64_MAX, hi = INT64_MIN;

    for (int64_t r = 0; r < m->n; r++) {
        size += m->runs[r].len;
        lo = m->runs[r].disp < lo ? m->runs[r].disp : lo;
        hi = m->runs[r].disp + m->runs[r].len > hi ? m->runs[r].disp + m->runs[r].len : hi;
    }
    if (!m->n)
        lo = hi = 0;
    dt_type_extent(d->type, &lb, &ext);
    dt_type_true_extent(d->type, &tlb, &text);
    CHECK(dt_type_size(d->type) == size, "combiner %d: size %lld, reference %lld", d->kind,
          (long long)dt_type_size(d->type), (long long)size);
    CHECK(lb == (m->any ? m->lb : 0) && ext == (m->any ? m->ub - m->lb : 0),
          "combiner %d: lb %lld extent %lld, reference %lld %lld", d->kind, (long long)lb,
          (long long)ext, (long long)m->lb, (long long)(m->ub - m->lb));
    CHECK(tlb == lo && text == hi - lo, "combiner %d: true lb %lld extent %lld, reference %lld %lld",
          d->kind, (long long)tlb, (long long)text, (long long)lo, (long long)(hi - lo));
}

static void check_contents(const desc_t *d)
{
    dt_envelope_t env;
    dt_count_t ints[64];
    dt_aint_t addrs[64];
    dt_type_t *types[8];
    int ok = 1;

    if (d->kind == DT_COMBINER_NAMED)
        return;
    CHECK(dt_type_envelope(d->type, &env) == VMPL_OK && env.combiner == d->kind,
          "envelope combiner %d, generated %d", env.combiner, d->kind);
    if (dt_type_contents(d->type, 64, 64, 8, ints, addrs, types) != VMPL_OK) {
        CHECK(0, "contents of combiner %d", d->kind);
        return;
    }
    switch (d->kind) {
    case DT_COMBINER_CONTIGUOUS: ok = ints[0] == d->count; break;
    case DT_COMBINER_VECTOR:
        ok = ints[0] == d->count && ints[1] == d->blocklen && ints[2] == d->stride;
        break;
    case DT_COMBINER_HVECTOR:
        ok = ints[0] == d->count && ints[1] == d->blocklen && addrs[0] == d->stride;
        break;
    case DT_COMBINER_INDEXED:
        ok = ints[0] == d->n;
        for (int i = 0; i < d->n; i++)
            ok &= ints[1 + i] == d->ints[i] && ints[1 + d->n + i] == d->addrs[i];
        break;
    case DT_COMBINER_HINDEXED: case DT_COMBINER_STRUCT:
        ok = ints[0] == d->n;
        for (int i = 0; i < d->n; i++)
            ok &= ints[1 + i] == d->ints[i] && addrs[i] == d->addrs[i];
        break;
    case DT_COMBINER_INDEXED_BLOCK:
        ok = ints[0] == d->n && ints[1] == d->blocklen;
        for (int i = 0; i < d->n; i++)
            ok &= ints[2 + i] == d->addrs[i];
        break;
    case DT_COMBINER_HINDEXED_BLOCK:
        ok = ints[0] == d->n && ints[1] == d->blocklen;
        for (int i = 0; i < d->n; i++)
            ok &= addrs[i] == d->addrs[i];
        break;
    case DT_COMBINER_RESIZED: ok = addrs[0] == d->addrs[0] && addrs[1] == d->addrs[1]; break;
    case DT_COMBINER_SUBARRAY: case DT_COMBINER_DARRAY:
        for (int i = 0; i < d->n; i++)
            ok &= ints[i] == d->ints[i];
        break;
    default: break;
    }
    for (int i = 0; i < env.num_datatypes; i++) {
        ok &= types[i] == d->inner[i]->ident;
        dt_type_release(types[i]);
    }
    CHECK(ok, "contents of combiner %d differ from the constructor's arguments", d->kind);
}

/* Reference pack of count elements; the user buffer origin is at base. */
static void reference_pack(const tmap_t *m, int64_t count, const char *base, char *out)
{
    for (int64_t e = 0; e < count; e++)
        for (int64_t r = 0; r < m->n; r++) {
            memcpy(out, base + e * (m->ub - m->lb) + m->runs[r].disp, (size_t)m->runs[r].len);
            out += m->runs[r].len;
        }
}

static int overlaps(const tmap_t *m, int64_t count, int64_t lo, char *mark, int64_t span)
{
    memset(mark, 0, (size_t)span);
    for (int64_t e = 0; e < count; e++)
        for (int64_t r = 0; r < m->n; r++)
            for (int64_t b = 0; b < m->runs[r].len; b++) {
                int64_t at = e * (m->ub - m->lb) + m->runs[r].disp + b - lo;
                if (mark[at]++)
                    return 1;
            }
    return 0;
}

static void check_data(const desc_t *d, const tmap_t *m)
{
    int64_t count = rnd_range(0, 3), ext = m->ub - m->lb, lo = 0, hi = 0, span, total = 0;
    char *user, *want, *got, *mark, *base;
    size_t bytes;

    for (int64_t e = 0; e < count; e++)
        for (int64_t r = 0; r < m->n; r++) {
            int64_t at = e * ext + m->runs[r].disp;
            lo = at < lo ? at : lo;
            hi = at + m->runs[r].len > hi ? at + m->runs[r].len : hi;
            total += m->runs[r].len;
        }
    span = hi - lo + 1;
    user = malloc((size_t)span);
    mark = malloc((size_t)span);
    want = malloc((size_t)total + 1);
    got = malloc((size_t)total + 1);
    for (int64_t i = 0; i < span; i++)
        user[i] = (char)rnd();
    base = user - lo;
    CHECK(dt_pack_size(d->type, count, &bytes) == VMPL_OK && (int64_t)bytes == total,
          "pack size %zu, reference %lld", bytes, (long long)total);
    reference_pack(m, count, base, want);
    CHECK(dt_pack(d->type, count, base, 0, got, (size_t)total) == VMPL_OK &&
              !memcmp(got, want, (size_t)total), "pack of %lld elements (combiner %d)",
          (long long)count, d->kind);
    { /* the same stream in up to five random pieces, packed in reverse order */
        int64_t cut[6] = {0}, ncut = rnd_range(1, 5);
        for (int i = 1; i < ncut; i++)
            cut[i] = total ? rnd_range(0, total) : 0;
        cut[ncut] = total;
        for (int i = 1; i < ncut; i++) /* sort */
            for (int j = i + 1; j < ncut; j++)
                if (cut[j] < cut[i]) {
                    int64_t t = cut[i];
                    cut[i] = cut[j], cut[j] = t;
                }
        memset(got, 0, (size_t)total + 1);
        for (int64_t i = ncut - 1; i >= 0; i--)
            dt_pack(d->type, count, base, (size_t)cut[i], got + cut[i], (size_t)(cut[i + 1] - cut[i]));
        CHECK(!memcmp(got, want, (size_t)total), "pack in %lld pieces (combiner %d)",
              (long long)ncut, d->kind);
    }
    if (!overlaps(m, count, lo, mark, span)) {
        char *before = malloc((size_t)span);
        int64_t half = total / 2;
        memcpy(before, user, (size_t)span);
        for (int64_t i = 0; i < total; i++)
            want[i] = (char)(i * 31 + 7);
        dt_unpack(d->type, count, base, (size_t)half, want + half, (size_t)(total - half));
        dt_unpack(d->type, count, base, 0, want, (size_t)half);
        reference_pack(m, count, base, got); /* read back what landed */
        CHECK(!memcmp(got, want, (size_t)total), "unpack (combiner %d)", d->kind);
        for (int64_t i = 0; i < span; i++)
            if (!mark[i] && user[i] != before[i]) {
                CHECK(0, "unpack wrote a gap byte at %lld (combiner %d)", (long long)(i + lo),
                      d->kind);
                break;
            }
        free(before);
    }
    free(user);
    free(mark);
    free(want);
    free(got);
}

static void print_desc(const desc_t *d, int depth)
{
    printf("%*s%s", 2 * depth, "", d->kind == DT_COMBINER_NAMED ? dt_named_name(d->named) : "");
    if (d->kind != DT_COMBINER_NAMED) {
        printf("combiner %d count %lld blocklen %lld stride %lld n %d ints", d->kind,
               (long long)d->count, (long long)d->blocklen, (long long)d->stride, d->n);
        for (int i = 0; i < d->n && i < 16; i++)
            printf(" %lld", (long long)d->ints[i]);
        printf(" addrs");
        for (int i = 0; i < d->n && i < 16; i++)
            printf(" %lld", (long long)d->addrs[i]);
    }
    printf("\n");
    for (int i = 0; i < d->ninner; i++)
        print_desc(d->inner[i], depth + 1);
}

int main(int argc, char **argv)
{
    uint64_t seed = 1;
    long iterations = 2000;

    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--seed"))
            seed = strtoull(argv[i + 1], NULL, 0);
        else if (!strcmp(argv[i], "--iterations"))
            iterations = atol(argv[i + 1]);
    }
    long checked[DT_COMBINER_COUNT] = {0}, skipped = 0;

    printf("seed %llu, %ld types\n", (unsigned long long)seed, iterations);
    rng_state = seed * 0x9e3779b97f4a7c15ull + 1;
    for (long it = 0; it < iterations; it++) {
        desc_t *d = gen(0);
        unsigned long failed_before = failed;
        tmap_t m;
        int64_t ext;

        tmap_of(d, &m);
        ext = m.ub - m.lb;
        if (m.n > MAX_ENTRIES || ext > (1 << 20) || ext < -(1 << 20) ||
            dt_type_size(d->type) > (1 << 20)) {
            free(m.runs);
            desc_free(d);
            skipped++;
            continue; /* too big to check cheaply */
        }
        checked[d->kind]++;
        CHECK(dt_type_commit(d->type) == VMPL_OK, "commit");
        check_bounds(d, &m);
        check_contents(d);
        check_data(d, &m);
        {
            char small[8];
            size_t need = dt_type_describe(d->type, small, sizeof(small));
            CHECK(need >= strlen(small) && strlen(small) < sizeof(small), "describe truncation");
        }
        if (failed != failed_before && verbose_fail < 40) {
            char text[512];
            dt_type_describe(d->type, text, sizeof(text));
            printf("  iteration %ld (seed %llu), type:\n", it, (unsigned long long)seed);
            print_desc(d, 2);
            printf("  normalized: %s\n", text);
        }
        free(m.runs);
        desc_free(d);
    }
    printf("checked by outer combiner:");
    for (int k = 0; k < DT_COMBINER_COUNT; k++)
        printf(" %d:%ld", k, checked[k]);
    printf(", %ld too big\n%lu passed, %lu failed\n", skipped, passed, failed);
    return failed != 0;
}
