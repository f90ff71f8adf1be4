/*
 * Element programs: whole elements of a sequence of small blocks (a C
 * struct, say), copied block by block with fixed-size moves.
 *
 * Pack moves every block with one fixed-width load and store (16 or 32
 * bytes whatever its length): the excess lands in packed bytes that the
 * next block overwrites. A wide load reads past a block only within the
 * page of the block's last byte (so it cannot fault); the last elements,
 * whose excess would run past the packed range, take exact copies. On
 * AVX2 CPUs the 32-byte moves are one YMM load and store each, checked
 * once per element where the blocks leave no page without data
 * (the avx2-wide path, kernels/program.h), and blocks longer than 32 bytes go as moves of at
 * most 32 bytes (cut at commit, pack/masked.c); their last
 * elements go by the move plan (below) where there is one, faster than
 * exact copies (record: docs/perf/dt-small-blocks.md). An element
 * whose blocks fit 32 bytes goes whole by an element shuffle or blend
 * (kernels/shuffle.h); more blocks with a longer one go by the element's
 * move plan.
 * Unpack never writes outside the blocks: exact copies by at most two
 * overlapping fixed-size moves, block by block over a chunk of elements
 * for up to four blocks, by the move plan for more.
 *
 * On AVX-512 CPUs the masked programs of pack/masked.c take over
 * (pack/program.c chooses).
 */
#include "dt/pack/pack.h"
#include "dt/kernels/shuffle.h"

#include <base/cpu.h>

#include <stdlib.h>

#include <stdint.h>
#include <string.h>

/*
 * Wide moves as plain vector loads and stores (not memcpy, which sanitizer
 * builds turn into checked calls): 16 or 32 bytes, any alignment.
 */
typedef char wide16_t __attribute__((vector_size(16), aligned(1), may_alias));
typedef struct {
    wide16_t lo, hi;
} wide32_t;

DT_PAGE_BOUNDED_READS static inline wide32_t wide_load(const char *s, int width)
{
    wide32_t v = {*(const wide16_t *)s, {0}};
    if (width == 32)
        v.hi = *(const wide16_t *)(s + 16);
    return v;
}

static inline void wide_store(char *d, wide32_t v, int width)
{
    *(wide16_t *)d = v.lo;
    if (width == 32)
        *(wide16_t *)(d + 16) = v.hi;
}

#define PACK_WIDE(width)                                                                      \
    DT_PAGE_BOUNDED_READS static char *pack_wide_##width(const dt_piece_t *pc, int64_t n,    \
                                                         const char *first,                   \
                                   int64_t stride, int64_t count, char *p)                    \
    {                                                                                         \
        for (int64_t i = 0; i < count; i++) {                                                 \
            const char *element = first + i * stride;                                         \
            for (int64_t k = 0; k < n; k++) {                                                 \
                const char *src = element + pc[k].disp;                                       \
                if (DT_WIDE_READ_SAFE(src, pc[k].len, width))                                 \
                    wide_store(p, wide_load(src, width), width);                              \
                else                                                                          \
                    dt_copy_exact(p, src, pc[k].len);                                            \
                p += pc[k].len;                                                               \
            }                                                                                 \
        }                                                                                     \
        return p;                                                                             \
    }
PACK_WIDE(16)
PACK_WIDE(32)

/*
 * The common short programs with the block loop unrolled: pieces live in
 * registers and each element is straight-line code, as a C loop would be.
 */
#define PACK_UNROLLED(nb, width)                                                              \
    DT_PAGE_BOUNDED_READS static char *pack_##nb##_##width(const dt_piece_t *pc,              \
                                                           const char *first, int64_t stride, \
                                     int64_t count, char *p, int64_t size)                    \
    {                                                                                         \
        int64_t d[nb], o[nb], l[nb];                                                          \
        for (int k = 0, at = 0; k < nb; at += (int)pc[k].len, k++) {                          \
            d[k] = pc[k].disp;                                                                \
            l[k] = pc[k].len;                                                                 \
            o[k] = at;                                                                        \
        }                                                                                     \
        for (int64_t i = 0; i < count; i++, p += size) {                                      \
            const char *element = first + i * stride;                                         \
            wide32_t v[nb];                                                                   \
            int safe = 1;                                                                     \
            for (int k = 0; k < nb; k++)                                                      \
                safe &= DT_WIDE_READ_SAFE(element + d[k], l[k], width);                       \
            if (__builtin_expect(!safe, 0)) {                                                 \
                for (int k = 0; k < nb; k++)                                                  \
                    dt_copy_exact(p + o[k], element + d[k], l[k]);                               \
                continue;                                                                     \
            }                                                                                 \
            for (int k = 0; k < nb; k++) /* all loads before the overlapping stores */        \
                v[k] = wide_load(element + d[k], width);                                      \
            for (int k = 0; k < nb; k++)                                                      \
                wide_store(p + o[k], v[k], width);                                            \
        }                                                                                     \
        return p;                                                                             \
    }
