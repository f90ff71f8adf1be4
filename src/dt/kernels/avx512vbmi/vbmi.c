/*
 * AVX-512 VBMI element groups (kernels/group.h) and the strided kernel built on
 * them. Compiled with F/BW/VL/VBMI and used only when the CPU has VBMI
 * (Ice Lake, Zen 4 and later). No libc calls: the Bochs harness runs them.
 *
 * permute  blocks of up to 32 bytes at strides up to 128 - blen bytes: k
 *          blocks per step by VPERMT2B (pack) or VPERMB (unpack) with
 *          masked loads and stores; counts below four steps go block by
 *          block with masked moves, cheaper than building the plan.
 */
#include "dt/kernels/group.h"
#include "dt/kernels/kernel_private.h"
#include "dt/kernels/program.h"

#include <immintrin.h>

#include <base/avx512_in_page.h>

uint64_t dt_unpack_cold_ticks; /* kernels/kernel_private.h */
int dt_masked_prefetch = 1;     /* kernels/kernel_private.h */

/* The n low bits set (n may be <= 0 or >= 64). */
static inline __mmask64 low_bits(int64_t n)
{
    return n >= 64 ? ~0ull : n <= 0 ? 0 : (1ull << n) - 1;
}

/*
 * How many of a call's whole steps go without page-end checks
 * (src/base/avx512_in_page.h): all when no window can pass the page of the last
 * user byte (user_last, its page ending at user_end) or of the last
 * packed byte; else all but the last ones, whose windows end within
 * DT_GROUP_WINDOW user or DT_GROUP_PACKED packed bytes past them.
 */
static int64_t group_steps_in_page(const dt_group_t *g, int64_t steps, const char *user_last,
                                   uintptr_t user_end, const char *packed_last,
                                   uintptr_t packed_end)
{
    int64_t tail;

    if ((uintptr_t)user_last + DT_GROUP_WINDOW - 1 <= user_end &&
        (uintptr_t)packed_last + DT_GROUP_PACKED - 1 <= packed_end)
        return steps;
    tail = 1 + DT_GROUP_WINDOW / (g->k * g->stride) + DT_GROUP_PACKED / (g->k * g->size);
    return steps > tail ? steps - tail : 0;
}

/*
 * The whole steps of a pack from window w; with prefetch, user and packed
 * memory are prefetched DT_PREFETCH_AHEAD bytes ahead (kernels/kernel_private.h).
 * With plain, the loads take the whole 128-byte window unmasked (the
 * caller checks it ends inside the call's data) and the stores all 64
 * bytes (the caller checks they end inside the packed range; the next
 * step overwrites the bytes past this step's): the hardware prefetchers
 * follow plain loads and stores and ignore masked ones, which matters when
 * the buffers start in DRAM (record: docs/perf/dt-vbmi-groups.md).
 */
static inline __attribute__((always_inline)) char *
group_pack_steps(const dt_group_t *g, const char *w, int64_t steps, char *p, uintptr_t in_end,
                 uintptr_t out_end, const int prefetch, const int plain, const int in_page)
{
    const __m512i idx = _mm512_loadu_si512(g->pack_idx);
    const int64_t step_in = g->k * g->stride, step_out = g->k * g->size;
    const __mmask64 d0 = g->data[0], d1 = g->data[1], out = low_bits(step_out);
    uintptr_t next_in = (uintptr_t)w, next_out = (uintptr_t)p;

    for (int64_t s = 0; s < steps; s++, w += step_in, p += step_out) {
        if (prefetch) {
            next_in = dt_prefetch_to(next_in, w, step_in + DT_PREFETCH_AHEAD);
            next_out = dt_prefetch_to(next_out, p, step_out + DT_PREFETCH_AHEAD);
        }
        __m512i a, b;
        if (plain) {
            a = _mm512_loadu_si512(w), b = _mm512_loadu_si512(w + 64);
        } else if (in_page) {
            a = base_maskz_load64(d0, w, in_end), b = base_maskz_load64(d1, w + 64, in_end);
        } else {
            a = _mm512_maskz_loadu_epi8(d0, w), b = _mm512_maskz_loadu_epi8(d1, w + 64);
        }
        if (in_page)
            base_mask_store64(p, out, _mm512_permutex2var_epi8(a, idx, b), out_end);
        else if (plain)
            _mm512_storeu_si512(p, _mm512_permutex2var_epi8(a, idx, b));
        else
            _mm512_mask_storeu_epi8(p, out, _mm512_permutex2var_epi8(a, idx, b));
    }
    return p;
}

