/*
 * Masked element programs: sequences of small blocks on AVX-512 CPUs.
 *
 * Two plans, made at commit, take over from the fixed-size moves of
 * pack/small.c:
 *   group  k whole elements per step by one byte permute (kernels/group.h),
 *          for short elements on CPUs with VBMI, at the stride the
 *          elements repeat at;
 *   moves  every block cut into moves of at most 32 bytes, each one YMM
 *          masked load and store of exactly its bytes: no page checks, no
 *          exact tail, no branch on the length (measured faster than ZMM
 *          moves or a branch per length class; record:
 *          docs/perf/dt-masked-moves.md). They pack (and
 *          unpack) where the first pack (unpack) of the sequence finds
 *          them clearly faster than pack/small.c's own moves
 *          (pack/program.c).
 *          CPUs with AVX2 and no AVX-512 get the cut too, for the unmasked
 *          32-byte moves of dt_small_pack_moves (dt_masked_prepare).
 * Neither writes a byte outside the blocks. Their loads may read more:
 * the groups' the gap bytes between data bytes, the moves' unpack 32
 * packed bytes at a time, never past the call's last data or packed byte.
 * This file makes the plans at commit and stores the paths that run them
 * (kernels/program.h); pack/program.c runs them.
 */
#include "dt/pack/pack.h"

#include <stdlib.h>

/* The group for copies stride bytes apart, when the CPU has VBMI. */
static void group_prepare(dt_node_t *seq, int64_t stride)
{
    dt_group_t g;

    if (seq->u.seq.group || stride <= 0 || !dt_program_path(DT_PROGRAM_GROUP) ||
        !dt_group_init(&g, seq->u.seq.pieces, seq->u.seq.n, stride) ||
        !(seq->u.seq.group = malloc(sizeof(g))))
        return;
    *seq->u.seq.group = g;
    seq->u.seq.grouped = dt_program_path(DT_PROGRAM_GROUP);
}

/* The blocks cut into moves of at most DT_SMALL_BLOCK bytes. */
static void moves_prepare(dt_node_t *seq)
{
    const dt_piece_t *pc = seq->u.seq.pieces;
    int64_t n = seq->u.seq.n, total = 0, j = 0;
    dt_piece_t *moves;
    int64_t *move_of;

    if (seq->u.seq.moves || seq->u.seq.widest > DT_MASKED_BLOCK)
        return;
    for (int64_t k = 0; k < n; k++)
        total += (pc[k].len + DT_SMALL_BLOCK - 1) / DT_SMALL_BLOCK;
    moves = malloc((size_t)total * sizeof(*moves));
    move_of = malloc((size_t)(n + 1) * sizeof(*move_of));
    if (!moves || !move_of)
        goto err_free;
    for (int64_t k = 0; k < n; k++) {
        move_of[k] = j;
        for (int64_t at = 0; at < pc[k].len; at += DT_SMALL_BLOCK, j++) {
            int64_t rest = pc[k].len - at;
            moves[j] = (dt_piece_t){pc[k].disp + at, rest < DT_SMALL_BLOCK ? rest : DT_SMALL_BLOCK};
        }
    }
    move_of[n] = j;
    seq->u.seq.moves = moves;
    seq->u.seq.move_of = move_of;
    seq->u.seq.nmoves = j;
    seq->u.seq.moves_use[0] = seq->u.seq.moves_use[1] = -1; /* chosen by the first calls */
    return;

err_free: /* no plan: the fixed-size moves of pack/small.c stay in use */
    free(move_of);
    free(moves);
}

/*
 * Commit: the groups and the moves on AVX-512 CPUs; on AVX2 CPUs the moves
 * alone, which dt_small_pack_moves packs by 32-byte moves (the avx2-wide path)
 * where the blocks pass DT_SMALL_BLOCK: faster than the move plan and
 * exact copies in the caches (record: docs/perf/dt-small-blocks.md).
 */
void dt_masked_prepare(dt_node_t *seq, int64_t stride)
{
    if (!seq->u.seq.small_blocks)
        return;
    if (dt_program_path(DT_PROGRAM_MASKED)) {
        dt_cold_probe_init();
        group_prepare(seq, stride);
        moves_prepare(seq);
        if (seq->u.seq.moves)
            seq->u.seq.masked = dt_program_path(DT_PROGRAM_MASKED);
    } else if (dt_program_path(DT_PROGRAM_WIDE)) {
        moves_prepare(seq);
    }
}

int dt_masked_usable(void)
{
    return dt_program_path(DT_PROGRAM_MASKED) != NULL;
}
