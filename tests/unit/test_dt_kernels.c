/*
 * Every strided-copy kernel the CPU can run, against the reference byte
 * loops: many block lengths, strides (including negative and overlapping-
 * free short ones) and block counts around the vector group sizes. Pack
 * must leave the bytes after the packed data alone; unpack must leave
 * every gap byte alone; neither may touch memory past the last block (the
 * data ends at an inaccessible page, so a stray read faults).
 */
#include "dt/kernels/kernel.h"
#include "dt/pack/pack.h"
#include "dt/kernels/kernel_private.h"
#include "dt_kernel_check.h"

#include <base/cpu.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static unsigned long passed, failed, skipped;

/*
 * Ends a section: its check count, or, when it checked nothing (the CPU
 * lacks what it tests), a SKIP line with the reason; that counts as a
 * skip, never as a pass.
 */
static void section_end(const char *name, unsigned long before, const char *why_none)
{
    if (passed + failed > before) {
        printf("%-20s %lu checks\n", name, passed + failed - before);
    } else {
        printf("%-20s SKIP: nothing checked (%s)\n", name, why_none);
        skipped++;
    }
}

/* A region whose usable part [base, base + bytes) ends at a PROT_NONE page. */
typedef struct {
    char *map;
    size_t map_bytes;
    char *base;
} fenced_t;

static int fenced_alloc(fenced_t *f, size_t bytes)
{
    size_t page = (size_t)sysconf(_SC_PAGESIZE), data = (bytes + page - 1) / page * page;

    f->map_bytes = data + page;
    f->map = mmap(NULL, f->map_bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (f->map == MAP_FAILED)
        return -1;
    mprotect(f->map + data, page, PROT_NONE);
    f->base = f->map + data - bytes;
    return 0;
}

static void check_shape(const dt_kernel_t *k, size_t blen, ptrdiff_t stride, size_t nblocks)
{
    size_t dist = (size_t)(stride < 0 ? -stride : stride);
    size_t span = nblocks ? (nblocks - 1) * dist + blen : 0, packed = nblocks * blen;
    fenced_t user;
    char *first, *out = malloc(packed + 64), *want = malloc(packed + 64);
    char *ref_user = malloc(span + 1);

    if (!out || !want || !ref_user || fenced_alloc(&user, span + 1) != 0) {
        printf("allocation failed\n");
        failed++;
        return;
    }
    user.base += 1; /* odd address; the last block still ends at the fence */
    for (size_t i = 0; i < span; i++)
        user.base[i] = (char)(i * 7 + 3);
    first = stride < 0 ? user.base + span - blen : user.base;
    memset(out, 0x5a, packed + 64);
    memset(want, 0x5a, packed + 64);
    k->pack(out + 1 - 1, first, stride, blen, nblocks);
    dt_reference_pack(want, first, stride, blen, nblocks);
    if (memcmp(out, want, packed + 64)) {
        failed++;
        printf("FAIL %s pack blen %zu stride %td n %zu\n", k->name, blen, stride, nblocks);
    } else {
        passed++;
    }
    for (size_t i = 0; i < packed; i++)
        out[i] = (char)(i * 13 + 1);
    memcpy(ref_user, user.base, span);
    k->unpack(first, stride, out, blen, nblocks);
    dt_reference_unpack(ref_user + (first - user.base), stride, out, blen, nblocks);
    if (memcmp(user.base, ref_user, span)) {
        failed++;
        printf("FAIL %s unpack blen %zu stride %td n %zu\n", k->name, blen, stride, nblocks);
    } else {
        passed++;
    }
    munmap(user.map, user.map_bytes);
    free(out);
    free(want);
    free(ref_user);
}

/*
 * Short blocks at short strides, at counts whose span passes
 * DT_PREFETCH_SPAN: the loops that prefetch (kernels/kernel_private.h), with
 * a partial last step; the masked loops with their prefetches and without
 * (dt_masked_prefetch set and clear, whatever this CPU's probe found).
 */
static void check_far(const dt_kernel_t *k)
{
    static const size_t shapes[][2] = {{8, 12}, {4, 24}, {3, 40}}; /* blen, stride */
    const int prefetch = dt_masked_prefetch;

    for (int pf = 1; pf >= 0; pf--) {
        dt_masked_prefetch = pf;
        for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
            size_t blen = shapes[i][0], stride = shapes[i][1];
            if (k->applies(blen, (ptrdiff_t)stride))
                check_shape(k, blen, (ptrdiff_t)stride, (size_t)DT_PREFETCH_SPAN / stride + 7);
        }
    }
    dt_masked_prefetch = prefetch;
}