/*
 * Whether plain pack steps may go two at a time from three loads: when the
 * second step's window lies in the last 128 of the pair's 192 bytes. For
 * vector(2,3,int) (96 bytes a step) the pair's loads are then three whole
 * lines where the array is line-aligned, against four loads, two of them
 * split across lines (record: docs/perf/dt-vbmi-groups.md).
 */
static int group_pairs(const dt_group_t *g)
{
    const int64_t step_in = g->k * g->stride, span = (g->k - 1) * g->stride + g->width;

    return step_in >= 64 && step_in + span <= 3 * 64;
}

/* group_pack_steps with plain, for a group_pairs group. */
static char *group_pack_pairs(const dt_group_t *g, const char *w, int64_t steps, char *p)
{
    const __m512i idx = _mm512_loadu_si512(g->pack_idx);
    const int64_t step_in = g->k * g->stride, step_out = g->k * g->size;
    const __m512i idx2 = _mm512_add_epi8(idx, _mm512_set1_epi8((char)(step_in - 64)));

    for (int64_t s = 0; s + 2 <= steps; s += 2, w += 2 * step_in, p += 2 * step_out) {
        __m512i a = _mm512_loadu_si512(w), b = _mm512_loadu_si512(w + 64);
        __m512i c = _mm512_loadu_si512(w + 128);
        _mm512_storeu_si512(p, _mm512_permutex2var_epi8(a, idx, b));
        _mm512_storeu_si512(p + step_out, _mm512_permutex2var_epi8(b, idx2, c));
    }
    return steps & 1 ? group_pack_steps(g, w, 1, p, 0, 0, 0, 1, 0) : p;
}

char *dt_group_pack_vbmi(const dt_group_t *g, const char *first, int64_t count, char *p)
{
    const int64_t steps = count / g->k, h = count - steps * g->k;
    const char *w = first + g->window + steps * g->k * g->stride;
    const char *in_last, *out_last;
    uintptr_t in_end, out_end; /* the pages of the last data and packed bytes end there */
    int64_t safe;

    if (count < 1)
        return p;
    in_last = first + g->window + (count - 1) * g->stride + g->width - 1;
    out_last = p + count * g->size - 1;
    in_end = base_page_end(in_last), out_end = base_page_end(out_last);
    safe = group_steps_in_page(g, steps, in_last, in_end, out_last, out_end);
    if (dt_masked_prefetch_over(count, g->stride, DT_PREFETCH_SPAN)) {
        p = group_pack_steps(g, first + g->window, safe, p, 0, 0, 1, 0, 0);
    } else {
        /* unmasked while the 128-byte window ends by the last data byte: the
         * extra bytes are gaps under 128 bytes between data bytes, on pages
         * that hold data, so they cannot fault; the permute drops them */
        int64_t plain = dt_steps_within((count - 1) * g->stride + g->width, DT_GROUP_WINDOW,
                                        g->k * g->stride, steps);
        int64_t plain_out = dt_steps_within(count * g->size, DT_GROUP_PACKED, g->k * g->size,
                                            steps);
        plain = plain < plain_out ? plain : plain_out;
        plain = plain < safe ? plain : safe;
        if (group_pairs(g))
            p = group_pack_pairs(g, first + g->window, plain, p);
        else
            p = group_pack_steps(g, first + g->window, plain, p, 0, 0, 0, 1, 0);
        p = group_pack_steps(g, first + g->window + plain * g->k * g->stride, safe - plain, p,
                             0, 0, 0, 0, 0);
    }
    if (safe < steps)
        p = group_pack_steps(g, first + g->window + safe * g->k * g->stride, steps - safe, p,
                             in_end, out_end, 0, 0, 1);
    if (h) { /* h < k elements: the masks cut to their bytes */
        const __m512i idx = _mm512_loadu_si512(g->pack_idx);
        int64_t span = (h - 1) * g->stride + g->width;
        __m512i a = base_maskz_load64(g->data[0] & low_bits(span), w, in_end);
        __m512i b = base_maskz_load64(g->data[1] & low_bits(span - 64), w + 64, in_end);
        base_mask_store64(p, low_bits(h * g->size), _mm512_permutex2var_epi8(a, idx, b), out_end);
        p += h * g->size;
    }
    return p;
}

