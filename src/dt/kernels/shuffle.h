/*
 * Element shuffles: pack a whole element of a sequence of small blocks
 * whose blocks sit inside one 32-byte window with one load, a byte
 * permutation in registers and one store (x86 SSSE3: PSHUFB of each
 * 16-byte half of the window; aarch64: TBL over two registers). The
 * permutation is computed at commit.
 *
 * Element blends (x86 AVX2) take the place of the permutation where the
 * blocks ascend in memory: the blocks packed at the same shift from their
 * user bytes form a run, each run is one unaligned load at that shift, and
 * VPBLENDVB merges the runs' loads into the packed element. The struct
 * {int, double, char[3]} is two runs (the int; the double and the chars),
 * so two loads, one blend and one store an element.
 */
#ifndef VMPL_DT_DT_PACK_SHUFFLE_H
#define VMPL_DT_DT_PACK_SHUFFLE_H

#include <stdint.h>

#define DT_SHUFFLE_WINDOW 32
#define DT_BLEND_RUNS 4

typedef struct dt_shuffle {
    int64_t window;      /* displacement of the 32-byte window in the element */
    int64_t data_end;    /* one past the last data byte, from the window start */
    int64_t size;        /* packed bytes per element (<= 32) */
    int64_t store;       /* bytes an element's store writes from its packed start */
    uint8_t table[32];   /* TBL indices into the window (0xff: none) */
    uint8_t ssse3[4][16]; /* SSSE3: out low/high half from window low/high half */
    /* Blend (runs > 0): packed byte j of run r is window byte j + shift[r]. */
    int runs;
    int64_t shift[DT_BLEND_RUNS];
    uint8_t blend[DT_BLEND_RUNS][32]; /* 0xff at the packed bytes of run r */
    int64_t read_end; /* the runs' loads end there, from the window start */
    /*
     * Packs up to count elements, writing store bytes per element (the
     * excess is overwritten by the next one); stops before an element whose
     * loads leave the pages of its data. Returns the elements packed.
     */
    int64_t (*pack)(const struct dt_shuffle *sh, const char *first, int64_t stride,
                    int64_t count, char **packed);
} dt_shuffle_t;

typedef int64_t (*dt_shuffle_pack_fn_t)(const struct dt_shuffle *sh, const char *first,
                                        int64_t stride, int64_t count, char **packed);

/*
 * The element shuffle of this CPU (SSSE3 or NEON) and the element blend
 * (AVX2), or NULL where not usable or not allowed; chosen once per process
 * (kernels/select.c).
 */
dt_shuffle_pack_fn_t dt_shuffle_path(void);
dt_shuffle_pack_fn_t dt_blend_path(void);

/* Shuffle packers compiled for this architecture. */
int64_t dt_shuffle_pack_ssse3(const dt_shuffle_t *sh, const char *first, int64_t stride,
                              int64_t count, char **packed);
int64_t dt_blend_pack_avx2(const dt_shuffle_t *sh, const char *first, int64_t stride,
                           int64_t count, char **packed);
int64_t dt_shuffle_pack_neon(const dt_shuffle_t *sh, const char *first, int64_t stride,
                             int64_t count, char **packed);

#endif
