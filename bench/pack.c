/*
 * pack_bench: throughput of datatype pack and unpack, in GB/s of packed
 * bytes, next to a memcpy of the packed bytes and to the C loop a user
 * would write for the same layout, timed the same way in the same process.
 *
 * One source, two builds:
 *   native      linked with libvmpl, calls dt_pack() / dt_unpack();
 *   -DBENCH_MPI compiled with any MPI's mpicc, calls MPI_Pack() /
 *               MPI_Unpack() (with a position, on MPI_COMM_SELF).
 * Both share the layouts, the reference loops and the timing below, so the
 * ratios between builds compare the libraries, not the harness.
 *
 * Layouts (the library type is built with the MPI constructors named):
 *   vec_2_3_int      vector(n, 2, 3, int)                    1 element
 *   col_16_double    vector(n, 1, 16, double)                1 element
 *   col_1024_double  vector(n, 1, 1024, double)              1 element
 *   indexed_int      indexed: 1 KiB of ints in blocks of 1..8 ints with
 *                    gaps of 0..16 ints (a fixed seeded pattern), resized
 *                    to its span                             n elements
 *   struct_idc3      struct {int a; double b; char c[3];} at offsetof,
 *                    resized to sizeof (24 B, packs 15 B)    n elements
 *   face_first       subarray of an N^3 C-order double array, first index
 *                    fixed: N*N contiguous doubles           1 element
 *   face_mid         middle index fixed: N blocks of N doubles, stride N*N
 *   face_last        last index fixed: N*N single doubles at stride N
 * Sizes are packed bytes; faces use the N whose face is nearest the size.
 * A cell whose buffer would span more than --max-span bytes is skipped
 * (col_1024_double above 1 MiB, the strided faces above 1 MiB).
 *
 * Method: before timing, every cell is checked: the library's packed bytes
 * must equal the reference loop's, and its unpack must put every byte back
 * where the loop takes it from and write nothing else (failures are
 * reported as MISMATCH and the cell is not timed). "hot" repeats calls on
 * the same buffers: an iteration count calibrated to --target-ms per
 * repetition, --reps repetitions, each with the packed buffer at another
 * of --reps fixed places (see bufs_t). "cold" times single calls, each
 * after reading a flush buffer of max(2 x LLC, 64 MiB), so buffers and TLB
 * start cold; --cold-reps calls.
 *
 * A repetition the machine's pace gauge (bench_gauge.h) finds in a slow
 * stretch is taken again, up to --retries times per cell.
 *
 * Output (CSV): impl,process,layout,op,cache,size,packed_bytes,ns_median,
 *   gbps_median,gbps_min,gbps_max,reps,retries,gauge_ns
 * impl is the library (vmpl/openmpi/mpich) or a baseline (memcpy, loop,
 * lines: the user lines holding data moved whole, see lines_pack) measured
 * in the process of the library named by `process`; gbps =
 * packed bytes / time in 1e9 B/s; min/max over the repetitions; retries
 * the repetitions taken again; gauge_ns the median of the pace gauges (the
 * higher of the two around each repetition).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stddef.h>
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
#include "dt/dt.h"
#endif

#include "bench_gauge.h"
#include "bench_stats.h"

enum { B_INT, B_DOUBLE, B_CHAR }; /* element types of the layouts */

/* ---- the library under test: the only part that differs per build ---- */

#ifdef BENCH_MPI
typedef MPI_Datatype bt_t;
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

static MPI_Datatype bt_base(int base)
{
    return base == B_INT ? MPI_INT : base == B_DOUBLE ? MPI_DOUBLE : MPI_CHAR;
}

static int bt_vector(int64_t n, int blen, int stride, int base, bt_t *t_p)
{
    if (n > INT_MAX)
        return -1;
    return MPI_Type_vector((int)n, blen, stride, bt_base(base), t_p) == MPI_SUCCESS ? 0 : -1;
}

static int bt_indexed(int nb, const int lens[], const int displs[], int base, bt_t *t_p)
{
    return MPI_Type_indexed(nb, lens, displs, bt_base(base), t_p) == MPI_SUCCESS ? 0 : -1;
}

static int bt_struct(int nb, const int lens[], const ptrdiff_t displs[], const int bases[],
                     bt_t *t_p)
{
    MPI_Aint d[8];
    MPI_Datatype t[8];

    for (int k = 0; k < nb; k++)
        d[k] = (MPI_Aint)displs[k], t[k] = bt_base(bases[k]);
    return MPI_Type_create_struct(nb, lens, d, t, t_p) == MPI_SUCCESS ? 0 : -1;
}

static int bt_subarray(int ndims, const int sizes[], const int subsizes[], const int starts[],
                       int base, bt_t *t_p)
{
    return MPI_Type_create_subarray(ndims, sizes, subsizes, starts, MPI_ORDER_C, bt_base(base),
                                    t_p) == MPI_SUCCESS ? 0 : -1;
}

static int bt_resized(bt_t old, ptrdiff_t lb, ptrdiff_t extent, bt_t *t_p)
{
    return MPI_Type_create_resized(old, lb, extent, t_p) == MPI_SUCCESS ? 0 : -1;
}

static int bt_commit(bt_t *t)
{
    return MPI_Type_commit(t) == MPI_SUCCESS ? 0 : -1;
}

static void bt_free(bt_t *t)
{
    MPI_Type_free(t);
}

static int bt_packed_size(bt_t t, int64_t count, size_t *bytes_p)
{
    int size;

    if (MPI_Type_size(t, &size) != MPI_SUCCESS)
        return -1;
    *bytes_p = (size_t)size * (size_t)count;
    return 0;
}

static inline int bt_pack(bt_t t, int64_t count, const void *user, void *out, size_t bytes)
{
    int pos = 0;

    return MPI_Pack(user, (int)count, t, out, (int)bytes, &pos, MPI_COMM_SELF) == MPI_SUCCESS &&
           (size_t)pos == bytes ? 0 : -1;
}

static inline int bt_unpack(bt_t t, int64_t count, void *user, const void *in, size_t bytes)
{
    int pos = 0;

    return MPI_Unpack(in, (int)bytes, &pos, user, (int)count, t, MPI_COMM_SELF) == MPI_SUCCESS &&
           (size_t)pos == bytes ? 0 : -1;
}

static void bt_describe(bt_t t, char *buf, size_t len)
{
    (void)t;
    snprintf(buf, len, "(layout text: native build only)");
}
#else
typedef dt_type_t *bt_t;
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

static dt_type_t *bt_base(int base)
{
    return dt_named(base == B_INT ? DT_INT : base == B_DOUBLE ? DT_DOUBLE : DT_CHAR);
}

static int bt_vector(int64_t n, int blen, int stride, int base, bt_t *t_p)
{
    return dt_type_vector(n, blen, stride, bt_base(base), t_p) == VMPL_OK ? 0 : -1;
}

static int bt_indexed(int nb, const int lens[], const int displs[], int base, bt_t *t_p)
{
    dt_count_t l[512], d[512];

    if (nb > 512)
        return -1;
    for (int k = 0; k < nb; k++)
        l[k] = lens[k], d[k] = displs[k];
    return dt_type_indexed(nb, l, d, bt_base(base), t_p) == VMPL_OK ? 0 : -1;
}

