/*
 * Every strided-copy kernel the CPU can run, against the reference byte
 * loops: many block lengths, strides (including negative and overlapping-
 * free short ones) and block counts around the vector group sizes. Pack
 * must leave the bytes after the packed data alone; unpack must leave
 * every gap byte alone; neither may touch memory past the last block (the
 * data ends at an inaccessible page, so a stray read faults).
 */
#include "dt/dt_kernel.h"
#include "dt/dt_kernel_private.h"
#include "dt_kernel_check.h"

#include <base/cpu.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static unsigned long passed, failed;

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
 * DT_PREFETCH_SPAN: the loops that prefetch (dt_kernel_private.h), with
 * a partial last step.
 */
static void check_far(const dt_kernel_t *k)
{
    static const size_t shapes[][2] = {{8, 12}, {4, 24}, {3, 40}}; /* blen, stride */

    for (size_t i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
        size_t blen = shapes[i][0], stride = shapes[i][1];
        if (k->applies(blen, (ptrdiff_t)stride))
            check_shape(k, blen, (ptrdiff_t)stride, (size_t)DT_PREFETCH_SPAN / stride + 7);
    }
}

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

static void print_line(const char *line)
{
    puts(line);
}

int main(int argc, char **argv)
{
    static const size_t blens[] = {1, 2, 3, 4, 5, 7, 8, 9, 12, 15, 16, 17, 20, 24, 28, 31, 32,
                                   33, 40, 48, 64, 100, 256, 257, 280, 1000};
    static const size_t counts[] = {0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 33, 63, 65, 1000};
    const dt_kernel_t *const *all = dt_kernels_all();

    if (argc == 5 && !strcmp(argv[1], "forced"))
        return check_forced(argv[2], (size_t)atol(argv[3]), atol(argv[4]));
    for (int ki = 0; all[ki]; ki++) {
        const dt_kernel_t *k = all[ki];
        unsigned long before = passed + failed;
        if (!dt_kernel_usable(k)) {
            printf("%-20s not usable on this CPU\n", k->name);
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
        printf("%-20s %lu checks\n", k->name, passed + failed - before);
    }
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
        if (pk.blocks_pack) { /* again past DT_PREFETCH_SPAN: the prefetching loops */
            size_t bytes = 4 * (size_t)DT_PREFETCH_SPAN + (1u << 20);
            unsigned char *big = malloc(bytes);
            if (!big) {
                printf("allocation failed\n");
                failed++;
            } else {
                r = dt_program_check_far(&pk, DT_PREFETCH_SPAN + 4096, big, bytes, print_line);
                printf("far element programs %lu checks\n", r.passed + r.failed);
                passed += r.passed;
                failed += r.failed;
                free(big);
            }
        }
    }
    printf("%lu passed, %lu failed\n", passed, failed);
    return failed != 0;
}
