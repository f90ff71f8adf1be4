/*
 * The datatype engine against hand-computed answers: sizes and bounds of
 * each constructor, the normalized layout of the benchmark layouts, pack
 * and partial pack byte for byte, contents round trip, reference counts
 * and every argument error. The random conformance test (test_dt_random)
 * covers breadth; these pin the semantics a shared mistake would hide.
 */
#include "dt/dt.h"
#include "unit_check.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static dt_type_t *INT, *DOUBLE, *CHAR;

static void check_bounds(const dt_type_t *t, int64_t size, int64_t lb, int64_t extent,
                         int64_t tlb, int64_t textent, const char *what)
{
    dt_aint_t l, e;

    CHECK(dt_type_size(t) == size, "%s: size %lld, want %lld", what, (long long)dt_type_size(t),
          (long long)size);
    dt_type_extent(t, &l, &e);
    CHECK(l == lb && e == extent, "%s: lb %lld extent %lld, want %lld %lld", what, (long long)l,
          (long long)e, (long long)lb, (long long)extent);
    dt_type_true_extent(t, &l, &e);
    CHECK(l == tlb && e == textent, "%s: true lb %lld extent %lld, want %lld %lld", what,
          (long long)l, (long long)e, (long long)tlb, (long long)textent);
}

static int layout_is(const dt_type_t *t, const char *want)
{
    char text[512];

    dt_type_describe(t, text, sizeof(text));
    if (!strstr(text, want)) {
        printf("  layout: %s\n  wanted: %s\n", text, want);
        return 0;
    }
    return 1;
}

/* vector(count 4, blocklen 2, stride 3, int): the seeds' case. */
static void test_vector(void)
{
    int in[12], out[8], back[12];
    dt_type_t *v;

    for (int i = 0; i < 12; i++)
        in[i] = 100 + i;
    CHECK(dt_type_vector(4, 2, 3, INT, &v) == VMPL_OK, "vector");
    check_bounds(v, 32, 0, 44, 0, 44, "vector(4,2,3,int)");
    CHECK(dt_pack(v, 1, in, 0, out, 32) == VMPL_ERR_TYPE_NOT_COMMITTED, "pack uncommitted");
    CHECK(dt_type_commit(v) == VMPL_OK, "commit");
    CHECK(layout_is(v, "loop 4 x 12 @0 { block 8 @0 }"), "vector layout");
    CHECK(dt_pack(v, 1, in, 0, out, 32) == VMPL_OK, "pack");
    {
        const int want[8] = {100, 101, 103, 104, 106, 107, 109, 110};
        CHECK(!memcmp(out, want, sizeof(want)), "vector packed values");
    }
    /* bytes [6, 19): starts inside element 0's second int */
    memset(out, 0, sizeof(out));
    CHECK(dt_pack(v, 1, in, 6, (char *)out + 6, 13) == VMPL_OK, "partial pack");
    CHECK(!memcmp((char *)out + 6, (char *)(int[]){0, 101, 103, 104, 106} + 6, 13),
          "partial pack bytes");
    memset(back, 0xee, sizeof(back));
    CHECK(dt_pack(v, 1, in, 0, out, 32) == VMPL_OK, "pack again");
    CHECK(dt_unpack(v, 1, back, 0, out, 20) == VMPL_OK && dt_unpack(v, 1, back, 20, (char *)out + 20, 12) == VMPL_OK,
          "unpack in two pieces");
    for (int i = 0; i < 11; i++)
        CHECK(back[i] == (i % 3 == 2 ? (int)0xeeeeeeee : 100 + i), "unpack element %d = %d", i,
              back[i]);
    CHECK(back[11] == (int)0xeeeeeeee, "unpack wrote past the type");
    dt_type_release(v);
}

