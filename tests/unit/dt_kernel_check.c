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
    static const size_t blens[] = {1, 2, 3, 4, 8, 12, 16, 20, 24, 28, 32, 40, 100};
    static const size_t counts[] = {0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33, 65, 1000};
    dt_check_result_t r = {0, 0};

    for (size_t ki = 0; ki < nkernels; ki++)
        for (size_t b = 0; b < sizeof(blens) / sizeof(blens[0]); b++) {
            size_t blen = blens[b];
            const ptrdiff_t strides[] = {(ptrdiff_t)blen, (ptrdiff_t)blen + 4, 2 * (ptrdiff_t)blen,
                                         12, 16, 24, 40, 64, 128, 4096, -(ptrdiff_t)blen - 4};
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
