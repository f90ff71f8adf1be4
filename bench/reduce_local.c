/*
 * reduce_local: time of one local reduction (inout[i] = in[i] op inout[i])
 * per call, and its throughput next to a memcpy of the same bytes, timed
 * the same way in the same process.
 *
 * One source, two builds:
 *   native     linked with libvmpl, calls vmpl_reduce_local();
 *   -DBENCH_MPI compiled with any MPI's mpicc, calls MPI_Reduce_local().
 * Both share the timing loop below, so ratios between builds compare the
 * libraries, not the harness.
 *
 * Method: for every op x type x size x cache mode, calibrate an iteration
 * count that runs for --target-ms, then time --reps repetitions and keep
 * the median. "hot" reuses one pair of buffers; "cold" walks pairs of
 * buffers spread over an arena of 4x the last-level cache, in an order the
 * prefetchers cannot follow, so each call starts from memory.
 *
 * A repetition the machine's pace gauge (bench_gauge.h) finds in a slow
 * stretch is taken again, up to --retries times per cell.
 *
 * Output (CSV):
 *   impl,isa,op,type,bytes,cache,ns_per_call,gbps,memcpy_gbps,retries,gauge_ns
 * where gbps = bytes reduced (one operand) / time, in 1e9 bytes/s, retries
 * the repetitions taken again, and gauge_ns the median of the pace gauges
 * (the higher of the two around each repetition).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#ifdef BENCH_MPI
#include <mpi.h>
#else
#include <vmpl.h>
#endif

#include "bench_gauge.h"
#include "bench_stats.h"

/* ---- ops and types measured ---- */

enum { O_MAX, O_MIN, O_SUM, O_PROD, O_LAND, O_LOR, O_LXOR, O_BAND, O_BOR, O_BXOR,
       O_MAXLOC, O_MINLOC, O_COUNT };
static const char *const op_names[O_COUNT] = {
    "max", "min", "sum", "prod", "land", "lor", "lxor", "band", "bor", "bxor", "maxloc", "minloc",
};

/* How a type is filled and which ops apply to it. */
typedef enum { K_INT, K_FLOAT, K_DOUBLE, K_BF16, K_F16, K_PAIR_F, K_PAIR_I, K_PAIR_D } kind_t;

enum { T_UINT8, T_INT32, T_FLOAT, T_DOUBLE, T_BFLOAT16, T_FLOAT16, T_FLOAT_INT, T_2INT,
       T_DOUBLE_INT, T_COUNT };
static const struct {
    const char *name;
    size_t size;
    kind_t kind;
} types[T_COUNT] = {
    [T_UINT8] = {"uint8", 1, K_INT},         [T_INT32] = {"int32", 4, K_INT},
    [T_FLOAT] = {"float", 4, K_FLOAT},       [T_DOUBLE] = {"double", 8, K_DOUBLE},
    [T_BFLOAT16] = {"bfloat16", 2, K_BF16},  [T_FLOAT16] = {"float16", 2, K_F16},
    [T_FLOAT_INT] = {"float_int", 8, K_PAIR_F}, [T_2INT] = {"2int", 8, K_PAIR_I},
    [T_DOUBLE_INT] = {"double_int", 16, K_PAIR_D},
};

/* The MPI validity matrix restricted to the types above. */
static int op_applies(int op, int type)
{
    switch (types[type].kind) {
    case K_INT: return op <= O_BXOR;
    case K_PAIR_F:
    case K_PAIR_I:
    case K_PAIR_D: return op == O_MAXLOC || op == O_MINLOC;
    default: return op <= O_PROD;
    }
}

/* ---- the library under test: the only part that differs per build ---- */

#ifdef BENCH_MPI
typedef struct {
    MPI_Datatype type;
    MPI_Op op;
} bench_handle_t;

static char impl_name[32] = "mpi";

static int backend_init(int *argc, char ***argv)
{
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int len;

    if (MPI_Init(argc, argv) != MPI_SUCCESS)
        return -1;
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    MPI_Get_library_version(version, &len);
    if (strncmp(version, "Open MPI", 8) == 0)
        strcpy(impl_name, "openmpi");
    else if (strstr(version, "MPICH") != NULL)
        strcpy(impl_name, "mpich");
    return 0;
}