PACK_UNROLLED(2, 16)
PACK_UNROLLED(3, 16)
PACK_UNROLLED(4, 16)
PACK_UNROLLED(2, 32)
PACK_UNROLLED(3, 32)
PACK_UNROLLED(4, 32)

static char *pack_wide(const dt_node_t *seq, const char *first, int64_t stride, int64_t count,
                       char *p, int64_t width)
{
    const dt_piece_t *pc = seq->u.seq.pieces;
    int64_t n = seq->u.seq.n, size = seq->size;

    switch (n * 64 + width) {
    case 2 * 64 + 16: return pack_2_16(pc, first, stride, count, p, size);
    case 3 * 64 + 16: return pack_3_16(pc, first, stride, count, p, size);
    case 4 * 64 + 16: return pack_4_16(pc, first, stride, count, p, size);
    case 2 * 64 + 32: return pack_2_32(pc, first, stride, count, p, size);
    case 3 * 64 + 32: return pack_3_32(pc, first, stride, count, p, size);
    case 4 * 64 + 32: return pack_4_32(pc, first, stride, count, p, size);
    }
    if (width == 16)
        return pack_wide_16(pc, n, first, stride, count, p);
    if (seq->u.seq.wide) {
        const dt_program_t blocks = {.pieces = pc, .n = n, .size = size,
                                     .data_end = seq->u.seq.data_end, .dense = seq->u.seq.dense};
        return seq->u.seq.wide->pack(&blocks, first, stride, count, p);
    }
    return pack_wide_32(pc, n, first, stride, count, p);
}

static char *pack_exact(const dt_piece_t *pc, int64_t n, const char *first, int64_t stride,
                        int64_t count, char *p)
{
    for (int64_t i = 0; i < count; i++) {
        const char *element = first + i * stride;
        for (int64_t k = 0; k < n; k++) {
            dt_copy_exact(p, element + pc[k].disp, pc[k].len);
            p += pc[k].len;
        }
    }
    return p;
}

/* Elements at the end whose wide stores could overrun the packed range. */
static int64_t exact_tail(const dt_node_t *seq, int64_t width)
{
    return 1 + (width + seq->size - 1) / seq->size;
}

/* Whole elements by the element shuffle; an element it declines goes exactly. */
static char *pack_shuffled(const dt_node_t *seq, const char *first, int64_t stride,
                           int64_t count, char *p)
{
    const dt_shuffle_t *sh = seq->u.seq.shuffle;

    while (count > 0) {
        int64_t done = sh->pack(sh, first, stride, count, &p);
        first += done * stride;
        count -= done;
        if (count) {
            p = pack_exact(seq->u.seq.pieces, seq->u.seq.n, first, stride, 1, p);
            first += stride;
            count--;
        }
    }
    return p;
}

/*
 * Move plans for elements of more blocks (up to DT_MASKED_BLOCK bytes
 * each), such as an irregular indexed type: a block under 16 bytes as one
 * move of a power-of-two width, or two overlapping ones when its length is
 * not a power of two; a longer block as 16-byte moves, the last one
 * overlapping; the moves grouped by width at commit. An element is then
 * five loops of constant-width moves whose trip counts repeat from one
 * element to the next, where a branch on each block's length mispredicts
 * on irregular lengths. The moves are exact both ways: pack and unpack
 * touch data bytes only.
 */
#define PLAN_WIDTHS 5 /* 16, 8, 4, 2 and 1 bytes: class c moves 16 >> c */

