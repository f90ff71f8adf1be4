/*
 * Kernel selection. The candidates for a shape are the usable kernels
 * that apply to it: the ISA-specific ones (shuffle, gather) and the
 * portable ones. When several apply, a one-time calibration per shape
 * class times each on a small in-cache buffer and keeps the fastest (the
 * cost of gathers differs a lot between CPU generations). VMPL_DT_METHOD
 * forces a method where it applies; "reference" forces the byte loops.
 * VMPL_DT_ISA caps the ISA of the candidates (kernels above it count as
 * not usable), as VMPL_OP_ISA does for reductions.
 *
 * Classes: the exact block length up to 64 bytes (then one class per
 * power of two), times four stride classes: within 4 block lengths and
 * 64 bytes (shuffles apply), short, long (each block on its own cache
 * lines), and long multiples of 1 KiB (every block at one of at most four
 * L1 set indices: the blocks of a call evict each other, see
 * stride_class). The table is filled on first use of a class, at commit,
 * under a lock: threads that commit types of one class at once calibrate
 * it once. The kernel list, the ISA cap and the cold-line probe are set
 * up once per process (pthread_once), whichever thread asks first.
 */
#include "dt/kernels/kernel_private.h"
#include "dt/kernels/program.h"
#include "dt/kernels/shuffle.h"

#include <base/cpu.h>
#include <base/isa.h>
#include <base/log.h>
#include <base/settings.h>
#include <base/time.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__)
#include <x86intrin.h>
#endif

static int reference_applies(size_t blen, ptrdiff_t stride)
{
    (void)blen;
    (void)stride;
    return 1;
}

static const dt_kernel_t reference_kernel = {
    .name = "reference",
    .method = DT_METHOD_SCALAR,
    .isa = VMPL_ISA_SCALAR,
    .applies = reference_applies,
    .pack = dt_reference_pack,
    .unpack = dt_reference_unpack,
};

#define MAX_KERNELS 32
static const dt_kernel_t *all_kernels[MAX_KERNELS + 1];
static int usable[MAX_KERNELS];
static int nkernels;

/*
 * Whether VMPL_DT_ISA lets a kernel of this ISA run: "auto" allows all;
 * otherwise ISAs of the same family up to the cap (scalar always). A cap
 * of the other architecture's family is ignored with a warning.
 */
static int isa_cap = -1; /* -1 no cap; set once by isa_cap_read */
static pthread_once_t isa_cap_once = PTHREAD_ONCE_INIT;

static void isa_cap_read(void)
{
    const char *name = base_settings()->dt_isa;
    vmpl_isa_t named;
#if defined(__aarch64__)
    const int arm = 1;
#else
    const int arm = 0;
#endif

    if (strcmp(name, "auto") && base_isa_from_name(name, &named) == 0)
        isa_cap = (int)named;
    if (isa_cap > VMPL_ISA_SCALAR && (isa_cap >= VMPL_ISA_NEON) != arm)
        isa_cap = -1; /* the other architecture's ISA: warned below */
    if (isa_cap < 0 && strcmp(name, "auto"))
        base_warn("dt", "VMPL_DT_ISA=%s is not an ISA of this build, using auto", name);
}

int dt_kernel_isa_allowed(vmpl_isa_t isa)
{
    pthread_once(&isa_cap_once, isa_cap_read);
    return isa_cap < 0 || (int)isa <= isa_cap;
}

/*
 * dt_unpack_cold_ticks (kernels/kernel_private.h): the TSC ticks in
 * DT_COLD_LINE_NS, from the TSC and the monotonic clock over 50 us, once,
 * on every x86-64 CPU (elsewhere it stays 0: no probe). First, on CPUs
 * with AVX-512 BW, whether the masked loops prefetch (dt_masked_probe).
 */
static void cold_probe_run(void)
{
#if defined(__x86_64__)
    uint64_t t0, c0, t;

    if (base_cpu_features()->avx512bw && dt_kernel_isa_allowed(VMPL_ISA_AVX512))
        dt_masked_probe();
    t0 = base_time_ns();
    c0 = __rdtsc();
    while ((t = base_time_ns()) - t0 < 50000)
        ;
    dt_unpack_cold_ticks = (__rdtsc() - c0) * DT_COLD_LINE_NS / (t - t0);
    if (dt_unpack_cold_ticks < 2)
        dt_unpack_cold_ticks = 2;
#endif
}