static void backend_fini(void)
{
    MPI_Finalize();
}

static const char *backend_isa(void)
{
    return "n/a";
}

/* The peer's handle for (op, type); -1 when this MPI lacks the type. */
static int backend_handle(int op, int type, bench_handle_t *h_p)
{
    MPI_Datatype t;

    switch (type) {
    case T_UINT8: t = MPI_UINT8_T; break;
    case T_INT32: t = MPI_INT; break;
    case T_FLOAT: t = MPI_FLOAT; break;
    case T_DOUBLE: t = MPI_DOUBLE; break;
#ifdef MPIX_BFLOAT16
    case T_BFLOAT16: t = MPIX_BFLOAT16; break;
#endif
#if defined(MPIX_C_FLOAT16)
    case T_FLOAT16: t = MPIX_C_FLOAT16; break;
#elif defined(MPI_C_FLOAT16)
    case T_FLOAT16: t = MPI_C_FLOAT16; break;
#endif
    case T_FLOAT_INT: t = MPI_FLOAT_INT; break;
    case T_2INT: t = MPI_2INT; break;
    case T_DOUBLE_INT: t = MPI_DOUBLE_INT; break;
    default: return -1;
    }
    switch (op) {
    case O_MAX: h_p->op = MPI_MAX; break;
    case O_MIN: h_p->op = MPI_MIN; break;
    case O_SUM: h_p->op = MPI_SUM; break;
    case O_PROD: h_p->op = MPI_PROD; break;
    case O_LAND: h_p->op = MPI_LAND; break;
    case O_LOR: h_p->op = MPI_LOR; break;
    case O_LXOR: h_p->op = MPI_LXOR; break;
    case O_BAND: h_p->op = MPI_BAND; break;
    case O_BOR: h_p->op = MPI_BOR; break;
    case O_BXOR: h_p->op = MPI_BXOR; break;
    case O_MAXLOC: h_p->op = MPI_MAXLOC; break;
    case O_MINLOC: h_p->op = MPI_MINLOC; break;
    default: return -1;
    }
    h_p->type = t;
    return 0;
}

static inline int backend_reduce(const void *in, void *inout, size_t count,
                                 const bench_handle_t *h)
{
    return MPI_Reduce_local(in, inout, (int)count, h->type, h->op) == MPI_SUCCESS ? 0 : -1;
}
#else
typedef struct {
    vmpl_type_t type;
    vmpl_op_t op;
} bench_handle_t;

static char impl_name[32] = "vmpl";

static int backend_init(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    return 0;
}

static void backend_fini(void)
{
}

static const char *backend_isa(void)
{
    return vmpl_isa_name(vmpl_op_isa());
}

static int backend_handle(int op, int type, bench_handle_t *h_p)
{
    static const vmpl_op_t ops[O_COUNT] = {
        VMPL_OP_MAX,  VMPL_OP_MIN,  VMPL_OP_SUM,  VMPL_OP_PROD,   VMPL_OP_LAND,   VMPL_OP_LOR,
        VMPL_OP_LXOR, VMPL_OP_BAND, VMPL_OP_BOR,  VMPL_OP_BXOR,   VMPL_OP_MAXLOC, VMPL_OP_MINLOC,
    };
    static const vmpl_type_t vtypes[T_COUNT] = {
        [T_UINT8] = VMPL_TYPE_UINT8,         [T_INT32] = VMPL_TYPE_INT32,
        [T_FLOAT] = VMPL_TYPE_FLOAT,         [T_DOUBLE] = VMPL_TYPE_DOUBLE,
        [T_BFLOAT16] = VMPL_TYPE_BFLOAT16,   [T_FLOAT16] = VMPL_TYPE_FLOAT16,
        [T_FLOAT_INT] = VMPL_TYPE_FLOAT_INT, [T_2INT] = VMPL_TYPE_2INT,
        [T_DOUBLE_INT] = VMPL_TYPE_DOUBLE_INT,
    };

    if (vmpl_type_size(vtypes[type]) != types[type].size ||
        vmpl_op_check(ops[op], vtypes[type]) != VMPL_OK)
        return -1;
    h_p->type = vtypes[type];
    h_p->op = ops[op];
    return 0;
}