/*
 * Blocks one or two lines apart over more than DT_SPARSE_SPAN bytes: the
 * fixed moves that prefetch the strided side (dt_sparse_prefetch), the
 * last steps without it, both directions of stride.
 */
static void check_sparse(const dt_kernel_t *k)
{
    static const ptrdiff_t shapes[][2] = {{8, 128}, {8, -128}, {16, 64}, {24, 96}};

    for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
        size_t blen = (size_t)shapes[i][0];
        ptrdiff_t stride = shapes[i][1];
        size_t dist = (size_t)(stride < 0 ? -stride : stride);
        if (k->applies(blen, stride))
            check_shape(k, blen, stride, (size_t)DT_SPARSE_SPAN / dist + 7);
    }
}

/*
 * Contiguous copies (dt_copy, and on x86 with AVX2 its backward copy
 * directly): lengths around the vector steps and the placement rule's
 * bounds, destinations at distances modulo 4096 inside and outside its
 * windows, the source ending at an inaccessible page; the bytes around
 * the destination stay as they were.
 */
static void copy_check(void (*copy)(char *restrict, const char *restrict, size_t),
                       const char *name, size_t n, size_t ahead, const fenced_t *src,
                       char *dst_area)
{
    const char *s = src->base + (4 << 20) - n; /* ends at the fence */
    char *d = dst_area + 4096 + (((uintptr_t)s + ahead) & 4095);

    memset(d - 64, 0x11, n + 128);
    copy(d, s, n);
    if (memcmp(d, s, n) || d[-1] != 0x11 || d[n] != 0x11) {
        failed++;
        printf("FAIL %s n %zu ahead %zu\n", name, n, ahead);
    } else {
        passed++;
    }
}

static void check_copies(void)
{
    static const size_t lens[] = {128,   129,   159,   160,    191,    255,    256,
                                  600,   2047,  2048,  2049,   3000,   4095,   4096,
                                  32767, 32768, 40000, 262088, 1048575, 1048576, 1048600};
    static const size_t aheads[] = {0, 1, 7, 8, 16, 24, 31, 32, 40, 56, 200, 255, 256, 4095};
    fenced_t src;
    char *dst_area = aligned_alloc(4096, (3 << 20) + 3 * 4096); /* page-aligned: exact distances */

    if (!dst_area || fenced_alloc(&src, 4 << 20) != 0) {
        printf("allocation failed\n");
        failed++;
        free(dst_area);
        return;
    }
    for (size_t i = 0; i < (4u << 20); i++)
        src.base[i] = (char)(i * 13 + i / 251);
    for (size_t l = 0; l < sizeof(lens) / sizeof(lens[0]); l++)
        for (size_t a = 0; a < sizeof(aheads) / sizeof(aheads[0]); a++) {
            copy_check(dt_copy, "dt_copy", lens[l], aheads[a], &src, dst_area);
#if defined(__x86_64__)
            if (base_cpu_features()->avx2)
                copy_check(dt_copy_backward_avx2, "dt_copy_backward_avx2", lens[l], aheads[a],
                           &src, dst_area);
#endif
        }
    munmap(src.map, src.map_bytes);
    free(dst_area);
}