static int bt_struct(int nb, const int lens[], const ptrdiff_t displs[], const int bases[],
                     bt_t *t_p)
{
    dt_count_t l[8];
    dt_aint_t d[8];
    dt_type_t *t[8];

    for (int k = 0; k < nb; k++)
        l[k] = lens[k], d[k] = displs[k], t[k] = bt_base(bases[k]);
    return dt_type_struct(nb, l, d, t, t_p) == VMPL_OK ? 0 : -1;
}

static int bt_subarray(int ndims, const int sizes[], const int subsizes[], const int starts[],
                       int base, bt_t *t_p)
{
    dt_count_t s[8], ss[8], st[8];

    for (int k = 0; k < ndims; k++)
        s[k] = sizes[k], ss[k] = subsizes[k], st[k] = starts[k];
    return dt_type_subarray(ndims, s, ss, st, DT_ORDER_C, bt_base(base), t_p) == VMPL_OK ? 0
                                                                                        : -1;
}

static int bt_resized(bt_t old, ptrdiff_t lb, ptrdiff_t extent, bt_t *t_p)
{
    return dt_type_resized(old, lb, extent, t_p) == VMPL_OK ? 0 : -1;
}

static int bt_commit(bt_t *t)
{
    return dt_type_commit(*t) == VMPL_OK ? 0 : -1;
}

static void bt_free(bt_t *t)
{
    dt_type_release(*t);
    *t = NULL;
}

static int bt_packed_size(bt_t t, int64_t count, size_t *bytes_p)
{
    return dt_pack_size(t, count, bytes_p) == VMPL_OK ? 0 : -1;
}

static inline int bt_pack(bt_t t, int64_t count, const void *user, void *out, size_t bytes)
{
    return dt_pack(t, count, user, 0, out, bytes) == VMPL_OK ? 0 : -1;
}

static inline int bt_unpack(bt_t t, int64_t count, void *user, const void *in, size_t bytes)
{
    return dt_unpack(t, count, user, 0, in, bytes) == VMPL_OK ? 0 : -1;
}

static void bt_describe(bt_t t, char *buf, size_t len)
{
    dt_type_describe(t, buf, len);
}
#endif

/* ---- layouts: geometry, library type, reference loops ---- */

/* One measured instance of a layout at one size. */
typedef struct {
    size_t nominal;  /* requested packed bytes */
    size_t packed;   /* actual packed bytes */
    int64_t count;   /* elements passed to pack */
    int64_t n;       /* vector count, pattern copies, struct count or face N */
    int stride;      /* column stride in doubles */
    size_t lo, hi;   /* user-buffer bytes touched, from the array origin; multiples of 8 */
} geom_t;

typedef struct {
    const char *name, *what;
    int (*shape)(size_t nominal, geom_t *g);
    int (*build)(const geom_t *g, bt_t *t_p);
    /* The loop a user would write (the reference, and the "loop" baseline). */
    void (*pack)(const geom_t *g, const void *restrict user, void *restrict out);
    void (*unpack)(const geom_t *g, void *restrict user, const void *restrict in);
} layout_t;

static size_t round8(size_t v)
{
    return (v + 7) & ~(size_t)7;
}

/* vector(n, 2, 3, int) */
static int vec23_shape(size_t nominal, geom_t *g)
{
    g->n = nominal / 8 ? (int64_t)(nominal / 8) : 1;
    g->count = 1;
    g->packed = (size_t)g->n * 8;
    g->lo = 0;
    g->hi = round8((size_t)(3 * (g->n - 1) + 2) * 4);
    return 0;
}

static int vec23_build(const geom_t *g, bt_t *t_p)
{
    return bt_vector(g->n, 2, 3, B_INT, t_p);
}

static void vec23_pack(const geom_t *g, const void *restrict user, void *restrict out)
{
    const int *in = user;
    int *o = out;

    for (int64_t i = 0; i < g->n; i++) {
        o[2 * i] = in[3 * i];
        o[2 * i + 1] = in[3 * i + 1];
    }
}

static void vec23_unpack(const geom_t *g, void *restrict user, const void *restrict in)
{
    int *u = user;
    const int *p = in;

    for (int64_t i = 0; i < g->n; i++) {
        u[3 * i] = p[2 * i];
        u[3 * i + 1] = p[2 * i + 1];
    }
}

/* vector(n, 1, stride, double) */
static int col_shape(size_t nominal, geom_t *g, int stride)
{
    g->n = nominal / 8 ? (int64_t)(nominal / 8) : 1;
    g->count = 1;
    g->stride = stride;
    g->packed = (size_t)g->n * 8;
    g->lo = 0;
    g->hi = ((size_t)(g->n - 1) * (size_t)stride + 1) * 8;
    return 0;
}

static int col16_shape(size_t nominal, geom_t *g)
{
    return col_shape(nominal, g, 16);
}

static int col1024_shape(size_t nominal, geom_t *g)
{
    return col_shape(nominal, g, 1024);
}

static int col_build(const geom_t *g, bt_t *t_p)
{
    return bt_vector(g->n, 1, g->stride, B_DOUBLE, t_p);
}

static void col_pack(const geom_t *g, const void *restrict user, void *restrict out)
{
    const double *in = user;
    double *o = out;
    int64_t s = g->stride;

    for (int64_t i = 0; i < g->n; i++)
        o[i] = in[i * s];
}

static void col_unpack(const geom_t *g, void *restrict user, const void *restrict in)
{
    double *u = user;
    const double *p = in;
    int64_t s = g->stride;

    for (int64_t i = 0; i < g->n; i++)
        u[i * s] = p[i];
}

/* Irregular indexed: a seeded pattern of 1 KiB of ints, its copies back to back. */
#define PAT_INTS 256
static struct {
    int nb, extent; /* blocks; span in ints, the trailing gap included */
    int len[PAT_INTS], displ[PAT_INTS];
} pat;

static void pattern_make(uint64_t seed)
{
    uint64_t s = seed ? seed : 1;
    int total = 0, pos = 0;

#define PAT_NEXT() (s ^= s << 13, s ^= s >> 7, s ^= s << 17, (int)(s >> 33))
    pat.nb = 0;
    while (total < PAT_INTS) {
        int gap = PAT_NEXT() % 17, len = 1 + PAT_NEXT() % 8;
        if (len > PAT_INTS - total)
            len = PAT_INTS - total;
        pos += gap;
        pat.displ[pat.nb] = pos;
        pat.len[pat.nb++] = len;
        pos += len;
        total += len;
    }
    pat.extent = pos + PAT_NEXT() % 17;
#undef PAT_NEXT
}

static int indexed_shape(size_t nominal, geom_t *g)
{
    g->n = nominal / (PAT_INTS * 4) ? (int64_t)(nominal / (PAT_INTS * 4)) : 1;
    g->count = g->n;
    g->packed = (size_t)g->n * PAT_INTS * 4;
    g->lo = 0;
    g->hi = round8((size_t)g->n * (size_t)pat.extent * 4);
    return 0;
}