void dt_cold_probe_init(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;

    pthread_once(&once, cold_probe_run);
}

static void kernels_list_build(void)
{
    const base_cpu_features_t *cpu = base_cpu_features();

    dt_cold_probe_init();
#if defined(__x86_64__)
    for (size_t i = 0; i < dt_avx512vbmi_kernel_count; i++) {
        usable[nkernels] = cpu->avx512vbmi;
        all_kernels[nkernels++] = &dt_avx512vbmi_kernels[i];
    }
    for (size_t i = 0; i < dt_avx512_kernel_count; i++) {
        usable[nkernels] = cpu->avx512bw;
        all_kernels[nkernels++] = &dt_avx512_kernels[i];
    }
    for (size_t i = 0; i < dt_avx2_kernel_count; i++) {
        usable[nkernels] = cpu->avx2;
        all_kernels[nkernels++] = &dt_avx2_kernels[i];
    }
#elif defined(__aarch64__)
    for (size_t i = 0; i < dt_sve_kernel_count; i++) {
        usable[nkernels] = cpu->sve;
        all_kernels[nkernels++] = &dt_sve_kernels[i];
    }
    for (size_t i = 0; i < dt_neon_kernel_count; i++) {
        usable[nkernels] = cpu->neon;
        all_kernels[nkernels++] = &dt_neon_kernels[i];
    }
#else
    (void)cpu;
#endif
    for (size_t i = 0; i < dt_generic_kernel_count; i++) {
        usable[nkernels] = 1;
        all_kernels[nkernels++] = &dt_generic_kernels[i];
    }
    usable[nkernels] = 1;
    all_kernels[nkernels++] = &reference_kernel;
    for (int i = 0; i < nkernels; i++)
        usable[i] = usable[i] && dt_kernel_isa_allowed(all_kernels[i]->isa);
}

static void kernels_list(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;

    pthread_once(&once, kernels_list_build);
}

const dt_kernel_t *const *dt_kernels_all(void)
{
    kernels_list();
    return all_kernels;
}

int dt_kernel_usable(const dt_kernel_t *k)
{
    kernels_list();
    for (int i = 0; i < nkernels; i++)
        if (all_kernels[i] == k)
            return usable[i];
    return 0;
}

/*
 * The ISA paths outside the strided kernels (kernels/program.h,
 * kernels/shuffle.h): per role the compiled descriptor, kept when the CPU
 * runs it and VMPL_DT_ISA (and, for the groups, shuffles and the backward
 * copy, VMPL_DT_METHOD) allow it. Chosen once per process.
 */
static const dt_program_kernel_t *program_paths[DT_PROGRAM_ROLES];
static const dt_kernel_t *backward_path;
static dt_shuffle_pack_fn_t shuffle_path, blend_path;
static pthread_once_t paths_once = PTHREAD_ONCE_INIT;

static int program_allowed(const dt_program_kernel_t *k, const base_cpu_features_t *cpu)
{
    return k && k->usable(cpu) && dt_kernel_isa_allowed(k->isa);
}

static void paths_choose(void)
{
    const base_cpu_features_t *cpu = base_cpu_features();
    const int shuffles = dt_kernel_method_allowed(DT_METHOD_SHUFFLE);
#if defined(__x86_64__)
    static const dt_program_kernel_t *const compiled[DT_PROGRAM_ROLES] = {
        [DT_PROGRAM_WIDE] = &dt_avx2_wide_program,
        [DT_PROGRAM_MASKED] = &dt_avx512_masked_program,
        [DT_PROGRAM_GROUP] = &dt_avx512vbmi_group_program,
    };

    for (int role = 0; role < DT_PROGRAM_ROLES; role++)
        if (program_allowed(compiled[role], cpu))
            program_paths[role] = compiled[role];
    if (!shuffles)
        program_paths[DT_PROGRAM_GROUP] = NULL; /* a byte permute: a shuffle method */
    if (cpu->avx2 && dt_kernel_isa_allowed(VMPL_ISA_AVX2) &&
        dt_kernel_method_allowed(DT_METHOD_VECTOR))
        backward_path = &dt_avx2_backward_copy;
    if (shuffles && cpu->sse42 && dt_kernel_isa_allowed(VMPL_ISA_SSE42))
        shuffle_path = dt_shuffle_pack_ssse3;
    if (shuffles && program_paths[DT_PROGRAM_WIDE])
        blend_path = dt_blend_pack_avx2;
#elif defined(__aarch64__)
    (void)cpu, (void)program_allowed;
    if (shuffles && dt_kernel_isa_allowed(VMPL_ISA_NEON))
        shuffle_path = dt_shuffle_pack_neon;
#else
    (void)cpu, (void)shuffles, (void)program_allowed;
#endif
}