/*
 * An irregular indexed type (blocks of 1-8 ints, gaps of 0-16 ints, as
 * pack_bench's indexed_int) packed by one call spanning more than
 * DT_BLOCKS_FAR_SPAN, where packs skip the masked moves' choice: with
 * dt_masked_prefetch set (the masked moves, prefetching) and clear (the
 * fixed-size moves of pack/small.c), each against a byte loop, the
 * user data ending at a fenced page and nothing written past the packed
 * bytes. Without AVX-512 both runs take the fixed-size moves.
 */
static void check_far_sequence_packs(void)
{
    enum { INTS = 256, TAIL = 64 };
    dt_count_t len[INTS], disp[INTS];
    int64_t nb = 0, total = 0, pos = 0, extent, count;
    uint64_t x = 2024;
    const int prefetch = dt_masked_prefetch;
    char *packed = NULL, *ref = NULL;
    dt_type_t *idx = NULL, *t = NULL;
    fenced_t user = {0};
    size_t size, span;

#define NEXT() (x ^= x << 13, x ^= x >> 7, x ^= x << 17, (int64_t)(x >> 33))
    while (total < INTS) {
        int64_t gap = NEXT() % 17, l = 1 + NEXT() % 8;
        l = l < INTS - total ? l : INTS - total;
        pos += gap;
        disp[nb] = pos, len[nb++] = l;
        pos += l, total += l;
    }
#undef NEXT
    extent = 4 * (pos + 3);
    count = DT_BLOCKS_FAR_SPAN / extent + 33;
    size = (size_t)count * 4 * INTS;
    span = (size_t)(count * extent);
    if (dt_type_indexed(nb, len, disp, dt_named(DT_INT), &idx) != VMPL_OK ||
        dt_type_resized(idx, 0, extent, &t) != VMPL_OK || dt_type_commit(t) != VMPL_OK ||
        fenced_alloc(&user, span) != 0 || !(packed = malloc(size + TAIL)) ||
        !(ref = malloc(size))) {
        printf("FAIL far sequence: setup\n");
        failed++;
        goto out;
    }
    for (size_t i = 0; i < span; i++)
        user.base[i] = (char)(i * 7 + i / 509);
    for (int64_t e = 0, at = 0; e < count; e++)
        for (int64_t b = 0; b < nb; at += 4 * len[b], b++)
            memcpy(ref + at, user.base + e * extent + 4 * disp[b], (size_t)(4 * len[b]));
    for (int pf = 1; pf >= 0; pf--) {
        dt_masked_prefetch = pf;
        memset(packed, 0x5a, size + TAIL);
        if (dt_pack(t, count, user.base, 0, packed, size) != VMPL_OK || memcmp(packed, ref, size) ||
            packed[size] != 0x5a || packed[size + TAIL - 1] != 0x5a) {
            printf("FAIL far sequence pack (dt_masked_prefetch %d)\n", pf);
            failed++;
        } else {
            passed++;
        }
    }
    dt_masked_prefetch = prefetch;
out:
    if (user.map)
        munmap(user.map, user.map_bytes);
    free(packed);
    free(ref);
    dt_type_release(t);
    dt_type_release(idx);
}

#if defined(__x86_64__)
/*
 * Piece-by-piece reference of a group's layout, pack (unpack = 0) or
 * unpack; data: element 0's first data byte, at displacement lo.
 */
static void group_ref(const dt_piece_t *pc, int n, int64_t lo, int64_t stride, char *data,
                      int64_t count, char *packed, int unpack)
{
    for (int64_t i = 0; i < count; i++)
        for (int k = 0; k < n; k++) {
            char *u = data + i * stride + pc[k].disp - lo;
            if (unpack)
                memcpy(u, packed, (size_t)pc[k].len);
            else
                memcpy(packed, u, (size_t)pc[k].len);
            packed += pc[k].len;
        }
}

/*
 * Element groups (kernels/group.h), and the masked block moves' unpack, with
 * the user data and the packed stream each ending at an inaccessible page:
 * the unmasked loads of whole windows and packed vectors must stop at the
 * last data byte.
 */
