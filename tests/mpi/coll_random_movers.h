/*
 * The random collective test's data movers (included by
 * test_mpi_coll_random.c, which defines the helpers they use). Each step
 * draws all it needs first, member or not (t == NULL), so that every
 * process keeps drawing the same sequence; sizes that depend on the
 * communicator are worked out after.
 */

/* Member r's layout from a drawn word: contiguous ints, or one in four spread. */
static layout_t layout_of(uint64_t bits, int r)
{
    return ((bits >> (2 * (r % 32))) & 3) == 0 ? (layout_t){spread_int, 8} : (layout_t){MPI_INT, 4};
}

static void check_rc(int rc, long step, const char *what, const tcomm_t *t)
{
    checks++;
    if (rc != MPI_SUCCESS) {
        char text[MPI_MAX_ERROR_STRING];
        int len = 0;
        MPI_Error_string(rc, text, &len);
        fail(step, what, "on %s returned %d (%s)", t->name, rc, text);
    }
}

/* Counts and displacements (in elements) of a v form, with gaps between the blocks. */
typedef struct {
    int counts[64], displs[64];
    size_t total; /* elements the buffer spans */
} vplan_t;

static void vplan_make(vplan_t *v, uint64_t raw, int p, size_t n)
{
    size_t at = 0;

    for (int r = 0; r < p; r++) {
        uint64_t x = mix64(raw + (uint64_t)r);
        v->counts[r] = (int)(x % (n + 1));
        at += (x >> 40) % 3; /* a gap of 0-2 elements before the block */
        v->displs[r] = (int)at;
        at += (size_t)v->counts[r];
    }
    v->total = at;
}

/*
 * Checks the p blocks of a receive buffer (counts and displacements in
 * elements of l): block r holds what rank r sent to `to`, and the gaps
 * before the blocks still hold their fill.
 */
static void check_blocks(const char *recv, layout_t l, const int counts[], const int displs[],
                         int p, uint64_t key, int to, long step, const char *what,
                         const tcomm_t *t, int in_place)
{
    size_t at = 0;

    for (int r = 0; r < p; r++) {
        size_t d = (size_t)displs[r];
        checks++;
        if (!all_fill(recv + at * l.stride, (d - at) * l.stride) ||
            !ints_match(recv + d * l.stride, l, (size_t)counts[r], key, r, to))
            fail(step, what, "block of rank %d (%d ints) at rank %d of %s%s", r, counts[r],
                 t->rank, t->name, in_place ? " in place" : "");
        at = d + (size_t)counts[r];
    }
}

/* What a data mover draws, member or not (not every mover uses all). */
typedef struct {
    size_t bytes;
    uint64_t lay, rootraw, vraw;
    int in_place;
} mover_draws_t;

static mover_draws_t draw_mover(void)
{
    mover_draws_t d;

    d.bytes = draw_bytes();
    d.lay = draw();
    d.rootraw = draw();
    d.vraw = draw();
    d.in_place = draw_below(3) == 0;
    return d;
}

/* A v form's drawn plan (v), or p blocks of n elements back to back. */
static void vplan_for(vplan_t *plan, int v, uint64_t raw, int p, size_t n)
{
    if (v) {
        vplan_make(plan, raw, p, n);
        return;
    }
    for (int r = 0; r < p; r++)
        plan->counts[r] = (int)n, plan->displs[r] = (int)(n * (size_t)r);
    plan->total = n * (size_t)p;
}

static void step_barrier(const tcomm_t *t, uint64_t key, long step)
{
    (void)key;
    if (t)
        check_rc(MPI_Barrier(t->comm), step, "barrier", t);
}

static void step_bcast(const tcomm_t *t, uint64_t key, long step)
{
    size_t bytes = draw_bytes();
    uint64_t lay = draw(), rootraw = draw();
    if (!t)
        return;
    int root = (int)(rootraw % (uint64_t)t->size);
    size_t n = bytes / 4;
    layout_t l = layout_of(lay, t->rank);
    tbuf_t b;
    char *buf = tbuf_new(&b, n * l.stride);

    if (t->rank == root)
        put_ints(buf, l, n, key, root, 0);
    check_rc(MPI_Bcast(buf, (int)n, l.type, root, t->comm), step, "bcast", t);
    checks++;
    if (!ints_match(buf, l, n, key, root, 0))
        fail(step, "bcast", "%zu ints from root %d on %s: wrong data", n, root, t->name);
    tbuf_check_free(&b, step, "bcast");
}

