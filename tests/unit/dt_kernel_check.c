/* Freestanding kernel check (dt_kernel_check.h). */
#include "dt_kernel_check.h"

static void fill(unsigned char *p, size_t n, uint32_t seed)
{
    for (size_t i = 0; i < n; i++) {
        seed = seed * 1103515245u + 12345u;
        p[i] = (unsigned char)(seed >> 16);
    }
}

static int same(const unsigned char *a, const unsigned char *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i])
            return 0;
    return 1;
}

static void copy(unsigned char *d, const unsigned char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        d[i] = s[i];
}

/* "FAIL <kernel> pack|unpack blen B stride S n N" without printf. */
static void report(void (*print)(const char *), const char *name, const char *what, size_t blen,
                   ptrdiff_t stride, size_t n)
{
    char line[128], *p = line;
    const char *parts[] = {"FAIL ", name, " ", what, " blen ", 0, " stride ", 0, " n ", 0};
    long long nums[] = {(long long)blen, (long long)stride, (long long)n};
    int ni = 0;

    if (!print)
        return;
    for (size_t i = 0; i < sizeof(parts) / sizeof(parts[0]); i++) {
        if (parts[i]) {
            for (const char *c = parts[i]; *c && p < line + 100; c++)
                *p++ = *c;
        } else {
            char digits[24];
            long long v = nums[ni++];
            int k = 0;
            if (v < 0)
                *p++ = '-', v = -v;
            do
                digits[k++] = (char)('0' + v % 10);
            while ((v /= 10) && k < 20);
            while (k)
                *p++ = digits[--k];
        }
    }
    *p = 0;
    print(line);
}

static void check_one(const dt_kernel_t *k, size_t blen, ptrdiff_t stride, size_t nblocks,
                      unsigned char *arena, dt_check_result_t *r, void (*print)(const char *))
{
    size_t dist = (size_t)(stride < 0 ? -stride : stride);
    size_t span = nblocks ? (nblocks - 1) * dist + blen : 0, packed = nblocks * blen;
    unsigned char *user = arena + 1, *ref_user = user + span + 64;
    unsigned char *out = ref_user + span + 64, *want = out + packed + 64;
    unsigned char *first = stride < 0 ? user + span - blen : user;

    fill(user, span, (uint32_t)(blen * 31 + nblocks));
    fill(out, packed + 64, 7);
    copy(want, out, packed + 64);
    k->pack(out, first, stride, blen, nblocks);
    dt_reference_pack(want, first, stride, blen, nblocks);
    if (same(out, want, packed + 64))
        r->passed++;
    else
        r->failed++, report(print, k->name, "pack", blen, stride, nblocks);
    fill(out, packed, 99);
    copy(ref_user, user, span);
    k->unpack(first, stride, out, blen, nblocks);
    dt_reference_unpack(ref_user + (first - user), stride, out, blen, nblocks);
    if (same(user, ref_user, span))
        r->passed++;
    else
        r->failed++, report(print, k->name, "unpack", blen, stride, nblocks);
}

dt_check_result_t dt_kernel_check(const dt_kernel_t *kernels, size_t nkernels,
                                  unsigned char *arena, void (*print)(const char *line))
{
    static const size_t blens[] = {1,  2,  3,  4,   8,   12,  16,  20,  24, 28,
                                   32, 40, 100, 255, 256, 257, 287, 300, 517};
    static const size_t counts[] = {0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33, 65, 1000, 2049};
    dt_check_result_t r = {0, 0};

    for (size_t ki = 0; ki < nkernels; ki++)
        for (size_t b = 0; b < sizeof(blens) / sizeof(blens[0]); b++) {
            size_t blen = blens[b];
            const ptrdiff_t strides[] = {(ptrdiff_t)blen, (ptrdiff_t)blen + 4, 2 * (ptrdiff_t)blen,
                                         12, 16, 24, 40, 64, 128, 4096, -4096,
                                         -(ptrdiff_t)blen - 4};
            for (size_t s = 0; s < sizeof(strides) / sizeof(strides[0]); s++) {
                size_t dist = (size_t)(strides[s] < 0 ? -strides[s] : strides[s]);
                if (dist < blen || !kernels[ki].applies(blen, strides[s]))
                    continue;
                for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); c++)
                    if (2 * (counts[c] * dist + 64) + 2 * (counts[c] * blen + 64) + 64 <
                        DT_CHECK_ARENA_BYTES)
                        check_one(&kernels[ki], blen, strides[s], counts[c], arena, &r, print);
            }
        }
    return r;
}

/* ---- element programs ---- */

#define PROGRAM_PIECES 6

typedef struct {
    dt_piece_t pc[PROGRAM_PIECES];
    int64_t n, size, width, stride;
} program_t;

static uint32_t next_rand(uint32_t *s)
{
    *s = *s * 1103515245u + 12345u;
    return *s >> 16;
}

/* 1..6 blocks of 1..32 bytes, gaps of 0..8 bytes, sometimes out of address order. */
static void program_make(program_t *p, uint32_t *seed)
{
    int64_t at = next_rand(seed) % 8;

    p->n = 1 + next_rand(seed) % PROGRAM_PIECES;
    p->size = 0;
    for (int64_t k = 0; k < p->n; k++) {
        p->pc[k] = (dt_piece_t){at, 1 + next_rand(seed) % 32};
        at += p->pc[k].len + next_rand(seed) % 9;
        p->size += p->pc[k].len;
    }
    if (p->n > 1 && next_rand(seed) % 4 == 0) { /* type-map order differs from addresses */
        dt_piece_t t = p->pc[0];
        p->pc[0] = p->pc[p->n - 1];
        p->pc[p->n - 1] = t;
    }
    p->width = at;
    p->stride = at + next_rand(seed) % 3 * (1 + next_rand(seed) % 16);
}