const dt_program_kernel_t *dt_program_path(dt_program_role_t role)
{
    pthread_once(&paths_once, paths_choose);
    return program_paths[role];
}

const dt_kernel_t *dt_copy_backward_path(void)
{
    pthread_once(&paths_once, paths_choose);
    return backward_path;
}

dt_shuffle_pack_fn_t dt_shuffle_path(void)
{
    pthread_once(&paths_once, paths_choose);
    return shuffle_path;
}

dt_shuffle_pack_fn_t dt_blend_path(void)
{
    pthread_once(&paths_once, paths_choose);
    return blend_path;
}

#define BLEN_CLASSES (64 + 8)
/* Stride classes (stride_class). */
enum {
    STRIDE_DENSE,        /* within 4 block lengths and 64 bytes: shuffles apply */
    STRIDE_SHORT,        /* up to DT_FAR_NEAR_STRIDE */
    STRIDE_LONG,         /* longer: each block on its own cache lines */
    STRIDE_LONG_ALIASED, /* long and a multiple of 1 KiB */
    STRIDE_CLASSES
};

/*
 * Per class: the fastest pack and the fastest unpack, as one kernel object,
 * and (when one of them is a gather) the fastest without gathers, for
 * calls that span more than far_span bytes (kernels/kernel.h); at sparse
 * strides with gathers, the fastest gathers in between (mid, DT_MID_SPAN),
 * which calls there take where the trial finds them faster than the
 * pair without gathers (dt_kernel_mid_taken).
 */
typedef struct {
    int ready; /* set (release) once the rest is filled, under chosen_lock */
    dt_kernel_t k, mid, far, near;
    const dt_kernel_t *from[8]; /* pack and unpack of k, mid, far, near (NULL: none) */
    int mid_use[2 * DT_MID_BUCKETS]; /* mid.mid_use */
    char name[48], mid_name[48], far_name[48], near_name[48];
} chosen_t;
static chosen_t chosen[BLEN_CLASSES][STRIDE_CLASSES];
static pthread_mutex_t chosen_lock = PTHREAD_MUTEX_INITIALIZER;

/*
 * Whether every kernel of a class's pairs handles this shape. The class
 * was calibrated at its first shape; a pair for long spans may hold a
 * kernel that applies there and not here (avx512-compress takes strides
 * up to 64 bytes, the class of 8-byte blocks runs to 512): it would loop
 * forever on a stride it was not built for.
 */
static int chosen_applies(const chosen_t *c, size_t blen, ptrdiff_t stride)
{
    if (!__atomic_load_n(&c->ready, __ATOMIC_ACQUIRE))
        return 0;
    for (int i = 0; i < 8; i++)
        if (c->from[i] && !c->from[i]->applies(blen, stride))
            return 0;
    return 1;
}

static int blen_class(size_t blen)
{
    int c = 64;

    if (blen <= 64)
        return (int)blen - 1;
    for (size_t b = 128; b < blen && c < BLEN_CLASSES - 1; b *= 2)
        c++;
    return c;
}

/*
 * Long strides that are multiples of 1 KiB put every block at one of at
 * most four L1 set indices (64 sets of 64-byte lines), so the blocks of a
 * call evict each other, and the fastest kernel is another one than at
 * long strides whose blocks spread over the sets (STRIDE_LONG): scatters
 * win at the former, moves at the latter (record:
 * docs/perf/dt-strided-kernels.md).
 */