static inline int backend_reduce(const void *in, void *inout, size_t count,
                                 const bench_handle_t *h)
{
    return vmpl_reduce_local(in, inout, count, h->type, h->op) == VMPL_OK ? 0 : -1;
}
#endif

/* ---- options ---- */

#define MAX_SIZES 64

typedef struct {
    size_t sizes[MAX_SIZES];
    int nsizes;
    unsigned op_mask, type_mask;
    int hot, cold;
    int reps, retries; /* retries: repeated repetitions per cell (bench_quiet_rep) */
    double target_ms;
    long fixed_iters; /* >= 0: no calibration, this many calls per repetition */
    int memcpy_on;
    int left_negzero; /* every element of the left operand (in) -0 */
    int header;
    size_t llc;
    const char *output;
} bench_opts_t;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: reduce_local [options]\n"
            "  --ops LIST       ops (max,min,sum,prod,land,lor,lxor,band,bor,bxor,maxloc,minloc|all)\n"
            "  --types LIST     types (uint8,int32,float,double,bfloat16,float16,float_int,2int,\n"
            "                   double_int|all)\n"
            "  --sizes LIST     bytes per operand, e.g. 64,1K,128M (default 64 .. 128M)\n"
            "  --min-bytes N --max-bytes N --step F   geometric size range (default 64 128M 4;\n"
            "                   the maximum is always included)\n"
            "  --cache MODE     hot | cold | both (default both)\n"
            "  --reps N         repetitions, median reported (default 5)\n"
            "  --retries N      repetitions taken again per cell when the pace gauge\n"
            "                   finds them in a slow stretch (default: --reps)\n"
            "  --target-ms X    length of one repetition (default 20)\n"
            "  --iters N        fixed calls per repetition, no calibration (0 allowed)\n"
            "  --no-memcpy      skip the memcpy reference (memcpy_gbps = 0)\n"
            "  --left-negzero   floating types: every element of the left operand (in)\n"
            "                   -0, the data that sends float MAX/MIN to their exact rule\n"
            "  --llc BYTES      last-level cache size (default: detected)\n"
            "  --no-header      omit the CSV header line\n"
            "  --output FILE    write CSV to FILE (default stdout)\n"
            "  --impl NAME      impl column (default vmpl / openmpi / mpich)\n"
            "  --quick          CI smoke: sizes 64,4K,256K, 1 rep of 1 ms\n"
            "  --list           print the op/type pairs this build has handles for (not\n"
            "                   called: some libraries abort instead of returning an error)\n");
}

static int parse_size(const char *s, size_t *v_p)
{
    char *end;
    unsigned long long v = strtoull(s, &end, 10);

    switch (*end) {
    case 'k': case 'K': v <<= 10; end++; break;
    case 'm': case 'M': v <<= 20; end++; break;
    case 'g': case 'G': v <<= 30; end++; break;
    default: break;
    }
    if (end == s || (*end != '\0' && strcmp(end, "B") != 0 && strcmp(end, "iB") != 0))
        return -1;
    *v_p = (size_t)v;
    return 0;
}

/* Bit mask of the names in a comma list; -1 on an unknown name. */
static long parse_names(const char *list, const char *const *names, int count)
{
    char buf[512], *save, *tok;
    long mask = 0;

    if (strcmp(list, "all") == 0)
        return (1L << count) - 1;
    snprintf(buf, sizeof(buf), "%s", list);
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        int i;
        for (i = 0; i < count && strcmp(tok, names[i]) != 0; i++)
            ;
        if (i == count) {
            fprintf(stderr, "reduce_local: unknown name '%s'\n", tok);
            return -1;
        }
        mask |= 1L << i;
    }
    return mask;
}

static int parse_size_list(const char *list, bench_opts_t *o)
{
    char buf[512], *save, *tok;

    o->nsizes = 0;
    snprintf(buf, sizeof(buf), "%s", list);
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (o->nsizes == MAX_SIZES || parse_size(tok, &o->sizes[o->nsizes]) != 0 ||
            o->sizes[o->nsizes] == 0)
            return -1;
        o->nsizes++;
    }
    return o->nsizes > 0 ? 0 : -1;
}

