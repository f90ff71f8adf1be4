/*
 * The choices between masked moves and pack/small.c's own moves for
 * packing, and for unpacking, a sequence of small blocks
 * (pack/masked.c), made by the sequence's first pack and first unpack.
 * In every state (not chosen yet, masked moves, the others) a pack must
 * equal the reference and write nothing past the packed range, and an
 * unpack must write the blocks and no gap byte, for blocks up to
 * DT_SMALL_BLOCK (fixed-size moves) and past it (exact copies), at a large
 * count and at two elements (one goes by the range code); a call moving
 * elements must leave its direction's choice behind, a call of none must
 * not. On CPUs without the masked moves the same calls are checked once.
 * On x86 the cold-line probe must be calibrated once a small-block type
 * is committed, whatever the CPU's vector ISA; the blocks are checked
 * again with every unpack's first user line
 * taken as cold (dt_unpack_cold_ticks 1): large unpacks with the masked
 * moves chosen then go by the others; and a strided loop's kernel pair
 * for a cold first line (check_strided_cold). On every CPU, a strided
 * loop spanning up to DT_NEAR_SPAN takes its class's near pair where the
 * calibration kept one, and the class's pair past it (check_strided_near).
 * A strided loop past DT_MID_SPAN takes a mid pair by its trial's answer,
 * and its first call of a direction leaves the answer (check_strided_mid).
 */
#include "dt/dt.h"
#include "dt/pack/pack.h"
#include "dt/kernels/kernel_private.h"
#include "unit_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MAX_BLOCKS 64
#define PACKED_BYTES (256 << 10) /* the large count: more than the choice times */
#define SENTINEL 64             /* bytes after the packed range that must stay */

typedef struct {
    int n;
    dt_count_t len[MAX_BLOCKS], disp[MAX_BLOCKS]; /* in ints */
    dt_count_t extent;                            /* in ints: first block to last end */
    int64_t size;                                 /* bytes */
} blocks_t;

/*
 * n blocks of 1..longest ints with gaps of 0..16 ints (and before the
 * first); the last block is one int, so a fixed-size move of it runs past
 * the element.
 */
static void blocks_make(blocks_t *b, int n, int longest, unsigned seed)
{
    dt_count_t at = 0;

    b->n = n, b->size = 0;
    for (int k = 0; k < n; k++) {
        seed = seed * 1103515245u + 12345u;
        b->len[k] = k == n - 1 ? 1 : 1 + (dt_count_t)((seed >> 16) % (unsigned)longest);
        seed = seed * 1103515245u + 12345u;
        b->disp[k] = at + (dt_count_t)((seed >> 16) % 17);
        at = b->disp[k] + b->len[k];
        b->size += 4 * b->len[k];
    }
    b->extent = at - b->disp[0];
}

static void reference_pack(const blocks_t *b, const int *user, int64_t count, int *out)
{
    for (int64_t e = 0; e < count; e++)
        for (int k = 0; k < b->n; k++) {
            memcpy(out, user + e * b->extent + b->disp[k], 4 * (size_t)b->len[k]);
            out += b->len[k];
        }
}

/* Whether the masked moves run for seq here (on AVX2 alone its moves are unmasked). */
static int masked(const dt_node_t *seq)
{
    return seq->u.seq.moves && dt_masked_usable();
}

/* Whether a call left the choice of its direction as it should; state: the one set before. */
static void check_chose(const dt_node_t *seq, int64_t count, int state, int unpack,
                        const char *what)
{
    int chooses = state < 0 && count > 0;

    if (masked(seq) && state < 0)
        CHECK((seq->u.seq.moves_use[unpack] >= 0) == chooses, "%s: %s of %lld elements %s",
              what, unpack ? "unpack" : "pack", (long long)count,
              chooses ? "made no choice" : "chose with nothing to time");
}

/*
 * Packs count elements in one call, then unpacks them into a second copy
 * of the user buffer, with the sequence's choice of that direction set to
 * state first.
 */
