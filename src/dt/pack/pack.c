/*
 * Pack and unpack: a walk of the normalized layout over one byte range of
 * the packed stream. Any start offset is found by division (loops) and
 * binary search (sequences), so the walk keeps no state between calls;
 * innermost loops over blocks go to the strided kernels, sequences of
 * small blocks to fixed-size moves.
 */
#include "dt/pack/pack.h"

#include <base/log.h>

static void walk_node(const dt_node_t *n, char *origin, int64_t skip, int64_t len, char **packed,
                      int unpack);

/*
 * The kernel pair for nfull elements of loop from its element at first
 * (to or from the packed stream at packed): the selected pair, or the one
 * for longer spans (dt_kernel_select); in a mid pair's spans, the pair
 * its trial took (dt_kernel_mid_taken, on the first call there). When
 * that pair still has one after it, a call spanning more than
 * DT_STRIDED_PROBE_SPAN of user memory and moving DT_STRIDED_PROBE_BYTES
 * or more times one load of its first user line, and takes the last pair
 * (no gathers) when the line came from DRAM. The calibration picks
 * gathers in the caches; from DRAM they lose to plain moves, which the
 * hardware prefetchers follow. The probe itself costs a small call a
 * noticeable share, hence the bytes bound (record:
 * docs/perf/dt-strided-kernels.md).
 */
#define DT_STRIDED_PROBE_SPAN ((int64_t)512 << 10)
#define DT_STRIDED_PROBE_BYTES ((int64_t)16 << 10)
const dt_kernel_t *dt_strided_kernel(const dt_node_t *loop, char *first, int64_t nfull,
                                     char *packed, int unpack)
{
    const int64_t stride = loop->u.loop.stride, dist = stride < 0 ? -stride : stride;
    const size_t blen = (size_t)loop->u.loop.child->size;
    const uint64_t span = (uint64_t)nfull * (uint64_t)dist;
    const dt_kernel_t *k = loop->u.loop.kernel;

    if (!k)
        k = dt_kernel_select(blen, stride);
    if (k->near && span <= DT_NEAR_SPAN)
        return k->near;
    while (k->far && span > k->far_span) { /* the pairs for longer spans (dt_kernel_select) */
        const dt_kernel_t *next = k->far;
        if (next->mid_use && next->far && span <= next->far_span) {
            k = dt_kernel_mid_taken(next, unpack, first, stride, blen, (size_t)nfull, packed)
                    ? next
                    : next->far;
            break;
        }
        k = next;
    }
    if (k->far && nfull * loop->u.loop.child->size >= DT_STRIDED_PROBE_BYTES &&
        dt_cold_policy(first, nfull, dist, DT_STRIDED_PROBE_SPAN, INT64_MAX))
        while (k->far)
            k = k->far;
    return k;
}

static void walk_strided(const dt_node_t *loop, char *first, int64_t i, int64_t nfull,
                         char **packed, int unpack)
{
    const dt_node_t *block = loop->u.loop.child;
    int64_t stride = loop->u.loop.stride;
    const dt_kernel_t *k = dt_strided_kernel(loop, first + i * stride, nfull, *packed, unpack);
    const struct dt_group *g;

    g = k == loop->u.loop.kernel ? loop->u.loop.group : NULL; /* built for this kernel */
    if (unpack && g && k->group_unpack)
        k->group_unpack(g, first + i * stride, stride, *packed, (size_t)block->size,
                        (size_t)nfull);
    else if (unpack)
        k->unpack(first + i * stride, stride, *packed, (size_t)block->size, (size_t)nfull);
    else if (g && k->group_pack)
        k->group_pack(g, *packed, first + i * stride, stride, (size_t)block->size,
                      (size_t)nfull);
    else
        k->pack(*packed, first + i * stride, stride, (size_t)block->size, (size_t)nfull);
    *packed += nfull * block->size;
}