static void size_range(bench_opts_t *o, size_t lo, size_t hi, size_t step)
{
    o->nsizes = 0;
    for (size_t s = lo; s <= hi && o->nsizes < MAX_SIZES - 1; s *= step)
        o->sizes[o->nsizes++] = s;
    if (o->nsizes == 0 || o->sizes[o->nsizes - 1] != hi)
        o->sizes[o->nsizes++] = hi;
}

static size_t llc_detect(void)
{
    long v = sysconf(_SC_LEVEL3_CACHE_SIZE);
    FILE *f;

    if (v > 0)
        return (size_t)v;
    f = fopen("/sys/devices/system/cpu/cpu0/cache/index3/size", "r");
    if (f) {
        char buf[32] = "";
        size_t s = 0;

        if (fgets(buf, sizeof(buf), f))
            buf[strcspn(buf, "\n")] = '\0';
        fclose(f);
        if (parse_size(buf, &s) == 0 && s > 0)
            return s;
    }
    return (size_t)32 << 20;
}

/* Options that take a value; 0 on success. */
static int parse_valued(const char *a, const char *v, bench_opts_t *o, size_t range[3],
                        int *range_p)
{
    const char *tnames[T_COUNT];
    long m;

    for (int t = 0; t < T_COUNT; t++)
        tnames[t] = types[t].name;
    if (strcmp(a, "--ops") == 0)
        return (m = parse_names(v, op_names, O_COUNT)) < 0 ? -1 : (o->op_mask = (unsigned)m, 0);
    if (strcmp(a, "--types") == 0)
        return (m = parse_names(v, tnames, T_COUNT)) < 0 ? -1 : (o->type_mask = (unsigned)m, 0);
    if (strcmp(a, "--sizes") == 0)
        return *range_p = 0, parse_size_list(v, o);
    if (strcmp(a, "--min-bytes") == 0)
        return parse_size(v, &range[0]) == 0 && range[0] > 0 ? 0 : -1;
    if (strcmp(a, "--max-bytes") == 0)
        return parse_size(v, &range[1]) == 0 && range[1] >= range[0] ? 0 : -1;
    if (strcmp(a, "--step") == 0)
        return (range[2] = strtoul(v, NULL, 10)) >= 2 ? 0 : -1;
    if (strcmp(a, "--cache") == 0) {
        o->hot = strcmp(v, "hot") == 0 || strcmp(v, "both") == 0;
        o->cold = strcmp(v, "cold") == 0 || strcmp(v, "both") == 0;
        return o->hot || o->cold ? 0 : -1;
    }
    if (strcmp(a, "--reps") == 0)
        return (o->reps = atoi(v)) >= 1 && o->reps <= 64 ? 0 : -1;
    if (strcmp(a, "--retries") == 0)
        return (o->retries = atoi(v)) >= 0 && o->retries <= 64 ? 0 : -1;
    if (strcmp(a, "--target-ms") == 0)
        return (o->target_ms = atof(v)) > 0 ? 0 : -1;
    if (strcmp(a, "--iters") == 0)
        return (o->fixed_iters = atol(v)) >= 0 ? 0 : -1;
    if (strcmp(a, "--llc") == 0)
        return parse_size(v, &o->llc);
    if (strcmp(a, "--output") == 0)
        return o->output = v, 0;
    if (strcmp(a, "--impl") == 0)
        return snprintf(impl_name, sizeof(impl_name), "%s", v), 0;
    return -1;
}

