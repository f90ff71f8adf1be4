/*
 * Element programs: which path moves whole elements of a sequence of small
 * blocks. In order: the group path when its plan was made for this
 * stride; the masked moves where the sequence's first pack (unpack)
 * chose them (choose, below); else the portable moves of pack/small.c,
 * which use the wide AVX2 path themselves. Every ISA path is reached
 * through the descriptor that commit stored in the node (pack/masked.c,
 * kernels/program.h): this file names none.
 */
#include "dt/pack/pack.h"

#include <base/time.h>

/* Packed bytes of one timed run of the choice (at most), and runs per side. */
#define CHOICE_BYTES (8 << 10)
#define CHOICE_RUNS 15

/*
 * The choice between the masked moves and pack/small.c's own moves
 * (exact copies, or fixed-size moves up to DT_SMALL_BLOCK) for packing, and
 * separately for unpacking, a sequence, made by its first pack (unpack).
 * The CPU and the mix of block lengths decide, so no process-wide choice
 * would do.
 *
 * The masked moves must win by a quarter (MASKED_MARGIN): where the
 * hardware prefetchers do not follow their loads and stores, from memory
 * they fall far behind where in the caches they were level. Packs that
 * span more than DT_BLOCKS_FAR_SPAN keep the masked moves, which prefetch
 * there (past DT_PREFETCH_SPAN). Below, the choice stands. Unpacks choose
 * at every span. On CPUs whose hardware prefetchers follow masked loads
 * (dt_masked_prefetch clear) packs past DT_BLOCKS_FAR_SPAN take the other
 * moves, which load whole 32-byte windows where the masked moves load
 * only the block's bytes, and were faster there.
 *
 * Unpacks on CPUs with the cold probe (kernels/kernel_private.h) keep the masked
 * moves unless the other moves win by a tenth (UNPACK_MARGIN): calls
 * spanning 64 KiB to DT_BLOCKS_FAR_SPAN whose first user line
 * comes from DRAM take the other moves (use_masked), so the margin no
 * longer guards the cold calls, and the masked moves prefetch only past
 * that span. 15 runs a side: with 5, processes chose either way (record:
 * docs/perf/dt-small-blocks.md).
 *
 * The call moves its first elements, up to CHOICE_BYTES, CHOICE_RUNS
 * times by each (alternately; the fastest run of each counts) to where
 * they belong in its own destination, then moves them all for real by the
 * winner, as later calls do. Unpack writes the same bytes each time. The
 * runs cost a few microseconds once per type and direction. Repeating
 * them keeps the data in the caches, so the choice is about the moves,
 * not about where the caller's data was; writing to the real destination
 * keeps the distance between loads and stores. That matters: loads 4 KiB
 * apart from recent masked stores stall them, which depends on where the
 * buffers lie, and timing only the first half of a call missed it. Both
 * sides move exactly their elements. Calls that race here both time, and
 * either answer is valid.
 */
#define MASKED_MARGIN 4 /* masked time * MARGIN <= other time * (MARGIN - 1) */
#define UNPACK_MARGIN 10 /* with the cold probe: masked time * MARGIN <= other * (MARGIN + 1) */

static int choose(const dt_node_t *seq, char *first, int64_t stride, int64_t count, char *p,
                  int unpack)
{
    const int64_t most = CHOICE_BYTES / seq->size > 1 ? CHOICE_BYTES / seq->size : 1;
    const int64_t n = count < most ? count : most;
    const dt_program_t moves = dt_seq_moves(seq);
    uint64_t ns[2] = {UINT64_MAX, UINT64_MAX};
    int masked;

    if (n < 1)
        return -1;
    for (int run = 0; run < 2 * CHOICE_RUNS; run++) {
        int other = run & 1;
        uint64_t t = base_time_ns();
        if (other && unpack)
            dt_small_unpack_moves(seq, first, stride, n, p);
        else if (other)
            dt_small_pack_moves(seq, first, stride, n, p);
        else if (unpack)
            seq->u.seq.masked->unpack(&moves, first, stride, n, p);
        else
            seq->u.seq.masked->pack(&moves, first, stride, n, p);
        t = base_time_ns() - t;
        ns[other] = t < ns[other] ? t : ns[other];
    }
    if (unpack && dt_unpack_cold_ticks) /* cold calls go by the other moves (use_masked) */
        masked = ns[0] * UNPACK_MARGIN <= ns[1] * (UNPACK_MARGIN + 1);
    else
        masked = ns[0] * MASKED_MARGIN <= ns[1] * (MASKED_MARGIN - 1);
    __atomic_store_n(&((dt_node_t *)seq)->u.seq.moves_use[unpack], masked, __ATOMIC_RELAXED);
    return masked;
}