/*
 * One move as one word: the user offset from the element's origin (low
 * 32 bits, signed) and the packed offset from the element's packed start
 * (high 32 bits), so a move costs one load of the plan, not two (record:
 * docs/perf/dt-small-blocks.md). Sequences whose offsets do not fit get
 * no plan.
 */
typedef uint64_t dt_plan_move_t;

static inline dt_plan_move_t plan_move(int64_t user, int64_t packed)
{
    return (uint64_t)(uint32_t)(int32_t)user | (uint64_t)packed << 32;
}

static inline int64_t plan_user(dt_plan_move_t m)
{
    return (int32_t)(uint32_t)m;
}

static inline int64_t plan_packed(dt_plan_move_t m)
{
    return (int64_t)(m >> 32);
}

struct dt_move_plan {
    int64_t n[PLAN_WIDTHS]; /* moves of each width class */
    dt_plan_move_t move[];
};

static int pow2_width(int64_t len)
{
    return len >= 16 ? 16 : len >= 8 ? 8 : len >= 4 ? 4 : len >= 2 ? 2 : 1;
}

/* The class of a block's moves: 0 for 16 bytes (blocks of 16 and more) to 4 for 1. */
static int width_class(int64_t len)
{
    return 4 - __builtin_ctz((unsigned)pow2_width(len));
}

/* Commit: the move plan of a sequence of blocks; none without memory. */
static void move_plan_prepare(dt_node_t *seq)
{
    const dt_piece_t *pc = seq->u.seq.pieces;
    const int64_t n = seq->u.seq.n;
    int64_t count[PLAN_WIDTHS] = {0}, next[PLAN_WIDTHS], total = 0, at = 0;
    struct dt_move_plan *plan;

    for (int64_t k = 0; k < n; k++) {
        const int c = width_class(pc[k].len);
        count[c] += c == 0 ? (pc[k].len + 15) / 16 : pc[k].len == 16 >> c ? 1 : 2;
        if (pc[k].disp < INT32_MIN || pc[k].disp + pc[k].len > INT32_MAX)
            return; /* offsets past 32 bits (plan_move) */
    }
    if (seq->size > UINT32_MAX)
        return;
    for (int c = 0; c < PLAN_WIDTHS; c++)
        next[c] = total, total += count[c];
    if (!(plan = malloc(sizeof(*plan) + (size_t)total * sizeof(plan->move[0]))))
        return;
    for (int64_t k = 0; k < n; at += pc[k].len, k++) {
        const int c = width_class(pc[k].len);
        const int64_t w = 16 >> c, tail = pc[k].len - w; /* where the last move starts */
        for (int64_t b = 0; b < tail; b += w) /* 16-byte moves of a long block */
            plan->move[next[c]++] = plan_move(pc[k].disp + b, at + b);
        plan->move[next[c]++] = plan_move(pc[k].disp + tail, at + tail);
    }
    memcpy(plan->n, count, sizeof(count));
    seq->u.seq.move_plan = plan;
}

/* One move of w bytes between user memory u and packed bytes q. */
static inline __attribute__((always_inline)) void plan_move_bytes(char *u, char *q, const int w,
                                                                  const int unpack)
{
    if (unpack)
        __builtin_memcpy(u, q, (size_t)w);
    else
        __builtin_memcpy(q, u, (size_t)w);
}

/*
 * n moves of w bytes, each between chunk elements stride apart and their
 * packed bytes size apart (from first and p); returns the next move.
 */
static inline __attribute__((always_inline)) const dt_plan_move_t *
plan_moves(const dt_plan_move_t *m, int64_t n, char *first, int64_t stride, char *p,
           int64_t size, const int w, const int chunk, const int unpack)
{
    if (chunk == 1) { /* unrolled by moves; a chunk is unrolled by its elements */
#pragma GCC unroll 4
        for (int64_t j = 0; j < n; j++, m++)
            plan_move_bytes(first + plan_user(*m), p + plan_packed(*m), w, unpack);
        return m;
    }
    for (int64_t j = 0; j < n; j++, m++) {
        char *u = first + plan_user(*m), *q = p + plan_packed(*m);
        for (int e = 0; e < chunk; e++)
            plan_move_bytes(u + e * stride, q + e * size, w, unpack);
    }
    return m;
}