static int parse_opts(int argc, char **argv, bench_opts_t *o, int *list_p)
{
    size_t range[3] = {64, (size_t)128 << 20, 4}; /* min, max, step */
    int use_range = 1;

    *o = (bench_opts_t){.op_mask = (1u << O_COUNT) - 1, .type_mask = (1u << T_COUNT) - 1,
                        .hot = 1, .cold = 1, .reps = 5, .retries = -1, .target_ms = 20,
                        .fixed_iters = -1, .memcpy_on = 1, .header = 1};
    *list_p = 0;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];

        if (strcmp(a, "--no-memcpy") == 0) {
            o->memcpy_on = 0;
        } else if (strcmp(a, "--left-negzero") == 0) {
            o->left_negzero = 1;
        } else if (strcmp(a, "--no-header") == 0) {
            o->header = 0;
        } else if (strcmp(a, "--list") == 0) {
            *list_p = 1;
        } else if (strcmp(a, "--quick") == 0) {
            parse_size_list("64,4K,256K", o);
            use_range = 0;
            o->reps = 1;
            o->target_ms = 1;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            exit(0);
        } else if (i + 1 < argc && parse_valued(a, argv[i + 1], o, range, &use_range) == 0) {
            i++;
        } else {
            fprintf(stderr, "reduce_local: bad option or value: %s\n", a);
            return -1;
        }
    }
    if (use_range)
        size_range(o, range[0], range[1], range[2]);
    if (o->retries < 0)
        o->retries = o->reps;
    if (o->llc == 0)
        o->llc = llc_detect();
    return 0;
}

/* ---- buffers ---- */

/*
 * One anonymous mapping serves every measurement: hot mode uses its first
 * two operands, cold mode pairs of operands over the span of 4x LLC (at
 * least two pairs). Unmapped at exit.
 */
typedef struct {
    unsigned char *base;
    size_t bytes;
} arena_t;

static size_t round_up(size_t v, size_t to)
{
    return (v + to - 1) / to * to;
}

/* Number of operand pairs in cold mode: a power of two spanning >= 4x LLC. */
static size_t cold_slots(size_t slot_bytes, size_t llc)
{
    size_t n = 2;

    while (n * 2 * slot_bytes < 4 * llc)
        n *= 2;
    return n;
}

static size_t arena_need(const bench_opts_t *o)
{
    size_t need = 0;

    for (int i = 0; i < o->nsizes; i++) {
        size_t slot = round_up(o->sizes[i], 64);
        size_t cold = o->cold ? cold_slots(slot, o->llc) * 2 * slot : 0;
        size_t hot = o->hot ? 2 * round_up(o->sizes[i], 4096) + 4096 : 0;
        need = cold > need ? cold : need;
        need = hot > need ? hot : need;
    }
    return round_up(need, 4096);
}

/* Deterministic contents that keep every op finite and free of subnormals. */
static uint64_t rng_state = 0x9e3779b97f4a7c15ull;

static uint32_t rng_next(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 16);
}

static float small_value(int op)
{
    if (op == O_PROD)
        return (rng_next() & 1) ? 1.0f : -1.0f;
    return (float)((int)(rng_next() % 65) - 32) / 8.0f; /* k/8: exact in bf16 and f16 */
}

static uint16_t half_of_small(float f) /* exact for k/8, |k| <= 32 */
{
    uint16_t sign = f < 0 ? 0x8000 : 0;
    int e = 0;

    f = f < 0 ? -f : f;
    if (f == 0)
        return sign;
    while (f >= 2)
        f /= 2, e++;
    while (f < 1)
        f *= 2, e--;
    return (uint16_t)(sign | (uint16_t)((e + 15) << 10) | (uint16_t)((f - 1) * 1024));
}

/* A (value, int index) pair of the MPI pair types; value_size 4 or 8. */
static void fill_pair(unsigned char *p, size_t size, int value_is_float, size_t value_size)
{
    int32_t index = (int32_t)(rng_next() & 0xffff);
    uint32_t k = rng_next() % 16; /* few distinct values: ties happen */

    memset(p, 0, size);
    if (value_size == 8) {
        double v = k;
        memcpy(p, &v, 8);
    } else if (value_is_float) {
        float v = (float)k;
        memcpy(p, &v, 4);
    } else {
        memcpy(p, &k, 4);
    }
    memcpy(p + value_size, &index, 4);
}