/* Folding: contiguous of a vector whose extent tiles it, nested vectors, tiled blocks. */
static void test_normalization(void)
{
    dt_type_t *col, *face, *c, *v, *idx, *r;
    const dt_count_t bl[4] = {2, 0, 2, 2}, disp[4] = {0, 7, 3, 6};
    const dt_count_t blm[3] = {1, 1, 3}, dispm[3] = {0, 1, 5};

    CHECK(dt_type_vector(8, 1, 8, DOUBLE, &col) == VMPL_OK, "column");
    CHECK(dt_type_hvector(8, 1, 512, col, &face) == VMPL_OK, "face");
    check_bounds(face, 512, 0, 7 * 512 + 7 * 64 + 8, 0, 7 * 512 + 7 * 64 + 8, "face");
    dt_type_commit(face);
    CHECK(layout_is(face, "loop 64 x 64 @0 { block 8 @0 }"), "nested vectors folded");

    CHECK(dt_type_vector(4, 3, 3, INT, &v) == VMPL_OK && dt_type_commit(v) == VMPL_OK,
          "tiled vector");
    CHECK(layout_is(v, "block 48 @0"), "vector with stride == blocklen is one block");
    CHECK(dt_type_contiguous(5, col, &c) == VMPL_OK && dt_type_commit(c) == VMPL_OK,
          "contiguous of column");
    /* column extent is 7*64+8 = 456: copies do not tile the strided pattern */
    CHECK(layout_is(c, "loop 5 x 456 @0 { loop 8 x 64 @0 { block 8 @0 }"), "contiguous(column)");

    CHECK(dt_type_indexed(4, bl, disp, INT, &idx) == VMPL_OK && dt_type_commit(idx) == VMPL_OK,
          "indexed");
    CHECK(layout_is(idx, "loop 3 x 12 @0 { block 8 @0 }"), "zero block dropped, run folded");
    CHECK(dt_type_indexed(3, blm, dispm, INT, &r) == VMPL_OK && dt_type_commit(r) == VMPL_OK,
          "indexed merge");
    CHECK(layout_is(r, "seq 2 @0 [ block 8 @0, block 12 @20 ]"), "touching blocks merged");
    dt_type_release(r);
    dt_type_release(idx);
    dt_type_release(c);
    dt_type_release(v);
    dt_type_release(face);
    dt_type_release(col);
}

struct mixed {
    int a;
    double b;
    char c[3];
};

static void test_struct(void)
{
    const dt_count_t bl[3] = {1, 1, 3};
    const dt_aint_t disp[3] = {offsetof(struct mixed, a), offsetof(struct mixed, b),
                               offsetof(struct mixed, c)};
    dt_type_t *const types[3] = {INT, DOUBLE, CHAR};
    struct mixed in[3] = {{1, 2.5, "ab"}, {3, 4.5, "cd"}, {5, 6.5, "ef"}}, back[3];
    char out[45], want[45];
    dt_type_t *s;

    CHECK(dt_type_struct(3, bl, disp, types, &s) == VMPL_OK && dt_type_commit(s) == VMPL_OK,
          "struct");
    check_bounds(s, 15, 0, sizeof(struct mixed), 0, 19, "struct padded to alignment");
    CHECK(layout_is(s, "seq 2 @0 [ block 4 @0, block 11 @8 ]"), "struct layout: double and chars touch");
    for (int i = 0; i < 3; i++) {
        memcpy(want + 15 * i, &in[i].a, 4);
        memcpy(want + 15 * i + 4, &in[i].b, 8);
        memcpy(want + 15 * i + 12, in[i].c, 3);
    }
    CHECK(dt_pack(s, 3, in, 0, out, 45) == VMPL_OK && !memcmp(out, want, 45), "struct pack");
    memset(out, 0, sizeof(out));
    for (int off = 0; off < 45; off += 7)
        dt_pack(s, 3, in, (size_t)off, out + off, (size_t)(off + 7 > 45 ? 45 - off : 7));
    CHECK(!memcmp(out, want, 45), "struct packed in 7-byte pieces");
    memset(back, 0, sizeof(back));
    CHECK(dt_unpack(s, 3, back, 0, want, 45) == VMPL_OK, "struct unpack");
    for (int i = 0; i < 3; i++)
        CHECK(back[i].a == in[i].a && back[i].b == in[i].b && !memcmp(back[i].c, in[i].c, 3),
              "struct unpack element %d", i);
    dt_type_release(s);
}