/*
 * The bytes of v under mask m stored to w by two 32-byte masked stores,
 * skipping a half with no byte to store: a 64-byte masked store measured
 * about twice two 32-byte ones. (Pack's one store a step measured no
 * faster split; record: docs/perf/dt-vbmi-groups.md.)
 */
static inline void mask_store_halves(char *w, __mmask64 m, __m512i v)
{
    if ((uint32_t)m)
        _mm256_mask_storeu_epi8(w, (__mmask32)m, _mm512_castsi512_si256(v));
    if (m >> 32)
        _mm256_mask_storeu_epi8(w + 32, (__mmask32)(m >> 32), _mm512_extracti64x4_epi64(v, 1));
}

/*
 * The whole steps of an unpack into window w. prefetch 1 prefetches as
 * group_pack_steps; prefetch 2 only the user lines DT_UNPACK_AHEAD bytes
 * ahead (dt_cold_policy), the caller leaving out the steps whose
 * prefetches would pass the call's data. With plain, the packed bytes are
 * loaded 64 at a time unmasked (the caller checks they stay inside the
 * packed range). The stores stay masked: the gaps between the data bytes
 * are not the call's to write.
 */
static inline __attribute__((always_inline)) const char *
group_unpack_steps(const dt_group_t *g, char *w, int64_t steps, const char *p, uintptr_t in_end,
                   uintptr_t out_end, const int prefetch, const int plain, const int in_page)
{
    const __m512i lo = _mm512_loadu_si512(g->unpack_idx);
    const __m512i hi = _mm512_loadu_si512(g->unpack_idx + 64);
    const int64_t step_out = g->k * g->stride, step_in = g->k * g->size;
    const __mmask64 d0 = g->data[0], d1 = g->data[1], in = low_bits(step_in);
    uintptr_t next_out = (uintptr_t)w, next_in = (uintptr_t)p;

    for (int64_t s = 0; s < steps; s++, w += step_out, p += step_in) {
        if (prefetch == 2) {
            __builtin_prefetch(w + DT_UNPACK_AHEAD, 0, 3);
        } else if (prefetch) {
            next_out = dt_prefetch_to(next_out, w, step_out + DT_PREFETCH_AHEAD);
            next_in = dt_prefetch_to(next_in, p, step_in + DT_PREFETCH_AHEAD);
        }
        __m512i x = plain     ? _mm512_loadu_si512(p)
                    : in_page ? base_maskz_load64(in, p, in_end)
                              : _mm512_maskz_loadu_epi8(in, p);
        if (in_page) {
            base_mask_store64(w, d0, _mm512_permutexvar_epi8(lo, x), out_end);
            if (d1)
                base_mask_store64(w + 64, d1, _mm512_permutexvar_epi8(hi, x), out_end);
        } else {
            mask_store_halves(w, d0, _mm512_permutexvar_epi8(lo, x));
            if (d1)
                mask_store_halves(w + 64, d1, _mm512_permutexvar_epi8(hi, x));
        }
    }
    return p;
}