/*
 * Whether a call's data are in the caches, as far as one probe tells:
 * calls up to DT_UNPACK_PREFETCH_SPAN, and up to DT_PREFETCH_SPAN those
 * whose first data line did not come from DRAM (where the cold-line
 * probe is set up, kernels/kernel_private.h; without it all up to
 * DT_PREFETCH_SPAN). Unpacks by move plans go only there: their moves go
 * through an element by width, not by address, which the hardware
 * prefetchers do not follow from DRAM, where the address-ordered exact
 * copies stream faster; software prefetch for the plan helped it from
 * DRAM but slowed it in the caches (record: docs/perf/dt-small-blocks.md).
 */
static int data_in_cache(const dt_node_t *seq, const char *first, int64_t stride, int64_t count)
{
    return !dt_span_over(count, stride, DT_PREFETCH_SPAN) &&
           !dt_cold_policy(first + seq->u.seq.pieces[0].disp, count, stride,
                           DT_UNPACK_PREFETCH_SPAN, DT_PREFETCH_SPAN);
}

/*
 * Packs go by the plan only up to this many bytes of user memory: past it
 * the address-ordered copies were as fast or faster in the caches too,
 * and from DRAM far slower (record: docs/perf/dt-small-blocks.md).
 */
#define PLAN_PACK_SPAN ((int64_t)256 << 10)

/* count elements by the plan, chunk at a time (count a multiple); returns the packed end. */
static inline __attribute__((always_inline)) char *
move_planned(const struct dt_move_plan *plan, char *first, int64_t stride, int64_t count,
             char *p, int64_t size, const int chunk, const int unpack)
{
    for (int64_t i = 0; i < count; i += chunk, first += chunk * stride, p += chunk * size) {
        const dt_plan_move_t *m = plan->move;
        m = plan_moves(m, plan->n[0], first, stride, p, size, 16, chunk, unpack);
        m = plan_moves(m, plan->n[1], first, stride, p, size, 8, chunk, unpack);
        m = plan_moves(m, plan->n[2], first, stride, p, size, 4, chunk, unpack);
        m = plan_moves(m, plan->n[3], first, stride, p, size, 2, chunk, unpack);
        plan_moves(m, plan->n[4], first, stride, p, size, 1, chunk, unpack);
    }
    return p;
}

static char *pack_planned(const struct dt_move_plan *plan, const char *first, int64_t stride,
                          int64_t count, char *p, int64_t size)
{
    return move_planned(plan, (char *)first, stride, count, p, size, 1, 0);
}

/*
 * Unpack by the plan a few elements at a time: each move decoded once
 * for PLAN_CHUNK elements, and the class loops' exits taken once per
 * chunk, while the chunk's user lines (PLAN_CHUNK_SPAN at most) stay in
 * L1 from one class's pass to the next; chunks of 8 were no faster
 * (record: docs/perf/dt-small-blocks.md).
 */
#define PLAN_CHUNK 4
#define PLAN_CHUNK_SPAN ((int64_t)16 << 10)

static const char *unpack_planned(const struct dt_move_plan *plan, char *first, int64_t stride,
                                  int64_t count, const char *p, int64_t size)
{
    char *q = (char *)p;

    if (!dt_span_over(PLAN_CHUNK, stride < 0 ? -stride : stride, PLAN_CHUNK_SPAN)) {
        const int64_t chunks = count - count % PLAN_CHUNK;

        q = move_planned(plan, first, stride, chunks, q, size, PLAN_CHUNK, 1);
        first += chunks * stride;
        count -= chunks;
    }
    return move_planned(plan, first, stride, count, q, size, 1, 1);
}