static int indexed_build(const geom_t *g, bt_t *t_p)
{
    bt_t t;
    int rc;

    (void)g;
    if (bt_indexed(pat.nb, pat.len, pat.displ, B_INT, &t) != 0)
        return -1;
    rc = bt_resized(t, 0, (ptrdiff_t)pat.extent * 4, t_p);
    bt_free(&t);
    return rc;
}

static void indexed_pack(const geom_t *g, const void *restrict user, void *restrict out)
{
    const int *in = user;
    int *o = out;

    for (int64_t r = 0; r < g->n; r++, in += pat.extent)
        for (int b = 0; b < pat.nb; b++)
            for (int e = 0; e < pat.len[b]; e++)
                *o++ = in[pat.displ[b] + e];
}

static void indexed_unpack(const geom_t *g, void *restrict user, const void *restrict in)
{
    int *u = user;
    const int *p = in;

    for (int64_t r = 0; r < g->n; r++, u += pat.extent)
        for (int b = 0; b < pat.nb; b++)
            for (int e = 0; e < pat.len[b]; e++)
                u[pat.displ[b] + e] = *p++;
}

/* struct {int a; double b; char c[3];} */
typedef struct {
    int a;
    double b;
    char c[3];
} idc3_t;
#define IDC3_PACKED (sizeof(int) + sizeof(double) + 3)

static int struct_shape(size_t nominal, geom_t *g)
{
    g->n = (int64_t)((nominal + IDC3_PACKED / 2) / IDC3_PACKED);
    g->n = g->n ? g->n : 1;
    g->count = g->n;
    g->packed = (size_t)g->n * IDC3_PACKED;
    g->lo = 0;
    g->hi = (size_t)g->n * sizeof(idc3_t);
    return 0;
}

static int struct_build(const geom_t *g, bt_t *t_p)
{
    static const int lens[3] = {1, 1, 3}, bases[3] = {B_INT, B_DOUBLE, B_CHAR};
    const ptrdiff_t displs[3] = {offsetof(idc3_t, a), offsetof(idc3_t, b), offsetof(idc3_t, c)};
    bt_t t;
    int rc;

    (void)g;
    if (bt_struct(3, lens, displs, bases, &t) != 0)
        return -1;
    rc = bt_resized(t, 0, sizeof(idc3_t), t_p);
    bt_free(&t);
    return rc;
}

static void struct_pack(const geom_t *g, const void *restrict user, void *restrict out)
{
    const idc3_t *s = user;
    char *o = out;

    for (int64_t i = 0; i < g->n; i++, o += IDC3_PACKED) {
        memcpy(o, &s[i].a, sizeof(int));
        memcpy(o + sizeof(int), &s[i].b, sizeof(double));
        memcpy(o + sizeof(int) + sizeof(double), s[i].c, 3);
    }
}

static void struct_unpack(const geom_t *g, void *restrict user, const void *restrict in)
{
    idc3_t *s = user;
    const char *p = in;

    for (int64_t i = 0; i < g->n; i++, p += IDC3_PACKED) {
        memcpy(&s[i].a, p, sizeof(int));
        memcpy(&s[i].b, p + sizeof(int), sizeof(double));
        memcpy(s[i].c, p + sizeof(int) + sizeof(double), 3);
    }
}

/*
 * Faces of double a[N][N][N] (C order) at index 1 of one dimension, as a
 * halo exchange sends them: dim 0 (contiguous), 1 (rows of N), 2 (single
 * doubles at stride N).
 */
static int face_shape(size_t nominal, geom_t *g, int dim)
{
    size_t n = (size_t)lround(sqrt((double)nominal / 8.0)), nn;

    n = n < 3 ? 3 : n;
    nn = n * n;
    g->n = (int64_t)n;
    g->count = 1;
    g->packed = nn * 8;
    switch (dim) {
    case 0: g->lo = nn * 8, g->hi = 2 * nn * 8; break;
    case 1: g->lo = n * 8, g->hi = ((n - 1) * nn + 2 * n) * 8; break;
    default: g->lo = 8, g->hi = ((n - 1) * nn + (n - 1) * n + 2) * 8; break;
    }
    return n > INT_MAX ? -1 : 0;
}

static int face0_shape(size_t nominal, geom_t *g)
{
    return face_shape(nominal, g, 0);
}

static int face1_shape(size_t nominal, geom_t *g)
{
    return face_shape(nominal, g, 1);
}

static int face2_shape(size_t nominal, geom_t *g)
{
    return face_shape(nominal, g, 2);
}

static int face_build(const geom_t *g, int dim, bt_t *t_p)
{
    int n = (int)g->n, sizes[3] = {n, n, n}, sub[3] = {n, n, n}, starts[3] = {0, 0, 0};

    sub[dim] = 1;
    starts[dim] = 1;
    return bt_subarray(3, sizes, sub, starts, B_DOUBLE, t_p);
}

static int face0_build(const geom_t *g, bt_t *t_p)
{
    return face_build(g, 0, t_p);
}

static int face1_build(const geom_t *g, bt_t *t_p)
{
    return face_build(g, 1, t_p);
}

static int face2_build(const geom_t *g, bt_t *t_p)
{
    return face_build(g, 2, t_p);
}

static void face0_pack(const geom_t *g, const void *restrict user, void *restrict out)
{
    const double *a = user;
    double *o = out;
    int64_t n = g->n;

    for (int64_t j = 0; j < n; j++)
        for (int64_t k = 0; k < n; k++)
            o[j * n + k] = a[(1 * n + j) * n + k];
}

static void face0_unpack(const geom_t *g, void *restrict user, const void *restrict in)
{
    double *a = user;
    const double *p = in;
    int64_t n = g->n;

    for (int64_t j = 0; j < n; j++)
        for (int64_t k = 0; k < n; k++)
            a[(1 * n + j) * n + k] = p[j * n + k];
}

static void face1_pack(const geom_t *g, const void *restrict user, void *restrict out)
{
    const double *a = user;
    double *o = out;
    int64_t n = g->n;

    for (int64_t i = 0; i < n; i++)
        for (int64_t k = 0; k < n; k++)
            o[i * n + k] = a[(i * n + 1) * n + k];
}

static void face1_unpack(const geom_t *g, void *restrict user, const void *restrict in)
{
    double *a = user;
    const double *p = in;
    int64_t n = g->n;

    for (int64_t i = 0; i < n; i++)
        for (int64_t k = 0; k < n; k++)
            a[(i * n + 1) * n + k] = p[i * n + k];
}

static void face2_pack(const geom_t *g, const void *restrict user, void *restrict out)
{
    const double *a = user;
    double *o = out;
    int64_t n = g->n;

    for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < n; j++)
            o[i * n + j] = a[(i * n + j) * n + 1];
}

static void face2_unpack(const geom_t *g, void *restrict user, const void *restrict in)
{
    double *a = user;
    const double *p = in;
    int64_t n = g->n;

    for (int64_t i = 0; i < n; i++)
        for (int64_t j = 0; j < n; j++)
            a[(i * n + j) * n + 1] = p[i * n + j];
}