const char *dt_group_unpack_vbmi(const dt_group_t *g, char *first, int64_t count,
                                 const char *p)
{
    const int64_t steps = count / g->k, h = count - steps * g->k;
    char *w = first + g->window + steps * g->k * g->stride;
    const char *in_last, *out_last;
    uintptr_t in_end, out_end; /* the pages of the last packed and data bytes end there */
    int64_t safe;

    if (count < 1)
        return p;
    in_last = p + count * g->size - 1;
    out_last = first + g->window + (count - 1) * g->stride + g->width - 1;
    in_end = base_page_end(in_last), out_end = base_page_end(out_last);
    safe = group_steps_in_page(g, steps, out_last, out_end, in_last, in_end);
    if (dt_masked_prefetch_over(count, g->stride, DT_PREFETCH_SPAN)) {
        p = group_unpack_steps(g, first + g->window, safe, p, 0, 0, 1, 0, 0);
    } else { /* unmasked loads while 64 packed bytes stay inside the packed range */
        int64_t plain = dt_steps_within(count * g->size, DT_GROUP_PACKED, g->k * g->size, steps);
        int64_t ahead = 0; /* steps that prefetch: their prefetches stay in the call's data */
        plain = plain < safe ? plain : safe;
        if (dt_masked_prefetch && dt_cold_policy(first + g->window, count, g->stride,
                                                 DT_UNPACK_PREFETCH_SPAN, DT_PREFETCH_SPAN)) {
            ahead = dt_steps_within((count - 1) * g->stride + g->width, DT_UNPACK_AHEAD + 128,
                                    g->k * g->stride, plain);
            p = group_unpack_steps(g, first + g->window, ahead, p, 0, 0, 2, 1, 0);
        }
        p = group_unpack_steps(g, first + g->window + ahead * g->k * g->stride, plain - ahead, p,
                               0, 0, 0, 1, 0);
        p = group_unpack_steps(g, first + g->window + plain * g->k * g->stride, safe - plain, p,
                               0, 0, 0, 0, 0);
    }
    if (safe < steps)
        p = group_unpack_steps(g, first + g->window + safe * g->k * g->stride, steps - safe, p,
                               in_end, out_end, 0, 0, 1);
    if (h) {
        const __m512i lo = _mm512_loadu_si512(g->unpack_idx);
        const __m512i hi = _mm512_loadu_si512(g->unpack_idx + 64);
        int64_t span = (h - 1) * g->stride + g->width;
        __m512i x = base_maskz_load64(low_bits(h * g->size), p, in_end);
        base_mask_store64(w, g->data[0] & low_bits(span), _mm512_permutexvar_epi8(lo, x), out_end);
        base_mask_store64(w + 64, g->data[1] & low_bits(span - 64), _mm512_permutexvar_epi8(hi, x),
                        out_end);
        p += h * g->size;
    }
    return p;
}

/*
 * Quotients and remainders of 32 16-bit numbers x < 128 by 2 <= d < 512,
 * with m = 65536 / d + 1: x * m / 65536 is off x / d by under 1 / 512.
 */
static inline void divmod16(__m512i x, __m512i m, __m512i d, __m512i *q, __m512i *r)
{
    *q = _mm512_mulhi_epu16(x, m);
    *r = _mm512_sub_epi16(x, _mm512_mullo_epi16(*q, d));
}

/* Two 32-lane 16-bit vectors narrowed to one 64-lane byte vector. */
static inline __m512i narrow(__m512i lo, __m512i hi)
{
    return _mm512_inserti64x4(_mm512_castsi256_si512(_mm512_cvtepi16_epi8(lo)),
                              _mm512_cvtepi16_epi8(hi), 1);
}

/*
 * The group of one block of 2..32 bytes every stride bytes, as
 * dt_group_init would build it, in vector registers: the strided kernel
 * builds one per call where the layout has none (its loops get one at
 * commit, kernels/kernel.h group_build), and the byte loop of dt_group_init
 * costs as much as packing a few hundred bytes (record:
 * docs/perf/dt-vbmi-groups.md).
 */
