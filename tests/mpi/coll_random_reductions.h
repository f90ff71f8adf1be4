/*
 * The random collective test's reductions and bursts (included by
 * test_mpi_coll_random.c). Results are compared element by element with
 * a fold of every member's values in rank order (coll_random_ref.h).
 */

static MPI_Datatype mpi_types[T_KINDS];
static MPI_Op matmul_op;

/* inout = in x inout for 2x2 int32 matrices (in is the left operand, as MPI says). */
static void matmul(void *in, void *inout, int *len, MPI_Datatype *type)
{
    (void)type;
    for (int k = 0; k < *len; k++) {
        int32_t acc[4];
        memcpy(acc, (char *)in + 16 * (size_t)k, 16);
        ref_combine(T_MAT, O_MATMUL, acc, (char *)inout + 16 * (size_t)k);
        memcpy((char *)inout + 16 * (size_t)k, acc, 16);
    }
}

static void reductions_init(void)
{
    mpi_types[T_I8] = MPI_INT8_T;
    mpi_types[T_U16] = MPI_UINT16_T;
    mpi_types[T_I32] = MPI_INT32_T;
    mpi_types[T_I64] = MPI_INT64_T;
    mpi_types[T_FLOAT] = MPI_FLOAT;
    mpi_types[T_DOUBLE] = MPI_DOUBLE;
    mpi_types[T_2INT] = MPI_2INT;
    mpi_types[T_DOUBLE_INT] = MPI_DOUBLE_INT;
    MPI_Type_contiguous(4, MPI_INT32_T, &mpi_types[T_MAT]);
    MPI_Type_commit(&mpi_types[T_MAT]);
    MPI_Op_create(matmul, 0, &matmul_op);
}

static void reductions_fini(void)
{
    MPI_Op_free(&matmul_op);
    MPI_Type_free(&mpi_types[T_MAT]);
}

static MPI_Op mpi_op(ref_op_t op)
{
    switch (op) {
    case O_SUM: return MPI_SUM;
    case O_PROD: return MPI_PROD;
    case O_MAX: return MPI_MAX;
    case O_MIN: return MPI_MIN;
    case O_BAND: return MPI_BAND;
    case O_BOR: return MPI_BOR;
    case O_BXOR: return MPI_BXOR;
    case O_LAND: return MPI_LAND;
    case O_LOR: return MPI_LOR;
    case O_MAXLOC: return MPI_MAXLOC;
    case O_MINLOC: return MPI_MINLOC;
    default: return matmul_op;
    }
}

/* A type and an op that go together. */
static void draw_type_op(ref_type_t *t_p, ref_op_t *op_p)
{
    ref_type_t t = (ref_type_t)draw_below(T_KINDS);
    int pick = draw_below(9);

    *t_p = t;
    switch (ref_types[t].ops) {
    case OPS_INT: *op_p = (ref_op_t)pick; break;
    case OPS_FLOAT: *op_p = (ref_op_t)(pick % 4); break;
    case OPS_LOC: *op_p = pick % 2 ? O_MAXLOC : O_MINLOC; break;
    default: *op_p = O_MATMUL; break;
    }
}

/* n elements of member r's contribution. */
static void fill_values(char *at, ref_type_t t, ref_op_t op, uint64_t key, int r, size_t n)
{
    for (size_t i = 0; i < n; i++)
        ref_value(t, op, key, r, i, at + i * ref_types[t].extent);
}

/*
 * Whether n elements at `got` are the fold of members [0, upto)'s
 * elements [first, first + n); the first wrong index in *bad_p.
 */
static int folded_match(const char *got, ref_type_t t, ref_op_t op, uint64_t key, int upto,
                        size_t first, size_t n, size_t *bad_p)
{
    size_t e = ref_types[t].extent;
    char acc[16], x[16];

    for (size_t i = 0; i < n; i++) {
        ref_value(t, op, key, 0, first + i, acc);
        for (int r = 1; r < upto; r++) {
            ref_value(t, op, key, r, first + i, x);
            ref_combine(t, op, acc, x);
        }
        if (!ref_same(t, got + i * e, acc)) {
            *bad_p = first + i;
            return 0;
        }
    }
    return 1;
}