enum { L_COUNT = 8 };
static const layout_t layouts[L_COUNT] = {
    {"vec_2_3_int", "vector(n, 2, 3, int)", vec23_shape, vec23_build, vec23_pack, vec23_unpack},
    {"col_16_double", "vector(n, 1, 16, double)", col16_shape, col_build, col_pack, col_unpack},
    {"col_1024_double", "vector(n, 1, 1024, double)", col1024_shape, col_build, col_pack,
     col_unpack},
    {"indexed_int", "indexed ints, seeded blocks 1..8 / gaps 0..16, 1 KiB per element",
     indexed_shape, indexed_build, indexed_pack, indexed_unpack},
    {"struct_idc3", "struct {int; double; char[3]} resized to 24 B, 15 B packed", struct_shape,
     struct_build, struct_pack, struct_unpack},
    {"face_first", "subarray N^3 doubles, [1][:][:]: N*N contiguous", face0_shape, face0_build,
     face0_pack, face0_unpack},
    {"face_mid", "subarray N^3 doubles, [:][1][:]: N rows of N doubles", face1_shape,
     face1_build, face1_pack, face1_unpack},
    {"face_last", "subarray N^3 doubles, [:][:][1]: N*N doubles at stride N", face2_shape,
     face2_build, face2_pack, face2_unpack},
};

/* ---- options ---- */

#define MAX_SIZES 32
enum { I_LIB = 1, I_LOOP = 2, I_MEMCPY = 4, I_LINES = 8 };

typedef struct {
    size_t sizes[MAX_SIZES], cold_sizes[MAX_SIZES];
    int nsizes, ncold;
    unsigned layout_mask, impls;
    int hot, cold;
    int reps, cold_reps;
    int retries; /* repeated repetitions per cell (bench_quiet_rep); < 0: reps/cold_reps */
    double target_ms;
    size_t max_span, llc, flush_bytes;
    uint64_t seed;
    int header, list, describe;
    const char *output;
} opts_t;

static void usage(FILE *f)
{
    fprintf(f,
            "usage: pack_bench [options]\n"
            "  --layouts LIST    layouts (see --list) or all\n"
            "  --sizes LIST      packed bytes, e.g. 1K,64K,1M (default 1K,4K,16K,64K,256K,512K,\n"
            "                    1M,4M,16M,64M)\n"
            "  --cold-sizes LIST sizes also timed cold (default 4K,64K,1M,64M; 'all', 'none')\n"
            "  --cache MODE      hot | cold | both (default both)\n"
            "  --impls LIST      lib,loop,memcpy,lines (default lib,loop,memcpy; lines:\n"
            "                    the user lines holding data moved whole, where their runs\n"
            "                    average 8 lines or more: all layouts but the columns and\n"
            "                    face_last)\n"
            "  --reps N          hot repetitions (default 5)\n"
            "  --cold-reps N     cold single-call repetitions (default 9)\n"
            "  --retries N       repetitions taken again per cell when the pace gauge finds\n"
            "                    them in a slow stretch (default: --reps, --cold-reps)\n"
            "  --target-ms X     length of one hot repetition (default 10)\n"
            "  --max-span BYTES  skip cells whose user buffer spans more (default 1G)\n"
            "  --llc BYTES       last-level cache size (default: detected)\n"
            "  --seed N          seed of the indexed pattern (default 2024)\n"
            "  --output FILE     write CSV to FILE (default stdout)\n"
            "  --no-header       omit the CSV header line\n"
            "  --impl NAME       process/library name in the CSV (default vmpl/openmpi/mpich)\n"
            "  --quick           CI smoke: sizes 1K,4K,64K, cold at 64K, 1 rep of 1 ms\n"
            "  --list            print the layouts and exit\n"
            "  --describe        print the library's layout of each cell (native build)\n");
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

static int parse_size_list(const char *list, size_t *sizes, int *n_p)
{
    char buf[512], *save, *tok;
    int n = 0;

    snprintf(buf, sizeof(buf), "%s", list);
    for (tok = strtok_r(buf, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        if (n == MAX_SIZES || parse_size(tok, &sizes[n]) != 0 || sizes[n] == 0)
            return -1;
        n++;
    }
    *n_p = n;
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
            fprintf(stderr, "pack_bench: unknown name '%s'\n", tok);
            return -1;
        }
        mask |= 1L << i;
    }
    return mask;
}

static size_t llc_detect(void)
{
    long v = sysconf(_SC_LEVEL3_CACHE_SIZE);

    return v > 0 ? (size_t)v : (size_t)32 << 20;
}

static int parse_valued(const char *a, const char *v, opts_t *o)
{
    static const char *const impl_names[] = {"lib", "loop", "memcpy", "lines"};
    const char *lnames[L_COUNT];
    long m;

    for (int l = 0; l < L_COUNT; l++)
        lnames[l] = layouts[l].name;
    if (strcmp(a, "--layouts") == 0)
        return (m = parse_names(v, lnames, L_COUNT)) <= 0 ? -1 : (o->layout_mask = (unsigned)m, 0);
    if (strcmp(a, "--impls") == 0)
        return (m = parse_names(v, impl_names, 4)) <= 0 ? -1 : (o->impls = (unsigned)m, 0);
    if (strcmp(a, "--sizes") == 0)
        return parse_size_list(v, o->sizes, &o->nsizes) == 0 && o->nsizes > 0 ? 0 : -1;
    if (strcmp(a, "--cold-sizes") == 0) {
        if (strcmp(v, "none") == 0)
            return o->ncold = 0, 0;
        if (strcmp(v, "all") == 0)
            return o->ncold = -1, 0;
        return parse_size_list(v, o->cold_sizes, &o->ncold);
    }
    if (strcmp(a, "--cache") == 0) {
        o->hot = strcmp(v, "hot") == 0 || strcmp(v, "both") == 0;
        o->cold = strcmp(v, "cold") == 0 || strcmp(v, "both") == 0;
        return o->hot || o->cold ? 0 : -1;
    }
    if (strcmp(a, "--reps") == 0)
        return (o->reps = atoi(v)) >= 1 && o->reps <= 64 ? 0 : -1;
    if (strcmp(a, "--cold-reps") == 0)
        return (o->cold_reps = atoi(v)) >= 1 && o->cold_reps <= 64 ? 0 : -1;
    if (strcmp(a, "--retries") == 0)
        return (o->retries = atoi(v)) >= 0 && o->retries <= 64 ? 0 : -1;
    if (strcmp(a, "--target-ms") == 0)
        return (o->target_ms = atof(v)) > 0 ? 0 : -1;
    if (strcmp(a, "--max-span") == 0)
        return parse_size(v, &o->max_span);
    if (strcmp(a, "--llc") == 0)
        return parse_size(v, &o->llc);
    if (strcmp(a, "--seed") == 0)
        return o->seed = strtoull(v, NULL, 0), 0;
    if (strcmp(a, "--output") == 0)
        return o->output = v, 0;
    if (strcmp(a, "--impl") == 0)
        return snprintf(impl_name, sizeof(impl_name), "%s", v), 0;
    return -1;
}