/* Gather, or gatherv when v: the root receives every member's block. */
static void gather_common(const tcomm_t *t, uint64_t key, long step, int v)
{
    mover_draws_t d = draw_mover();
    if (!t)
        return;
    int p = t->size, me = t->rank, root = (int)(d.rootraw % (uint64_t)p), in_place = d.in_place;
    const char *what = v ? "gatherv" : "gather";
    size_t n = d.bytes / 4 / (size_t)p;
    vplan_t plan;
    layout_t ls = layout_of(d.lay, me), lr = layout_of(d.lay >> 32, 0);
    tbuf_t sb = {0}, rb = {0};
    char *send, *recv = NULL;
    int rc;

    vplan_for(&plan, v, d.vraw, p, n);
    send = tbuf_new(&sb, (size_t)plan.counts[me] * ls.stride);
    put_ints(send, ls, (size_t)plan.counts[me], key, me, 0);
    if (me == root) {
        recv = tbuf_new(&rb, plan.total * lr.stride);
        if (in_place) /* the root's block is in place already */
            put_ints(recv + (size_t)plan.displs[me] * lr.stride, lr, (size_t)plan.counts[me], key,
                     me, 0);
    }
    const void *sendarg = me == root && in_place ? MPI_IN_PLACE : send;
    if (v)
        rc = MPI_Gatherv(sendarg, plan.counts[me], ls.type, recv, plan.counts, plan.displs,
                         lr.type, root, t->comm);
    else
        rc = MPI_Gather(sendarg, (int)n, ls.type, recv, (int)n, lr.type, root, t->comm);
    check_rc(rc, step, what, t);
    if (me == root) {
        check_blocks(recv, lr, plan.counts, plan.displs, p, key, 0, step, what, t, in_place);
        tbuf_check_free(&rb, step, what);
    }
    tbuf_check_free(&sb, step, what);
}

static void step_gather(const tcomm_t *t, uint64_t key, long step) { gather_common(t, key, step, 0); }
static void step_gatherv(const tcomm_t *t, uint64_t key, long step) { gather_common(t, key, step, 1); }

/* Scatter, or scatterv when v: every member receives its block from the root. */
static void scatter_common(const tcomm_t *t, uint64_t key, long step, int v)
{
    mover_draws_t d = draw_mover();
    if (!t)
        return;
    int p = t->size, me = t->rank, root = (int)(d.rootraw % (uint64_t)p), in_place = d.in_place;
    const char *what = v ? "scatterv" : "scatter";
    size_t n = d.bytes / 4 / (size_t)p;
    vplan_t plan;
    layout_t lr = layout_of(d.lay, me), ls = layout_of(d.lay >> 32, 0);
    tbuf_t sb = {0}, rb = {0};
    char *send = NULL, *recv;
    int rc, place = me == root && in_place;

    vplan_for(&plan, v, d.vraw, p, n);
    recv = tbuf_new(&rb, (size_t)plan.counts[me] * lr.stride);
    if (me == root) {
        send = tbuf_new(&sb, plan.total * ls.stride);
        for (int r = 0; r < p; r++)
            put_ints(send + (size_t)plan.displs[r] * ls.stride, ls, (size_t)plan.counts[r], key,
                     root, r);
    }
    if (v)
        rc = MPI_Scatterv(send, plan.counts, plan.displs, ls.type, place ? MPI_IN_PLACE : recv,
                          plan.counts[me], lr.type, root, t->comm);
    else
        rc = MPI_Scatter(send, (int)n, ls.type, place ? MPI_IN_PLACE : recv, (int)n, lr.type, root,
                         t->comm);
    check_rc(rc, step, what, t);
    checks++;
    if (place ? !all_fill(recv, rb.bytes)
              : !ints_match(recv, lr, (size_t)plan.counts[me], key, root, me))
        fail(step, what, "%d ints from root %d on %s%s", plan.counts[me], root, t->name,
             place ? " in place" : "");
    if (me == root) {
        checks++;
        for (int r = 0; r < p; r++)
            if (!ints_match(send + (size_t)plan.displs[r] * ls.stride, ls,
                            (size_t)plan.counts[r], key, root, r)) {
                fail(step, what, "the root's send buffer changed on %s", t->name);
                break;
            }
        tbuf_check_free(&sb, step, what);
    }
    tbuf_check_free(&rb, step, what);
}

static void step_scatter(const tcomm_t *t, uint64_t key, long step) { scatter_common(t, key, step, 0); }
static void step_scatterv(const tcomm_t *t, uint64_t key, long step) { scatter_common(t, key, step, 1); }