static void group_of_blocks(dt_group_t *g, int64_t blen, int64_t stride)
{
    const int64_t k0 = DT_GROUP_PACKED / blen, k1 = (DT_GROUP_WINDOW - blen) / stride + 1;
    const int64_t k = k0 < k1 ? k0 : k1;
    const __m512i lane = _mm512_set_epi16(31, 30, 29, 28, 27, 26, 25, 24, 23, 22, 21, 20, 19, 18,
                                          17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2,
                                          1, 0);
    const __m512i b16 = _mm512_set1_epi16((short)blen), s16 = _mm512_set1_epi16((short)stride);
    const __m512i mb = _mm512_set1_epi16((short)(65536 / blen + 1));
    const __m512i ms = _mm512_set1_epi16((short)(65536 / stride + 1));
    const __m512i kk = _mm512_set1_epi16((short)k);
    __m512i idx[4], q, r;
    uint64_t data[2] = {0, 0};

    *g = (dt_group_t){.stride = stride, .window = 0, .width = blen, .size = blen, .k = k};
    for (int h = 0; h < 2; h++) { /* packed byte j = q * blen + r <- window byte q * stride + r */
        __m512i j = _mm512_add_epi16(lane, _mm512_set1_epi16((short)(32 * h)));
        divmod16(j, mb, b16, &q, &r);
        idx[h] = _mm512_add_epi16(_mm512_mullo_epi16(q, s16), r);
    }
    _mm512_storeu_si512(g->pack_idx, narrow(idx[0], idx[1]));
    for (int h = 0; h < 4; h++) { /* window byte t = q * stride + r <- packed q * blen + r */
        __m512i t = _mm512_add_epi16(lane, _mm512_set1_epi16((short)(32 * h)));
        __mmask32 in;
        divmod16(t, ms, s16, &q, &r);
        in = _mm512_cmplt_epu16_mask(r, b16) & _mm512_cmplt_epu16_mask(q, kk);
        idx[h] = _mm512_maskz_add_epi16(in, _mm512_mullo_epi16(q, b16), r);
        data[h / 2] |= (uint64_t)in << (32 * (h % 2));
    }
    _mm512_storeu_si512(g->unpack_idx, narrow(idx[0], idx[1]));
    _mm512_storeu_si512(g->unpack_idx + 64, narrow(idx[2], idx[3]));
    g->data[0] = data[0];
    g->data[1] = data[1];
}

/* Cheap shape test (called per selection); dt_group_init agrees with it. */
static int permute_applies(size_t blen, ptrdiff_t stride)
{
    return blen <= DT_GROUP_PACKED / 2 && stride >= (ptrdiff_t)blen &&
           (size_t)stride + blen <= DT_GROUP_WINDOW;
}

/* The page end of the highest user byte of nblocks >= 1 blocks at stride from s. */
static uintptr_t strided_page_end(const char *s, ptrdiff_t stride, size_t blen, size_t nblocks)
{
    return base_page_end(s + (stride > 0 ? (ptrdiff_t)(nblocks - 1) * stride : 0) + blen - 1);
}

/* The group of blocks of blen bytes at stride (permute_applies holds). */
static int permute_group_build(dt_group_t *g, size_t blen, ptrdiff_t stride)
{
    if (blen > 1)
        group_of_blocks(g, (int64_t)blen, stride);
    else
        dt_group_init(g, &(dt_piece_t){0, 1}, 1, stride);
    return 1;
}

/*
 * The group of a strided call when there are enough blocks (four steps)
 * to pay for it: the prebuilt one (given), or built into *local.
 */
static const dt_group_t *strided_group(const dt_group_t *given, dt_group_t *local, size_t blen,
                                       ptrdiff_t stride, size_t nblocks)
{
    if (nblocks < 4 * (DT_GROUP_PACKED / blen))
        return NULL;
    return given ? given : (permute_group_build(local, blen, stride), local);
}