static void fill_element(unsigned char *p, int op, int type)
{
    int logical = (op == O_LAND || op == O_LOR || op == O_LXOR);
    float f = small_value(op);
    double d = f;
    uint32_t r = logical ? (rng_next() & 1) : rng_next(), u;
    uint16_t h;

    switch (types[type].kind) {
    case K_INT: memcpy(p, &r, types[type].size); break;
    case K_FLOAT: memcpy(p, &f, 4); break;
    case K_DOUBLE: memcpy(p, &d, 8); break;
    case K_BF16:
        memcpy(&u, &f, 4);
        h = (uint16_t)(u >> 16);
        memcpy(p, &h, 2);
        break;
    case K_F16:
        h = half_of_small(f);
        memcpy(p, &h, 2);
        break;
    case K_PAIR_F: fill_pair(p, types[type].size, 1, 4); break;
    case K_PAIR_I: fill_pair(p, types[type].size, 0, 4); break;
    case K_PAIR_D: fill_pair(p, types[type].size, 1, 8); break;
    }
}

/* Fill the first bytes of the arena with a 64 KiB pattern of op/type values. */
static void arena_fill(arena_t *a, size_t bytes, int op, int type)
{
    enum { PATTERN = 64 << 10 };
    size_t esz = types[type].size;

    if (bytes > a->bytes)
        bytes = a->bytes;
    for (size_t off = 0; off + esz <= PATTERN && off + esz <= bytes; off += esz)
        fill_element(a->base + off, op, type);
    for (size_t off = PATTERN; off < bytes; off += PATTERN)
        memcpy(a->base + off, a->base, bytes - off < PATTERN ? bytes - off : PATTERN);
}

/* -0 in every element of the left operand of each slot (floating types). */
static void left_negzero_fill(unsigned char *base, size_t nslots, size_t slot_bytes,
                              size_t bytes, int type)
{
    static const float f = -0.0f;
    static const double d = -0.0;
    static const uint16_t h = 0x8000;
    const void *v;
    size_t esz = types[type].size;

    switch (types[type].kind) {
    case K_FLOAT: v = &f; break;
    case K_DOUBLE: v = &d; break;
    case K_BF16:
    case K_F16: v = &h; break;
    default: return;
    }
    for (size_t k = 0; k < nslots; k++)
        for (size_t off = 0; off + esz <= bytes; off += esz)
            memcpy(base + k * 2 * slot_bytes + off, v, esz);
}

/* ---- timing ---- */

typedef struct {
    unsigned char *base;
    size_t slot_bytes; /* distance between the two operands of a pair */
    size_t nslots;     /* power of two; 1 in hot mode */
    size_t stride;     /* odd step through the slots */
    size_t count, bytes;
    const bench_handle_t *h; /* NULL: memcpy */
} bench_job_t;

static uint64_t now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static size_t slot_cursor;

/* Time of iters calls; reduction errors end the program (never expected). */
static uint64_t job_time(const bench_job_t *j, long iters)
{
    size_t k = slot_cursor, mask = j->nslots - 1, pair = 2 * j->slot_bytes;
    uint64_t t0 = now_ns();

    if (j->h) {
        for (long i = 0; i < iters; i++) {
            unsigned char *in = j->base + k * pair;
            if (backend_reduce(in, in + j->slot_bytes, j->count, j->h) != 0) {
                fprintf(stderr, "reduce_local: reduction failed\n");
                exit(1);
            }
            k = (k + j->stride) & mask;
        }
    } else {
        for (long i = 0; i < iters; i++) {
            unsigned char *in = j->base + k * pair;
            memcpy(in + j->slot_bytes, in, j->bytes);
            __asm__ volatile("" ::: "memory");
            k = (k + j->stride) & mask;
        }
    }
    slot_cursor = k;
    return now_ns() - t0;
}

typedef struct {
    const bench_job_t *j;
    long iters;
} rep_arg_t;

/* bench_rep_fn_t: ns per call of one repetition of iters calls. */
static double job_rep(void *arg)
{
    const rep_arg_t *r = arg;

    return r->iters ? (double)job_time(r->j, r->iters) / (double)r->iters : 0;
}

/*
 * Median ns per call over reps repetitions, each about target_ms long and
 * taken in a quiet stretch where the retry budget allows (bench_quiet_rep;
 * *retries: how much of it the cell spent). A call that alone outlasts
 * target_ms is timed once per repetition, at most three times (its spread
 * is small, and at 128 MiB a slow peer would otherwise dominate the run
 * time); its calibration call is the first repetition when quiet.
 * *gauge_ns: the median of the repetitions' pace gauges.
 */