char *dt_small_pack_moves(const dt_node_t *seq, const char *first, int64_t stride,
                          int64_t count, char *p)
{
    const dt_piece_t *pc = seq->u.seq.pieces;
    int64_t n = seq->u.seq.n, width = seq->u.seq.widest <= 16 ? 16 : 32, wide = 0;

    if (seq->u.seq.widest > DT_SMALL_BLOCK && seq->u.seq.moves && seq->u.seq.wide) {
        /* the blocks cut into moves of at most 32 bytes (pack/masked.c) */
        const dt_program_t moves = dt_seq_moves(seq);
        wide = count - exact_tail(seq, 32);
        wide = wide > 0 ? wide : 0;
        p = seq->u.seq.wide->pack(&moves, first, stride, wide, p);
        if (seq->u.seq.move_plan) /* exact too, and no memcpy call per long block */
            return pack_planned(seq->u.seq.move_plan, first + wide * stride, stride,
                                count - wide, p, seq->size);
        return pack_exact(pc, n, first + wide * stride, stride, count - wide, p);
    }
    if (seq->u.seq.widest > DT_SMALL_BLOCK && seq->u.seq.move_plan &&
        !dt_span_over(count, stride, PLAN_PACK_SPAN))
        return pack_planned(seq->u.seq.move_plan, first, stride, count, p, seq->size);
    if (seq->u.seq.widest > DT_SMALL_BLOCK) /* long blocks: exact moves and copies */
        return pack_exact(pc, n, first, stride, count, p);
    if (seq->u.seq.shuffle) /* the last elements whose whole-element stores pass the range */
        wide = count - (seq->u.seq.shuffle->store - 1) / seq->size;
    else
        wide = count - exact_tail(seq, width);
    if (wide < 0)
        wide = 0;
    if (wide && seq->u.seq.shuffle)
        p = pack_shuffled(seq, first, stride, wide, p);
    else if (wide)
        p = pack_wide(seq, first, stride, wide, p, width);
    return pack_exact(pc, n, first + wide * stride, stride, count - wide, p);
}

static int by_disp(const void *a, const void *b)
{
    const dt_piece_t *x = a, *y = b;

    return (x->disp > y->disp) - (x->disp < y->disp);
}

/*
 * Commit: whether no gap between data bytes (the blocks in address order)
 * passes DT_WIDE_MAX_GAP, for the avx2-wide path. Stays 0 without memory.
 */
static void dense_prepare(dt_node_t *seq)
{
    const int64_t n = seq->u.seq.n;
    dt_piece_t *sorted = malloc((size_t)n * sizeof(*sorted));
    int64_t covered;

    seq->u.seq.dense = 0;
    if (!sorted)
        return;
    memcpy(sorted, seq->u.seq.pieces, (size_t)n * sizeof(*sorted));
    qsort(sorted, (size_t)n, sizeof(*sorted), by_disp);
    covered = sorted[0].disp + sorted[0].len;
    seq->u.seq.dense = 1;
    for (int64_t k = 1; k < n; k++) {
        if (sorted[k].disp - covered > DT_WIDE_MAX_GAP)
            seq->u.seq.dense = 0;
        if (sorted[k].disp + sorted[k].len > covered)
            covered = sorted[k].disp + sorted[k].len;
    }
    free(sorted);
}

#if defined(__x86_64__)
/*
 * Commit: the runs of an element blend (kernels/shuffle.h) for the
 * shuffle sh of blocks pc: the blocks of one shift (window byte minus
 * packed byte) form a run. 0 when a shift is negative (a block packed
 * after one that lies above it) or the blocks take more than
 * DT_BLEND_RUNS shifts.
 */
static int blend_prepare(dt_shuffle_t *sh, const dt_piece_t *pc, int64_t n)
{
    const int64_t width = sh->store; /* each run's load is as wide as the store */
    int64_t at = 0;

    sh->runs = 0;
    memset(sh->blend, 0, sizeof(sh->blend));
    for (int64_t k = 0; k < n; at += pc[k].len, k++) {
        int64_t shift = pc[k].disp - sh->window - at;
        int r = 0;
        while (r < sh->runs && sh->shift[r] != shift)
            r++;
        if (shift < 0 || r == DT_BLEND_RUNS)
            return sh->runs = 0;
        if (r == sh->runs) {
            sh->shift[r] = shift;
            sh->runs++;
        }
        memset(sh->blend[r] + at, 0xff, (size_t)pc[k].len);
        if (shift + width > sh->read_end)
            sh->read_end = shift + width;
    }
    return 1;
}
#endif

/*
 * Commit: the byte permutation of an element whose blocks fit one 32-byte
 * window. Output byte j comes from window byte src: TBL indexes all 32
 * bytes; PSHUFB one 16-byte half at a time, so each output half has one
 * control per window half.
 */