/* Reference pack of count struct mixed elements at the given stride. */
static void pack_mixed_by_hand(const char *base, size_t stride, int count, char *out)
{
    for (int i = 0; i < count; i++) { /* byte offsets: elements may be misaligned */
        const char *m = base + (size_t)i * stride;
        memcpy(out + 15 * i, m + offsetof(struct mixed, a), 4);
        memcpy(out + 15 * i + 4, m + offsetof(struct mixed, b), 8);
        memcpy(out + 15 * i + 12, m + offsetof(struct mixed, c), 3);
    }
}

/*
 * Many elements take the element programs (wide moves or shuffles) with an
 * exact tail; every split point of a partial pack must agree with them.
 */
static void test_struct_many(void)
{
    enum { N = 1000 };
    const dt_count_t bl[3] = {1, 1, 3};
    const dt_aint_t disp[3] = {offsetof(struct mixed, a), offsetof(struct mixed, b),
                               offsetof(struct mixed, c)};
    dt_type_t *const types[3] = {INT, DOUBLE, CHAR};
    struct mixed *in = malloc(N * sizeof(*in)), *back = calloc(N, sizeof(*back));
    char *out = malloc(15 * N), *want = malloc(15 * N);
    dt_type_t *s;
    int bad = 0;

    for (int i = 0; i < N; i++)
        in[i] = (struct mixed){i * 7 + 1, i * 0.5, {(char)i, (char)(i >> 3), (char)~i}};
    pack_mixed_by_hand((const char *)in, sizeof(*in), N, want);
    dt_type_struct(3, bl, disp, types, &s);
    dt_type_commit(s);
    CHECK(dt_pack(s, N, in, 0, out, 15 * N) == VMPL_OK && !memcmp(out, want, 15 * N),
          "struct x %d packed", N);
    for (size_t cut = 1; cut < 15 * 40; cut += 7) { /* partial ranges ending anywhere */
        memset(out, 0, 15 * N);
        dt_pack(s, N, in, 0, out, cut);
        dt_pack(s, N, in, cut, out + cut, 15 * N - cut);
        bad += memcmp(out, want, 15 * N) != 0;
    }
    CHECK(bad == 0, "struct split packs: %d wrong", bad);
    CHECK(dt_unpack(s, N, back, 0, want, 15 * N) == VMPL_OK, "struct x %d unpack", N);
    for (int i = 0; i < N; i++)
        bad += back[i].a != in[i].a || back[i].b != in[i].b || memcmp(back[i].c, in[i].c, 3);
    CHECK(bad == 0, "struct unpack: %d wrong", bad);
    dt_type_release(s);
    free(in);
    free(back);
    free(out);
    free(want);
}

/*
 * Elements whose data ends just before an inaccessible page: the wide
 * loads of pack must not touch it (a fault fails the test).
 */