static int stride_class(size_t blen, ptrdiff_t stride)
{
    size_t dist = (size_t)(stride < 0 ? -stride : stride);

    if (dist <= 4 * blen && dist <= 64)
        return STRIDE_DENSE;
    if (dist <= DT_FAR_NEAR_STRIDE)
        return STRIDE_SHORT;
    return dist % 1024 ? STRIDE_LONG : STRIDE_LONG_ALIASED;
}

static dt_method_t forced_method(int *reference_p)
{
    const char *m = base_settings()->dt_method;

    *reference_p = !strcmp(m, "reference");
    if (!strcmp(m, "scalar"))
        return DT_METHOD_SCALAR;
    if (!strcmp(m, "vector"))
        return DT_METHOD_VECTOR;
    if (!strcmp(m, "gather"))
        return DT_METHOD_GATHER;
    if (!strcmp(m, "shuffle"))
        return DT_METHOD_SHUFFLE;
    if (strcmp(m, "auto") && !*reference_p)
        base_warn("dt", "VMPL_DT_METHOD=%s unknown, using auto", m);
    return DT_METHOD_COUNT;
}

/* Nanoseconds for the best of reps timings of calls calls over a buffer (pack, or unpack). */
static uint64_t kernel_time(const dt_kernel_t *k, int unpack, size_t blen, ptrdiff_t stride,
                            char *user, char *packed, size_t nblocks, int reps, int calls)
{
    uint64_t best = UINT64_MAX;
    char *first = stride < 0 ? user + (nblocks - 1) * (size_t)(-stride) : user;

    for (int rep = 0; rep < reps; rep++) {
        uint64_t t0 = base_time_ns();
        for (int call = 0; call < calls; call++) {
            if (unpack)
                k->unpack(first, stride, packed, blen, nblocks);
            else
                k->pack(packed, first, stride, blen, nblocks);
        }
        t0 = base_time_ns() - t0;
        if (t0 < best)
            best = t0;
    }
    return best;
}

static int candidate(int i, size_t blen, ptrdiff_t stride)
{
    return usable[i] && all_kernels[i] != &reference_kernel &&
           all_kernels[i]->applies(blen, stride);
}

/*
 * Blocks longer than this are moved by block copies only (no gathers,
 * shuffles or permutes apply), and the widest usable one moves them: no
 * single timing ranks those: the widest wins in L1 and from memory, not
 * in L2, where the calibration times (record:
 * docs/perf/dt-strided-kernels.md).
 */
#define CALIBRATE_LONG_BLOCK 64
/*
 * Blocks per timing, at least. One call of the sparse shapes takes a few
 * ticks of the clock, and the best of five single calls ranked the
 * kernels differently from process to process (record:
 * docs/perf/dt-strided-kernels.md).
 */
#define CALIBRATE_BLOCKS 1024
/*
 * The user bytes a timed shape spans, at most (with 16 blocks at least):
 * in L2, paging in little. STRIDE_LONG_ALIASED shapes span twice as much:
 * at 512 KiB (64 blocks of 8 bytes 8 KiB apart) scatters and moves came
 * out level and processes picked either (record:
 * docs/perf/dt-strided-kernels.md).
 */
#define CALIBRATE_SPAN ((size_t)512 << 10)
#define CALIBRATE_ALIASED_SPAN ((size_t)1 << 20)

/* Bytes from one block's start to the next, or the block length if longer. */
static size_t block_room(size_t blen, ptrdiff_t stride)
{
    size_t dist = (size_t)(stride < 0 ? -stride : stride);

    return dist > blen ? dist : blen;
}

/*
 * The user and packed buffers of a timed shape of nblocks blocks, written
 * (not calloc's zero pages: reads of those all hit one page); 0 when out
 * of memory, with both freed.
 */
static int shape_buffers(size_t nblocks, size_t room, size_t blen, char **user, char **packed)
{
    *user = malloc(nblocks * room + blen);
    *packed = malloc(nblocks * blen);
    if (!*user || !*packed) {
        free(*user);
        free(*packed);
        return 0;
    }
    memset(*user, 1, nblocks * room + blen);
    memset(*packed, 1, nblocks * blen);
    return 1;
}