static int parse_opts(int argc, char **argv, opts_t *o)
{
    *o = (opts_t){.layout_mask = (1u << L_COUNT) - 1, .impls = I_LIB | I_LOOP | I_MEMCPY,
                  .hot = 1, .cold = 1, .reps = 5, .cold_reps = 9, .retries = -1, .target_ms = 10,
                  .max_span = (size_t)1 << 30, .seed = 2024, .header = 1};
    parse_size_list("1K,4K,16K,64K,256K,512K,1M,4M,16M,64M", o->sizes, &o->nsizes);
    parse_size_list("4K,64K,1M,64M", o->cold_sizes, &o->ncold);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];

        if (strcmp(a, "--no-header") == 0) {
            o->header = 0;
        } else if (strcmp(a, "--list") == 0) {
            o->list = 1;
        } else if (strcmp(a, "--describe") == 0) {
            o->describe = 1;
        } else if (strcmp(a, "--quick") == 0) {
            parse_size_list("1K,4K,64K", o->sizes, &o->nsizes);
            parse_size_list("64K", o->cold_sizes, &o->ncold);
            o->reps = 1;
            o->cold_reps = 1;
            o->target_ms = 1;
        } else if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            exit(0);
        } else if (i + 1 < argc && parse_valued(a, argv[i + 1], o) == 0) {
            i++;
        } else {
            fprintf(stderr, "pack_bench: bad option or value: %s\n", a);
            return -1;
        }
    }
    if (o->llc == 0)
        o->llc = llc_detect();
    o->flush_bytes = 2 * o->llc > ((size_t)64 << 20) ? 2 * o->llc : (size_t)64 << 20;
    return 0;
}

static int is_cold_size(const opts_t *o, size_t nominal)
{
    if (!o->cold)
        return 0;
    if (o->ncold < 0)
        return 1;
    for (int i = 0; i < o->ncold; i++)
        if (o->cold_sizes[i] == nominal)
            return 1;
    return 0;
}

/* ---- buffers ---- */

/*
 * user: the application's array, origin at its start (cells touch
 * [lo, hi) of it); packed and ref: the packed stream and the reference
 * packed bytes (also the memcpy source); flush: read between cold calls.
 * All mapped once in main, unmapped at exit.
 *
 * Every buffer starts at the same address modulo PLACE_ALIGN in every
 * process (its own PLACE_*_AT), and hot repetition k moves the packed
 * stream by k * PLACE_STEP (packed_room holds them all). Where two buffers
 * sit decides more than their page offsets: a hot memcpy between buffers a
 * fixed distance apart ran fast or far slower by address bits 12 to 29 (as
 * the L1 way predictor's hash of the virtual address would). Left to ASLR,
 * that decided per process whether a cell ran fast, for every library and
 * baseline in the process alike (record: docs/perf/bench-methods.md). Now
 * each process times the same places, and a cell's median is the middle
 * one of --reps places. The offsets are arbitrary but fixed, and no two
 * buffers start at the same address modulo PLACE_ALIGN.
 */
typedef struct {
    char *user, *packed, *ref, *flush;
    size_t user_bytes, packed_bytes, packed_room, flush_bytes;
} bufs_t;

#define PLACE_ALIGN ((size_t)1 << 30)
#define PLACE_USER_AT ((size_t)0)
#define PLACE_PACKED_AT (((size_t)1 << 28) + ((size_t)5 << 12))
#define PLACE_REF_AT (((size_t)2 << 28) + ((size_t)11 << 12))
#define PLACE_FLUSH_AT (((size_t)3 << 28) + ((size_t)17 << 12))
#define PLACE_STEP ((size_t)7 << 12)

