/*
 * vmpl native API.
 *
 * The lean, MPI-independent entry points of the library. MPI and OpenSHMEM
 * programs use <mpi.h> and <shmem.h>; this header serves library authors
 * and tools that want the engines directly.
 */
#ifndef VMPL_H
#define VMPL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Status codes: OK is zero, IN_PROGRESS positive, errors negative. */
typedef enum {
    VMPL_OK = 0,
    VMPL_INPROGRESS = 1,
    VMPL_ERR_INVALID_ARG = -1,
    VMPL_ERR_INVALID_OP = -2,
    VMPL_ERR_INVALID_TYPE = -3,
    VMPL_ERR_OP_TYPE_MISMATCH = -4,
    VMPL_ERR_NO_MEMORY = -5,
    VMPL_ERR_UNSUPPORTED = -6,
    VMPL_ERR_INVALID_SETTING = -7,
    VMPL_ERR_SYSTEM = -8,
    VMPL_ERR_TYPE_NOT_COMMITTED = -9, /* datatype used for data before commit */
    VMPL_ERR_OVERFLOW = -10,          /* a size or extent does not fit in 64 bits */
    VMPL_ERR_TRUNCATE = -11,          /* data range beyond the end of a buffer */
    VMPL_ERR_NOT_FOUND = -12,         /* no such key or object */
    VMPL_ERR_RUNTIME = -13,           /* the launcher/daemon connection failed or refused */
    VMPL_ERR_PROC_FAILED = -14,       /* a process the operation needs has failed */
} vmpl_status_t;

/* Predefined reduction operations (MPI names without the MPI_ prefix). */
typedef enum {
    VMPL_OP_MAX,
    VMPL_OP_MIN,
    VMPL_OP_SUM,
    VMPL_OP_PROD,
    VMPL_OP_LAND,
    VMPL_OP_LOR,
    VMPL_OP_LXOR,
    VMPL_OP_BAND,
    VMPL_OP_BOR,
    VMPL_OP_BXOR,
    VMPL_OP_MAXLOC,
    VMPL_OP_MINLOC,
    VMPL_OP_REPLACE, /* result = left operand (origin data in RMA) */
    VMPL_OP_NO_OP,   /* result = right operand (target unchanged) */
    VMPL_OP_COUNT
} vmpl_op_t;

/*
 * Element types by machine representation. The MPI layer maps every MPI
 * datatype (MPI_INT, MPI_INT32_T, MPI_AINT, ...) onto one of these.
 * The *_INT pair types have the layout of the C structs MPI defines for
 * MPI_FLOAT_INT etc. (value first, then an int index, natural padding).
 */
typedef enum {
    VMPL_TYPE_INT8,
    VMPL_TYPE_UINT8,
    VMPL_TYPE_INT16,
    VMPL_TYPE_UINT16,
    VMPL_TYPE_INT32,
    VMPL_TYPE_UINT32,
    VMPL_TYPE_INT64,
    VMPL_TYPE_UINT64,
    VMPL_TYPE_BOOL,     /* C _Bool, values 0 and 1 */
    VMPL_TYPE_FLOAT16,  /* IEEE 754 binary16 */
    VMPL_TYPE_BFLOAT16, /* bfloat16 */
    VMPL_TYPE_FLOAT,
    VMPL_TYPE_DOUBLE,
    VMPL_TYPE_LONG_DOUBLE,
    VMPL_TYPE_FLOAT_COMPLEX,
    VMPL_TYPE_DOUBLE_COMPLEX,
    VMPL_TYPE_LONG_DOUBLE_COMPLEX,
    VMPL_TYPE_FLOAT_INT,
    VMPL_TYPE_DOUBLE_INT,
    VMPL_TYPE_LONG_INT,
    VMPL_TYPE_2INT,
    VMPL_TYPE_SHORT_INT,
    VMPL_TYPE_LONG_DOUBLE_INT,
    VMPL_TYPE_COUNT
} vmpl_type_t;

/* Instruction-set targets of the reduction engine, best last. */
typedef enum {
    VMPL_ISA_SCALAR,
    VMPL_ISA_SSE42,
    VMPL_ISA_AVX2,
    VMPL_ISA_AVX512,
    VMPL_ISA_NEON,
    VMPL_ISA_SVE,
    VMPL_ISA_COUNT
} vmpl_isa_t;

/* Short message for a status code; never NULL. */
const char *vmpl_status_string(vmpl_status_t status);

/* Size in bytes of one element of a type, or 0 for an invalid type. */
size_t vmpl_type_size(vmpl_type_t type);

/* Canonical lowercase names ("sum", "float_int"); NULL when out of range. */
const char *vmpl_op_name(vmpl_op_t op);
const char *vmpl_type_name(vmpl_type_t type);
const char *vmpl_isa_name(vmpl_isa_t isa);

/*
 * Whether the MPI standard (plus float16/bfloat16 for SUM PROD MAX MIN)
 * defines op on type: VMPL_OK or VMPL_ERR_OP_TYPE_MISMATCH, or
 * VMPL_ERR_INVALID_OP / VMPL_ERR_INVALID_TYPE for out-of-range values.
 */