/*
 * The fastest usable pack and unpack kernels for a representative shape of
 * the class (64 KiB of packed data spread over at most CALIBRATE_SPAN: in
 * L2, as the packs that matter are; at 16 KiB, in L1, the ranking of the
 * 8-byte moves and the permutes flipped from run to run), timed
 * separately: on some CPUs the best pack and the best unpack are
 * different methods. best[0..1] are over all candidates, best[2..3] over
 * those that are no gathers, best[4..5] over the gathers (pick NULL: none).
 */
static void calibrate(size_t blen, ptrdiff_t stride, const dt_kernel_t *pick[6])
{
    size_t room = block_room(blen, stride), nblocks = (64u << 10) / blen ? (64u << 10) / blen : 1;
    size_t span;
    int calls;
    uint64_t best[6] = {UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX};
    char *user, *packed;
    int candidates = 0;

    for (int p = 0; p < 4; p++)
        pick[p] = &reference_kernel;
    pick[4] = pick[5] = NULL;
    for (int i = 0; i < nkernels; i++)
        if (candidate(i, blen, stride) && !candidates++)
            pick[0] = pick[1] = all_kernels[i];
    if (candidates < 2)
        return;
    if (blen > CALIBRATE_LONG_BLOCK) {
        for (int i = 0; i < nkernels; i++)
            if (candidate(i, blen, stride) && all_kernels[i]->isa > pick[0]->isa)
                pick[0] = pick[1] = all_kernels[i];
        pick[2] = pick[3] = pick[0];
        return;
    }
    span = stride_class(blen, stride) == STRIDE_LONG_ALIASED ? CALIBRATE_ALIASED_SPAN
                                                              : CALIBRATE_SPAN;
    if (nblocks * room > span) /* sparse strides */
        nblocks = span / room > 16 ? span / room : 16;
    calls = (int)((CALIBRATE_BLOCKS + nblocks - 1) / nblocks);
    if (!shape_buffers(nblocks, room, blen, &user, &packed))
        return;
    for (int i = 0; i < nkernels; i++)
        for (int unpack = 0; unpack < 2 && candidate(i, blen, stride); unpack++) {
            uint64_t ns = kernel_time(all_kernels[i], unpack, blen, stride, user, packed,
                                      nblocks, 5, calls);
            int gather = all_kernels[i]->method == DT_METHOD_GATHER;
            for (int p = unpack; p < 6; p += 2)
                if (ns < best[p] && (p < 2 || (p < 4 ? !gather : gather))) {
                    best[p] = ns;
                    pick[p] = all_kernels[i];
                }
        }
    free(user);
    free(packed);
}

/* One kernel object from a pack kernel and an unpack kernel, named "pack/unpack" if they differ. */
static void pair(dt_kernel_t *k, char *name, size_t size, const dt_kernel_t *pack,
                 const dt_kernel_t *unpack)
{
    *k = *pack;
    k->unpack = unpack->unpack;
    k->group_unpack = unpack->group_unpack;
    if (!k->group_build) /* the two sides' groups are the same: blocks of blen at stride */
        k->group_build = unpack->group_build;
    k->far = NULL;
    k->near = NULL;
    k->mid_use = NULL;
    if (pack != unpack) {
        snprintf(name, size, "%s/%s", pack->name, unpack->name);
        k->name = name;
    }
}

/*
 * The near pair (DT_NEAR_SPAN): per side, the fastest usable kernel over
 * NEAR_CALLS calls on a 16 KiB span (one call there takes tens of
 * nanoseconds, below what one timing resolves), where it beats the
 * class's by 10 % or more. All candidates run, not only the far pair's:
 * in L2, where the far pair is timed, two kernels can be level and either
 * win, while in L1 one takes twice as long (generic-small and
 * generic-fixed8 did, before the small moves stopped applying to the fixed
 * lengths). Shapes with fewer than 16 blocks in that span keep none.
 */