static void check_group_fenced(const dt_piece_t *pc, int n, int64_t stride, int64_t count)
{
    dt_group_t g;
    fenced_t user, packed;
    int64_t size = 0, width;
    char *first, *want, *ref_user;

    for (int k = 0; k < n; k++)
        size += pc[k].len;
    if (!dt_group_init(&g, pc, n, stride)) {
        failed++, printf("FAIL group: no group for stride %lld\n", (long long)stride);
        return;
    }
    width = count ? (count - 1) * stride + g.width : 0;
    if (fenced_alloc(&user, (size_t)width + 1) || fenced_alloc(&packed, (size_t)(count * size))) {
        failed++, printf("allocation failed\n");
        return;
    }
    want = malloc((size_t)(count * size) + 1);
    ref_user = malloc((size_t)width + 1);
    user.base += 1; /* the last data byte ends at the fence */
    first = user.base - g.window;
    for (int64_t i = 0; i < width; i++)
        user.base[i] = (char)(i * 7 + 3);
    dt_group_pack_vbmi(&g, first, count, packed.base);
    group_ref(pc, n, g.window, stride, user.base, count, want, 0);
    if (memcmp(packed.base, want, (size_t)(count * size)))
        failed++, printf("FAIL group pack stride %lld count %lld\n", (long long)stride,
                         (long long)count);
    else
        passed++;
    for (int u = 0; u < 2; u++) { /* the group's unpack, then the masked block moves' */
        for (int64_t i = 0; i < count * size; i++)
            packed.base[i] = (char)(i * 13 + 1 + u);
        memcpy(ref_user, user.base, (size_t)width);
        if (u == 0)
            dt_group_unpack_vbmi(&g, first, count, packed.base);
        else
            dt_blocks_unpack_avx512(pc, n, first, stride, count, packed.base);
        group_ref(pc, n, g.window, stride, ref_user, count, packed.base, 1);
        if (memcmp(user.base, ref_user, (size_t)width))
            failed++, printf("FAIL %s unpack stride %lld count %lld\n", u ? "blocks" : "group",
                             (long long)stride, (long long)count);
        else
            passed++;
    }
    munmap(user.map, user.map_bytes);
    munmap(packed.map, packed.map_bytes);
    free(want);
    free(ref_user);
}

/*
 * Unpacks spanning more than DT_UNPACK_PREFETCH_SPAN with their first user
 * line taken as cold (dt_unpack_cold_ticks 1) on a CPU whose masked loops
 * prefetch (dt_masked_prefetch 1), so their steps prefetch until
 * DT_UNPACK_AHEAD bytes before the data ends: groups and the strided
 * kernels, at counts with a partial last step.
 */
static void check_cold_unpacks(const dt_kernel_t *const *all)
{
    static const dt_piece_t idc3[] = {{0, 4}, {8, 8}, {16, 3}}, block[] = {{0, 8}};
    static const size_t shapes[][2] = {{8, 12}, {4, 24}, {2, 3}}; /* blen, stride */
    const uint64_t probe = dt_unpack_cold_ticks;
    const int prefetch = dt_masked_prefetch;

    if (!base_cpu_features()->avx512vbmi)
        return;
    dt_unpack_cold_ticks = 1;
    dt_masked_prefetch = 1;
    for (int64_t c = 0; c < 3; c++) {
        check_group_fenced(idc3, 3, 24, DT_UNPACK_PREFETCH_SPAN / 24 + 1 + 37 * c);
        check_group_fenced(block, 1, 12, DT_UNPACK_PREFETCH_SPAN / 12 + 5 + 4099 * c);
    }
    for (int ki = 0; all[ki]; ki++)
        for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++)
            if (dt_kernel_usable(all[ki]) && all[ki]->applies(shapes[i][0], shapes[i][1]))
                check_shape(all[ki], shapes[i][0], (ptrdiff_t)shapes[i][1],
                            (size_t)DT_UNPACK_PREFETCH_SPAN / shapes[i][1] + 3);
    dt_unpack_cold_ticks = probe;
    dt_masked_prefetch = prefetch;
}