vmpl_status_t vmpl_op_check(vmpl_op_t op, vmpl_type_t type);

/* The reduction target chosen at first use (CPU support capped by VMPL_OP_ISA). */
vmpl_isa_t vmpl_op_isa(void);

/*
 * inout[i] = in[i] op inout[i] for i < count, as MPI_Reduce_local.
 * in and inout must not overlap unless they are the same buffer.
 */
vmpl_status_t vmpl_reduce_local(const void *in, void *inout, size_t count,
                                vmpl_type_t type, vmpl_op_t op);

/* out[i] = a[i] op b[i]; out may equal a or b, no other overlap. */
vmpl_status_t vmpl_reduce_local3(const void *a, const void *b, void *out,
                                 size_t count, vmpl_type_t type, vmpl_op_t op);

/*
 * out[i] = src[0][i] op src[1][i] op ... op src[nsrc-1][i], evaluated left
 * to right. out may equal src[0]; nsrc >= 1.
 */
vmpl_status_t vmpl_reduce_localn(const void *const *src, int nsrc, void *out,
                                 size_t count, vmpl_type_t type, vmpl_op_t op);

/*
 * Jobs and failures. A process started by vmplrun is a rank of a job; one
 * started alone is rank 0 of 1. The runtime's daemons detect failed ranks
 * (exited before finalizing, killed) and failed nodes (daemon dead or hung:
 * no heartbeat within the timeout) and tell every rank. With `vmplrun --ft`
 * the survivors keep running and learn of each failure through these calls;
 * without it the job ends at the first failure.
 */
vmpl_status_t vmpl_job_init(int *rank_p, int *size_p);
/* Collective bootstrap fence over all ranks; VMPL_ERR_PROC_FAILED once any rank failed. */
vmpl_status_t vmpl_job_fence(void);
vmpl_status_t vmpl_job_finalize(void);

typedef enum {
    VMPL_FAILURE_EXITED = 1,   /* the rank exited without finalizing */
    VMPL_FAILURE_SIGNALED = 2, /* the rank was killed by a signal */
    VMPL_FAILURE_NODE = 3,     /* the rank's node daemon died or stopped answering */
} vmpl_failure_cause_t;

typedef void (*vmpl_failure_fn)(int rank, vmpl_failure_cause_t cause, void *arg);

/*
 * Registers fn (up to 8 callbacks) to run once for every rank that fails
 * after this call, from vmpl_failures_poll/wait and from MPI progress.
 */
vmpl_status_t vmpl_failure_callback(vmpl_failure_fn fn, void *arg);
/* Takes in new failures (one memory load when there are none), runs the
   callbacks; returns how many ranks are known failed. */
int vmpl_failures_poll(void);
/* Sleeps until the failed set grows or timeout_ms passes (< 0: forever),
   then polls; returns how many ranks are known failed. */
int vmpl_failures_wait(int timeout_ms);
/* Copies up to max failed ranks, ascending; returns how many are failed. */
int vmpl_failed_ranks(int *ranks, int max);
/* The cause of a failed rank, or 0 when the rank has not failed. */
vmpl_failure_cause_t vmpl_rank_failure(int rank);

/*
 * What this build and this machine give (the vmpl-info tool prints these).
 * The *_describe calls write text as snprintf does: at most size bytes,
 * NUL-terminated when size > 0 (buf may be NULL when size is 0), and
 * return the length of the whole text.
 */
/* The library version, "MAJOR.MINOR.PATCH". */
const char *vmpl_version(void);
/* The reduction targets compiled in, best first: copies up to max of them
   to isas and returns how many there are. */
int vmpl_op_isas(vmpl_isa_t *isas, int max);
/* 1 when this CPU and OS can run reduction target isa, else 0. */
int vmpl_op_isa_usable(vmpl_isa_t isa);
/* The best ISA of the pack/unpack kernels this CPU runs, capped by VMPL_DT_ISA. */
vmpl_isa_t vmpl_pack_isa(void);
/* The pack/unpack kernels chosen for representative block lengths and strides. */
size_t vmpl_pack_describe(char *buf, size_t size);
/* The collective algorithm tables, first matching row first, with their settings. */
size_t vmpl_coll_describe(char *buf, size_t size);

/* One entry of the settings table (the VMPL_* environment variables). */
typedef struct {
    const char *name;          /* "VMPL_OP_ISA" */
    const char *type;          /* "long" or "string" */
    const char *default_value; /* as text */
    const char *value;         /* as set in the environment when the settings
                                  were read (first use), or NULL when unset */
    const char *description;
} vmpl_setting_t;

/* The number of settings; index 0 to count-1 for vmpl_setting_get. */
int vmpl_settings_count(void);
/* Setting number index: VMPL_OK, or VMPL_ERR_INVALID_ARG out of range. */
vmpl_status_t vmpl_setting_get(int index, vmpl_setting_t *setting_p);

#ifdef __cplusplus
}
#endif

#endif /* VMPL_H */