static double job_measure(const bench_job_t *j, const bench_opts_t *o, double *gauge_ns,
                          int *retries)
{
    double per[64], gauge[64], target_ns = o->target_ms * 1e6;
    int reps = o->reps, done = 0, spare = o->retries;
    rep_arg_t arg = {j, o->fixed_iters};

    job_time(j, 1); /* warm-up, the same in every mode */
    if (arg.iters < 0) {
        uint64_t t;
        double g0;
        for (arg.iters = 1;; arg.iters *= 4) {
            g0 = bench_gauge_sample();
            t = job_time(j, arg.iters);
            if (t >= target_ns / 16 || arg.iters >= (1L << 40))
                break;
        }
        if (arg.iters == 1 && t >= target_ns) {
            reps = reps < 3 ? reps : 3;
            if (bench_attempt_stands(g0, &spare, &gauge[done]))
                per[done++] = (double)t; /* already a full repetition */
        } else {
            arg.iters = (long)((double)arg.iters * target_ns / (double)(t ? t : 1)) + 1;
        }
    }
    for (; done < reps; done++)
        per[done] = bench_quiet_rep(job_rep, &arg, &spare, &gauge[done]);
    *retries = o->retries - spare;
    *gauge_ns = bench_median(gauge, reps);
    return bench_median(per, reps);
}

/*
 * Page offset at which hot operands of up to HOT_CLEAR_BYTES start: just
 * above this frame, so that they stay clear of the page offsets of the
 * call chain below it (the timing loop, the library and its callees).
 * Loads that share the low 12 address bits with recent stores wait on
 * them (4K aliasing): with page-aligned operands, the stack's page offset,
 * which ASLR varies per process, made 1 KiB calls of every implementation
 * slower in some processes than in others. Larger operands cover most of
 * a page whatever their start and stay page-aligned (record:
 * docs/perf/bench-methods.md).
 */
enum { HOT_CLEAR_BYTES = 2048 };

static __attribute__((noinline)) size_t hot_page_offset(void)
{
    volatile char here;

    return ((uintptr_t)&here + 256 + 63) & (4096 - 64);
}

static void job_layout(bench_job_t *j, const arena_t *a, size_t bytes, int cold, size_t llc)
{
    j->base = cold || bytes > HOT_CLEAR_BYTES ? a->base : a->base + hot_page_offset();
    j->bytes = bytes;
    if (cold) {
        j->slot_bytes = round_up(bytes, 64);
        j->nslots = cold_slots(j->slot_bytes, llc);
        /* an odd step near nslots * 0.618: consecutive calls land far apart */
        j->stride = ((size_t)((double)j->nslots * 0.6180339887) | 1) & (j->nslots - 1);
        if (j->stride == 0)
            j->stride = 1;
    } else {
        j->slot_bytes = round_up(bytes, 4096);
        j->nslots = 1;
        j->stride = 0;
    }
    slot_cursor = 0;
}

/* memcpy results, measured once per (bytes, cache) in this process. */
typedef struct {
    size_t bytes;
    int cold;
    double ns;
} memcpy_cache_t;
static memcpy_cache_t memcpy_seen[2 * MAX_SIZES * 4];
static int memcpy_nseen;

static double memcpy_ns(const arena_t *a, size_t bytes, int cold, const bench_opts_t *o)
{
    bench_job_t j = {0};

    for (int i = 0; i < memcpy_nseen; i++)
        if (memcpy_seen[i].bytes == bytes && memcpy_seen[i].cold == cold)
            return memcpy_seen[i].ns;
    job_layout(&j, a, bytes, cold, o->llc);
    j.h = NULL;
    int retries;
    double gauge_ns, ns = job_measure(&j, o, &gauge_ns, &retries);
    if (memcpy_nseen < (int)(sizeof(memcpy_seen) / sizeof(memcpy_seen[0])))
        memcpy_seen[memcpy_nseen++] = (memcpy_cache_t){bytes, cold, ns};
    return ns;
}

/* ---- main ---- */