static void permute_pack_group(const dt_group_t *given, void *restrict dst,
                               const void *restrict src, ptrdiff_t stride, size_t blen,
                               size_t nblocks)
{
    const __mmask64 m = low_bits((int64_t)blen);
    const char *s = src;
    char *d = dst;
    dt_group_t local;
    const dt_group_t *g = strided_group(given, &local, blen, stride, nblocks);

    if (g) {
        dt_group_pack_vbmi(g, s, (int64_t)nblocks, d);
        return;
    }
    if (nblocks == 0)
        return;
    const uintptr_t in_end = strided_page_end(s, stride, blen, nblocks);
    const uintptr_t out_end = base_page_end(d + nblocks * blen - 1);
    for (size_t i = 0; i < nblocks; i++, s += stride, d += blen)
        base_mask_store64(d, m, base_maskz_load64(m, s, in_end), out_end);
}

static void permute_unpack_group(const dt_group_t *given, void *restrict dst, ptrdiff_t stride,
                                 const void *restrict src, size_t blen, size_t nblocks)
{
    const __mmask64 m = low_bits((int64_t)blen);
    const char *s = src;
    char *d = dst;
    dt_group_t local;
    const dt_group_t *g = strided_group(given, &local, blen, stride, nblocks);

    if (g) {
        dt_group_unpack_vbmi(g, d, (int64_t)nblocks, s);
        return;
    }
    if (nblocks == 0)
        return;
    const uintptr_t in_end = base_page_end(s + nblocks * blen - 1);
    const uintptr_t out_end = strided_page_end(d, stride, blen, nblocks);
    for (size_t i = 0; i < nblocks; i++, d += stride, s += blen)
        base_mask_store64(d, m, base_maskz_load64(m, s, in_end), out_end);
}

static void permute_pack(void *restrict dst, const void *restrict src, ptrdiff_t stride,
                         size_t blen, size_t nblocks)
{
    permute_pack_group(NULL, dst, src, stride, blen, nblocks);
}

static void permute_unpack(void *restrict dst, ptrdiff_t stride, const void *restrict src,
                           size_t blen, size_t nblocks)
{
    permute_unpack_group(NULL, dst, stride, src, blen, nblocks);
}

const dt_kernel_t dt_avx512vbmi_kernels[] = {
    {"avx512-permute", DT_METHOD_SHUFFLE, VMPL_ISA_AVX512, permute_applies, permute_pack,
     permute_unpack, NULL, 0, NULL, NULL, permute_group_build, permute_pack_group,
     permute_unpack_group},
};
const size_t dt_avx512vbmi_kernel_count =
    sizeof(dt_avx512vbmi_kernels) / sizeof(dt_avx512vbmi_kernels[0]);

/* ---- the groups as an element-program path (kernels/program.h) ---- */
static int group_usable(const base_cpu_features_t *cpu)
{
    return cpu->avx512bw && cpu->avx512vbmi;
}

static int group_applies(const dt_program_t *p, int64_t stride)
{
    return p->group && p->group->stride == stride;
}

static char *group_pack(const dt_program_t *p, const char *first, int64_t stride, int64_t count,
                        char *packed)
{
    (void)stride; /* the group's */
    return dt_group_pack_vbmi(p->group, first, count, packed);
}

static const char *group_unpack(const dt_program_t *p, char *first, int64_t stride,
                                int64_t count, const char *packed)
{
    (void)stride;
    return dt_group_unpack_vbmi(p->group, first, count, packed);
}

const dt_program_kernel_t dt_avx512vbmi_group_program = {
    .name = "avx512vbmi-group",
    .isa = VMPL_ISA_AVX512,
    .usable = group_usable,
    .applies = group_applies,
    .pack = group_pack,
    .unpack = group_unpack,
};