#define NEAR_CALIBRATE_SPAN (16u << 10)
#define NEAR_CALLS 32
static void choose_near(chosen_t *c, size_t blen, ptrdiff_t stride)
{
    size_t room = block_room(blen, stride), nblocks = NEAR_CALIBRATE_SPAN / room;
    const dt_kernel_t *side[2];
    char *user, *packed;

    if (nblocks < 16 || !shape_buffers(nblocks, room, blen, &user, &packed))
        return;
    for (int unpack = 0; unpack < 2; unpack++) {
        const dt_kernel_t *k = c->from[unpack], *best = k;
        uint64_t t_k =
            kernel_time(k, unpack, blen, stride, user, packed, nblocks, 7, NEAR_CALLS);
        uint64_t t_best = t_k;
        for (int i = 0; i < nkernels; i++) {
            if (!candidate(i, blen, stride) || all_kernels[i] == k)
                continue;
            uint64_t t = kernel_time(all_kernels[i], unpack, blen, stride, user, packed,
                                     nblocks, 7, NEAR_CALLS);
            if (t < t_best)
                t_best = t, best = all_kernels[i];
        }
        side[unpack] = t_best * 10 < t_k * 9 ? best : k;
    }
    if (side[0] != c->from[0] || side[1] != c->from[1]) {
        pair(&c->near, c->near_name, sizeof(c->near_name), side[0], side[1]);
        c->from[6] = side[0];
        c->from[7] = side[1];
        c->k.near = &c->near;
    }
    free(user);
    free(packed);
}

/*
 * The mid pair's trial (DT_MID_SPAN): the first call of a direction and
 * span bucket (DT_MID_BUCKETS) that reaches the pair moves its blocks
 * MID_TRIAL_RUNS times by the gathers of the mid pair and by the pair
 * without gathers after it (alternately; the fastest run of each counts)
 * to where they belong, then the caller moves them all by the winner.
 * Unpack writes the same bytes each time. The calls span 2-64 MiB: the
 * trials cost up to a millisecond, once. The gathers must win by a tenth:
 * the hardware prefetchers follow the plain moves. The calibration, in
 * L2, cannot rank the two there: it picked gathers in some processes and
 * moves in others, and which wins differs by CPU and span (record:
 * docs/perf/dt-strided-kernels.md). Calls that race here both time, and
 * either answer is valid.
 */
#define MID_TRIAL_RUNS 4
#define MID_MARGIN 10 /* gathers' time * MARGIN <= the others' * (MARGIN - 1) */

int dt_kernel_mid_taken(const dt_kernel_t *mid, int unpack, char *first, ptrdiff_t stride,
                        size_t blen, size_t nblocks, char *packed)
{
    const dt_kernel_t *far = mid->far;
    const uint64_t dist = (uint64_t)(stride < 0 ? -stride : stride);
    char *lowest = stride < 0 ? first - (nblocks - 1) * dist : first; /* kernel_time's user */
    uint64_t ns[2] = {UINT64_MAX, UINT64_MAX}, quarter = DT_MID_SPAN * 4;
    int bucket = 0, use, *answer;

    while (bucket < DT_MID_BUCKETS - 1 && (uint64_t)nblocks * dist > quarter)
        bucket++, quarter *= 4;
    answer = &mid->mid_use[unpack * DT_MID_BUCKETS + bucket];
    use = __atomic_load_n(answer, __ATOMIC_RELAXED);
    if (use)
        return use > 0;
    if (unpack ? mid->unpack == far->unpack : mid->pack == far->pack) {
        __atomic_store_n(answer, 1, __ATOMIC_RELAXED); /* no gather on this side */
        return 1;
    }
    for (int run = 0; run < 2 * MID_TRIAL_RUNS; run++) {
        uint64_t t = kernel_time(run & 1 ? far : mid, unpack, blen, stride, lowest, packed,
                                 nblocks, 1, 1);
        ns[run & 1] = t < ns[run & 1] ? t : ns[run & 1];
    }
    use = ns[0] * MID_MARGIN <= ns[1] * (MID_MARGIN - 1) ? 1 : -1;
    __atomic_store_n(answer, use, __ATOMIC_RELAXED);
    base_debug("dt",
               "%s of %zu blocks of %zu bytes at stride %td: mid pair %s %s (%llu ns; %s %llu)",
               unpack ? "unpack" : "pack", nblocks, blen, stride, mid->name,
               use > 0 ? "taken" : "not taken", (unsigned long long)ns[0], far->name,
               (unsigned long long)ns[1]);
    return use > 0;
}

int dt_kernel_method_allowed(dt_method_t method)
{
    int reference;
    dt_method_t forced = forced_method(&reference);

    return !reference && (forced == DT_METHOD_COUNT || forced == method);
}