static void program_pack_ref(const program_t *p, const unsigned char *first, int64_t count,
                             unsigned char *out)
{
    for (int64_t i = 0; i < count; i++)
        for (int64_t k = 0; k < p->n; k++)
            for (int64_t b = 0; b < p->pc[k].len; b++)
                *out++ = first[i * p->stride + p->pc[k].disp + b];
}

static void program_unpack_ref(const program_t *p, unsigned char *first, int64_t count,
                               const unsigned char *in)
{
    for (int64_t i = 0; i < count; i++)
        for (int64_t k = 0; k < p->n; k++)
            for (int64_t b = 0; b < p->pc[k].len; b++)
                first[i * p->stride + p->pc[k].disp + b] = *in++;
}

/* One program at one count through one pack/unpack pair (group: g, else blocks). */
static void program_one(const dt_program_kernels_t *k, const program_t *p, const dt_group_t *g,
                        int64_t count, unsigned char *arena, dt_check_result_t *r,
                        void (*print)(const char *))
{
    size_t span = (size_t)(count * p->stride + 64), packed = (size_t)(count * p->size);
    unsigned char *user = arena + 3, *ref_user = user + span;
    unsigned char *out = ref_user + span, *want = out + packed + 64;
    const char *name = g ? "group" : "blocks";

    fill(user, span, (uint32_t)(count * 7 + p->stride));
    fill(out, packed + 64, 5);
    copy(want, out, packed + 64);
    if (g)
        k->group_pack(g, (const char *)user, count, (char *)out);
    else
        k->blocks_pack(p->pc, p->n, (const char *)user, p->stride, count, (char *)out);
    program_pack_ref(p, user, count, want);
    if (same(out, want, packed + 64))
        r->passed++;
    else
        r->failed++, report(print, name, "pack", (size_t)p->size, p->stride, (size_t)count);

    fill(out, packed, 77);
    copy(ref_user, user, span);
    if (g)
        k->group_unpack(g, (char *)user, count, (const char *)out);
    else
        k->blocks_unpack(p->pc, p->n, (char *)user, p->stride, count, (const char *)out);
    program_unpack_ref(p, ref_user, count, out);
    if (same(user, ref_user, span))
        r->passed++;
    else
        r->failed++, report(print, name, "unpack", (size_t)p->size, p->stride, (size_t)count);
}

/* The group of a program, when the kernels have groups and the program fits one. */
static const dt_group_t *program_group(const dt_program_kernels_t *k, const program_t *p,
                                       dt_group_t *g)
{
    return k->group_pack && dt_group_init(g, p->pc, p->n, p->stride) ? g : NULL;
}

/* A program at one count by the masked moves and, when it has one, its group. */
static void program_count(const dt_program_kernels_t *k, const program_t *p, const dt_group_t *g,
                          int64_t count, unsigned char *arena, dt_check_result_t *r,
                          void (*print)(const char *))
{
    if (k->blocks_pack)
        program_one(k, p, NULL, count, arena, r, print);
    if (g)
        program_one(k, p, g, count, arena, r, print);
}

/* The generator must reach the groups: fewer than least programs in one fail the check. */
static void groups_reached(const dt_program_kernels_t *k, int groups, int least,
                           dt_check_result_t *r, void (*print)(const char *))
{
    if (k->group_pack && groups < least) {
        r->failed++;
        if (print)
            print("FAIL group: too few programs fit a group");
    }
}

dt_check_result_t dt_program_check(const dt_program_kernels_t *k, unsigned char *arena,
                                   void (*print)(const char *line))
{
    static const int64_t counts[] = {0, 1, 2, 3, 4, 5, 7, 9, 16, 31, 100, 1001};
    dt_check_result_t r = {0, 0};
    uint32_t seed = 2024;
    int groups = 0;

    for (int trial = 0; trial < 300; trial++) {
        program_t p;
        dt_group_t g;
        const dt_group_t *grouped;

        program_make(&p, &seed);
        grouped = program_group(k, &p, &g);
        groups += grouped != NULL;
        for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); c++)
            program_count(k, &p, grouped, counts[c], arena, &r, print);
    }
    groups_reached(k, groups, 20, &r, print);
    return r;
}

dt_check_result_t dt_program_check_far(const dt_program_kernels_t *k, int64_t span,
                                       unsigned char *arena, size_t arena_bytes,
                                       void (*print)(const char *line))
{
    dt_check_result_t r = {0, 0};
    uint32_t seed = 7;
    int groups = 0;

    for (int trial = 0; trial < 24; trial++) {
        program_t p;
        dt_group_t g;
        const dt_group_t *grouped;
        int64_t count;

        program_make(&p, &seed);
        count = span / p.stride + trial % 7; /* partial last steps too */
        if (2 * (count * p.stride + 64) + 2 * (count * p.size + 64) + 64 > (int64_t)arena_bytes)
            continue;
        grouped = program_group(k, &p, &g);
        groups += grouped != NULL;
        program_count(k, &p, grouped, count, arena, &r, print);
    }
    groups_reached(k, groups, 3, &r, print);
    return r;
}