static void check_state(dt_type_t *t, const blocks_t *b, int64_t count, int state,
                        const char *what)
{
    size_t bytes = (size_t)(count * b->size);
    int64_t ints = count * b->extent + b->disp[0];
    int *user = malloc((size_t)ints * 4 + 4), *want = malloc(bytes + 1);
    int *back = malloc((size_t)ints * 4 + 4), *back_want = malloc((size_t)ints * 4 + 4);
    char *got = malloc(bytes + SENTINEL), sentinel[SENTINEL];
    dt_node_t *seq = t->layout;

    if (!user || !want || !back || !back_want || !got) {
        CHECK(0, "%s: allocation failed", what);
        goto out_free;
    }
    for (int64_t i = 0; i < ints; i++)
        user[i] = (int)(i * 2654435761u), back[i] = back_want[i] = ~(int)i;
    if (masked(seq))
        seq->u.seq.moves_use[0] = seq->u.seq.moves_use[1] = state;
    memset(sentinel, 0x5a, SENTINEL);
    memcpy(got + bytes, sentinel, SENTINEL);
    reference_pack(b, user, count, want);
    CHECK(dt_pack(t, count, user, 0, got, bytes) == VMPL_OK && !memcmp(got, want, bytes) &&
              !memcmp(got + bytes, sentinel, SENTINEL),
          "%s: pack of %lld elements, choice %d", what, (long long)count, state);
    check_chose(seq, count, state, 0, what);
    for (int64_t e = 0; e < count; e++) /* the blocks from user, the gaps as they were */
        for (int k = 0; k < b->n; k++)
            memcpy(back_want + e * b->extent + b->disp[k], user + e * b->extent + b->disp[k],
                   4 * (size_t)b->len[k]);
    CHECK(dt_unpack(t, count, back, 0, want, bytes) == VMPL_OK &&
              !memcmp(back, back_want, (size_t)ints * 4),
          "%s: unpack of %lld elements, choice %d", what, (long long)count, state);
    check_chose(seq, count, state, 1, what);
out_free:
    free(got);
    free(back_want);
    free(back);
    free(want);
    free(user);
}

static void check_blocks(int n, int longest, unsigned seed, const char *what)
{
    blocks_t b;
    dt_type_t *t;

    blocks_make(&b, n, longest, seed);
    if (dt_type_indexed(n, b.len, b.disp, dt_named(DT_INT), &t) != VMPL_OK ||
        dt_type_commit(t) != VMPL_OK) {
        CHECK(0, "%s: type", what);
        return;
    }
    CHECK(t->layout && t->layout->kind == DT_NODE_SEQ && t->layout->u.seq.small_blocks,
          "%s: not a sequence of small blocks", what);
    if (t->layout && t->layout->kind == DT_NODE_SEQ) {
        printf("%s: %d blocks, %lld packed bytes per element, masked moves %s\n", what, n,
               (long long)b.size, masked(t->layout) ? "built" : "not on this CPU");
        const int64_t counts[] = {PACKED_BYTES / b.size + 3, 2, 0};
        for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); c++)
            for (int state = -1; state <= (masked(t->layout) ? 1 : -1); state++)
                check_state(t, &b, counts[c], state, what);
    }
    dt_type_release(t);
}

/*
 * Packs count elements 2 * page apart, each followed by an inaccessible
 * page, of a type with n blocks of len[k] ints at disp[k] ints, its data
 * ending tail bytes before that page, in each state of the choice: no load
 * may touch the page (a fault fails the test).
 */
