/*
 * Eight threads at once on the datatype engine's first calls: the
 * one-time set-up (named types, the CPU's kernel list, the ISA cap, the
 * cold-line probe), the calibration of each kernel class and the choices
 * made by a sequence's first pack and unpack must come out right when
 * they race. Round 1: every thread builds and commits the same shapes
 * at the same moment (the classes calibrate under the race) and packs
 * them. Round 2: the main thread commits them once and every thread
 * makes the first pack and unpack of those types at the same moment.
 * Each pack is checked against a scalar copy of the blocks (a plain
 * memcpy per block, from the shape's own description), each unpack for
 * the blocks' bytes and untouched gaps, in one call and in pieces.
 */
#include "dt/dt.h"

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define THREADS 8
#define MAX_BLOCKS 256
#define GAP_BYTE 0xEE

static unsigned long passed, failed; /* updated atomically */

#define CHECK(cond, ...)                                                                      \
    do {                                                                                      \
        if (cond) {                                                                           \
            __atomic_fetch_add(&passed, 1, __ATOMIC_RELAXED);                                 \
        } else {                                                                              \
            __atomic_fetch_add(&failed, 1, __ATOMIC_RELAXED);                                 \
            printf("FAIL %s:%d: ", __FILE__, __LINE__);                                       \
            printf(__VA_ARGS__);                                                              \
            printf("\n");                                                                     \
        }                                                                                     \
    } while (0)

/* A shape: its blocks in bytes from the element's origin, its extent, and a count to pack. */
typedef struct {
    const char *name;
    int n;
    int64_t disp[MAX_BLOCKS], len[MAX_BLOCKS];
    int64_t extent, count;
} shape_t;

enum { VEC_2_3_INT, COLUMN_16, COLUMN_1024, STRUCT_IDC3, INDEXED, LONG_BLOCKS, RESIZED, NSHAPES };
static shape_t shapes[NSHAPES];

static void shape_block(shape_t *s, int64_t disp, int64_t len)
{
    s->disp[s->n] = disp;
    s->len[s->n++] = len;
}

/* The shapes of the datatype benchmarks and the engine's other paths, by hand. */
static void shapes_describe(void)
{
    shape_t *s;

    s = &shapes[VEC_2_3_INT]; /* vector(64, 2, 3, int): 8-byte blocks, 12 apart */
    s->name = "vector(2,3,int)";
    for (int k = 0; k < 64; k++)
        shape_block(s, 12 * k, 8);
    s->extent = (63 * 3 + 2) * 4, s->count = 512;
    s = &shapes[COLUMN_16]; /* vector(256, 1, 16, double) */
    s->name = "column 16";
    for (int k = 0; k < 256; k++)
        shape_block(s, 128 * k, 8);
    s->extent = (255 * 16 + 1) * 8, s->count = 64;
    s = &shapes[COLUMN_1024]; /* vector(128, 1, 1024, double): 8 KiB stride, 4 MiB span */
    s->name = "column 1024";
    for (int k = 0; k < 128; k++)
        shape_block(s, 8192 * k, 8);
    s->extent = (127 * 1024 + 1) * 8, s->count = 4;
    s = &shapes[STRUCT_IDC3]; /* struct {int; double; char[3]}, extent 24 */
    s->name = "struct idc3";
    shape_block(s, 0, 4), shape_block(s, 8, 8), shape_block(s, 16, 3);
    s->extent = 24, s->count = 8192;
    s = &shapes[INDEXED]; /* indexed: 40 irregular blocks of 1-15 ints */
    s->name = "indexed";
    for (int k = 0, at = 0; k < 40; k++) {
        int len = 1 + (k * 7) % 15, gap = (k * 5) % 4;
        shape_block(s, 4 * (at + gap), 4 * len);
        at += gap + len;
        s->extent = 4 * at;
    }
    s->count = 1024;
    s = &shapes[LONG_BLOCKS]; /* hindexed: blocks of 40-240 bytes */
    s->name = "long blocks";
    for (int k = 0, at = 0; k < 12; k++) {
        int len = 40 + 20 * (k % 11);
        shape_block(s, at, len);
        s->extent = at + len;
        at += len + 8;
    }
    s->count = 512;
    s = &shapes[RESIZED]; /* resized(contiguous(3, int), 0, 16): one block, not tiling */
    s->name = "resized";
    shape_block(s, 0, 12);
    s->extent = 16, s->count = 4096;
}

static dt_type_t *shape_build(const shape_t *s, int which)
{
    dt_type_t *INT = dt_named(DT_INT), *DOUBLE = dt_named(DT_DOUBLE), *t = NULL, *inner = NULL;
    dt_count_t lens[MAX_BLOCKS];
    dt_aint_t displs[MAX_BLOCKS];
    dt_type_t *types[3] = {INT, DOUBLE, dt_named(DT_CHAR)};
    vmpl_status_t st;

    for (int k = 0; k < s->n; k++)
        lens[k] = s->len[k], displs[k] = s->disp[k];
    switch (which) {
    case VEC_2_3_INT: st = dt_type_vector(64, 2, 3, INT, &t); break;
    case COLUMN_16: st = dt_type_vector(256, 1, 16, DOUBLE, &t); break;
    case COLUMN_1024: st = dt_type_vector(128, 1, 1024, DOUBLE, &t); break;
    case STRUCT_IDC3:
        lens[0] = 1, lens[1] = 1, lens[2] = 3;
        st = dt_type_struct(3, lens, displs, types, &t);
        break;
    case RESIZED:
        st = dt_type_contiguous(3, INT, &inner);
        if (st == VMPL_OK)
            st = dt_type_resized(inner, 0, 16, &t);
        dt_type_release(inner);
        break;
    default: /* INDEXED, LONG_BLOCKS: bytes */
        st = dt_type_hindexed(s->n, lens, displs, dt_named(DT_BYTE), &t);
        break;
    }
    if (st == VMPL_OK)
        st = dt_type_commit(t);
    CHECK(st == VMPL_OK, "%s: build and commit: status %d", s->name, (int)st);
    return st == VMPL_OK ? t : NULL;
}