static void check_groups_fenced(void)
{
    static const dt_piece_t idc3[] = {{0, 4}, {8, 8}, {16, 3}}, pair[] = {{0, 2}, {5, 1}};
    static const dt_piece_t late[] = {{3, 4}, {10, 4}}, block[] = {{0, 8}};
    static const dt_piece_t wide[] = {{0, 1}, {60, 1}};
    static const struct {
        const dt_piece_t *pc;
        int n;
        int64_t stride;
    } layouts[] = {{idc3, 3, 24}, {pair, 2, 8}, {late, 2, 16}, {block, 1, 12}, {wide, 2, 64}};
    static const int64_t counts[] = {1, 2, 3, 5, 8, 9, 17, 21, 33, 64, 100, 1001};

    if (!base_cpu_features()->avx512vbmi)
        return;
    for (size_t l = 0; l < sizeof(layouts) / sizeof(layouts[0]); l++)
        for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); c++)
            check_group_fenced(layouts[l].pc, layouts[l].n, layouts[l].stride, counts[c]);
}
#endif

/*
 * `test_dt_kernels forced METHOD BLEN STRIDE` (with VMPL_DT_METHOD=METHOD
 * set): the selected kernel must be of that method whenever a usable
 * kernel of it applies to the shape, and must apply to the shape.
 */
static int check_forced(const char *method, size_t blen, ptrdiff_t stride)
{
    static const char *const names[DT_METHOD_COUNT] = {"scalar", "vector", "gather", "shuffle"};
    const dt_kernel_t *const *all = dt_kernels_all(), *k = dt_kernel_select(blen, stride);
    int want = -1, available = 0;

    for (int m = 0; m < DT_METHOD_COUNT; m++)
        if (!strcmp(method, names[m]))
            want = m;
    for (int i = 0; all[i]; i++)
        available |= dt_kernel_usable(all[i]) && (int)all[i]->method == want &&
                     all[i]->applies(blen, stride);
    printf("VMPL_DT_METHOD=%s, %zu-byte blocks at stride %td: %s\n", method, blen, stride,
           k->name);
    if (!strcmp(method, "reference"))
        available = 0, want = strcmp(k->name, "reference") ? -2 : -1;
    if (want == -2 || !k->applies(blen, stride) || (available && (int)k->method != want)) {
        printf("0 passed, 1 failed\n");
        return 1;
    }
    printf("1 passed, 0 failed\n");
    return 0;
}

/*
 * Every kernel a selection can reach (its pairs for longer spans too)
 * must apply to the shape asked, also when its class was calibrated at
 * another stride first: 8-byte blocks at 64 bytes, where avx512-compress
 * applies, then at 128 (the same class), where its loop never ends.
 */
static void check_selection_chains(void)
{
    static const size_t blens[] = {4, 8, 12, 16, 24};
    static const ptrdiff_t strides[] = {24,  40,   48,   64,  72,   128,  200,
                                        512, 1448, 8192, -64, -128, -8192};

    for (size_t b = 0; b < sizeof(blens) / sizeof(blens[0]); b++)
        for (size_t s = 0; s < sizeof(strides) / sizeof(strides[0]); s++) {
            size_t blen = blens[b];
            ptrdiff_t stride = strides[s];
            int ok = 1;
            if ((size_t)(stride < 0 ? -stride : stride) < blen)
                continue;
            for (const dt_kernel_t *k = dt_kernel_select(blen, stride); k; k = k->far)
                ok &= k->applies(blen, stride);
            if (ok) {
                passed++;
            } else {
                failed++;
                printf("selection for %zu-byte blocks at stride %td reaches a kernel that does "
                       "not apply\n", blen, stride);
            }
        }
}