/*
 * Whole children in len bytes from child i of loop n: all the rest without
 * a division when len reaches their end (a whole call, the common case;
 * a 64-bit division costs about as much as packing 64 bytes; record:
 * docs/perf/dt-walker.md).
 */
static int64_t full_children(const dt_node_t *n, int64_t i, int64_t len)
{
    const int64_t rest = n->u.loop.count - i, csize = n->u.loop.child->size;

    return len >= rest * csize ? rest : len / csize;
}

static void walk_loop(const dt_node_t *n, char *base, int64_t skip, int64_t len, char **packed,
                      int unpack)
{
    const dt_node_t *child = n->u.loop.child;
    int64_t csize = child->size, stride = n->u.loop.stride;
    int64_t i = skip ? skip / csize : 0, off = skip ? skip % csize : 0, part, nfull;

    if (child->kind == DT_NODE_BLOCK) {
        char *first = base + child->disp;
        if (off) {
            part = csize - off < len ? csize - off : len;
            dt_xfer_exact(first + i * stride + off, *packed, part, unpack);
            *packed += part;
            len -= part;
            i++;
        }
        if ((nfull = full_children(n, i, len)) > 0) {
            walk_strided(n, first, i, nfull, packed, unpack);
            i += nfull;
            len -= nfull * csize;
        }
        if (len) {
            dt_xfer_exact(first + i * stride, *packed, len, unpack);
            *packed += len;
        }
        return;
    }
    while (len > 0) {
        if (off == 0 && child->kind == DT_NODE_SEQ && child->u.seq.small_blocks &&
            (nfull = full_children(n, i, len)) > 0) {
            if (unpack)
                dt_program_unpack(child, base + i * stride + child->disp, stride, nfull, packed);
            else
                dt_program_pack(child, base + i * stride + child->disp, stride, nfull, packed);
            i += nfull;
            len -= nfull * csize;
            continue;
        }
        part = csize - off < len ? csize - off : len;
        walk_node(child, base + i * stride, off, part, packed, unpack);
        len -= part;
        off = 0;
        i++;
    }
}

static void walk_seq(const dt_node_t *n, char *base, int64_t skip, int64_t len, char **packed,
                     int unpack)
{
    const int64_t *start = n->u.seq.start;
    int64_t lo = 0, hi = n->u.seq.n - 1;

    while (lo < hi) { /* last child starting at or before skip */
        int64_t mid = (lo + hi + 1) / 2;
        if (start[mid] <= skip)
            lo = mid;
        else
            hi = mid - 1;
    }
    if (n->u.seq.small_blocks) {
        dt_program_range(n, base, lo, skip - start[lo], len, packed, unpack);
        return;
    }
    for (int64_t k = lo; len > 0; k++) {
        int64_t off = skip - start[k], part = start[k + 1] - skip;
        if (part > len)
            part = len;
        walk_node(n->u.seq.child[k], base, off, part, packed, unpack);
        skip += part;
        len -= part;
    }
}

static void walk_node(const dt_node_t *n, char *origin, int64_t skip, int64_t len, char **packed,
                      int unpack)
{
    char *base = origin + n->disp;

    switch (n->kind) {
    case DT_NODE_BLOCK:
        dt_xfer_exact(base + skip, *packed, len, unpack);
        *packed += len;
        break;
    case DT_NODE_LOOP:
        walk_loop(n, base, skip, len, packed, unpack);
        break;
    case DT_NODE_SEQ:
        walk_seq(n, base, skip, len, packed, unpack);
        break;
    }
}

void dt_walk(const dt_node_t *node, const char *origin, int64_t skip, int64_t len, char *packed,
             int unpack)
{
    walk_node(node, (char *)origin, skip, len, &packed, unpack);
}