static void test_struct_page_edge(void)
{
    enum { N = 8 };
    long page = sysconf(_SC_PAGESIZE);
    const dt_count_t bl[3] = {1, 1, 3};
    const dt_aint_t disp[3] = {0, 8, 16};
    dt_type_t *const types[3] = {INT, DOUBLE, CHAR};
    char *map = mmap(NULL, (size_t)page * 2 * N, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    char out[15 * N], want[15 * N];
    dt_type_t *s, *r;

    CHECK(map != MAP_FAILED, "mmap");
    if (map == MAP_FAILED)
        return;
    for (int i = 0; i < N; i++) {
        mprotect(map + (2 * i + 1) * page, (size_t)page, PROT_NONE);
        for (int b = 0; b < 19; b++)
            map[2 * i * page + page - 19 + b] = (char)(i * 19 + b);
    }
    pack_mixed_by_hand(map + page - 19, (size_t)(2 * page), N, want);
    dt_type_struct(3, bl, disp, types, &s);
    dt_type_resized(s, 0, 2 * page, &r);
    dt_type_commit(r);
    CHECK(dt_pack(r, N, map + page - 19, 0, out, sizeof(out)) == VMPL_OK &&
              !memcmp(out, want, sizeof(out)), "pack next to PROT_NONE pages");
    dt_type_release(r);
    dt_type_release(s);
    munmap(map, (size_t)page * 2 * N);
}

/* A struct of up to six fields (type, count, byte displacement) for test_struct_shapes. */
typedef struct {
    const char *name;
    int n;
    dt_named_t type[6];
    dt_count_t count[6];
    dt_aint_t disp[6];
    int64_t bytes[6]; /* bytes of each field */
} shape_t;

/*
 * count elements of shape s at stride bytes from base: pack against a byte
 * copy of the fields, unpack into a copy of the user bytes and compare it
 * with the original (gap bytes must stay as they were).
 */
static int shape_round_trip(const shape_t *s, dt_type_t *t, char *base, int64_t stride,
                            int count)
{
    int64_t size = 0, at = 0;
    char *want, *out;
    int bad = 0;

    for (int f = 0; f < s->n; f++)
        size += s->bytes[f];
    want = malloc((size_t)(size * count) + 1);
    out = malloc((size_t)(size * count) + 1);
    for (int i = 0; i < count; i++)
        for (int f = 0; f < s->n; at += s->bytes[f], f++)
            memcpy(want + at, base + i * stride + s->disp[f], (size_t)s->bytes[f]);
    bad += dt_pack(t, count, base, 0, out, (size_t)(size * count)) != VMPL_OK ||
           memcmp(out, want, (size_t)(size * count)) != 0;
    for (int i = 0; i < count; i++) /* unpack over cleared fields; the gaps keep their bytes */
        for (int f = 0; f < s->n; f++)
            memset(base + i * stride + s->disp[f], 0, (size_t)s->bytes[f]);
    bad += dt_unpack(t, count, base, 0, want, (size_t)(size * count)) != VMPL_OK;
    free(want);
    free(out);
    return bad;
}

/*
 * Struct shapes of the element shuffles and blends (one to six runs of
 * blocks at one shift, 16- and 32-byte element stores, blocks out of
 * address order) in arrays whose last data byte ends a page followed by an
 * inaccessible one (a load past it faults), at every count up to 64 and
 * across several pages. The pack must match a byte copy of the fields, the
 * unpack must restore the fields and leave the gap bytes alone.
 */
static void test_struct_shapes(void)
{
    static const shape_t shapes[] = {
        {"{int, double, char[3]}", 3, {DT_INT, DT_DOUBLE, DT_CHAR}, {1, 1, 3}, {0, 8, 16},
         {4, 8, 3}},
        {"{char, short, int, char[5]}", 4, {DT_CHAR, DT_SHORT, DT_INT, DT_CHAR}, {1, 1, 1, 5},
         {0, 2, 8, 13}, {1, 2, 4, 5}},
        {"{double, int, char[10]}", 3, {DT_DOUBLE, DT_INT, DT_CHAR}, {1, 1, 10}, {0, 12, 20},
         {8, 4, 10}},
        {"{double @16, int @0}", 2, {DT_DOUBLE, DT_INT}, {1, 1}, {16, 0}, {8, 4}},
        {"six chars a byte apart", 6, {DT_CHAR, DT_CHAR, DT_CHAR, DT_CHAR, DT_CHAR, DT_CHAR},
         {1, 1, 1, 1, 1, 1}, {0, 2, 4, 6, 8, 10}, {1, 1, 1, 1, 1, 1}},
    };
    const long page = sysconf(_SC_PAGESIZE);
    const size_t span = (size_t)page * 8;
    char *map = mmap(NULL, span + (size_t)page, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

    CHECK(map != MAP_FAILED, "mmap");
    if (map == MAP_FAILED)
        return;
    mprotect(map + span, (size_t)page, PROT_NONE);
    for (size_t b = 0; b < span; b++)
        map[b] = (char)(b * 131 + 7);
    for (size_t k = 0; k < sizeof(shapes) / sizeof(shapes[0]); k++) {
        const shape_t *s = &shapes[k];
        dt_type_t *types[6], *t;
        dt_aint_t lb, extent;
        int64_t last = 0; /* one past the last data byte of an element */
        int bad = 0;

        for (int f = 0; f < s->n; f++) {
            types[f] = dt_named(s->type[f]);
            if (s->disp[f] + s->bytes[f] > last)
                last = s->disp[f] + s->bytes[f];
        }
        dt_type_struct(s->n, s->count, s->disp, types, &t);
        dt_type_commit(t);
        dt_type_extent(t, &lb, &extent);
        for (int count = 1; count <= 64 + 6 * page / extent; count += count < 64 ? 1 : 97) {
            char *base = map + span - last - (count - 1) * extent;
            char *copy = malloc(span);
            memcpy(copy, map, span);
            bad += shape_round_trip(s, t, base, extent, count);
            bad += memcmp(copy, map, span) != 0; /* every byte back: fields and gaps */
            free(copy);
        }
        CHECK(bad == 0, "struct %s next to a PROT_NONE page: %d wrong", s->name, bad);
        dt_type_release(t);
    }
    munmap(map, span + (size_t)page);
}

static void test_resized_and_pairs(void)
{
    dt_type_t *r, *di = dt_named(DT_DOUBLE_INT), *si = dt_named(DT_SHORT_INT), *c;

    check_bounds(di, 12, 0, 16, 0, 12, "MPI_DOUBLE_INT");
    check_bounds(si, 6, 0, 8, 0, 8, "MPI_SHORT_INT");
    check_bounds(dt_named(DT_LONG_DOUBLE), sizeof(long double), 0, sizeof(long double), 0,
                 sizeof(long double), "MPI_LONG_DOUBLE");
    CHECK(dt_type_resized(INT, -4, 16, &r) == VMPL_OK, "resized");
    check_bounds(r, 4, -4, 16, 0, 4, "resized(int, -4, 16)");
    CHECK(dt_type_contiguous(3, r, &c) == VMPL_OK && dt_type_commit(c) == VMPL_OK, "contig");
    check_bounds(c, 12, -4, 48, 0, 36, "contiguous(3, resized)");
    CHECK(layout_is(c, "loop 3 x 16 @0 { block 4 @0 }"), "resized layout");
    dt_type_release(r); /* c keeps it alive */
    {
        int in[24], out[6];
        const int want[6] = {0, 4, 8, 12, 16, 20}; /* element 1 starts at the extent, 48 bytes */
        for (int i = 0; i < 24; i++)
            in[i] = i;
        CHECK(dt_pack(c, 2, in, 0, out, 24) == VMPL_OK, "pack after inner released");
        CHECK(!memcmp(out, want, sizeof(want)), "resized values %d %d %d %d", out[0], out[1],
              out[3], out[5]);
    }
    dt_type_release(c);
}

static void test_subarray_darray(void)
{
    const dt_count_t sizes[2] = {4, 6}, subs[2] = {2, 3}, starts[2] = {1, 2};
    dt_type_t *sub, *dar;
    int a[24], out[6];

    for (int i = 0; i < 24; i++)
        a[i] = i;
    CHECK(dt_type_subarray(2, sizes, subs, starts, DT_ORDER_C, INT, &sub) == VMPL_OK &&
              dt_type_commit(sub) == VMPL_OK, "subarray");
    check_bounds(sub, 24, 0, 96, 32, 36, "subarray 4x6 [1:3, 2:5]");
    CHECK(dt_pack(sub, 1, a, 0, out, 24) == VMPL_OK, "subarray pack");
    CHECK(out[0] == 8 && out[2] == 10 && out[3] == 14 && out[5] == 16, "subarray values %d %d %d %d",
          out[0], out[2], out[3], out[5]);
    dt_type_release(sub);

    /* 4x6 on a 2x2 grid, rank 3 = coords (1,1): block rows 2..3, cyclic(2) columns 2,3 */
    {
        const dt_count_t gs[2] = {4, 6}, dargs[2] = {DT_DISTRIBUTE_DFLT_DARG, 2};
        const int dist[2] = {DT_DISTRIBUTE_BLOCK, DT_DISTRIBUTE_CYCLIC}, ps[2] = {2, 2};
        int want[4] = {14, 15, 20, 21};
        CHECK(dt_type_darray(4, 3, 2, gs, dist, dargs, ps, DT_ORDER_C, INT, &dar) == VMPL_OK &&
                  dt_type_commit(dar) == VMPL_OK, "darray");
        check_bounds(dar, 16, 0, 96, 56, 32, "darray");
        CHECK(dt_pack(dar, 1, a, 0, out, 16) == VMPL_OK && !memcmp(out, want, 16),
              "darray values %d %d %d %d", out[0], out[1], out[2], out[3]);
        dt_type_release(dar);
    }
}

static void test_contents(void)
{
    const dt_count_t bl[2] = {1, 2};
    const dt_aint_t disp[2] = {-8, 16};
    dt_count_t ints[8];
    dt_aint_t addrs[4];
    dt_type_t *types[2], *h;
    dt_envelope_t env;

    CHECK(dt_type_hindexed(2, bl, disp, DOUBLE, &h) == VMPL_OK, "hindexed");
    check_bounds(h, 24, -8, 40, -8, 40, "hindexed negative displacement");
    CHECK(dt_type_envelope(h, &env) == VMPL_OK && env.combiner == DT_COMBINER_HINDEXED &&
              env.num_integers == 3 && env.num_addresses == 2 && env.num_datatypes == 1,
          "envelope");
    CHECK(dt_type_contents(h, 8, 4, 2, ints, addrs, types) == VMPL_OK && ints[0] == 2 &&
              ints[1] == 1 && ints[2] == 2 && addrs[0] == -8 && addrs[1] == 16 &&
              types[0] == DOUBLE, "contents");
    CHECK(dt_type_contents(h, 2, 4, 2, ints, addrs, types) == VMPL_ERR_INVALID_ARG,
          "short integer array");
    CHECK(dt_type_contents(DOUBLE, 8, 4, 2, ints, addrs, types) == VMPL_ERR_INVALID_TYPE,
          "contents of a named type");
    dt_type_release(h);
}

/* The run test transports use to copy without packing. */
static void test_contiguous_run(void)
{
    const dt_count_t bl[2] = {1, 1}, rev[2] = {1, 0};
    dt_type_t *r, *v, *swapped;
    dt_aint_t off = -1;

    CHECK(dt_type_contiguous_run(INT, 5, &off) && off == 0, "int x 5 is one run");
    dt_type_resized(INT, -4, 8, &r);
    dt_type_commit(r);
    CHECK(dt_type_contiguous_run(r, 1, &off) && off == 0, "one resized int is a run");
    CHECK(!dt_type_contiguous_run(r, 2, &off), "two resized ints have a gap");
    dt_type_vector(2, 1, 2, INT, &v);
    dt_type_commit(v);
    CHECK(!dt_type_contiguous_run(v, 1, &off), "strided vector");
    dt_type_indexed(2, bl, rev, INT, &swapped); /* ints 1 then 0: contiguous bytes, other order */
    dt_type_commit(swapped);
    CHECK(!dt_type_contiguous_run(swapped, 1, &off), "reversed blocks are not the memory order");
    dt_type_release(swapped);
    dt_type_release(v);
    dt_type_release(r);
}

/*
 * A column of doubles whose one call spans more than the far span of its
 * stride (kernels/kernel.h), so it runs the class's pair without gathers, while
 * each half alone spans less and runs a nearer pair (at 8 KiB strides the
 * one DT_MID_SPAN's trial took): 12000 at 8 KiB (94 MiB
 * against 64; halves of 47 MiB) and 24000 at 128 bytes (2.9 MiB against
 * 2). Both must give the same bytes, and unpack must write the blocks only.
 */
static void check_far_span(size_t count, size_t stride, const char *far_text)
{
    size_t span = count * stride * sizeof(double), half = count / 2 * sizeof(double);
    double *user = mmap(NULL, span, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    double *packed = malloc(count * sizeof(double)), *pieces = malloc(count * sizeof(double));
    char text[512];
    dt_type_t *v;
    int wrong = 0;

    if (user == MAP_FAILED || !packed || !pieces) {
        CHECK(0, "no memory for the far-span test");
        goto out;
    }
    for (size_t i = 0; i < count; i++)
        user[i * stride] = (double)i + 0.5, user[i * stride + 1] = -1.0;
    CHECK(dt_type_vector((int64_t)count, 1, (int64_t)stride, DOUBLE, &v) == VMPL_OK &&
              dt_type_commit(v) == VMPL_OK,
          "far vector");
    dt_type_describe(v, text, sizeof(text));
    if (!strstr(text, far_text))
        printf("note: no gather chosen for 8-byte blocks at %zu bytes here: %s\n",
               stride * sizeof(double), text);
    CHECK(dt_pack(v, 1, user, 0, packed, count * sizeof(double)) == VMPL_OK, "far pack");
    CHECK(dt_pack(v, 1, user, 0, pieces, half) == VMPL_OK &&
              dt_pack(v, 1, user, half, (char *)pieces + half, count * sizeof(double) - half) ==
                  VMPL_OK,
          "far pack in halves");
    for (size_t i = 0; i < count; i++)
        wrong += packed[i] != (double)i + 0.5 || pieces[i] != packed[i];
    CHECK(!wrong, "far pack: %d wrong values", wrong);
    for (size_t i = 0; i < count; i++)
        user[i * stride] = 0.0;
    CHECK(dt_unpack(v, 1, user, 0, packed, count * sizeof(double)) == VMPL_OK, "far unpack");
    wrong = 0;
    for (size_t i = 0; i < count; i++)
        wrong += user[i * stride] != (double)i + 0.5 || user[i * stride + 1] != -1.0;
    CHECK(!wrong, "far unpack: %d wrong values", wrong);
    dt_type_release(v);
out:
    if (user != MAP_FAILED)
        munmap(user, span);
    free(packed);
    free(pieces);
}

static void test_far_span(void)
{
    check_far_span(12000, 1024, "beyond 64 MiB");
    check_far_span(24000, 16, "beyond 2 MiB");
}

/*
 * A sequence of small blocks whose last block lies 3 GiB past the first,
 * in a reservation only its touched pages occupy: the element programs'
 * move plans hold 32-bit offsets and such a sequence must go without one.
 * One element (the range code) and three, packed and unpacked against
 * byte loops; unpack writes no byte between the blocks.
 */
static void test_far_blocks(void)
{
    enum { NB = 7, COUNT = 3, EXTENT = 64 };
    const int64_t far = (int64_t)3 << 30;
    const dt_count_t len[NB] = {1, 2, 1, 3, 1, 2, 4};
    const dt_aint_t disp[NB] = {0, 8, 20, 28, 44, 52, far};
    const size_t bytes = (size_t)far + 4096;
    char *map = mmap(NULL, bytes, PROT_READ | PROT_WRITE,
                     MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    char want[COUNT * 56], got[COUNT * 56 + 16];
    dt_type_t *h = NULL, *r = NULL;
    int64_t size = 0;

    CHECK(map != MAP_FAILED, "far blocks: mmap");
    if (map == MAP_FAILED)
        return;
    for (int i = 0; i < NB; i++)
        size += 4 * len[i];
    for (int64_t count = 1; count <= COUNT; count += COUNT - 1) {
        char *at = want;
        for (int64_t e = 0; e < count; e++)
            for (int i = 0; i < NB; i++) {
                char *user = map + e * EXTENT + disp[i];
                for (int b = 0; b < 4 * len[i]; b++)
                    user[b] = (char)(e * 53 + i * 11 + b + 1);
                memcpy(at, user, (size_t)(4 * len[i]));
                at += 4 * len[i];
            }
        CHECK(dt_type_hindexed(NB, len, disp, INT, &h) == VMPL_OK &&
                  dt_type_resized(h, 0, EXTENT, &r) == VMPL_OK && dt_type_commit(r) == VMPL_OK,
              "far blocks: type");
        memset(got, 0x5a, sizeof(got));
        CHECK(dt_pack(r, count, map, 0, got, (size_t)(count * size)) == VMPL_OK &&
                  !memcmp(got, want, (size_t)(count * size)) && got[count * size] == 0x5a,
              "far blocks: pack of %lld elements", (long long)count);
        for (int64_t e = 0; e < count; e++) /* the blocks cleared, the gaps kept */
            for (int i = 0; i < NB; i++)
                memset(map + e * EXTENT + disp[i], 0, (size_t)(4 * len[i]));
        map[4] = map[far - 1] = 0x33;
        CHECK(dt_unpack(r, count, map, 0, want, (size_t)(count * size)) == VMPL_OK &&
                  map[4] == 0x33 && map[far - 1] == 0x33,
              "far blocks: unpack of %lld elements, gaps kept", (long long)count);
        CHECK(dt_pack(r, count, map, 0, got, (size_t)(count * size)) == VMPL_OK &&
                  !memcmp(got, want, (size_t)(count * size)),
              "far blocks: unpack of %lld elements, blocks written", (long long)count);
        dt_type_release(r);
        dt_type_release(h);
    }
    munmap(map, bytes);
}

static void test_errors(void)
{
    dt_type_t *t = NULL, *v;
    const dt_count_t one = 1;
    char buf[16];
    size_t n;

    CHECK(dt_type_contiguous(-1, INT, &t) == VMPL_ERR_INVALID_ARG && !t, "negative count");
    CHECK(dt_type_vector(2, -1, 3, INT, &t) == VMPL_ERR_INVALID_ARG, "negative blocklen");
    CHECK(dt_type_contiguous(2, NULL, &t) == VMPL_ERR_INVALID_TYPE, "null old type");
    CHECK(dt_type_indexed(1, &one, NULL, INT, &t) == VMPL_ERR_INVALID_ARG, "null displacements");
    CHECK(dt_type_vector(INT64_MAX / 2, 1, 4, INT, &t) == VMPL_ERR_OVERFLOW && !t,
          "size overflow");
    CHECK(dt_type_hvector(3, 1, INT64_MAX / 2, INT, &t) == VMPL_ERR_OVERFLOW, "extent overflow");
    CHECK(dt_type_resized(INT, INT64_MAX, 8, &t) == VMPL_ERR_OVERFLOW, "resized overflow");
    CHECK(dt_type_vector(2, 1, 2, INT, &v) == VMPL_OK && dt_type_commit(v) == VMPL_OK, "v");
    CHECK(dt_pack(v, -1, buf, 0, buf, 0) == VMPL_ERR_INVALID_ARG, "pack negative count");
    CHECK(dt_pack(v, 1, buf, 4, buf, 5) == VMPL_ERR_TRUNCATE, "pack past the end");
    CHECK(dt_pack(v, INT64_MAX / 4, buf, 0, buf, 1) == VMPL_ERR_OVERFLOW, "pack count overflow");
    CHECK(dt_pack(NULL, 1, buf, 0, buf, 1) == VMPL_ERR_INVALID_TYPE, "pack null type");
    CHECK(dt_type_commit(NULL) == VMPL_ERR_INVALID_TYPE, "commit null");
    n = dt_type_describe(v, buf, 8);
    CHECK(n > 8 && strlen(buf) == 7, "describe truncates (%zu)", n);
    CHECK(dt_named(DT_NAMED_COUNT) == NULL, "named out of range");
    dt_type_release(v);
}

int main(void)
{
    INT = dt_named(DT_INT);
    DOUBLE = dt_named(DT_DOUBLE);
    CHAR = dt_named(DT_CHAR);
    test_vector();
    test_normalization();
    test_struct();
    test_struct_many();
    test_struct_page_edge();
    test_struct_shapes();
    test_resized_and_pairs();
    test_subarray_darray();
    test_contents();
    test_contiguous_run();
    test_far_span();
    test_far_blocks();
    test_errors();
    printf("%lu passed, %lu failed\n", passed, failed);
    return failed != 0;
}
