/*
 * Datatype engine: MPI derived datatypes, their commit-time normalized
 * layout, and pack/unpack through vectorized strided-copy kernels.
 *
 * A type is built by a constructor from inner types (which stay referenced
 * until the type is freed), has MPI's size/extent/bounds, and answers the
 * envelope/contents queries with exactly what it was built from. Commit
 * turns its type map into a short tree of strided loops over contiguous
 * blocks (layout/layout.h); pack and unpack walk that tree and hand every
 * innermost loop to a kernel chosen for its block length and stride.
 *
 * Packing is defined over the packed stream of `count` elements: byte
 * ranges [offset, offset + len) of it can be packed or unpacked in any
 * order and any split, so a transport pipelines through small buffers
 * with no staging copy.
 *
 * Counts and displacements are 64-bit (MPI_Count / MPI_Aint). Every size
 * computation is overflow-checked. Not thread-safe for a type being
 * constructed, committed or freed concurrently with its use.
 */
#ifndef VMPL_DT_DT_H
#define VMPL_DT_DT_H

#include <vmpl.h>

#include <stddef.h>
#include <stdint.h>

typedef int64_t dt_count_t; /* counts, block lengths, strides in elements */
typedef int64_t dt_aint_t;  /* byte displacements and strides */

typedef struct dt_type dt_type_t;

/* Predefined (named) types: MPI's C types plus half precision. */
typedef enum {
    DT_CHAR,
    DT_SIGNED_CHAR,
    DT_UNSIGNED_CHAR,
    DT_BYTE,
    DT_WCHAR,
    DT_SHORT,
    DT_UNSIGNED_SHORT,
    DT_INT,
    DT_UNSIGNED,
    DT_LONG,
    DT_UNSIGNED_LONG,
    DT_LONG_LONG,
    DT_UNSIGNED_LONG_LONG,
    DT_FLOAT,
    DT_DOUBLE,
    DT_LONG_DOUBLE,
    DT_C_BOOL,
    DT_INT8,
    DT_INT16,
    DT_INT32,
    DT_INT64,
    DT_UINT8,
    DT_UINT16,
    DT_UINT32,
    DT_UINT64,
    DT_AINT,
    DT_OFFSET,
    DT_COUNT,
    DT_C_FLOAT_COMPLEX,
    DT_C_DOUBLE_COMPLEX,
    DT_C_LONG_DOUBLE_COMPLEX,
    DT_FLOAT16,
    DT_BFLOAT16,
    DT_PACKED,
    DT_FLOAT_INT, /* struct { float v; int i; } and the other MINLOC/MAXLOC pairs */
    DT_DOUBLE_INT,
    DT_LONG_INT,
    DT_2INT,
    DT_SHORT_INT,
    DT_LONG_DOUBLE_INT,
    DT_NAMED_COUNT
} dt_named_t;

/* How a type was built (MPI_COMBINER_*). */
typedef enum {
    DT_COMBINER_NAMED,
    DT_COMBINER_DUP,
    DT_COMBINER_CONTIGUOUS,
    DT_COMBINER_VECTOR,
    DT_COMBINER_HVECTOR,
    DT_COMBINER_INDEXED,
    DT_COMBINER_HINDEXED,
    DT_COMBINER_INDEXED_BLOCK,
    DT_COMBINER_HINDEXED_BLOCK,
    DT_COMBINER_STRUCT,
    DT_COMBINER_SUBARRAY,
    DT_COMBINER_DARRAY,
    DT_COMBINER_RESIZED,
    DT_COMBINER_COUNT
} dt_combiner_t;

enum { DT_ORDER_C = 0, DT_ORDER_FORTRAN = 1 };
enum { DT_DISTRIBUTE_BLOCK = 0, DT_DISTRIBUTE_CYCLIC = 1, DT_DISTRIBUTE_NONE = 2 };
#define DT_DISTRIBUTE_DFLT_DARG ((dt_count_t)-49767)

/* ---- predefined types ---- */

/* The named type; never freed (release is a no-op on it). NULL when out of range. */
dt_type_t *dt_named(dt_named_t which);
const char *dt_named_name(dt_named_t which); /* "MPI_INT" */

/* ---- constructors: *new_p is set only on success, uncommitted, refcount 1 ---- */

vmpl_status_t dt_type_contiguous(dt_count_t count, dt_type_t *old, dt_type_t **new_p);
vmpl_status_t dt_type_vector(dt_count_t count, dt_count_t blocklen, dt_count_t stride,
                             dt_type_t *old, dt_type_t **new_p);
vmpl_status_t dt_type_hvector(dt_count_t count, dt_count_t blocklen, dt_aint_t stride_bytes,
                              dt_type_t *old, dt_type_t **new_p);
vmpl_status_t dt_type_indexed(dt_count_t count, const dt_count_t blocklens[],
                              const dt_count_t displs[], dt_type_t *old, dt_type_t **new_p);