/* One call on a single element: whether the library accepts the pair. */
static int handle_probe(const bench_handle_t *h)
{
    _Alignas(16) unsigned char in[16] = {0}, inout[16] = {0};

    return backend_reduce(in, inout, 1, h);
}

static void measure_one(FILE *out, arena_t *a, int op, int type, const bench_handle_t *h,
                        const bench_opts_t *o)
{
    for (int s = 0; s < o->nsizes; s++) {
        size_t count = o->sizes[s] / types[type].size, bytes = count * types[type].size;

        if (count == 0)
            continue;
        for (int cold = 0; cold < 2; cold++) {
            bench_job_t j = {0};
            double ns, mc_ns = 0, gauge_ns;
            size_t region;
            int retries;

            if ((cold && !o->cold) || (!cold && !o->hot))
                continue;
            job_layout(&j, a, bytes, cold, o->llc);
            j.count = count;
            j.h = h;
            region = (size_t)(j.base - a->base) + j.nslots * 2 * j.slot_bytes;
            if (o->memcpy_on) {
                arena_fill(a, region, op, type); /* same pages as the reduction */
                mc_ns = memcpy_ns(a, bytes, cold, o);
            }
            arena_fill(a, region, op, type); /* memcpy left equal operands */
            if (o->left_negzero)
                left_negzero_fill(j.base, j.nslots, j.slot_bytes, bytes, type);
            ns = job_measure(&j, o, &gauge_ns, &retries);
            fprintf(out, "%s,%s,%s,%s,%zu,%s,%.3f,%.4f,%.4f,%d,%.0f\n", impl_name, backend_isa(),
                    op_names[op], types[type].name, bytes, cold ? "cold" : "hot", ns,
                    ns > 0 ? (double)bytes / ns : 0, mc_ns > 0 ? (double)bytes / mc_ns : 0,
                    retries, gauge_ns);
            fflush(out);
        }
    }
}

int main(int argc, char **argv)
{
    bench_opts_t o;
    arena_t a;
    FILE *out = stdout;
    int list, rc = 1;

    if (backend_init(&argc, &argv) != 0) {
        fprintf(stderr, "reduce_local: library initialization failed\n");
        return 1;
    }
    if (parse_opts(argc, argv, &o, &list) != 0) {
        usage(stderr);
        goto out_fini;
    }
    if (list) {
        for (int t = 0; t < T_COUNT; t++)
            for (int op = 0; op < O_COUNT; op++) {
                bench_handle_t h;
                if (op_applies(op, t) && backend_handle(op, t, &h) == 0)
                    printf("%s %s\n", op_names[op], types[t].name);
            }
        rc = 0;
        goto out_fini;
    }
    a.bytes = arena_need(&o);
    a.base = mmap(NULL, a.bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (a.base == MAP_FAILED) {
        fprintf(stderr, "reduce_local: mmap of %zu bytes: %s\n", a.bytes, strerror(errno));
        goto out_fini;
    }
    if (o.output && !(out = fopen(o.output, "w"))) {
        fprintf(stderr, "reduce_local: %s: %s\n", o.output, strerror(errno));
        goto out_unmap;
    }
    if (o.header)
        fprintf(out, "impl,isa,op,type,bytes,cache,ns_per_call,gbps,memcpy_gbps,retries,"
                     "gauge_ns\n");
    if (o.retries > 0)
        bench_gauge_settle(100);
    for (int t = 0; t < T_COUNT; t++) {
        for (int op = 0; op < O_COUNT; op++) {
            bench_handle_t h;

            if (!(o.type_mask & (1u << t)) || !(o.op_mask & (1u << op)) || !op_applies(op, t))
                continue;
            if (backend_handle(op, t, &h) != 0 || handle_probe(&h) != 0) {
                fprintf(stderr, "reduce_local: %s: skipping %s %s (not provided)\n", impl_name,
                        op_names[op], types[t].name);
                continue;
            }
            measure_one(out, &a, op, t, &h, &o);
        }
    }
    rc = 0;
    if (out != stdout)
        fclose(out);
out_unmap:
    munmap(a.base, a.bytes);
out_fini:
    backend_fini();
    return rc;
}