/* Argument checks shared by pack and unpack; *total_p is the stream length. */
static vmpl_status_t range_check(const dt_type_t *type, dt_count_t count, size_t offset,
                                 size_t len, const void *packed, const char *who)
{
    int64_t total, end;

    if (!type) {
        base_error("dt", "%s: null datatype", who);
        return VMPL_ERR_INVALID_TYPE;
    }
    if (!type->committed) {
        base_error("dt", "%s: datatype not committed", who);
        return VMPL_ERR_TYPE_NOT_COMMITTED;
    }
    if (count < 0) {
        base_error("dt", "%s: negative count %lld", who, (long long)count);
        return VMPL_ERR_INVALID_ARG;
    }
    if (dt_mul(count, type->size, &total)) {
        base_error("dt", "%s: %lld elements of %lld bytes overflow 64 bits", who,
                   (long long)count, (long long)type->size);
        return VMPL_ERR_OVERFLOW;
    }
    if (offset > (size_t)INT64_MAX || len > (size_t)INT64_MAX ||
        dt_add((int64_t)offset, (int64_t)len, &end) || end > total) {
        base_error("dt", "%s: bytes [%zu, +%zu) beyond the %lld-byte packed data", who, offset,
                   len, (long long)total);
        return VMPL_ERR_TRUNCATE;
    }
    if (len && !packed) {
        base_error("dt", "%s: null packed buffer", who);
        return VMPL_ERR_INVALID_ARG;
    }
    return VMPL_OK;
}

/* The range over count elements: a loop of count copies at the type's extent. */
static void transfer(const dt_type_t *type, dt_count_t count, char *user, size_t offset,
                     char *packed, size_t len, int unpack)
{
    const dt_node_t *layout = type->layout;
    int64_t extent = type->ub - type->lb;
    dt_node_t elements;

    if (len == 0)
        return;
    if (layout->kind == DT_NODE_BLOCK && extent == layout->size) {
        user += layout->disp + (int64_t)offset; /* elements tile one run */
        dt_xfer_exact(user, packed, (int64_t)len, unpack);
        return;
    }
    if (count == 1) {
        dt_walk(layout, user, (int64_t)offset, (int64_t)len, packed, unpack);
        return;
    }
    /*
     * Field by field: a compound literal zeroes the whole node (the
     * union's sequence member too), which gcc does by REP STOSQ, a
     * noticeable share of a small struct pack (record: docs/perf/dt-walker.md).
     */
    elements.kind = DT_NODE_LOOP;
    elements.disp = 0;
    elements.size = count * type->size;
    elements.u.loop.count = count;
    elements.u.loop.stride = extent;
    elements.u.loop.child = (dt_node_t *)layout;
    elements.u.loop.kernel = type->elements_kernel; /* commit's (dt_pack_prepare_type) */
    elements.u.loop.group = type->elements_group;
    dt_walk(&elements, user, (int64_t)offset, (int64_t)len, packed, unpack);
}

vmpl_status_t dt_pack_size(const dt_type_t *type, dt_count_t count, size_t *size_p)
{
    int64_t total;

    if (!type)
        return VMPL_ERR_INVALID_TYPE;
    if (count < 0)
        return VMPL_ERR_INVALID_ARG;
    if (dt_mul(count, type->size, &total))
        return VMPL_ERR_OVERFLOW;
    *size_p = (size_t)total;
    return VMPL_OK;
}

vmpl_status_t dt_pack(const dt_type_t *type, dt_count_t count, const void *inbuf, size_t offset,
                      void *out, size_t len)
{
    vmpl_status_t status = range_check(type, count, offset, len, out, "pack");

    if (status == VMPL_OK)
        transfer(type, count, (char *)inbuf, offset, out, len, 0);
    return status;
}

vmpl_status_t dt_unpack(const dt_type_t *type, dt_count_t count, void *outbuf, size_t offset,
                        const void *in, size_t len)
{
    vmpl_status_t status = range_check(type, count, offset, len, in, "unpack");

    if (status == VMPL_OK)
        transfer(type, count, outbuf, offset, (char *)in, len, 1);
    return status;
}