/* Allgather, or allgatherv when v. */
static void allgather_common(const tcomm_t *t, uint64_t key, long step, int v)
{
    mover_draws_t d = draw_mover();
    if (!t)
        return;
    int p = t->size, me = t->rank, in_place = d.in_place;
    const char *what = v ? "allgatherv" : "allgather";
    size_t n = d.bytes / 4 / (size_t)p;
    vplan_t plan;
    layout_t ls = layout_of(d.lay, me), lr = layout_of(d.lay >> 32, me);
    tbuf_t sb = {0}, rb = {0};
    char *send, *recv;
    int rc;

    vplan_for(&plan, v, d.vraw, p, n);
    send = tbuf_new(&sb, (size_t)plan.counts[me] * ls.stride);
    put_ints(send, ls, (size_t)plan.counts[me], key, me, 0);
    recv = tbuf_new(&rb, plan.total * lr.stride);
    if (in_place)
        put_ints(recv + (size_t)plan.displs[me] * lr.stride, lr, (size_t)plan.counts[me], key, me,
                 0);
    if (v)
        rc = MPI_Allgatherv(in_place ? MPI_IN_PLACE : send, plan.counts[me], ls.type, recv,
                            plan.counts, plan.displs, lr.type, t->comm);
    else
        rc = MPI_Allgather(in_place ? MPI_IN_PLACE : send, (int)n, ls.type, recv, (int)n, lr.type,
                           t->comm);
    check_rc(rc, step, what, t);
    check_blocks(recv, lr, plan.counts, plan.displs, p, key, 0, step, what, t, in_place);
    tbuf_check_free(&rb, step, what);
    tbuf_check_free(&sb, step, what);
}

static void step_allgather(const tcomm_t *t, uint64_t key, long step) { allgather_common(t, key, step, 0); }
static void step_allgatherv(const tcomm_t *t, uint64_t key, long step) { allgather_common(t, key, step, 1); }

/* How many ints `from` sends `to` in an alltoallv: the same at every member. */
static int pair_count(uint64_t vraw, int from, int to, size_t n)
{
    return (int)(mix64(vraw ^ ((uint64_t)from << 20) ^ (uint64_t)to) % (n + 1));
}

/* Alltoall, or alltoallv when v (uneven counts, gaps on both sides). */
static void alltoall_common(const tcomm_t *t, uint64_t key, long step, int v)
{
    mover_draws_t d = draw_mover();
    if (!t)
        return;
    int p = t->size, me = t->rank;
    const char *what = v ? "alltoallv" : "alltoall";
    size_t n = d.bytes / 4 / (size_t)p, sat = 0, rat = 0;
    int sc[64], sd[64], rc_[64], rd[64], rc;
    layout_t ls = layout_of(d.lay, me), lr = layout_of(d.lay >> 32, me);
    tbuf_t sb = {0}, rb = {0};
    char *send, *recv;

    for (int r = 0; r < p; r++) {
        sc[r] = v ? pair_count(d.vraw, me, r, n) : (int)n;
        rc_[r] = v ? pair_count(d.vraw, r, me, n) : (int)n;
        sat += v ? (size_t)(r % 2) : 0, rat += v ? (size_t)((r + 1) % 2) : 0;
        sd[r] = (int)sat, rd[r] = (int)rat;
        sat += (size_t)sc[r], rat += (size_t)rc_[r];
    }
    send = tbuf_new(&sb, sat * ls.stride);
    recv = tbuf_new(&rb, rat * lr.stride);
    for (int r = 0; r < p; r++)
        put_ints(send + (size_t)sd[r] * ls.stride, ls, (size_t)sc[r], key, me, r);
    if (v)
        rc = MPI_Alltoallv(send, sc, sd, ls.type, recv, rc_, rd, lr.type, t->comm);
    else
        rc = MPI_Alltoall(send, (int)n, ls.type, recv, (int)n, lr.type, t->comm);
    check_rc(rc, step, what, t);
    check_blocks(recv, lr, rc_, rd, p, key, me, step, what, t, 0);
    tbuf_check_free(&rb, step, what);
    tbuf_check_free(&sb, step, what);
}

static void step_alltoall(const tcomm_t *t, uint64_t key, long step) { alltoall_common(t, key, step, 0); }
static void step_alltoallv(const tcomm_t *t, uint64_t key, long step) { alltoall_common(t, key, step, 1); }