typedef enum { R_REDUCE, R_ALLREDUCE, R_SCATTER, R_SCATTER_BLOCK, R_SCAN, R_EXSCAN } red_kind_t;
static const char *const red_names[] = {"reduce", "allreduce", "reduce_scatter",
                                        "reduce_scatter_block", "scan", "exscan"};

static void reduction_step(const tcomm_t *t, uint64_t key, long step, red_kind_t kind)
{
    size_t bytes = draw_bytes();
    ref_type_t ty;
    ref_op_t op;
    draw_type_op(&ty, &op);
    uint64_t rootraw = draw(), vraw = draw();
    int in_place = draw_below(3) == 0;
    if (!t)
        return;
    int p = t->size, me = t->rank, root = (int)(rootraw % (uint64_t)p);
    size_t e = ref_types[ty].extent, n = bytes / e, total = n, mine = n, first = 0;
    int counts[64];
    const char *what = red_names[kind];
    MPI_Datatype dt = mpi_types[ty];
    MPI_Op mop = mpi_op(op);
    tbuf_t sb = {0}, rb = {0};
    char *send, *recv = NULL;
    int rc = MPI_SUCCESS;

    if (kind == R_SCATTER || kind == R_SCATTER_BLOCK) { /* n is the whole vector */
        n /= (size_t)p;
        total = 0;
        for (int r = 0; r < p; r++) {
            counts[r] = kind == R_SCATTER ? (int)(mix64(vraw + (uint64_t)r) % (n + 1)) : (int)n;
            first += r < me ? (size_t)counts[r] : 0;
            total += (size_t)counts[r];
        }
        mine = (size_t)counts[me];
    }
    in_place = in_place && (kind != R_REDUCE || me == root);
    send = tbuf_new(&sb, total * e);
    fill_values(send, ty, op, key, me, total);
    if (kind != R_REDUCE || me == root)
        recv = tbuf_new(&rb, (in_place ? total : mine) * e);
    if (in_place)
        memcpy(recv, send, total * e);
    const void *sendarg = in_place ? MPI_IN_PLACE : send;
    switch (kind) {
    case R_REDUCE: rc = MPI_Reduce(sendarg, recv, (int)n, dt, mop, root, t->comm); break;
    case R_ALLREDUCE: rc = MPI_Allreduce(sendarg, recv, (int)n, dt, mop, t->comm); break;
    case R_SCATTER: rc = MPI_Reduce_scatter(sendarg, recv, counts, dt, mop, t->comm); break;
    case R_SCATTER_BLOCK:
        rc = MPI_Reduce_scatter_block(sendarg, recv, (int)n, dt, mop, t->comm);
        break;
    case R_SCAN: rc = MPI_Scan(sendarg, recv, (int)n, dt, mop, t->comm); break;
    case R_EXSCAN: rc = MPI_Exscan(sendarg, recv, (int)n, dt, mop, t->comm); break;
    }
    check_rc(rc, step, what, t);
    if (recv && !(kind == R_EXSCAN && me == 0)) { /* exscan leaves rank 0's result undefined */
        int upto = kind == R_SCAN ? me + 1 : kind == R_EXSCAN ? me : p;
        size_t bad = 0;
        checks++;
        if (!folded_match(recv, ty, op, key, upto, first, mine, &bad))
            fail(step, what, "%s %s, %zu elements on %s%s%s: element %zu wrong", ref_types[ty].name,
                 ref_op_names[op], mine, t->name, kind == R_REDUCE ? " to a root" : "",
                 in_place ? " in place" : "", bad - first);
    }
    if (!in_place) {
        checks++;
        char *again = malloc(total * e + 1);
        fill_values(again, ty, op, key, me, total);
        if (memcmp(again, send, total * e))
            fail(step, what, "the send buffer changed on %s", t->name);
        free(again);
    }
    if (recv)
        tbuf_check_free(&rb, step, what);
    tbuf_check_free(&sb, step, what);
}