/* Pack and unpack count elements of s by t, whole and in pieces, against the scalar copies. */
static void shape_check(const shape_t *s, const dt_type_t *t, unsigned seed)
{
    int64_t size = 0, user_bytes = s->count * s->extent;
    char *user, *packed, *want, *back;

    for (int k = 0; k < s->n; k++)
        size += s->len[k];
    size *= s->count;
    user = malloc((size_t)user_bytes), back = malloc((size_t)user_bytes);
    packed = malloc((size_t)size), want = malloc((size_t)size);
    if (!user || !back || !packed || !want) {
        CHECK(0, "%s: out of memory", s->name);
        goto out_free;
    }
    for (int64_t i = 0; i < user_bytes; i++)
        user[i] = (char)((seed = seed * 1103515245u + 12345u) >> 16);
    for (int64_t e = 0, at = 0; e < s->count; e++)
        for (int k = 0; k < s->n; at += s->len[k], k++)
            memcpy(want + at, user + e * s->extent + s->disp[k], (size_t)s->len[k]);

    CHECK(dt_pack(t, s->count, user, 0, packed, (size_t)size) == VMPL_OK &&
              !memcmp(packed, want, (size_t)size),
          "%s: pack differs from the scalar copies", s->name);
    memset(back, GAP_BYTE, (size_t)user_bytes);
    CHECK(dt_unpack(t, s->count, back, 0, want, (size_t)size) == VMPL_OK,
          "%s: unpack failed", s->name);
    for (int64_t e = 0, bad = 0, gap = 0; e < s->count && !bad; e++) {
        for (int k = 0; k < s->n; k++) {
            const int64_t at = e * s->extent + s->disp[k];
            bad |= memcmp(back + at, user + at, (size_t)s->len[k]) != 0;
            for (int64_t b = gap; b < at; b++) /* the gap before this block */
                bad |= (unsigned char)back[b] != GAP_BYTE;
            gap = at + s->len[k];
        }
        CHECK(!bad, "%s: unpack of element %lld wrong", s->name, (long long)e);
    }

    /* In pieces of an odd length: the ranges start inside blocks and elements. */
    memset(packed, 0, (size_t)size);
    for (int64_t off = 0, piece = 1013; off < size; off += piece)
        dt_pack(t, s->count, user, (size_t)off, packed + off,
                (size_t)(size - off < piece ? size - off : piece));
    CHECK(!memcmp(packed, want, (size_t)size), "%s: pack in pieces differs", s->name);
out_free:
    free(user), free(back), free(packed), free(want);
}

static pthread_barrier_t start;
static dt_type_t *committed[NSHAPES]; /* round 2: committed by the main thread */

/* Round 1: build, commit and pack every shape, all threads at once. */
static void *round_commit(void *arg)
{
    unsigned seed = (unsigned)(uintptr_t)arg;

    pthread_barrier_wait(&start);
    for (int i = 0; i < NSHAPES; i++) {
        dt_type_t *t = shape_build(&shapes[i], i);
        if (t)
            shape_check(&shapes[i], t, seed + (unsigned)i);
        dt_type_release(t);
    }
    return NULL;
}

/* Round 2: the first packs and unpacks of the committed types, all threads at once. */
static void *round_first_call(void *arg)
{
    unsigned seed = (unsigned)(uintptr_t)arg;

    pthread_barrier_wait(&start);
    for (int i = 0; i < NSHAPES; i++)
        if (committed[i])
            shape_check(&shapes[i], committed[i], seed + 100u * (unsigned)i);
    return NULL;
}

static void round_run(void *(*body)(void *))
{
    pthread_t tid[THREADS];
    int started = 0;

    pthread_barrier_init(&start, NULL, THREADS);
    for (; started < THREADS; started++)
        if (pthread_create(&tid[started], NULL, body, (void *)(uintptr_t)(started + 1)) != 0)
            break;
    CHECK(started == THREADS, "only %d threads started", started);
    if (started < THREADS) { /* the barrier would never open */
        printf("cannot start the threads\n");
        exit(1);
    }
    for (int i = 0; i < started; i++)
        pthread_join(tid[i], NULL);
    pthread_barrier_destroy(&start);
}

int main(void)
{
    shapes_describe(); /* no call into the library before the threads */
    round_run(round_commit);
    for (int i = 0; i < NSHAPES; i++)
        committed[i] = shape_build(&shapes[i], i);
    round_run(round_first_call);
    for (int i = 0; i < NSHAPES; i++)
        dt_type_release(committed[i]);
    printf("%lu passed, %lu failed\n", passed, failed);
    return failed != 0;
}