void dt_small_prepare(dt_node_t *seq)
{
    const dt_piece_t *pc = seq->u.seq.pieces;
    int64_t lo = INT64_MAX, hi = INT64_MIN, j = 0;
    dt_shuffle_t *sh;

    if (seq->u.seq.small_blocks && seq->u.seq.n > 0)
        dense_prepare(seq);
    if (seq->u.seq.small_blocks && seq->u.seq.n > 4 && seq->u.seq.widest <= DT_MASKED_BLOCK &&
        !seq->u.seq.move_plan)
        move_plan_prepare(seq);
    if (seq->u.seq.small_blocks) {
        dt_cold_probe_init(); /* for data_in_cache */
        seq->u.seq.wide = dt_program_path(DT_PROGRAM_WIDE);
    }
    if (!seq->u.seq.small_blocks || seq->u.seq.shuffle || seq->size > DT_SHUFFLE_WINDOW ||
        !dt_shuffle_path())
        return;
    for (int64_t k = 0; k < seq->u.seq.n; k++) {
        lo = pc[k].disp < lo ? pc[k].disp : lo;
        hi = pc[k].disp + pc[k].len > hi ? pc[k].disp + pc[k].len : hi;
    }
    if (hi - lo > DT_SHUFFLE_WINDOW || !(sh = malloc(sizeof(*sh))))
        return;
    *sh = (dt_shuffle_t){.window = lo, .data_end = hi - lo, .size = seq->size,
                         .store = DT_SHUFFLE_WINDOW, .pack = dt_shuffle_path()};
#if defined(__x86_64__)
    sh->store = seq->size > 16 ? 32 : 16; /* the SSSE3 shuffle and the blends */
#endif
    memset(sh->table, 0xff, sizeof(sh->table));
    memset(sh->ssse3, 0x80, sizeof(sh->ssse3));
    for (int64_t k = 0; k < seq->u.seq.n; k++)
        for (int64_t b = 0; b < pc[k].len; b++, j++) {
            int64_t src = pc[k].disp - lo + b;
            sh->table[j] = (uint8_t)src;
            sh->ssse3[(j / 16) * 2 + src / 16][j % 16] = (uint8_t)(src % 16);
        }
#if defined(__x86_64__)
    if (blend_prepare(sh, pc, seq->u.seq.n) && dt_blend_path())
        sh->pack = dt_blend_path();
#endif
    seq->u.seq.shuffle = sh;
}

/* One block of up to 32 bytes by two overlapping moves of width w (a power of two). */
static inline void move_pow2(char *d, const char *s, int64_t len, int w)
{
    switch (w) {
    case 16: {
        wide16_t a = *(const wide16_t *)s, b = *(const wide16_t *)(s + len - 16);
        *(wide16_t *)d = a;
        *(wide16_t *)(d + len - 16) = b;
        break;
    }
    case 8: {
        uint64_t a, b;
        memcpy(&a, s, 8), memcpy(&b, s + len - 8, 8);
        memcpy(d, &a, 8), memcpy(d + len - 8, &b, 8);
        break;
    }
    case 4: {
        uint32_t a, b;
        memcpy(&a, s, 4), memcpy(&b, s + len - 4, 4);
        memcpy(d, &a, 4), memcpy(d + len - 4, &b, 4);
        break;
    }
    case 2: {
        uint16_t a, b;
        memcpy(&a, s, 2), memcpy(&b, s + len - 2, 2);
        memcpy(d, &a, 2), memcpy(d + len - 2, &b, 2);
        break;
    }
    default:
        *d = *s;
    }
}

/* count elements' copies of one block of len bytes, each by move_pow2 of width w. */
static inline __attribute__((always_inline)) void unpack_block_w(char *d, const char *p,
                                                                 int64_t stride, int64_t size,
                                                                 int64_t count, int64_t len,
                                                                 const int w)
{
#pragma GCC unroll 4
    for (int64_t i = 0; i < count; i++, d += stride, p += size)
        move_pow2(d, p, len, w);
}

