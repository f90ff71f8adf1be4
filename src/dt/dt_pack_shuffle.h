/*
 * Element shuffles: pack a whole element of a sequence of small blocks
 * whose blocks sit inside one 32-byte window with one load, a byte
 * permutation in registers and one store (x86 AVX2: two in-lane PSHUFB
 * over the window and its lane-swapped copy; aarch64: TBL over two
 * registers). The permutation is computed at commit.
 */
#ifndef VMPL_DT_DT_PACK_SHUFFLE_H
#define VMPL_DT_DT_PACK_SHUFFLE_H

#include <stdint.h>

#define DT_SHUFFLE_WINDOW 32

typedef struct dt_shuffle {
    int64_t window;      /* displacement of the 32-byte window in the element */
    int64_t data_end;    /* one past the last data byte, from the window start */
    int64_t size;        /* packed bytes per element (<= 32) */
    uint8_t table[32];   /* TBL indices into the window (0xff: none) */
    uint8_t ssse3[4][16]; /* SSSE3: out low/high half from window low/high half */
    /*
     * Packs up to count elements, writing 32 bytes per element (the excess
     * is overwritten by the next one); stops before an element whose
     * window leaves the pages of its data. Returns the elements packed.
     */
    int64_t (*pack)(const struct dt_shuffle *sh, const char *first, int64_t stride,
                    int64_t count, char **packed);
} dt_shuffle_t;

/* Shuffle packers compiled for this architecture. */
int64_t dt_shuffle_pack_ssse3(const dt_shuffle_t *sh, const char *first, int64_t stride,
                              int64_t count, char **packed);
int64_t dt_shuffle_pack_neon(const dt_shuffle_t *sh, const char *first, int64_t stride,
                             int64_t count, char **packed);

#endif