/* Fills class c from the calibration of its first shape (pick), under chosen_lock. */
static void class_fill(chosen_t *c, int sc, size_t blen, ptrdiff_t stride,
                       const dt_kernel_t *pick[6])
{
    const dt_kernel_t *pack = pick[0], *unpack = pick[1];
    dt_kernel_t *far_from = &c->k;

    c->from[0] = pick[0];
    c->from[1] = pick[1];
    pair(&c->k, c->name, sizeof(c->name), pick[0], pick[1]);
    if (sc >= STRIDE_LONG && (pick[4] || pick[5])) {
        pack = pick[4] ? pick[4] : pack;
        unpack = pick[5] ? pick[5] : unpack;
        pair(&c->mid, c->mid_name, sizeof(c->mid_name), pack, unpack);
        c->mid.mid_use = c->mid_use;
        c->from[2] = pack;
        c->from[3] = unpack;
        c->k.far = &c->mid;
        c->k.far_span = DT_MID_SPAN;
        far_from = &c->mid;
    }
    if (pack->method == DT_METHOD_GATHER || unpack->method == DT_METHOD_GATHER) {
        c->from[4] = pack->method == DT_METHOD_GATHER ? pick[2] : pack;
        c->from[5] = unpack->method == DT_METHOD_GATHER ? pick[3] : unpack;
        pair(&c->far, c->far_name, sizeof(c->far_name), c->from[4], c->from[5]);
        far_from->far = &c->far;
        far_from->far_span = sc < STRIDE_LONG ? DT_FAR_SPAN_NEAR : DT_FAR_SPAN_SPARSE;
        choose_near(c, blen, stride);
    }
    base_debug("dt", "kernels for %zu-byte blocks at stride %td: %s", blen, stride, c->k.name);
}

const dt_kernel_t *dt_kernel_select(size_t blen, ptrdiff_t stride)
{
    int bc = blen_class(blen), sc = stride_class(blen, stride), reference;
    const dt_kernel_t *pick[6], *k;
    dt_method_t forced;
    chosen_t *c;

    kernels_list();
    forced = forced_method(&reference);
    if (reference)
        return &reference_kernel;
    if (forced != DT_METHOD_COUNT) {
        for (int i = 0; i < nkernels; i++)
            if (usable[i] && all_kernels[i]->method == forced &&
                all_kernels[i]->applies(blen, stride))
                return all_kernels[i];
    }
    c = &chosen[bc][sc];
    if (chosen_applies(c, blen, stride))
        return &c->k;
    pthread_mutex_lock(&chosen_lock);
    if (chosen_applies(c, blen, stride)) { /* another thread filled it meanwhile */
        k = &c->k;
    } else {
        calibrate(blen, stride, pick);
        k = pick[0]; /* a shape the class's kernels do not cover: uncached, rare */
        if (!c->ready) {
            class_fill(c, sc, blen, stride, pick);
            __atomic_store_n(&c->ready, 1, __ATOMIC_RELEASE);
            k = &c->k;
        }
    }
    pthread_mutex_unlock(&chosen_lock);
    return k;
}
/*
 * The selection for representative shapes (blocks of 1..4096 bytes, a
 * dense stride of 1.5 block lengths rounded up to 4 bytes and a sparse one
 * of 8192 bytes), one line each, into buf (NUL-terminated, truncated to
 * len). Calibrates the classes not yet used. Returns the length needed.
 */
size_t dt_kernel_describe(char *buf, size_t len)
{
    static const size_t blens[] = {1, 2, 3, 4, 8, 12, 16, 24, 32, 64, 256, 4096};
    size_t used = 0;

    if (len)
        buf[0] = '\0';
    for (size_t i = 0; i < sizeof(blens) / sizeof(blens[0]); i++) {
        size_t blen = blens[i], dense = (blen + blen / 2 + 3) / 4 * 4;
        const dt_kernel_t *kd = dt_kernel_select(blen, (ptrdiff_t)dense);
        const dt_kernel_t *ks = dt_kernel_select(blen, 8192);
        int n = snprintf(used < len ? buf + used : NULL, used < len ? len - used : 0,
                         "  blen %4zu  stride %4zu: %-28s stride 8192: %s\n", blen, dense,
                         kd->name, ks->name);
        used += n > 0 ? (size_t)n : 0;
    }
    return used;
}