/* The same with the width chosen once; a block of exactly w bytes is one move. */
static void unpack_block(char *d, const char *p, int64_t stride, int64_t size, int64_t count,
                         int64_t len)
{
    switch (len) {
    case 1: unpack_block_w(d, p, stride, size, count, 1, 1); return;
    case 2: unpack_block_w(d, p, stride, size, count, 2, 2); return;
    case 4: unpack_block_w(d, p, stride, size, count, 4, 4); return;
    case 8: unpack_block_w(d, p, stride, size, count, 8, 8); return;
    case 16: unpack_block_w(d, p, stride, size, count, 16, 16); return;
    }
    switch (pow2_width(len)) {
    case 2: unpack_block_w(d, p, stride, size, count, len, 2); return;
    case 4: unpack_block_w(d, p, stride, size, count, len, 4); return;
    case 8: unpack_block_w(d, p, stride, size, count, len, 8); return;
    default: unpack_block_w(d, p, stride, size, count, len, 16); return;
    }
}

/*
 * Short programs of blocks up to 32 bytes: block by block over a chunk of
 * UNPACK_CHUNK elements, whose user and packed lines stay in L1 from one
 * block's pass to the next. Each pass is a loop of fixed-width moves with
 * no branch on the block's length: faster than element by element with
 * the width chosen per block. (Prefetching the next chunk's lines made
 * unpacks from DRAM slower; record: docs/perf/dt-small-blocks.md.)
 */
#define UNPACK_CHUNK 128
static void unpack_short(const dt_piece_t *pc, int n, char *first, int64_t stride,
                         int64_t count, const char *p, int64_t size)
{
    for (int64_t i = 0; i < count; i += UNPACK_CHUNK) {
        const int64_t chunk = count - i < UNPACK_CHUNK ? count - i : UNPACK_CHUNK;
        char *element = first + i * stride;
        const char *packed = p + i * size;

        for (int k = 0, at = 0; k < n; at += (int)pc[k].len, k++)
            unpack_block(element + pc[k].disp, packed + at, stride, size, chunk, pc[k].len);
    }
}

const char *dt_small_unpack_moves(const dt_node_t *seq, char *first, int64_t stride,
                                  int64_t count, const char *p)
{
    const dt_piece_t *pc = seq->u.seq.pieces;
    int64_t n = seq->u.seq.n;

    if (n <= 4 && seq->u.seq.widest <= DT_SMALL_BLOCK) {
        unpack_short(pc, (int)n, first, stride, count, p, seq->size);
        return p + count * seq->size;
    }
    if (seq->u.seq.move_plan && data_in_cache(seq, first, stride, count))
        return unpack_planned(seq->u.seq.move_plan, first, stride, count, p, seq->size);
    for (int64_t i = 0; i < count; i++) {
        char *element = first + i * stride;
        for (int64_t k = 0; k < n; k++) {
            dt_copy_exact(element + pc[k].disp, p, pc[k].len);
            p += pc[k].len;
        }
    }
    return p;
}

/*
 * Bytes [off, off + len) of a sequence of small blocks starting inside
 * block k (one element, e.g. an irregular indexed type): the iovec path.
 */
DT_PAGE_BOUNDED_READS void dt_small_range(const dt_node_t *seq, char *base, int64_t k,
                                          int64_t off, int64_t len, char **packed, int unpack)
{
    const dt_piece_t *pc = seq->u.seq.pieces;
    char *p = *packed;

    if (len == seq->size && seq->u.seq.move_plan) { /* the whole element */
        *packed = move_planned(seq->u.seq.move_plan, base, 0, 1, p, len, 1, unpack);
        return;
    }
    /*
     * Pack: one 32-byte move per block, whatever its length, so random
     * block lengths cost no mispredicted branches; exact copies where the
     * move would overrun the range or leave the block's page.
     */
    for (; !unpack && len >= 32; k++, off = 0) {
        char *user = base + pc[k].disp + off;
        int64_t part = pc[k].len - off;
        if (part > 32) {
            if (part > len)
                break;
            dt_copy(p, user, (size_t)part);
        } else if (__builtin_expect(!DT_WIDE_READ_SAFE(user, part, 32), 0)) {
            break;
        } else {
            wide_store(p, wide_load(user, 32), 32);
        }
        p += part;
        len -= part;
    }
    for (; len > 0; k++, off = 0) {
        char *user = base + pc[k].disp + off;
        int64_t part = pc[k].len - off < len ? pc[k].len - off : len;

        dt_xfer_exact(user, p, part, unpack);
        p += part;
        len -= part;
    }
    *packed = p;
}