/*
 * Blocks over 64 bytes go to the usable block copy of the widest ISA
 * (kernels/select.c), at dense and sparse strides alike.
 */
static void check_long_block_selection(void)
{
    static const size_t blens[] = {65, 100, 728, 2896};
    static const ptrdiff_t strides[] = {0, 64, 8192, 1 << 20};
    const dt_kernel_t *const *all = dt_kernels_all();

    for (size_t b = 0; b < sizeof(blens) / sizeof(blens[0]); b++)
        for (size_t s = 0; s < sizeof(strides) / sizeof(strides[0]); s++) {
            size_t blen = blens[b];
            ptrdiff_t stride = (ptrdiff_t)blen + strides[s];
            const dt_kernel_t *k = dt_kernel_select(blen, stride);
            vmpl_isa_t widest = VMPL_ISA_SCALAR;
            for (int i = 0; all[i]; i++)
                if (dt_kernel_usable(all[i]) && all[i]->applies(blen, stride) &&
                    all[i]->isa > widest)
                    widest = all[i]->isa;
            if (k->applies(blen, stride) && k->isa == widest) {
                passed++;
            } else {
                failed++;
                printf("%zu-byte blocks at stride %td: %s, not the widest block copy\n", blen,
                       stride, k->name);
            }
        }
}

/*
 * The portable kernels for blocks up to 32 bytes: for each length exactly
 * one of generic-small and a generic-fixed kernel applies (the fixed moves
 * move a block once, the small moves twice).
 */
static void check_small_or_fixed(void)
{
    const dt_kernel_t *const *all = dt_kernels_all();

    for (size_t blen = 1; blen <= 32; blen++) {
        int small = 0, fixed = 0;
        for (int i = 0; all[i]; i++) {
            if (!all[i]->applies(blen, (ptrdiff_t)blen + 8))
                continue;
            small += !strcmp(all[i]->name, "generic-small");
            fixed += !strncmp(all[i]->name, "generic-fixed", 13);
        }
        if (small + fixed == 1) {
            passed++;
        } else {
            failed++;
            printf("%zu-byte blocks: generic-small %d, generic-fixed %d apply\n", blen, small,
                   fixed);
        }
    }
}

static void print_line(const char *line)
{
    puts(line);
}

int main(int argc, char **argv)
{
    static const size_t blens[] = {1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 20, 24, 28, 31, 32,
                                   33, 40, 48, 64, 100, 256, 257, 280, 511, 512, 769, 1000};
    static const size_t counts[] = {0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33, 63, 65, 1000};
    const dt_kernel_t *const *all = dt_kernels_all();

    if (argc == 5 && !strcmp(argv[1], "forced"))
        return check_forced(argv[2], (size_t)atol(argv[3]), atol(argv[4]));
    for (int ki = 0; all[ki]; ki++) {
        const dt_kernel_t *k = all[ki];
        unsigned long before = passed + failed;
        if (!dt_kernel_usable(k)) {
            printf("%-20s not usable on this CPU: SKIP\n", k->name);
            skipped++;
            continue;
        }
        for (size_t b = 0; b < sizeof(blens) / sizeof(blens[0]); b++) {
            size_t blen = blens[b];
            const ptrdiff_t strides[] = {(ptrdiff_t)blen,     (ptrdiff_t)blen + 1,
                                         (ptrdiff_t)blen + 4, 2 * (ptrdiff_t)blen,
                                         (ptrdiff_t)(blen * 3 + 3) / 2 / 4 * 4 + 4,
                                         12, 16, 24, 40, 64, 128, 8192,
                                         -(ptrdiff_t)blen - 4, -2 * (ptrdiff_t)blen - 8};
            for (size_t s = 0; s < sizeof(strides) / sizeof(strides[0]); s++) {
                ptrdiff_t stride = strides[s];
                size_t dist = (size_t)(stride < 0 ? -stride : stride);
                if (dist < blen || !k->applies(blen, stride))
                    continue;
                for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); c++)
                    if (dist * counts[c] < (64u << 20))
                        check_shape(k, blen, stride, counts[c]);
            }
        }
        check_far(k);
        check_sparse(k);
        section_end(k->name, before, "no shape applies");
    }
    {
        unsigned long before = passed + failed;
        check_selection_chains();
        check_long_block_selection();
        check_small_or_fixed();
        section_end("selection chains", before, "no kernel applies");
        before = passed + failed;
        check_copies();
        section_end("contiguous copies", before, "no copy kernel");
        before = passed + failed;
        check_far_sequence_packs();
        section_end("far sequence packs", before, "no masked moves on this CPU");
    }