vmpl_status_t dt_type_hindexed(dt_count_t count, const dt_count_t blocklens[],
                               const dt_aint_t displs_bytes[], dt_type_t *old,
                               dt_type_t **new_p);
vmpl_status_t dt_type_indexed_block(dt_count_t count, dt_count_t blocklen,
                                    const dt_count_t displs[], dt_type_t *old,
                                    dt_type_t **new_p);
vmpl_status_t dt_type_hindexed_block(dt_count_t count, dt_count_t blocklen,
                                     const dt_aint_t displs_bytes[], dt_type_t *old,
                                     dt_type_t **new_p);
vmpl_status_t dt_type_struct(dt_count_t count, const dt_count_t blocklens[],
                             const dt_aint_t displs_bytes[], dt_type_t *const types[],
                             dt_type_t **new_p);
/* order: DT_ORDER_C or DT_ORDER_FORTRAN. */
vmpl_status_t dt_type_subarray(int ndims, const dt_count_t sizes[], const dt_count_t subsizes[],
                               const dt_count_t starts[], int order, dt_type_t *old,
                               dt_type_t **new_p);
/* The local block of a distributed array (MPI_Type_create_darray). */
vmpl_status_t dt_type_darray(int size, int rank, int ndims, const dt_count_t gsizes[],
                             const int distribs[], const dt_count_t dargs[], const int psizes[],
                             int order, dt_type_t *old, dt_type_t **new_p);
vmpl_status_t dt_type_resized(dt_type_t *old, dt_aint_t lb, dt_aint_t extent,
                              dt_type_t **new_p);
vmpl_status_t dt_type_dup(dt_type_t *old, dt_type_t **new_p);

/* ---- life cycle ---- */

/* Normalizes the layout and selects kernels; committing twice is harmless. */
vmpl_status_t dt_type_commit(dt_type_t *type);
/* Reference counting: a type lives while the user or an outer type holds it. */
void dt_type_retain(dt_type_t *type);
void dt_type_release(dt_type_t *type);
int dt_type_is_committed(const dt_type_t *type);
int dt_type_is_named(const dt_type_t *type);

/* ---- queries (valid on uncommitted types) ---- */

dt_count_t dt_type_size(const dt_type_t *type); /* bytes of data in one element */
void dt_type_extent(const dt_type_t *type, dt_aint_t *lb_p, dt_aint_t *extent_p);
void dt_type_true_extent(const dt_type_t *type, dt_aint_t *lb_p, dt_aint_t *extent_p);
/* Whether one element is one contiguous run of size bytes starting at lb == 0 with extent == size. */
int dt_type_is_contiguous(const dt_type_t *type);
/*
 * Whether the packed stream of count elements of a committed type is the
 * memory run [buf + *offset_p, + count * size) in order, so transports
 * can copy it directly.
 */
int dt_type_contiguous_run(const dt_type_t *type, dt_count_t count, dt_aint_t *offset_p);

typedef struct {
    dt_combiner_t combiner;
    int num_integers;  /* entries of ints[] (MPI's "integers", as 64-bit values) */
    int num_addresses; /* entries of addresses[] */
    int num_datatypes; /* entries of types[] */
} dt_envelope_t;

vmpl_status_t dt_type_envelope(const dt_type_t *type, dt_envelope_t *env_p);
/*
 * Copies what the type was built from, in MPI_Type_get_contents order.
 * Returned derived types are retained: the caller releases each. Fails
 * with VMPL_ERR_INVALID_TYPE on a named type and VMPL_ERR_INVALID_ARG
 * when an array is shorter than the envelope says.
 */
vmpl_status_t dt_type_contents(const dt_type_t *type, int max_integers, int max_addresses,
                               int max_datatypes, dt_count_t ints[], dt_aint_t addresses[],
                               dt_type_t *types[]);

/* ---- pack / unpack (committed types only) ---- */

/* Bytes of the packed stream of count elements. */
vmpl_status_t dt_pack_size(const dt_type_t *type, dt_count_t count, size_t *size_p);

/*
 * Packs bytes [offset, offset + len) of the packed stream of count
 * elements at inbuf into out (len bytes). The range must lie inside the
 * stream (VMPL_ERR_TRUNCATE otherwise).
 */
vmpl_status_t dt_pack(const dt_type_t *type, dt_count_t count, const void *inbuf, size_t offset,
                      void *out, size_t len);
/* Unpacks len bytes from in into bytes [offset, offset + len) of the stream of count elements at outbuf. */
vmpl_status_t dt_unpack(const dt_type_t *type, dt_count_t count, void *outbuf, size_t offset,
                        const void *in, size_t len);

/*
 * Writes the normalized layout of a committed type as text into buf
 * (always NUL-terminated; truncated when longer than buflen). Returns the
 * length it needed, like snprintf. For debugging and tests.
 */
size_t dt_type_describe(const dt_type_t *type, char *buf, size_t buflen);

#endif