static void step_reduce(const tcomm_t *t, uint64_t key, long step) { reduction_step(t, key, step, R_REDUCE); }
static void step_allreduce(const tcomm_t *t, uint64_t key, long step) { reduction_step(t, key, step, R_ALLREDUCE); }
static void step_reduce_scatter(const tcomm_t *t, uint64_t key, long step) { reduction_step(t, key, step, R_SCATTER); }
static void step_reduce_scatter_block(const tcomm_t *t, uint64_t key, long step) { reduction_step(t, key, step, R_SCATTER_BLOCK); }
static void step_scan(const tcomm_t *t, uint64_t key, long step) { reduction_step(t, key, step, R_SCAN); }
static void step_exscan(const tcomm_t *t, uint64_t key, long step) { reduction_step(t, key, step, R_EXSCAN); }

/*
 * BURST short collectives on world with one root that comes late, so the
 * others run up to the node channel's limits ahead of it: reduces and
 * gathers (the others write and go on) or broadcasts (the root writes and
 * goes on, the others late). Every result is checked at the end.
 */
static void burst(uint64_t key, long step)
{
    static const size_t sizes[] = {8, 200, 5000};
    int kind = draw_below(3), root = draw_below(wsize);
    size_t bytes = sizes[draw_below(3)], n = bytes / 8;
    int late = kind == 2 ? wrank != root : wrank == root;
    size_t per = kind == 1 ? n * (size_t)wsize : n; /* doubles per call at this rank */
    double *in = malloc(n * 8), *out = malloc(BURST * per * 8 + 8);
    const char *what = kind == 0 ? "burst reduce" : kind == 1 ? "burst gather" : "burst bcast";
    int rc = MPI_SUCCESS;

    if (late)
        usleep(20000);
    for (int j = 0; j < BURST && rc == MPI_SUCCESS; j++) {
        uint64_t kj = mix64(key + (uint64_t)j);
        double *o = out + (size_t)j * per;
        for (size_t i = 0; i < n; i++)
            in[i] = (double)((int)(ref_raw(kj, wrank, i) % 17) - 8);
        if (kind == 0)
            rc = MPI_Reduce(in, o, (int)n, MPI_DOUBLE, MPI_SUM, root, MPI_COMM_WORLD);
        else if (kind == 1)
            rc = MPI_Gather(in, (int)n, MPI_DOUBLE, o, (int)n, MPI_DOUBLE, root, MPI_COMM_WORLD);
        else
            rc = MPI_Bcast(wrank == root ? in : o, (int)n, MPI_DOUBLE, root, MPI_COMM_WORLD);
    }
    check_rc(rc, step, what, &comms[C_WORLD]);
    for (int j = 0; j < BURST && rc == MPI_SUCCESS && (wrank == root) == (kind != 2); j++) {
        uint64_t kj = mix64(key + (uint64_t)j);
        int ok = 1;
        for (size_t i = 0; i < n; i++) {
            double want = 0;
            for (int r = 0; r < wsize; r++) {
                double x = (double)((int)(ref_raw(kj, r, i) % 17) - 8);
                if (kind == 0)
                    want += x;
                else if (kind == 1)
                    ok &= out[(size_t)j * per + (size_t)r * n + i] == x;
                else if (r == root)
                    want = x;
            }
            if (kind != 1)
                ok &= out[(size_t)j * per + i] == want;
        }
        checks++;
        if (!ok) {
            fail(step, what, "call %d of %d, %zu bytes, root %d: wrong data", j, BURST, bytes,
                 root);
            break;
        }
    }
    free(in);
    free(out);
}