#if defined(__x86_64__)
    {
        unsigned long before = passed + failed;
        check_groups_fenced();
        section_end("fenced groups", before, "no AVX512-VBMI on this CPU");
        before = passed + failed;
        check_cold_unpacks(all);
        section_end("cold unpacks", before, "no AVX512-VBMI on this CPU");
    }
#endif
    { /* the freestanding checker the Bochs harness uses, on the kernels this CPU runs */
        static unsigned char arena[DT_CHECK_ARENA_BYTES];
        for (int ki = 0; all[ki]; ki++) {
            dt_check_result_t r;
            if (!dt_kernel_usable(all[ki]))
                continue;
            r = dt_kernel_check(all[ki], 1, arena, print_line);
            passed += r.passed;
            failed += r.failed;
            if (r.passed == 0 && all[ki]->applies(8, 12))
                failed++, printf("freestanding check ran nothing for %s\n", all[ki]->name);
        }
    }
    { /* element programs: masked moves and groups, where this CPU has them */
        static unsigned char arena[DT_CHECK_ARENA_BYTES];
        dt_program_kernels_t pk = {0};
        dt_check_result_t r;
#if defined(__x86_64__)
        if (base_cpu_features()->avx512bw)
            pk.blocks_pack = dt_blocks_pack_avx512, pk.blocks_unpack = dt_blocks_unpack_avx512;
        if (base_cpu_features()->avx512vbmi)
            pk.group_pack = dt_group_pack_vbmi, pk.group_unpack = dt_group_unpack_vbmi;
#endif
        r = dt_program_check(&pk, arena, print_line);
        printf("element programs    %lu checks%s\n", r.passed + r.failed,
               pk.blocks_pack ? "" : " (no AVX-512 here)");
        passed += r.passed;
        failed += r.failed;
        /* again past DT_PREFETCH_SPAN and DT_BLOCKS_FAR_SPAN: loops that prefetch
         * (dt_masked_prefetch set) and the same loops without (clear) */
        static const int64_t far[] = {DT_PREFETCH_SPAN, DT_BLOCKS_FAR_SPAN};
        const int prefetch = dt_masked_prefetch;
        if (!pk.blocks_pack) {
            printf("far element programs SKIP: nothing checked (no AVX-512 here)\n");
            skipped++;
        }
        for (size_t f = 0; pk.blocks_pack && f < 2 * sizeof(far) / sizeof(far[0]); f++) {
            const int64_t span = far[f / 2];
            size_t bytes = 4 * (size_t)span + (1u << 20);
            unsigned char *big = malloc(bytes);
            if (!big) {
                printf("allocation failed\n");
                failed++;
                continue;
            }
            dt_masked_prefetch = !(f & 1);
            r = dt_program_check_far(&pk, span + 4096, big, bytes, print_line);
            printf("far element programs %lu checks (span %lld MiB, %s)\n", r.passed + r.failed,
                   (long long)(span >> 20), dt_masked_prefetch ? "prefetch" : "no prefetch");
            passed += r.passed;
            failed += r.failed;
            free(big);
        }
        dt_masked_prefetch = prefetch;
    }
    printf("%lu passed, %lu failed, %lu skipped\n", passed, failed, skipped);
    return failed != 0;
}