/* Whether the masked moves move count elements; the first call of a direction chooses. */
static int use_masked(const dt_node_t *seq, char *first, int64_t stride, int64_t count, char *p,
                      int unpack)
{
    int masked = __atomic_load_n(&seq->u.seq.moves_use[unpack], __ATOMIC_RELAXED);

    if (!unpack && dt_span_over(count, stride, DT_BLOCKS_FAR_SPAN))
        return dt_masked_prefetch; /* with their prefetch, faster from DRAM; else the others */
    if (masked < 0)
        masked = choose(seq, first, stride, count, p, unpack);
    if (unpack && masked > 0 &&
        dt_cold_policy(first + seq->u.seq.pieces[0].disp, count, stride, DT_UNPACK_PREFETCH_SPAN,
                       DT_BLOCKS_FAR_SPAN)) /* from DRAM: plain stores */
        return 0;
    return masked != 0; /* 1, or -1 after a call of no elements */
}

void dt_program_pack(const dt_node_t *seq, const char *first, int64_t stride, int64_t count,
                     char **packed)
{
    const dt_program_t moves = dt_seq_moves(seq);

    if (seq->u.seq.grouped && seq->u.seq.grouped->applies(&moves, stride))
        *packed = seq->u.seq.grouped->pack(&moves, first, stride, count, *packed);
    else if (seq->u.seq.masked && use_masked(seq, (char *)first, stride, count, *packed, 0))
        *packed = seq->u.seq.masked->pack(&moves, first, stride, count, *packed);
    else
        *packed = dt_small_pack_moves(seq, first, stride, count, *packed);
}

void dt_program_unpack(const dt_node_t *seq, char *first, int64_t stride, int64_t count,
                       char **packed)
{
    const dt_program_t moves = dt_seq_moves(seq);

    if (seq->u.seq.grouped && seq->u.seq.grouped->applies(&moves, stride))
        *packed = (char *)seq->u.seq.grouped->unpack(&moves, first, stride, count, *packed);
    else if (seq->u.seq.masked && use_masked(seq, first, stride, count, *packed, 1))
        *packed = (char *)seq->u.seq.masked->unpack(&moves, first, stride, count, *packed);
    else
        *packed = (char *)dt_small_unpack_moves(seq, first, stride, count, *packed);
}

/* Blocks k.. of one element whose packed bytes fit in len (start[]: packed offsets). */
static int64_t whole_blocks(const dt_node_t *seq, int64_t k, int64_t len)
{
    const int64_t *start = seq->u.seq.start;
    int64_t lo = k, hi = seq->u.seq.n;

    while (lo < hi) { /* last j with start[j] - start[k] <= len */
        int64_t mid = (lo + hi + 1) / 2;
        if (start[mid] - start[k] <= len)
            lo = mid;
        else
            hi = mid - 1;
    }
    return lo - k;
}

/* The range code of dt_program_range by the masked moves (seq->u.seq.masked set). */
static void masked_range(const dt_node_t *seq, char *base, int64_t k, int64_t off, int64_t len,
                         char **packed, int unpack)
{
    const dt_piece_t *pc = seq->u.seq.pieces;
    const int64_t *move_of = seq->u.seq.move_of;
    dt_program_t part_of = dt_seq_moves(seq);
    int64_t m, first;

    if (off) { /* the rest of a block begun by the previous range */
        int64_t part = pc[k].len - off < len ? pc[k].len - off : len;
        dt_xfer_exact(base + pc[k].disp + off, *packed, part, unpack);
        *packed += part;
        len -= part;
        k++;
    }
    if (len <= 0)
        return;
    m = whole_blocks(seq, k, len);
    first = move_of[k];
    part_of.pieces += first; /* the element's end stays: an upper bound of these blocks' */
    part_of.n = move_of[k + m] - first;
    part_of.size = seq->u.seq.start[k + m] - seq->u.seq.start[k];
    if (unpack)
        *packed = (char *)seq->u.seq.masked->unpack(&part_of, base, 0, 1, *packed);
    else
        *packed = seq->u.seq.masked->pack(&part_of, base, 0, 1, *packed);
    len -= part_of.size;
    if (len > 0) { /* the first part of block k + m */
        dt_xfer_exact(base + pc[k + m].disp, *packed, len, unpack);
        *packed += len;
    }
}

void dt_program_range(const dt_node_t *seq, char *base, int64_t k, int64_t off, int64_t len,
                      char **packed, int unpack)
{
    if (seq->u.seq.masked)
        masked_range(seq, base, k, off, len, packed, unpack);
    else
        dt_small_range(seq, base, k, off, len, packed, unpack);
}