static void check_guarded(int n, const dt_count_t *len, const dt_count_t *disp, int tail,
                          const char *what)
{
    enum { COUNT = 6 };
    const long page = sysconf(_SC_PAGESIZE);
    dt_count_t end = 0;
    int64_t size = 0;
    char *map = mmap(NULL, (size_t)page * 2 * COUNT, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    char got[COUNT * 4 * 64], want[COUNT * 4 * 64], *origin;
    dt_type_t *t = NULL, *r = NULL;

    CHECK(map != MAP_FAILED, "%s: mmap", what);
    if (map == MAP_FAILED)
        return;
    for (int k = 0; k < n; k++) {
        end = disp[k] + len[k] > end ? disp[k] + len[k] : end;
        size += 4 * len[k];
    }
    for (int i = 0; i < COUNT; i++)
        mprotect(map + (2 * i + 1) * page, (size_t)page, PROT_NONE);
    origin = map + page - tail - 4 * end;
    for (long b = 0; b < page * 2 * COUNT; b++)
        if ((b / page) % 2 == 0)
            map[b] = (char)(b * 7 + 1);
    for (int i = 0, at = 0; i < COUNT; i++)
        for (int k = 0; k < n; k++, at += 4 * len[k - 1])
            memcpy(want + at, origin + 2 * page * i + 4 * disp[k], 4 * (size_t)len[k]);
    if (dt_type_indexed(n, len, disp, dt_named(DT_INT), &t) != VMPL_OK ||
        dt_type_resized(t, 0, 2 * page, &r) != VMPL_OK || dt_type_commit(r) != VMPL_OK ||
        r->layout->kind != DT_NODE_SEQ) {
        CHECK(0, "%s: type", what);
    } else {
        for (int state = -1; state <= (masked(r->layout) ? 1 : -1); state++) {
            if (masked(r->layout))
                r->layout->u.seq.moves_use[0] = state;
            CHECK(dt_pack(r, COUNT, origin, 0, got, (size_t)(COUNT * size)) == VMPL_OK &&
                      !memcmp(got, want, (size_t)(COUNT * size)),
                  "%s: pack %d bytes before inaccessible pages, choice %d", what, tail,
                  state);
        }
    }
    dt_type_release(r);
    dt_type_release(t);
    munmap(map, (size_t)page * 2 * COUNT);
}

/*
 * Elements of 4 pages, pages 1 and 3 inaccessible, with blocks at the end
 * of page 0 (the last one ending 4 bytes before page 1) and at the start
 * of page 2: a load past a block must not enter page 1 although the
 * element's data goes on after it. The second block is 8 ints (widest
 * 32 bytes: a 32-byte move per block) or 12 (48 bytes: the blocks cut
 * into moves, pack/masked.c).
 */
static void check_page_inside(dt_count_t second)
{
    enum { COUNT = 3, N = 6 };
    const long page = sysconf(_SC_PAGESIZE);
    const dt_count_t w = (dt_count_t)(page / 4); /* ints a page */
    const dt_count_t len[N] = {3, second, 1, 5, 2, 1};
    const dt_count_t disp[N] = {w - 24, w - 20, w - 2, 2 * w, 2 * w + 7, 2 * w + 12};
    char *map = mmap(NULL, (size_t)page * 4 * COUNT, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    char got[COUNT * 96], want[COUNT * 96];
    int64_t at = 0;
    dt_type_t *t = NULL, *r = NULL;

    CHECK(map != MAP_FAILED, "page inside: mmap");
    if (map == MAP_FAILED)
        return;
    for (long b = 0; b < page * 4 * COUNT; b++)
        map[b] = (char)(b * 7 + 1);
    for (int i = 0; i < COUNT; i++) {
        mprotect(map + (4 * i + 1) * page, (size_t)page, PROT_NONE);
        mprotect(map + (4 * i + 3) * page, (size_t)page, PROT_NONE);
        for (int k = 0; k < N; k++, at += 4 * len[k - 1])
            memcpy(want + at, map + 4 * page * i + 4 * disp[k], 4 * (size_t)len[k]);
    }
    if (dt_type_indexed(N, len, disp, dt_named(DT_INT), &t) != VMPL_OK ||
        dt_type_resized(t, 0, 4 * page, &r) != VMPL_OK || dt_type_commit(r) != VMPL_OK ||
        r->layout->kind != DT_NODE_SEQ) {
        CHECK(0, "page inside: type");
    } else {
        for (int state = -1; state <= (masked(r->layout) ? 1 : -1); state++) {
            if (masked(r->layout))
                r->layout->u.seq.moves_use[0] = state;
            CHECK(dt_pack(r, COUNT, map, 0, got, (size_t)at) == VMPL_OK &&
                      !memcmp(got, want, (size_t)at),
                  "pack of elements around an inaccessible page, a block of %d ints, choice %d",
                  (int)second, state);
        }
    }
    dt_type_release(r);
    dt_type_release(t);
    munmap(map, (size_t)page * 4 * COUNT);
}

/*
 * The 32-byte moves of the element programs read up to 31 bytes past a
 * block: next to inaccessible pages, for blocks up to 32 bytes and past
 * it, at every distance of the data's end from the page, and around a
 * page inside an element (both again).
 */
static void check_page_edges(void)
{
    const dt_count_t len[6] = {3, 8, 1, 5, 2, 1}, disp[6] = {0, 5, 14, 16, 23, 27};
    const dt_count_t len_long[6] = {3, 15, 1, 12, 2, 1}, disp_long[6] = {0, 5, 21, 23, 36, 40};

    for (int tail = 0; tail < 32; tail++) {
        check_guarded(6, len, disp, tail, "blocks of 4-32 bytes");
        check_guarded(6, len_long, disp_long, tail, "blocks of 4-60 bytes");
    }
    check_page_inside(8);
    check_page_inside(12);
}

#if defined(__x86_64__)
/*
 * A column of doubles 16 doubles apart over 1 MiB of user memory (past
 * DT_STRIDED_PROBE_SPAN, pack/pack.c): dt_strided_kernel gives the pair the
 * span selects when no line counts as cold, and the last of the pairs
 * after it (no gathers) when every line does (dt_unpack_cold_ticks 1);
 * pack and unpack equal the reference either way. Where the calibration
 * chose no gathers there is no pair after it, and both are that pair.
 */
static void check_strided_cold(void)
{
    enum { N = 8192, STRIDE = 16 };
    const uint64_t probe = dt_unpack_cold_ticks;
    const uint64_t ticks[2] = {UINT64_MAX, 1};
    double *user = malloc(sizeof(double) * N * STRIDE), *back = malloc(sizeof(double) * N * STRIDE);
    double *packed = malloc(sizeof(double) * N);
    dt_type_t *t = NULL;
    const dt_kernel_t *warm, *last;
    const dt_node_t *loop;

    if (!user || !back || !packed || dt_type_vector(N, 1, STRIDE, dt_named(DT_DOUBLE), &t) ||
        dt_type_commit(t)) {
        CHECK(0, "strided cold: setup");
        goto out;
    }
    loop = t->layout;
    if (!loop || loop->kind != DT_NODE_LOOP || loop->u.loop.child->kind != DT_NODE_BLOCK ||
        !loop->u.loop.kernel) {
        CHECK(0, "strided cold: a loop over one block with its kernel");
        goto out;
    }
    for (warm = loop->u.loop.kernel;
         warm->far && (uint64_t)N * STRIDE * sizeof(double) > warm->far_span; warm = warm->far)
        ;
    for (last = warm; last->far; last = last->far)
        ;
    for (int i = 0; i < N * STRIDE; i++)
        user[i] = (double)i;
    for (int c = 0; c < 2; c++) {
        dt_unpack_cold_ticks = ticks[c];
        CHECK(dt_strided_kernel(loop, (char *)user, N, (char *)packed, 0) == (c ? last : warm),
              "strided cold: %s first line takes the %s pair", c ? "a cold" : "a warm",
              c ? "last" : "span's");
        memset(packed, 0, sizeof(double) * N);
        memset(back, 0, sizeof(double) * N * STRIDE);
        int ok = dt_pack(t, 1, user, 0, packed, sizeof(double) * N) == VMPL_OK &&
                 dt_unpack(t, 1, back, 0, packed, sizeof(double) * N) == VMPL_OK;
        for (int i = 0; ok && i < N * STRIDE; i++)
            ok = i % STRIDE ? back[i] == 0.0 : packed[i / STRIDE] == user[i] && back[i] == user[i];
        CHECK(ok, "strided cold: pack and unpack, %s first line", c ? "cold" : "warm");
    }
out:
    dt_unpack_cold_ticks = probe;
    dt_type_release(t);
    free(user);
    free(back);
    free(packed);
}
#endif

/*
 * A column of doubles at a 128-byte stride, at the counts that span
 * DT_NEAR_SPAN and one block more: the kernel pair each takes, and pack
 * and unpack against the reference. A near pair differs from the class's
 * on one side at least.
 */
static void check_strided_near(void)
{
    enum { STRIDE = 16, NEAR_N = (int)(DT_NEAR_SPAN / (STRIDE * sizeof(double))) };
    const int counts[2] = {NEAR_N, NEAR_N + 1};
    double *user = malloc(sizeof(double) * (NEAR_N + 1) * STRIDE);
    double *back = malloc(sizeof(double) * (NEAR_N + 1) * STRIDE);
    double *packed = malloc(sizeof(double) * (NEAR_N + 1));
    const dt_kernel_t *k;

    if (!user || !back || !packed) {
        CHECK(0, "strided near: setup");
        goto out;
    }
    for (int i = 0; i < (NEAR_N + 1) * STRIDE; i++)
        user[i] = (double)i;
    for (int c = 0; c < 2; c++) {
        const int n = counts[c];
        dt_type_t *t = NULL;
        const dt_node_t *loop;

        if (dt_type_vector(n, 1, STRIDE, dt_named(DT_DOUBLE), &t) || dt_type_commit(t) ||
            !(loop = t->layout) || loop->kind != DT_NODE_LOOP || !loop->u.loop.kernel) {
            CHECK(0, "strided near: a loop of %d blocks with its kernel", n);
            dt_type_release(t);
            continue;
        }
        k = loop->u.loop.kernel;
        CHECK(dt_strided_kernel(loop, (char *)user, n, (char *)packed, 0) ==
                  (c == 0 && k->near ? k->near : k),
              "strided near: %d blocks (%s DT_NEAR_SPAN) take the %s pair", n,
              c ? "past" : "up to", c == 0 && k->near ? "near" : "class's");
        if (k->near)
            CHECK(k->near->pack != k->pack || k->near->unpack != k->unpack,
                  "strided near: the near pair (%s) differs from the class's (%s)",
                  k->near->name, k->name);
        memset(packed, 0, sizeof(double) * (size_t)n);
        memset(back, 0, sizeof(double) * (size_t)n * STRIDE);
        int ok = dt_pack(t, 1, user, 0, packed, sizeof(double) * (size_t)n) == VMPL_OK &&
                 dt_unpack(t, 1, back, 0, packed, sizeof(double) * (size_t)n) == VMPL_OK;
        for (int i = 0; ok && i < n * STRIDE; i++)
            ok = i % STRIDE ? back[i] == 0.0 : packed[i / STRIDE] == user[i] && back[i] == user[i];
        CHECK(ok, "strided near: pack and unpack of %d blocks", n);
        dt_type_release(t);
    }
out:
    free(user);
    free(back);
    free(packed);
}

/*
 * A column of doubles at an 8 KiB stride whose class pair leads to a mid
 * pair (DT_MID_SPAN) and a far pair: test pairs made of the generic 8-byte
 * moves and, for the mid pair, the reference kernels, so that on every
 * CPU the trial has two kernels to time. Per direction: with the trial's
 * answers set, the first call of each span bucket (DT_MID_BUCKETS) takes
 * the mid pair (1) or the far pair (-1) by its bucket's answer, and calls
 * past the far span take the far pair, with no trial; with none set (0), the first pack (unpack) leaves the answer of
 * its span only, and the call equals the reference, the unpack writing
 * no gap byte.
 */
static void check_strided_mid(void)
{
    enum { STRIDE = 1024, N = (int)(DT_MID_SPAN / (STRIDE * sizeof(double))) + 1 };
    const int64_t n_far = (int64_t)(DT_FAR_SPAN_SPARSE / (STRIDE * sizeof(double))) + 1;
    const int64_t n_bucket[DT_MID_BUCKETS] = {N, 4 * (N - 1) + 1, n_far - 1};
    const dt_kernel_t *const *all = dt_kernels_all(), *moves = NULL;
    double *user = malloc(sizeof(double) * N * STRIDE), *packed = malloc(sizeof(double) * N);
    dt_kernel_t k, mid, far;
    int use[2 * DT_MID_BUCKETS] = {0};
    dt_type_t *t = NULL;
    dt_node_t *loop = NULL;
    const dt_kernel_t *selected = NULL;
#if defined(__x86_64__)
    const uint64_t probe = dt_unpack_cold_ticks;
    dt_unpack_cold_ticks = 0; /* no cold-line probe: the pairs by span alone */
#endif

    for (int i = 0; all[i] && !moves; i++)
        if (!strcmp(all[i]->name, "generic-fixed8"))
            moves = all[i];
    if (!moves || !user || !packed || dt_type_vector(N, 1, STRIDE, dt_named(DT_DOUBLE), &t) ||
        dt_type_commit(t) || !(loop = (dt_node_t *)t->layout) || loop->kind != DT_NODE_LOOP ||
        loop->u.loop.child->kind != DT_NODE_BLOCK || !loop->u.loop.kernel) {
        CHECK(0, "strided mid: setup");
        goto out;
    }
    k = mid = far = *moves;
    k.near = far.near = mid.near = NULL;
    k.far = &mid, k.far_span = DT_MID_SPAN, k.mid_use = NULL;
    mid.pack = dt_reference_pack, mid.unpack = dt_reference_unpack, mid.mid_use = use;
    mid.far = &far, mid.far_span = DT_FAR_SPAN_SPARSE;
    far.far = NULL, far.mid_use = NULL;
    selected = loop->u.loop.kernel;
    loop->u.loop.kernel = &k;
    for (int d = 0; d < 2; d++) {
        for (int answer = -1; answer <= 1; answer += 2) {
            for (int b = 0; b < DT_MID_BUCKETS; b++)
                use[d * DT_MID_BUCKETS + b] = b % 2 ? -answer : answer;
            for (int b = 0; b < DT_MID_BUCKETS; b++) /* a call in each bucket */
                CHECK(dt_strided_kernel(loop, (char *)user, n_bucket[b], (char *)packed, d) ==
                          ((b % 2 ? -answer : answer) > 0 ? &mid : &far),
                      "strided mid: %s of %lld blocks, answer %d", d ? "unpack" : "pack",
                      (long long)n_bucket[b], b % 2 ? -answer : answer);
        }
        for (int b = 0; b < DT_MID_BUCKETS; b++)
            use[d * DT_MID_BUCKETS + b] = 0;
        /* no trial here: it would read past user's end */
        CHECK(dt_strided_kernel(loop, (char *)user, n_far, (char *)packed, d) == &far,
              "strided mid: %s past the far span takes the far pair", d ? "unpack" : "pack");
    }
    for (int i = 0; i < N * STRIDE; i++)
        user[i] = (double)i;
    memset(packed, 0, sizeof(double) * N);
    int set = 0;
    CHECK(dt_pack(t, 1, user, 0, packed, sizeof(double) * N) == VMPL_OK, "strided mid: pack");
    for (int i = 0; i < 2 * DT_MID_BUCKETS; i++)
        set += (use[i] != 0) << i;
    CHECK(set == 1, "strided mid: the first pack leaves its span's answer only (mask %#x)", set);
    int ok = 1;
    for (int i = 0; ok && i < N; i++)
        ok = packed[i] == user[i * STRIDE];
    CHECK(ok, "strided mid: pack equals the reference");
    for (int i = 0; i < N * STRIDE; i++)
        user[i] = i % STRIDE ? -1.0 : 0.0;
    CHECK(dt_unpack(t, 1, user, 0, packed, sizeof(double) * N) == VMPL_OK &&
              use[DT_MID_BUCKETS] != 0,
          "strided mid: the first unpack leaves its answer");
    ok = 1;
    for (int i = 0; ok && i < N * STRIDE; i++)
        ok = i % STRIDE ? user[i] == -1.0 : user[i] == (double)i;
    CHECK(ok, "strided mid: unpack writes the blocks and no gap byte");
    loop->u.loop.kernel = selected;
out:
#if defined(__x86_64__)
    dt_unpack_cold_ticks = probe;
#endif
    dt_type_release(t);
    free(user);
    free(packed);
}

static unsigned long skipped;

int main(void)
{
    check_blocks(56, 8, 2024, "blocks of 4-32 bytes");
    check_blocks(40, 15, 7, "blocks of 4-60 bytes");
#if defined(__x86_64__)
    {
        const uint64_t probe = dt_unpack_cold_ticks;
        /* the types above set the probe up (dt_cold_probe_init), on every x86-64 CPU */
        CHECK(probe >= 2, "cold-line probe calibrated: %llu ticks", (unsigned long long)probe);
        dt_unpack_cold_ticks = 1;
        check_blocks(56, 8, 2024, "blocks of 4-32 bytes, cold");
        check_blocks(40, 15, 7, "blocks of 4-60 bytes, cold");
        dt_unpack_cold_ticks = probe;
    }
    check_strided_cold();
#endif
    check_strided_near();
    check_strided_mid();
    check_page_edges();
    if (!dt_masked_usable()) { /* the choice checks above had nothing to look at */
        printf("SKIP masked-move choices: no masked moves on this CPU\n");
        skipped++;
    }
    printf("%lu passed, %lu failed, %lu skipped\n", passed, failed, skipped);
    return failed != 0;
}