/* bytes at offset `at` past a PLACE_ALIGN boundary (the rest of the reservation unmapped). */
static void *map_bytes(size_t bytes, size_t at)
{
    const size_t page = 4096, len = (bytes + page - 1) & ~(page - 1);
    const size_t span = at + len + PLACE_ALIGN;
    char *raw = mmap(NULL, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    char *p;

    if (raw == MAP_FAILED) {
        fprintf(stderr, "pack_bench: mmap of %zu bytes: %s\n", span, strerror(errno));
        return NULL;
    }
    p = (char *)(((uintptr_t)raw + PLACE_ALIGN - 1) & ~(uintptr_t)(PLACE_ALIGN - 1)) + at;
    if (p > raw)
        munmap(raw, (size_t)(p - raw));
    if (raw + span > p + len)
        munmap(p + len, (size_t)(raw + span - (p + len)));
    return p;
}

static uint64_t word_at(size_t i) /* the user array's contents: a hash of the word index */
{
    uint64_t x = (uint64_t)i * 0x9e3779b97f4a7c15ull;

    x ^= x >> 31;
    x *= 0xbf58476d1ce4e5b9ull;
    return x ^ (x >> 29);
}

static void user_fill(char *user, size_t lo, size_t hi)
{
    uint64_t *w = (uint64_t *)(void *)user;

    for (size_t i = lo / 8; i < hi / 8; i++)
        w[i] = word_at(i);
}

/* Offset of the first byte of [lo, hi) that differs from user_fill's, or hi. */
static size_t user_check(const char *user, size_t lo, size_t hi)
{
    const uint64_t *w = (const uint64_t *)(const void *)user;

    for (size_t i = lo / 8; i < hi / 8; i++)
        if (w[i] != word_at(i))
            return i * 8;
    return hi;
}

static size_t first_diff(const char *a, const char *b, size_t n)
{
    size_t i = 0;

    while (i < n && a[i] == b[i])
        i++;
    return i;
}

static void xor_bytes(char *p, size_t n, unsigned char x)
{
    for (size_t i = 0; i < n; i++)
        p[i] = (char)(p[i] ^ x);
}

/* ---- the user lines that hold data ---- */

/*
 * The 64-byte user lines a cell's layout has data in, as runs of
 * consecutive lines: what the lines baseline moves. Found by unpacking
 * 0xff bytes with the reference loop into a zeroed span. Kept only where
 * the runs average LINES_MIN_RUN lines or more (the dense layouts, and the
 * indexed one, whose rare lines without data end runs): for sparse layouts
 * the run list would cost the baseline traffic of its own.
 */
#define LINES_MIN_RUN 8

typedef struct {
    size_t first, count; /* user lines first .. first + count - 1, from the buffer's start */
} line_run_t;

typedef struct {
    line_run_t *run;
    size_t nruns, nlines, span_lines; /* runs, lines in them, lines of [lo, hi) */
} line_set_t;

static int line_has_data(const char *line)
{
    for (int i = 0; i < 64; i++)
        if (line[i])
            return 1;
    return 0;
}

static void line_set_free(line_set_t *s)
{
    if (s)
        free(s->run);
    free(s);
}

/* The line set of cell g, or NULL (sparse layout, or no memory). Leaves user and packed dirty. */
static line_set_t *line_set_make(const layout_t *L, const geom_t *g, const bufs_t *b)
{
    size_t first = g->lo / 64, end = (g->hi + 63) / 64, cap = (end - first) / LINES_MIN_RUN + 1;
    line_set_t *s = calloc(1, sizeof(*s));

    if (!s || !(s->run = malloc(cap * sizeof(s->run[0])))) {
        line_set_free(s);
        return NULL;
    }
    memset(b->user + first * 64, 0, (end - first) * 64);
    memset(b->packed, 0xff, g->packed);
    L->unpack(g, b->user, b->packed);
    s->span_lines = end - first;
    for (size_t l = first; l < end; l++) {
        if (!line_has_data(b->user + 64 * l))
            continue;
        if (s->nruns && s->run[s->nruns - 1].first + s->run[s->nruns - 1].count == l) {
            s->run[s->nruns - 1].count++;
        } else if (s->nruns == cap) {
            line_set_free(s);
            return NULL;
        } else {
            s->run[s->nruns++] = (line_run_t){l, 1};
        }
        s->nlines++;
    }
    if (s->nruns == 0 || s->nlines < s->nruns * LINES_MIN_RUN) {
        line_set_free(s);
        return NULL;
    }
    return s;
}

/* ---- timing ---- */

typedef struct {
    const layout_t *L;
    const geom_t *g;
    bt_t type;
    const bufs_t *b;
    const line_set_t *lines; /* NULL: no lines baseline for this cell */
} job_t;

typedef void (*run_fn_t)(const job_t *j);

typedef struct {
    double ns, gbps_med, gbps_min, gbps_max, gauge_ns;
    int reps, retries;
} result_t;

static uint64_t now_ns(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

__attribute__((noinline, cold)) static void die_call(const job_t *j, const char *what)
{
    fprintf(stderr, "pack_bench: %s: %s of %s (%zu B) failed\n", impl_name, what, j->L->name,
            j->g->packed);
    exit(1);
}

static void run_lib_pack(const job_t *j)
{
    if (bt_pack(j->type, j->g->count, j->b->user, j->b->packed, j->g->packed) != 0)
        die_call(j, "pack");
}

static void run_lib_unpack(const job_t *j)
{
    if (bt_unpack(j->type, j->g->count, j->b->user, j->b->packed, j->g->packed) != 0)
        die_call(j, "unpack");
}

static void run_loop_pack(const job_t *j)
{
    j->L->pack(j->g, j->b->user, j->b->packed);
}

static void run_loop_unpack(const job_t *j)
{
    j->L->unpack(j->g, j->b->user, j->b->packed);
}

static void run_memcpy(const job_t *j)
{
    memcpy(j->b->packed, j->b->ref, j->g->packed);
}

/*
 * The line traffic of a layout, without the layout: the user lines that
 * hold data (line_set_t), moved whole by plain 64-byte loads and stores,
 * with no permutes and no masks. Pack reads those lines and writes the
 * packed lines; unpack reads the packed lines and writes those user lines
 * whole, gap bytes too, so it is not an unpack, only its memory traffic
 * (the next cell refills the buffers). The two streams advance in step,
 * as a pack's do. It is no strict bound (masked stores can run faster in
 * places), but where a target asks for far more than this speed, the
 * memory system, not the kernel, is what stops it. Whole lines only: the
 * packed bytes past the last whole line are left out.
 */
typedef char half_line_t __attribute__((vector_size(32)));

/* One line by two 32-byte vectors (GCC moves a 64-byte vector or memcpy by 16-byte parts). */
static inline __attribute__((always_inline)) void line_copy(char *d, const char *s)
{
    half_line_t a, b;

    __builtin_memcpy(&a, s, 32);
    __builtin_memcpy(&b, s + 32, 32);
    __builtin_memcpy(d, &a, 32);
    __builtin_memcpy(d + 32, &b, 32);
}

#if defined(__x86_64__)
#define LINES_CLONES __attribute__((noinline, target_clones("avx512f", "avx2", "default")))
#else
#define LINES_CLONES __attribute__((noinline))
#endif

/*
 * User line i (counting through the runs) pairs with packed line
 * i * plines / nlines (at most one per user line: packed bytes never
 * outnumber the data lines' bytes), by a 32.32 fixed-point step: one add
 * per line and no branch. Pack stores each user line to its packed line
 * (a packed line with several is rewritten in L1); unpack stores each
 * user line from its packed line. The loop this replaced (a branch per
 * due packed line, each line a volatile 64-byte vector that GCC moved in
 * four 16-byte parts through the stack) was itself the bound, no faster in
 * L1 than from 1 MiB; a running remainder in place of the branch (a chain of
 * five dependent operations per line) was slower still (record:
 * docs/perf/bench-methods.md).
 */
static inline uint64_t line_step(const line_set_t *s, size_t plines)
{
    return (((uint64_t)plines << 32) + s->nlines - 1) / s->nlines; /* rounded up */
}

LINES_CLONES static void lines_pack(const char *user, const line_set_t *s, char *packed,
                                    size_t plines)
{
    const size_t nruns = s->nruns; /* locals: the stores may alias s */
    const line_run_t *run = s->run;
    const uint64_t step = line_step(s, plines), last = plines - 1;
    uint64_t at_line = 0; /* i * step */

    if (!plines) /* no whole packed line */
        return;
    for (size_t r = 0; r < nruns; r++) {
        const char *at = user + 64 * run[r].first, *end = at + 64 * run[r].count;
        for (; at < end; at += 64, at_line += step) {
            const uint64_t k = at_line >> 32;
            line_copy(packed + 64 * (k < last ? k : last), at);
        }
    }
}

LINES_CLONES static void lines_unpack(char *user, const line_set_t *s, const char *packed,
                                      size_t plines)
{
    const size_t nruns = s->nruns;
    const line_run_t *run = s->run;
    const uint64_t step = line_step(s, plines), last = plines - 1;
    uint64_t at_line = 0;

    if (!plines)
        return;
    for (size_t r = 0; r < nruns; r++) {
        char *at = user + 64 * run[r].first, *end = at + 64 * run[r].count;
        for (; at < end; at += 64, at_line += step) {
            const uint64_t k = at_line >> 32;
            line_copy(at, packed + 64 * (k < last ? k : last));
        }
    }
}

static void run_lines_pack(const job_t *j)
{
    lines_pack(j->b->user, j->lines, j->b->packed, j->g->packed / 64);
}

static void run_lines_unpack(const job_t *j)
{
    lines_unpack(j->b->user, j->lines, j->b->packed, j->g->packed / 64);
}

static uint64_t time_calls(run_fn_t f, const job_t *j, long iters)
{
    uint64_t t0 = now_ns();

    for (long i = 0; i < iters; i++) {
        f(j);
        __asm__ volatile("" ::: "memory");
    }
    return now_ns() - t0;
}

/* ns and gauge: reps times of a call and of the pace gauge around each. */
static void summarize(double *ns, double *gauge, int reps, size_t bytes, result_t *r)
{
    r->gauge_ns = bench_median(gauge, reps);
    r->ns = bench_median(ns, reps); /* sorted: ns[0] the fastest */
    r->gbps_med = (double)bytes / r->ns;
    r->gbps_max = (double)bytes / ns[0];
    r->gbps_min = (double)bytes / ns[reps - 1];
    r->reps = reps;
}

/* j with its packed stream at place k (bufs_t), holding the reference packed bytes. */
static const job_t *job_placed(const job_t *j, int k, job_t *jk, bufs_t *bk)
{
    *bk = *j->b;
    bk->packed += (size_t)k * PLACE_STEP;
    memcpy(bk->packed, j->b->ref, j->g->packed);
    *jk = *j;
    jk->b = bk;
    return jk;
}

/* One repetition (bench_rep_fn_t): hot, iters calls at place k; cold, one call after a flush. */
typedef struct {
    run_fn_t f;
    const job_t *j;
    int place;
    long iters; /* 0: cold */
} rep_arg_t;

static volatile uint64_t flush_sink;

/* Reads one word per cache line of the flush buffer: evicts caches and TLB. */
static void flush_caches(const bufs_t *b)
{
    const volatile uint64_t *w = (const uint64_t *)(const void *)b->flush;
    uint64_t s = 0;

    for (size_t i = 0; i < b->flush_bytes / 8; i += 8)
        s += w[i];
    flush_sink = s;
}

static double time_rep(void *arg)
{
    const rep_arg_t *a = arg;
    job_t jk;
    bufs_t bk;
    const job_t *at;
    uint64_t t0;

    if (a->iters == 0) {
        flush_caches(a->j->b);
        t0 = now_ns();
        a->f(a->j);
        __asm__ volatile("" ::: "memory");
        return (double)(now_ns() - t0);
    }
    at = job_placed(a->j, a->place, &jk, &bk);
    time_calls(a->f, at, 1); /* warm-up at this place */
    return (double)time_calls(a->f, at, a->iters) / (double)a->iters;
}

/*
 * Hot: calibrate calls per repetition to about target_ms, then time reps
 * repetitions, repetition k with the packed stream at place k, each taken
 * in a quiet stretch where the retry budget allows (bench_quiet_rep). A
 * call that alone outlasts target_ms is timed once per repetition, at most
 * three times; its calibration call is the first repetition when quiet.
 */
static void measure_hot(run_fn_t f, const job_t *j, const opts_t *o, result_t *r)
{
    double ns[64], gauge[64], target = o->target_ms * 1e6, g0;
    int reps = o->reps, done = 0, budget = o->retries < 0 ? o->reps : o->retries;
    int spare = budget;
    rep_arg_t arg = {f, j, 0, 1};
    uint64_t t;
    job_t jk;
    bufs_t bk;
    const job_t *at = job_placed(j, 0, &jk, &bk);

    time_calls(f, at, 1); /* warm-up */
    for (;; arg.iters *= 4) {
        g0 = bench_gauge_sample();
        t = time_calls(f, at, arg.iters);
        if ((double)t >= target / 16 || arg.iters >= (1L << 40))
            break;
    }
    if (arg.iters == 1 && (double)t >= target) {
        reps = reps < 3 ? reps : 3;
        if (bench_attempt_stands(g0, &spare, &gauge[done]))
            ns[done++] = (double)t; /* already a full repetition */
    } else {
        arg.iters = (long)((double)arg.iters * target / (double)(t ? t : 1)) + 1;
    }
    for (; done < reps; done++) {
        arg.place = done;
        ns[done] = bench_quiet_rep(time_rep, &arg, &spare, &gauge[done]);
    }
    summarize(ns, gauge, reps, j->g->packed, r);
    r->retries = budget - spare;
}

/* Cold: single calls, each after a flush, each taken in a quiet stretch where the budget allows. */
static void measure_cold(run_fn_t f, const job_t *j, const opts_t *o, result_t *r)
{
    double ns[64], gauge[64];
    int budget = o->retries < 0 ? o->cold_reps : o->retries, spare = budget;
    rep_arg_t arg = {f, j, 0, 0};

    for (int k = 0; k < o->cold_reps; k++)
        ns[k] = bench_quiet_rep(time_rep, &arg, &spare, &gauge[k]);
    summarize(ns, gauge, o->cold_reps, j->g->packed, r);
    r->retries = budget - spare;
}

/* ---- one cell: check, then time ---- */

/*
 * Checks the library against the reference loop: pack must produce the
 * loop's bytes; unpack of altered bytes must put each where the loop takes
 * it from and leave every other byte of [lo, hi) alone. Leaves the user
 * array filled and ref holding its packed bytes. 0 when all holds.
 */
static int cell_check(const job_t *j)
{
    const geom_t *g = j->g;
    const bufs_t *b = j->b;
    const char *what = NULL;
    size_t at = 0;

    user_fill(b->user, g->lo, g->hi);
    j->L->pack(g, b->user, b->ref);
    memset(b->packed, 0xee, g->packed);
    if (bt_pack(j->type, g->count, b->user, b->packed, g->packed) != 0) {
        what = "pack returned an error";
    } else if ((at = first_diff(b->packed, b->ref, g->packed)) < g->packed) {
        what = "packed bytes differ from the reference loop's at packed byte";
    } else {
        xor_bytes(b->ref, g->packed, 0xa5);
        if (bt_unpack(j->type, g->count, b->user, b->ref, g->packed) != 0) {
            what = "unpack returned an error";
        } else {
            j->L->pack(g, b->user, b->packed);
            if ((at = first_diff(b->packed, b->ref, g->packed)) < g->packed)
                what = "unpack left wrong data at packed byte";
        }
        xor_bytes(b->ref, g->packed, 0xa5);
        j->L->unpack(g, b->user, b->ref);
        if (!what && (at = user_check(b->user, g->lo, g->hi)) < g->hi)
            what = "unpack wrote outside the layout at user byte";
    }
    if (what) {
        fprintf(stderr, "pack_bench: MISMATCH %s %s %zu B: %s %zu\n", impl_name, j->L->name,
                g->packed, what, at);
        return -1;
    }
    memcpy(b->packed, b->ref, g->packed);
    return 0;
}

static void emit_row(FILE *out, const char *impl, const job_t *j, const char *op, int cold,
                     const result_t *r)
{
    fprintf(out, "%s,%s,%s,%s,%s,%zu,%zu,%.1f,%.4f,%.4f,%.4f,%d,%d,%.0f\n", impl, impl_name,
            j->L->name, op, cold ? "cold" : "hot", j->g->nominal, j->g->packed, r->ns, r->gbps_med,
            r->gbps_min, r->gbps_max, r->reps, r->retries, r->gauge_ns);
    fflush(out);
}

static void cell_measure(FILE *out, const job_t *j, const opts_t *o)
{
    static const run_fn_t lib[2] = {run_lib_pack, run_lib_unpack};
    static const run_fn_t loop[2] = {run_loop_pack, run_loop_unpack};
    static const run_fn_t lines_fn[2] = {run_lines_pack, run_lines_unpack};
    static const char *const ops[2] = {"pack", "unpack"};

    for (int cold = 0; cold < 2; cold++) {
        result_t mc = {0};

        if (cold ? !is_cold_size(o, j->g->nominal) : !o->hot)
            continue;
        for (int op = 0; op < 2; op++) {
            result_t r;
            if (o->impls & I_LIB) {
                (cold ? measure_cold : measure_hot)(lib[op], j, o, &r);
                emit_row(out, impl_name, j, ops[op], cold, &r);
            }
            if (o->impls & I_LOOP) {
                (cold ? measure_cold : measure_hot)(loop[op], j, o, &r);
                emit_row(out, "loop", j, ops[op], cold, &r);
            }
            if ((o->impls & I_LINES) && j->lines) {
                (cold ? measure_cold : measure_hot)(lines_fn[op], j, o, &r);
                emit_row(out, "lines", j, ops[op], cold, &r);
            }
            if (o->impls & I_MEMCPY) { /* one measurement serves both ops */
                if (op == 0)
                    (cold ? measure_cold : measure_hot)(run_memcpy, j, o, &mc);
                emit_row(out, "memcpy", j, ops[op], cold, &mc);
            }
        }
    }
}

/* ---- main ---- */

static int cell_geom(const opts_t *o, int l, int s, geom_t *g)
{
    *g = (geom_t){.nominal = o->sizes[s]};
    if (layouts[l].shape(o->sizes[s], g) != 0 || g->hi - g->lo > o->max_span)
        return -1;
    return 0;
}

static int bufs_map(const opts_t *o, bufs_t *b)
{
    int any_cold = 0;

    *b = (bufs_t){0};
    for (int l = 0; l < L_COUNT; l++)
        for (int s = 0; s < o->nsizes; s++) {
            geom_t g;
            if (!(o->layout_mask & (1u << l)) || cell_geom(o, l, s, &g) != 0)
                continue;
            b->user_bytes = g.hi > b->user_bytes ? g.hi : b->user_bytes;
            b->packed_bytes = g.packed > b->packed_bytes ? g.packed : b->packed_bytes;
            any_cold |= is_cold_size(o, o->sizes[s]);
        }
    if (b->user_bytes == 0)
        return 0;
    b->packed_room = b->packed_bytes + (size_t)(o->reps - 1) * PLACE_STEP;
    if (!(b->user = map_bytes(b->user_bytes, PLACE_USER_AT)) ||
        !(b->packed = map_bytes(b->packed_room, PLACE_PACKED_AT)) ||
        !(b->ref = map_bytes(b->packed_bytes, PLACE_REF_AT)))
        return -1;
    if (any_cold) {
        b->flush_bytes = o->flush_bytes;
        if (!(b->flush = map_bytes(b->flush_bytes, PLACE_FLUSH_AT)))
            return -1;
        memset(b->flush, 1, b->flush_bytes);
    }
    return 0;
}

static void bufs_unmap(bufs_t *b)
{
    if (b->user)
        munmap(b->user, b->user_bytes);
    if (b->packed)
        munmap(b->packed, b->packed_room);
    if (b->ref)
        munmap(b->ref, b->packed_bytes);
    if (b->flush)
        munmap(b->flush, b->flush_bytes);
}

/* Builds, checks and times one cell; returns 0, or -1 on a failed check or build. */
static int cell_run(FILE *out, const opts_t *o, const bufs_t *b, int l, const geom_t *g)
{
    job_t j = {.L = &layouts[l], .g = g, .b = b};
    line_set_t *lines = NULL;
    size_t size = 0;
    int rc = -1;

    if (layouts[l].build(g, &j.type) != 0) {
        fprintf(stderr, "pack_bench: %s: building %s failed\n", impl_name, layouts[l].name);
        return -1;
    }
    if (bt_commit(&j.type) != 0 || bt_packed_size(j.type, g->count, &size) != 0 ||
        size != g->packed) {
        fprintf(stderr, "pack_bench: MISMATCH %s %s: packed size %zu, expected %zu\n", impl_name,
                layouts[l].name, size, g->packed);
        goto out_free;
    }
    if (o->impls & I_LINES) /* before the buffers are filled: it dirties them */
        j.lines = lines = line_set_make(&layouts[l], g, b);
    if (o->describe) {
        char text[1024];
        bt_describe(j.type, text, sizeof(text));
        printf("%s %zu: %s\n", layouts[l].name, g->packed, text);
        if (lines)
            printf("%s %zu: lines: %zu of %zu user lines hold data, in %zu run%s\n",
                   layouts[l].name, g->packed, lines->nlines, lines->span_lines, lines->nruns,
                   lines->nruns == 1 ? "" : "s");
        else if (o->impls & I_LINES)
            printf("%s %zu: lines: none (runs under %d lines)\n", layouts[l].name, g->packed,
                   LINES_MIN_RUN);
        rc = 0;
        goto out_free;
    }
    if ((o->impls & I_LIB) && cell_check(&j) != 0)
        goto out_free;
    if (!(o->impls & I_LIB)) { /* baselines only: still fill the buffers */
        user_fill(b->user, g->lo, g->hi);
        layouts[l].pack(g, b->user, b->ref);
        memcpy(b->packed, b->ref, g->packed);
    }
    cell_measure(out, &j, o);
    rc = 0;
out_free:
    line_set_free(lines);
    bt_free(&j.type);
    return rc;
}

int main(int argc, char **argv)
{
    opts_t o;
    bufs_t b = {0};
    FILE *out = stdout;
    int rc = 1, checked = 0, failed = 0;

    if (backend_init(&argc, &argv) != 0) {
        fprintf(stderr, "pack_bench: library initialization failed\n");
        return 1;
    }
    if (parse_opts(argc, argv, &o) != 0) {
        usage(stderr);
        goto out_fini;
    }
    pattern_make(o.seed);
    if (o.list) {
        for (int l = 0; l < L_COUNT; l++)
            printf("%-16s %s\n", layouts[l].name, layouts[l].what);
        rc = 0;
        goto out_fini;
    }
    if (bufs_map(&o, &b) != 0)
        goto out_unmap;
    if (o.output && !(out = fopen(o.output, "w"))) {
        fprintf(stderr, "pack_bench: %s: %s\n", o.output, strerror(errno));
        goto out_unmap;
    }
    if (o.header && !o.describe)
        fprintf(out, "impl,process,layout,op,cache,size,packed_bytes,ns_median,gbps_median,"
                     "gbps_min,gbps_max,reps,retries,gauge_ns\n");
    if (!o.describe && o.retries != 0)
        bench_gauge_settle(100);
    for (int l = 0; l < L_COUNT; l++) {
        for (int s = 0; s < o.nsizes && (o.layout_mask & (1u << l)); s++) {
            geom_t g;
            if (cell_geom(&o, l, s, &g) != 0) {
                fprintf(stderr, "pack_bench: skipping %s at %zu B: buffer span %zu B > %zu\n",
                        layouts[l].name, o.sizes[s], g.hi - g.lo, o.max_span);
                continue;
            }
            if (cell_run(out, &o, &b, l, &g) != 0)
                failed++;
            else
                checked++;
        }
    }
    if (out != stdout)
        fclose(out);
    if (failed == 0 && (o.impls & I_LIB) && !o.describe)
        fprintf(stderr, "pack_bench: %s: all %d checks passed\n", impl_name, checked);
    rc = failed ? 2 : 0;
out_unmap:
    bufs_unmap(&b);
out_fini:
    backend_fini();
    return rc;
}
