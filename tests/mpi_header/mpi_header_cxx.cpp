/*
 * Compile test of include/mpi.h as C++ (C++11 and C++17, -Wall -Wextra
 * -Werror); run by tests/mpi_header/check-mpi-header.sh.
 *
 * Built normally (-c) it checks, without linking:
 *   - every MPI_/MPIX_ function through a pointer of its exact standard
 *     type, and (static_assert) that every PMPI_ form has the same type;
 *   - every predefined handle and special address in a static initializer;
 *   - every integer constant in a constant expression, each group of them
 *     pairwise distinct (duplicate case labels), bit flags single bits;
 *   - a program's worth of ordinary calls (arguments of the usual types),
 *     from C++ code with C++ idioms.
 * Built with -DMPI_HEADER_TEST_MAIN it is a program that needs no MPI
 * library and checks the handle encoding documented in mpi.h.
 *
 * When a function or constant is added to mpi.h, add it here too.
 */
#include <mpi.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <type_traits>
#include <vector>

static void vt_report(const char *what)
{
    std::fprintf(stderr, "mpi.h value check failed (C++): %s\n", what);
}

/* ---- Compile-time checks of types and values ---------------------------------- */

#define VT_CHECK(name, cond) typedef char vt_check_##name[(cond) ? 1 : -1]

VT_CHECK(version, MPI_VERSION == 4 && MPI_SUBVERSION == 1);
VT_CHECK(aint_size, sizeof(MPI_Aint) == sizeof(void *));
VT_CHECK(count_size, sizeof(MPI_Count) == 8 && sizeof(MPI_Offset) == 8);
VT_CHECK(count_signed, (MPI_Count)-1 < 0 && (MPI_Offset)-1 < 0 && (MPI_Aint)-1 < 0);
VT_CHECK(fint_size, sizeof(MPI_Fint) == sizeof(int));
VT_CHECK(status_size, sizeof(MPI_Status) == MPI_F_STATUS_SIZE * sizeof(MPI_Fint));
VT_CHECK(f08_status_size, sizeof(MPI_F08_status) == MPI_F_STATUS_SIZE * sizeof(MPI_Fint));
VT_CHECK(status_fields, offsetof(MPI_Status, MPI_SOURCE) == MPI_F_SOURCE * sizeof(int) &&
                        offsetof(MPI_Status, MPI_TAG) == MPI_F_TAG * sizeof(int) &&
                        offsetof(MPI_Status, MPI_ERROR) == MPI_F_ERROR * sizeof(int));
VT_CHECK(thread_order, MPI_THREAD_SINGLE < MPI_THREAD_FUNNELED &&
                       MPI_THREAD_FUNNELED < MPI_THREAD_SERIALIZED &&
                       MPI_THREAD_SERIALIZED < MPI_THREAD_MULTIPLE);
VT_CHECK(special_ranks, MPI_ANY_SOURCE < 0 && MPI_ANY_TAG < 0 && MPI_PROC_NULL < 0 &&
                        MPI_ROOT < 0 && MPI_UNDEFINED < 0);
VT_CHECK(success, MPI_SUCCESS == 0);
VT_CHECK(ulfm_alias, MPIX_ERR_PROC_FAILED == MPI_ERR_PROC_FAILED &&
                     MPIX_ERR_PROC_FAILED_PENDING == MPI_ERR_PROC_FAILED_PENDING &&
                     MPIX_ERR_REVOKED == MPI_ERR_REVOKED);
VT_CHECK(displacement_current, MPI_DISPLACEMENT_CURRENT < 0);
VT_CHECK(distribute_dflt_darg, MPI_DISTRIBUTE_DFLT_DARG < 0);
VT_CHECK(counts, VMPL_MPI_DATATYPE_PREDEFINED_COUNT == 65 && VMPL_MPI_OP_PREDEFINED_COUNT == 14 &&
                 VMPL_MPI_COMM_PREDEFINED_COUNT == 2 && VMPL_MPI_GROUP_PREDEFINED_COUNT == 1 &&
                 VMPL_MPI_ERRHANDLER_PREDEFINED_COUNT == 3 && VMPL_MPI_INFO_PREDEFINED_COUNT == 1 &&
                 VMPL_MPI_MESSAGE_PREDEFINED_COUNT == 1 && VMPL_MPI_KEYVAL_PREDEFINED_COUNT == 12 &&
                 VMPL_MPI_HANDLE_PREDEFINED_MAX == 4096 && VMPL_MPI == 1);
VT_CHECK(string_lengths, MPI_BSEND_OVERHEAD > 0
                         && MPI_MAX_PROCESSOR_NAME >= 64
                         && MPI_MAX_ERROR_STRING >= 64
                         && MPI_MAX_OBJECT_NAME >= 64
                         && MPI_MAX_INFO_KEY >= 64 && MPI_MAX_INFO_KEY <= 255
                         && MPI_MAX_INFO_VAL >= 64
                         && MPI_MAX_LIBRARY_VERSION_STRING >= 64
                         && MPI_MAX_PORT_NAME >= 64
                         && MPI_MAX_DATAREP_STRING >= 64
                         && MPI_MAX_PSET_NAME_LEN >= 64
                         && MPI_MAX_STRINGTAG_LEN >= 64
                         );
#define VT_ERROR_CLASS(c) \
    typedef char vt_class_##c[((c) > MPI_SUCCESS && (c) <= MPI_ERR_LASTCODE) ? 1 : -1]
#define VT_SINGLE_BIT(m) typedef char vt_bit_##m[((m) > 0 && ((m) & ((m)-1)) == 0) ? 1 : -1]

VT_ERROR_CLASS(MPI_ERR_BUFFER);
VT_ERROR_CLASS(MPI_ERR_COUNT);
VT_ERROR_CLASS(MPI_ERR_TYPE);
VT_ERROR_CLASS(MPI_ERR_TAG);
VT_ERROR_CLASS(MPI_ERR_COMM);
VT_ERROR_CLASS(MPI_ERR_RANK);
VT_ERROR_CLASS(MPI_ERR_REQUEST);
VT_ERROR_CLASS(MPI_ERR_ROOT);
VT_ERROR_CLASS(MPI_ERR_GROUP);
VT_ERROR_CLASS(MPI_ERR_OP);
VT_ERROR_CLASS(MPI_ERR_TOPOLOGY);
VT_ERROR_CLASS(MPI_ERR_DIMS);
VT_ERROR_CLASS(MPI_ERR_ARG);
VT_ERROR_CLASS(MPI_ERR_UNKNOWN);
VT_ERROR_CLASS(MPI_ERR_TRUNCATE);
VT_ERROR_CLASS(MPI_ERR_OTHER);
VT_ERROR_CLASS(MPI_ERR_INTERN);
VT_ERROR_CLASS(MPI_ERR_PENDING);
VT_ERROR_CLASS(MPI_ERR_IN_STATUS);
VT_ERROR_CLASS(MPI_ERR_ACCESS);
VT_ERROR_CLASS(MPI_ERR_AMODE);
VT_ERROR_CLASS(MPI_ERR_ASSERT);
VT_ERROR_CLASS(MPI_ERR_BAD_FILE);
VT_ERROR_CLASS(MPI_ERR_BASE);
VT_ERROR_CLASS(MPI_ERR_CONVERSION);
VT_ERROR_CLASS(MPI_ERR_DISP);
VT_ERROR_CLASS(MPI_ERR_DUP_DATAREP);
VT_ERROR_CLASS(MPI_ERR_FILE_EXISTS);
VT_ERROR_CLASS(MPI_ERR_FILE_IN_USE);
VT_ERROR_CLASS(MPI_ERR_FILE);
VT_ERROR_CLASS(MPI_ERR_INFO_KEY);
VT_ERROR_CLASS(MPI_ERR_INFO_NOKEY);
VT_ERROR_CLASS(MPI_ERR_INFO_VALUE);
VT_ERROR_CLASS(MPI_ERR_INFO);
VT_ERROR_CLASS(MPI_ERR_IO);
VT_ERROR_CLASS(MPI_ERR_KEYVAL);
VT_ERROR_CLASS(MPI_ERR_LOCKTYPE);
VT_ERROR_CLASS(MPI_ERR_NAME);
VT_ERROR_CLASS(MPI_ERR_NO_MEM);
VT_ERROR_CLASS(MPI_ERR_NOT_SAME);
VT_ERROR_CLASS(MPI_ERR_NO_SPACE);
VT_ERROR_CLASS(MPI_ERR_NO_SUCH_FILE);
VT_ERROR_CLASS(MPI_ERR_PORT);
VT_ERROR_CLASS(MPI_ERR_QUOTA);
VT_ERROR_CLASS(MPI_ERR_READ_ONLY);
VT_ERROR_CLASS(MPI_ERR_RMA_CONFLICT);
VT_ERROR_CLASS(MPI_ERR_RMA_SYNC);
VT_ERROR_CLASS(MPI_ERR_SERVICE);
VT_ERROR_CLASS(MPI_ERR_SIZE);
VT_ERROR_CLASS(MPI_ERR_SPAWN);
VT_ERROR_CLASS(MPI_ERR_UNSUPPORTED_DATAREP);
VT_ERROR_CLASS(MPI_ERR_UNSUPPORTED_OPERATION);
VT_ERROR_CLASS(MPI_ERR_WIN);
VT_ERROR_CLASS(MPI_ERR_RMA_RANGE);
VT_ERROR_CLASS(MPI_ERR_RMA_ATTACH);
VT_ERROR_CLASS(MPI_ERR_RMA_SHARED);
VT_ERROR_CLASS(MPI_ERR_RMA_FLAVOR);
VT_ERROR_CLASS(MPI_ERR_PROC_ABORTED);
VT_ERROR_CLASS(MPI_ERR_VALUE_TOO_LARGE);
VT_ERROR_CLASS(MPI_ERR_SESSION);
VT_ERROR_CLASS(MPI_ERR_ERRHANDLER);
VT_ERROR_CLASS(MPI_ERR_PROC_FAILED);
VT_ERROR_CLASS(MPI_ERR_PROC_FAILED_PENDING);
VT_ERROR_CLASS(MPI_ERR_REVOKED);
VT_ERROR_CLASS(MPI_T_ERR_MEMORY);
VT_ERROR_CLASS(MPI_T_ERR_NOT_INITIALIZED);
VT_ERROR_CLASS(MPI_T_ERR_CANNOT_INIT);
VT_ERROR_CLASS(MPI_T_ERR_INVALID_INDEX);
VT_ERROR_CLASS(MPI_T_ERR_INVALID_ITEM);
VT_ERROR_CLASS(MPI_T_ERR_INVALID_HANDLE);
VT_ERROR_CLASS(MPI_T_ERR_OUT_OF_HANDLES);
VT_ERROR_CLASS(MPI_T_ERR_OUT_OF_SESSIONS);
VT_ERROR_CLASS(MPI_T_ERR_INVALID_SESSION);
VT_ERROR_CLASS(MPI_T_ERR_CVAR_SET_NOT_NOW);
VT_ERROR_CLASS(MPI_T_ERR_CVAR_SET_NEVER);
VT_ERROR_CLASS(MPI_T_ERR_PVAR_NO_STARTSTOP);
VT_ERROR_CLASS(MPI_T_ERR_PVAR_NO_WRITE);
VT_ERROR_CLASS(MPI_T_ERR_PVAR_NO_ATOMIC);
VT_ERROR_CLASS(MPI_T_ERR_INVALID_NAME);
VT_ERROR_CLASS(MPI_T_ERR_INVALID);
VT_ERROR_CLASS(MPI_T_ERR_NOT_ACCESSIBLE);
VT_ERROR_CLASS(MPI_T_ERR_NOT_SUPPORTED);
VT_SINGLE_BIT(MPI_MODE_NOCHECK);
VT_SINGLE_BIT(MPI_MODE_NOSTORE);
VT_SINGLE_BIT(MPI_MODE_NOPUT);
VT_SINGLE_BIT(MPI_MODE_NOPRECEDE);
VT_SINGLE_BIT(MPI_MODE_NOSUCCEED);
VT_CHECK(rma_assert_disjoint, (0
    | MPI_MODE_NOCHECK
    | MPI_MODE_NOSTORE
    | MPI_MODE_NOPUT
    | MPI_MODE_NOPRECEDE
    | MPI_MODE_NOSUCCEED
    ) == (0
    + MPI_MODE_NOCHECK
    + MPI_MODE_NOSTORE
    + MPI_MODE_NOPUT
    + MPI_MODE_NOPRECEDE
    + MPI_MODE_NOSUCCEED
    ));
VT_SINGLE_BIT(MPI_MODE_CREATE);
VT_SINGLE_BIT(MPI_MODE_RDONLY);
VT_SINGLE_BIT(MPI_MODE_WRONLY);
VT_SINGLE_BIT(MPI_MODE_RDWR);
VT_SINGLE_BIT(MPI_MODE_DELETE_ON_CLOSE);
VT_SINGLE_BIT(MPI_MODE_UNIQUE_OPEN);
VT_SINGLE_BIT(MPI_MODE_EXCL);
VT_SINGLE_BIT(MPI_MODE_APPEND);
VT_SINGLE_BIT(MPI_MODE_SEQUENTIAL);
VT_CHECK(file_amode_disjoint, (0
    | MPI_MODE_CREATE
    | MPI_MODE_RDONLY
    | MPI_MODE_WRONLY
    | MPI_MODE_RDWR
    | MPI_MODE_DELETE_ON_CLOSE
    | MPI_MODE_UNIQUE_OPEN
    | MPI_MODE_EXCL
    | MPI_MODE_APPEND
    | MPI_MODE_SEQUENTIAL
    ) == (0
    + MPI_MODE_CREATE
    + MPI_MODE_RDONLY
    + MPI_MODE_WRONLY
    + MPI_MODE_RDWR
    + MPI_MODE_DELETE_ON_CLOSE
    + MPI_MODE_UNIQUE_OPEN
    + MPI_MODE_EXCL
    + MPI_MODE_APPEND
    + MPI_MODE_SEQUENTIAL
    ));

/* Each group of integer constants is pairwise distinct (a duplicate case label fails). */

static int vt_is_error_class(int v)
{
    switch (v) {
    case MPI_SUCCESS:
    case MPI_ERR_BUFFER:
    case MPI_ERR_COUNT:
    case MPI_ERR_TYPE:
    case MPI_ERR_TAG:
    case MPI_ERR_COMM:
    case MPI_ERR_RANK:
    case MPI_ERR_REQUEST:
    case MPI_ERR_ROOT:
    case MPI_ERR_GROUP:
    case MPI_ERR_OP:
    case MPI_ERR_TOPOLOGY:
    case MPI_ERR_DIMS:
    case MPI_ERR_ARG:
    case MPI_ERR_UNKNOWN:
    case MPI_ERR_TRUNCATE:
    case MPI_ERR_OTHER:
    case MPI_ERR_INTERN:
    case MPI_ERR_PENDING:
    case MPI_ERR_IN_STATUS:
    case MPI_ERR_ACCESS:
    case MPI_ERR_AMODE:
    case MPI_ERR_ASSERT:
    case MPI_ERR_BAD_FILE:
    case MPI_ERR_BASE:
    case MPI_ERR_CONVERSION:
    case MPI_ERR_DISP:
    case MPI_ERR_DUP_DATAREP:
    case MPI_ERR_FILE_EXISTS:
    case MPI_ERR_FILE_IN_USE:
    case MPI_ERR_FILE:
    case MPI_ERR_INFO_KEY:
    case MPI_ERR_INFO_NOKEY:
    case MPI_ERR_INFO_VALUE:
    case MPI_ERR_INFO:
    case MPI_ERR_IO:
    case MPI_ERR_KEYVAL:
    case MPI_ERR_LOCKTYPE:
    case MPI_ERR_NAME:
    case MPI_ERR_NO_MEM:
    case MPI_ERR_NOT_SAME:
    case MPI_ERR_NO_SPACE:
    case MPI_ERR_NO_SUCH_FILE:
    case MPI_ERR_PORT:
    case MPI_ERR_QUOTA:
    case MPI_ERR_READ_ONLY:
    case MPI_ERR_RMA_CONFLICT:
    case MPI_ERR_RMA_SYNC:
    case MPI_ERR_SERVICE:
    case MPI_ERR_SIZE:
    case MPI_ERR_SPAWN:
    case MPI_ERR_UNSUPPORTED_DATAREP:
    case MPI_ERR_UNSUPPORTED_OPERATION:
    case MPI_ERR_WIN:
    case MPI_ERR_RMA_RANGE:
    case MPI_ERR_RMA_ATTACH:
    case MPI_ERR_RMA_SHARED:
    case MPI_ERR_RMA_FLAVOR:
    case MPI_ERR_PROC_ABORTED:
    case MPI_ERR_VALUE_TOO_LARGE:
    case MPI_ERR_SESSION:
    case MPI_ERR_ERRHANDLER:
    case MPI_ERR_PROC_FAILED:
    case MPI_ERR_PROC_FAILED_PENDING:
    case MPI_ERR_REVOKED:
    case MPI_T_ERR_MEMORY:
    case MPI_T_ERR_NOT_INITIALIZED:
    case MPI_T_ERR_CANNOT_INIT:
    case MPI_T_ERR_INVALID_INDEX:
    case MPI_T_ERR_INVALID_ITEM:
    case MPI_T_ERR_INVALID_HANDLE:
    case MPI_T_ERR_OUT_OF_HANDLES:
    case MPI_T_ERR_OUT_OF_SESSIONS:
    case MPI_T_ERR_INVALID_SESSION:
    case MPI_T_ERR_CVAR_SET_NOT_NOW:
    case MPI_T_ERR_CVAR_SET_NEVER:
    case MPI_T_ERR_PVAR_NO_STARTSTOP:
    case MPI_T_ERR_PVAR_NO_WRITE:
    case MPI_T_ERR_PVAR_NO_ATOMIC:
    case MPI_T_ERR_INVALID_NAME:
    case MPI_T_ERR_INVALID:
    case MPI_T_ERR_NOT_ACCESSIBLE:
    case MPI_T_ERR_NOT_SUPPORTED:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_special_rank(int v)
{
    switch (v) {
    case MPI_ANY_SOURCE:
    case MPI_PROC_NULL:
    case MPI_ROOT:
    case MPI_UNDEFINED:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_keyval(int v)
{
    switch (v) {
    case MPI_KEYVAL_INVALID:
    case MPI_TAG_UB:
    case MPI_HOST:
    case MPI_IO:
    case MPI_WTIME_IS_GLOBAL:
    case MPI_UNIVERSE_SIZE:
    case MPI_LASTUSEDCODE:
    case MPI_APPNUM:
    case MPI_WIN_BASE:
    case MPI_WIN_SIZE:
    case MPI_WIN_DISP_UNIT:
    case MPI_WIN_CREATE_FLAVOR:
    case MPI_WIN_MODEL:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_thread_level(int v)
{
    switch (v) {
    case MPI_THREAD_SINGLE:
    case MPI_THREAD_FUNNELED:
    case MPI_THREAD_SERIALIZED:
    case MPI_THREAD_MULTIPLE:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_compare_result(int v)
{
    switch (v) {
    case MPI_IDENT:
    case MPI_CONGRUENT:
    case MPI_SIMILAR:
    case MPI_UNEQUAL:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_topology(int v)
{
    switch (v) {
    case MPI_GRAPH:
    case MPI_CART:
    case MPI_DIST_GRAPH:
    case MPI_UNDEFINED:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_split_type(int v)
{
    switch (v) {
    case MPI_COMM_TYPE_SHARED:
    case MPI_COMM_TYPE_HW_UNGUIDED:
    case MPI_COMM_TYPE_HW_GUIDED:
    case MPI_COMM_TYPE_RESOURCE_GUIDED:
    case MPI_UNDEFINED:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_combiner(int v)
{
    switch (v) {
    case MPI_COMBINER_NAMED:
    case MPI_COMBINER_DUP:
    case MPI_COMBINER_CONTIGUOUS:
    case MPI_COMBINER_VECTOR:
    case MPI_COMBINER_HVECTOR:
    case MPI_COMBINER_INDEXED:
    case MPI_COMBINER_HINDEXED:
    case MPI_COMBINER_INDEXED_BLOCK:
    case MPI_COMBINER_HINDEXED_BLOCK:
    case MPI_COMBINER_STRUCT:
    case MPI_COMBINER_SUBARRAY:
    case MPI_COMBINER_DARRAY:
    case MPI_COMBINER_F90_REAL:
    case MPI_COMBINER_F90_COMPLEX:
    case MPI_COMBINER_F90_INTEGER:
    case MPI_COMBINER_RESIZED:
    case MPI_COMBINER_VALUE_INDEX:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_distribute(int v)
{
    switch (v) {
    case MPI_DISTRIBUTE_BLOCK:
    case MPI_DISTRIBUTE_CYCLIC:
    case MPI_DISTRIBUTE_NONE:
    case MPI_DISTRIBUTE_DFLT_DARG:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_order(int v)
{
    switch (v) {
    case MPI_ORDER_C:
    case MPI_ORDER_FORTRAN:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_typeclass(int v)
{
    switch (v) {
    case MPI_TYPECLASS_REAL:
    case MPI_TYPECLASS_INTEGER:
    case MPI_TYPECLASS_COMPLEX:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_lock_type(int v)
{
    switch (v) {
    case MPI_LOCK_EXCLUSIVE:
    case MPI_LOCK_SHARED:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_rma_assert(int v)
{
    switch (v) {
    case MPI_MODE_NOCHECK:
    case MPI_MODE_NOSTORE:
    case MPI_MODE_NOPUT:
    case MPI_MODE_NOPRECEDE:
    case MPI_MODE_NOSUCCEED:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_win_flavor(int v)
{
    switch (v) {
    case MPI_WIN_FLAVOR_CREATE:
    case MPI_WIN_FLAVOR_ALLOCATE:
    case MPI_WIN_FLAVOR_DYNAMIC:
    case MPI_WIN_FLAVOR_SHARED:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_win_model(int v)
{
    switch (v) {
    case MPI_WIN_SEPARATE:
    case MPI_WIN_UNIFIED:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_file_amode(int v)
{
    switch (v) {
    case MPI_MODE_CREATE:
    case MPI_MODE_RDONLY:
    case MPI_MODE_WRONLY:
    case MPI_MODE_RDWR:
    case MPI_MODE_DELETE_ON_CLOSE:
    case MPI_MODE_UNIQUE_OPEN:
    case MPI_MODE_EXCL:
    case MPI_MODE_APPEND:
    case MPI_MODE_SEQUENTIAL:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_seek_whence(int v)
{
    switch (v) {
    case MPI_SEEK_SET:
    case MPI_SEEK_CUR:
    case MPI_SEEK_END:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_f_status_index(int v)
{
    switch (v) {
    case MPI_F_SOURCE:
    case MPI_F_TAG:
    case MPI_F_ERROR:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_t_verbosity(int v)
{
    switch (v) {
    case MPI_T_VERBOSITY_USER_BASIC:
    case MPI_T_VERBOSITY_USER_DETAIL:
    case MPI_T_VERBOSITY_USER_ALL:
    case MPI_T_VERBOSITY_TUNER_BASIC:
    case MPI_T_VERBOSITY_TUNER_DETAIL:
    case MPI_T_VERBOSITY_TUNER_ALL:
    case MPI_T_VERBOSITY_MPIDEV_BASIC:
    case MPI_T_VERBOSITY_MPIDEV_DETAIL:
    case MPI_T_VERBOSITY_MPIDEV_ALL:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_t_bind(int v)
{
    switch (v) {
    case MPI_T_BIND_NO_OBJECT:
    case MPI_T_BIND_MPI_COMM:
    case MPI_T_BIND_MPI_DATATYPE:
    case MPI_T_BIND_MPI_ERRHANDLER:
    case MPI_T_BIND_MPI_FILE:
    case MPI_T_BIND_MPI_GROUP:
    case MPI_T_BIND_MPI_OP:
    case MPI_T_BIND_MPI_REQUEST:
    case MPI_T_BIND_MPI_WIN:
    case MPI_T_BIND_MPI_MESSAGE:
    case MPI_T_BIND_MPI_INFO:
    case MPI_T_BIND_MPI_SESSION:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_t_scope(int v)
{
    switch (v) {
    case MPI_T_SCOPE_CONSTANT:
    case MPI_T_SCOPE_READONLY:
    case MPI_T_SCOPE_LOCAL:
    case MPI_T_SCOPE_GROUP:
    case MPI_T_SCOPE_GROUP_EQ:
    case MPI_T_SCOPE_ALL:
    case MPI_T_SCOPE_ALL_EQ:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_t_pvar_class(int v)
{
    switch (v) {
    case MPI_T_PVAR_CLASS_STATE:
    case MPI_T_PVAR_CLASS_LEVEL:
    case MPI_T_PVAR_CLASS_SIZE:
    case MPI_T_PVAR_CLASS_PERCENTAGE:
    case MPI_T_PVAR_CLASS_HIGHWATERMARK:
    case MPI_T_PVAR_CLASS_LOWWATERMARK:
    case MPI_T_PVAR_CLASS_COUNTER:
    case MPI_T_PVAR_CLASS_AGGREGATE:
    case MPI_T_PVAR_CLASS_TIMER:
    case MPI_T_PVAR_CLASS_GENERIC:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_t_cb_safety(int v)
{
    switch (v) {
    case MPI_T_CB_REQUIRE_NONE:
    case MPI_T_CB_REQUIRE_MPI_RESTRICTED:
    case MPI_T_CB_REQUIRE_THREAD_SAFE:
    case MPI_T_CB_REQUIRE_ASYNC_SIGNAL_SAFE:
        return 1;
    default:
        return 0;
    }
}

static int vt_is_t_source_order(int v)
{
    switch (v) {
    case MPI_T_SOURCE_ORDERED:
    case MPI_T_SOURCE_UNORDERED:
        return 1;
    default:
        return 0;
    }
}

/* ---- Every predefined handle in a static initializer ------------------------- */

static const MPI_Comm vt_comm_null = MPI_COMM_NULL;
/* predefined, in the documented order 1..N */
static const MPI_Comm vt_comm[] = {
    MPI_COMM_WORLD,
    MPI_COMM_SELF,
};
static const MPI_Group vt_group_null = MPI_GROUP_NULL;
/* predefined, in the documented order 1..N */
static const MPI_Group vt_group[] = {
    MPI_GROUP_EMPTY,
};
static const MPI_Datatype vt_datatype_null = MPI_DATATYPE_NULL;
/* predefined, in the documented order 1..N */
static const MPI_Datatype vt_datatype[] = {
    MPI_CHAR,
    MPI_SHORT,
    MPI_INT,
    MPI_LONG,
    MPI_LONG_LONG_INT,
    MPI_SIGNED_CHAR,
    MPI_UNSIGNED_CHAR,
    MPI_UNSIGNED_SHORT,
    MPI_UNSIGNED,
    MPI_UNSIGNED_LONG,
    MPI_UNSIGNED_LONG_LONG,
    MPI_FLOAT,
    MPI_DOUBLE,
    MPI_LONG_DOUBLE,
    MPI_WCHAR,
    MPI_C_BOOL,
    MPI_INT8_T,
    MPI_INT16_T,
    MPI_INT32_T,
    MPI_INT64_T,
    MPI_UINT8_T,
    MPI_UINT16_T,
    MPI_UINT32_T,
    MPI_UINT64_T,
    MPI_AINT,
    MPI_COUNT,
    MPI_OFFSET,
    MPI_C_FLOAT_COMPLEX,
    MPI_C_DOUBLE_COMPLEX,
    MPI_C_LONG_DOUBLE_COMPLEX,
    MPI_BYTE,
    MPI_PACKED,
    MPI_FLOAT_INT,
    MPI_DOUBLE_INT,
    MPI_LONG_INT,
    MPI_2INT,
    MPI_SHORT_INT,
    MPI_LONG_DOUBLE_INT,
    MPI_CXX_BOOL,
    MPI_CXX_FLOAT_COMPLEX,
    MPI_CXX_DOUBLE_COMPLEX,
    MPI_CXX_LONG_DOUBLE_COMPLEX,
    MPI_INTEGER,
    MPI_REAL,
    MPI_DOUBLE_PRECISION,
    MPI_COMPLEX,
    MPI_LOGICAL,
    MPI_CHARACTER,
    MPI_DOUBLE_COMPLEX,
    MPI_2REAL,
    MPI_2DOUBLE_PRECISION,
    MPI_2INTEGER,
    MPI_INTEGER1,
    MPI_INTEGER2,
    MPI_INTEGER4,
    MPI_INTEGER8,
    MPI_INTEGER16,
    MPI_REAL2,
    MPI_REAL4,
    MPI_REAL8,
    MPI_REAL16,
    MPI_COMPLEX4,
    MPI_COMPLEX8,
    MPI_COMPLEX16,
    MPI_COMPLEX32,
};
static const MPI_Op vt_op_null = MPI_OP_NULL;
/* predefined, in the documented order 1..N */
static const MPI_Op vt_op[] = {
    MPI_MAX,
    MPI_MIN,
    MPI_SUM,
    MPI_PROD,
    MPI_LAND,
    MPI_BAND,
    MPI_LOR,
    MPI_BOR,
    MPI_LXOR,
    MPI_BXOR,
    MPI_MINLOC,
    MPI_MAXLOC,
    MPI_REPLACE,
    MPI_NO_OP,
};
static const MPI_Request vt_request_null = MPI_REQUEST_NULL;
static const MPI_Errhandler vt_errhandler_null = MPI_ERRHANDLER_NULL;
/* predefined, in the documented order 1..N */
static const MPI_Errhandler vt_errhandler[] = {
    MPI_ERRORS_ARE_FATAL,
    MPI_ERRORS_RETURN,
    MPI_ERRORS_ABORT,
};
static const MPI_Info vt_info_null = MPI_INFO_NULL;
/* predefined, in the documented order 1..N */
static const MPI_Info vt_info[] = {
    MPI_INFO_ENV,
};
static const MPI_Win vt_win_null = MPI_WIN_NULL;
static const MPI_File vt_file_null = MPI_FILE_NULL;
static const MPI_Message vt_message_null = MPI_MESSAGE_NULL;
/* predefined, in the documented order 1..N */
static const MPI_Message vt_message[] = {
    MPI_MESSAGE_NO_PROC,
};
static const MPI_Session vt_session_null = MPI_SESSION_NULL;
static const MPI_T_enum vt_t_enum_null = MPI_T_ENUM_NULL;
static const MPI_T_cvar_handle vt_t_cvar_handle_null = MPI_T_CVAR_HANDLE_NULL;
static const MPI_T_pvar_handle vt_t_pvar_handle_null = MPI_T_PVAR_HANDLE_NULL;
/* predefined, in the documented order 1..N */
static const MPI_T_pvar_handle vt_t_pvar_handle[] = {
    MPI_T_PVAR_ALL_HANDLES,
};
static const MPI_T_pvar_session vt_t_pvar_session_null = MPI_T_PVAR_SESSION_NULL;
/* synonyms, with the handle they stand for */
static const MPI_Datatype vt_datatype_synonyms[][2] = {
    {MPI_LONG_LONG, MPI_LONG_LONG_INT},
    {MPI_C_COMPLEX, MPI_C_FLOAT_COMPLEX},
};

/* special addresses and arrays */
static MPI_Status *const vt_mpi_status_ignore = MPI_STATUS_IGNORE;
static MPI_Status *const vt_mpi_statuses_ignore = MPI_STATUSES_IGNORE;
static MPI_Fint *const vt_mpi_f_status_ignore = MPI_F_STATUS_IGNORE;
static MPI_Fint *const vt_mpi_f_statuses_ignore = MPI_F_STATUSES_IGNORE;
static MPI_F08_status *const vt_mpi_f08_status_ignore = MPI_F08_STATUS_IGNORE;
static MPI_F08_status *const vt_mpi_f08_statuses_ignore = MPI_F08_STATUSES_IGNORE;
static void *const vt_mpi_bottom = MPI_BOTTOM;
static void *const vt_mpi_in_place = MPI_IN_PLACE;
static void *const vt_mpi_buffer_automatic = MPI_BUFFER_AUTOMATIC;
static char **const vt_mpi_argv_null = MPI_ARGV_NULL;
static char ***const vt_mpi_argvs_null = MPI_ARGVS_NULL;
static int *const vt_mpi_errcodes_ignore = MPI_ERRCODES_IGNORE;
static int *const vt_mpi_unweighted = MPI_UNWEIGHTED;
static int *const vt_mpi_weights_empty = MPI_WEIGHTS_EMPTY;
static MPI_Datarep_conversion_function *const vt_mpi_conversion_fn_null = MPI_CONVERSION_FN_NULL;
static MPI_Datarep_conversion_function_c *const vt_mpi_conversion_fn_null_c =
    MPI_CONVERSION_FN_NULL_C;
static const MPI_Offset vt_displacement_current = MPI_DISPLACEMENT_CURRENT;

/* ---- Value checks (run by check-mpi-header.sh; need no library) ------------- */

#define VT_COUNT(a) ((int)(sizeof(a) / sizeof((a)[0])))

int vt_check_values(void);
int vt_check_values(void)
{
    int failed = 0;
    int i;
#define VT_EXPECT(cond) \
    do { \
        if (!(cond)) { \
            vt_report(#cond); \
            failed++; \
        } \
    } while (0)

    /* Null handles are 0, predefined handles 1..N of their kind, in order. */
    VT_EXPECT((intptr_t)vt_comm_null == 0);
    for (i = 0; i < VT_COUNT(vt_comm); i++)
        VT_EXPECT((intptr_t)vt_comm[i] == i + 1);
    VT_EXPECT((intptr_t)vt_group_null == 0);
    for (i = 0; i < VT_COUNT(vt_group); i++)
        VT_EXPECT((intptr_t)vt_group[i] == i + 1);
    VT_EXPECT((intptr_t)vt_datatype_null == 0);
    for (i = 0; i < VT_COUNT(vt_datatype); i++)
        VT_EXPECT((intptr_t)vt_datatype[i] == i + 1);
    VT_EXPECT((intptr_t)vt_op_null == 0);
    for (i = 0; i < VT_COUNT(vt_op); i++)
        VT_EXPECT((intptr_t)vt_op[i] == i + 1);
    VT_EXPECT((intptr_t)vt_request_null == 0);
    VT_EXPECT((intptr_t)vt_errhandler_null == 0);
    for (i = 0; i < VT_COUNT(vt_errhandler); i++)
        VT_EXPECT((intptr_t)vt_errhandler[i] == i + 1);
    VT_EXPECT((intptr_t)vt_info_null == 0);
    for (i = 0; i < VT_COUNT(vt_info); i++)
        VT_EXPECT((intptr_t)vt_info[i] == i + 1);
    VT_EXPECT((intptr_t)vt_win_null == 0);
    VT_EXPECT((intptr_t)vt_file_null == 0);
    VT_EXPECT((intptr_t)vt_message_null == 0);
    for (i = 0; i < VT_COUNT(vt_message); i++)
        VT_EXPECT((intptr_t)vt_message[i] == i + 1);
    VT_EXPECT((intptr_t)vt_session_null == 0);
    VT_EXPECT((intptr_t)vt_t_enum_null == 0);
    VT_EXPECT((intptr_t)vt_t_cvar_handle_null == 0);
    VT_EXPECT((intptr_t)vt_t_pvar_handle_null == 0);
    for (i = 0; i < VT_COUNT(vt_t_pvar_handle); i++)
        VT_EXPECT((intptr_t)vt_t_pvar_handle[i] == i + 1);
    VT_EXPECT((intptr_t)vt_t_pvar_session_null == 0);
    VT_EXPECT(VT_COUNT(vt_datatype) == VMPL_MPI_DATATYPE_PREDEFINED_COUNT);
    VT_EXPECT(VT_COUNT(vt_op) == VMPL_MPI_OP_PREDEFINED_COUNT);
    VT_EXPECT(VT_COUNT(vt_comm) == VMPL_MPI_COMM_PREDEFINED_COUNT);
    VT_EXPECT(VT_COUNT(vt_group) == VMPL_MPI_GROUP_PREDEFINED_COUNT);
    VT_EXPECT(VT_COUNT(vt_errhandler) == VMPL_MPI_ERRHANDLER_PREDEFINED_COUNT);
    VT_EXPECT(VT_COUNT(vt_info) == VMPL_MPI_INFO_PREDEFINED_COUNT);
    VT_EXPECT(VT_COUNT(vt_message) == VMPL_MPI_MESSAGE_PREDEFINED_COUNT);
    VT_EXPECT((intptr_t)MPI_COMM_WORLD == 1 && (intptr_t)MPI_COMM_SELF == 2);
    VT_EXPECT((intptr_t)MPI_CHAR == 1);
    VT_EXPECT((intptr_t)MPI_COMPLEX32 == VMPL_MPI_DATATYPE_PREDEFINED_COUNT);
    VT_EXPECT((intptr_t)MPI_MAX == 1 && (intptr_t)MPI_NO_OP == VMPL_MPI_OP_PREDEFINED_COUNT);
    for (i = 0; i < VT_COUNT(vt_datatype_synonyms); i++)
        VT_EXPECT(vt_datatype_synonyms[i][0] == vt_datatype_synonyms[i][1]);
    VT_EXPECT((intptr_t)MPI_T_PVAR_ALL_HANDLES > 0);

    /* Special addresses: distinct from each other and from real objects. */
    VT_EXPECT(vt_mpi_bottom == NULL);
    VT_EXPECT(vt_mpi_in_place != NULL && vt_mpi_in_place != vt_mpi_bottom);
    VT_EXPECT(vt_mpi_buffer_automatic != NULL && vt_mpi_buffer_automatic != vt_mpi_in_place);
    VT_EXPECT(vt_mpi_status_ignore != NULL && vt_mpi_statuses_ignore != NULL);
    VT_EXPECT(vt_mpi_f_status_ignore != NULL && vt_mpi_f_statuses_ignore != NULL);
    VT_EXPECT(vt_mpi_f08_status_ignore != NULL && vt_mpi_f08_statuses_ignore != NULL);
    VT_EXPECT(vt_mpi_unweighted != NULL && vt_mpi_weights_empty != NULL &&
              vt_mpi_unweighted != vt_mpi_weights_empty);
    VT_EXPECT(vt_mpi_argv_null == NULL && vt_mpi_argvs_null == NULL);
    VT_EXPECT(vt_mpi_errcodes_ignore == NULL);
    VT_EXPECT(vt_mpi_conversion_fn_null == NULL && vt_mpi_conversion_fn_null_c == NULL);
    VT_EXPECT(vt_displacement_current == MPI_DISPLACEMENT_CURRENT);

    /* Group membership (the switches above) */
    VT_EXPECT(vt_is_error_class(MPI_SUCCESS));
    VT_EXPECT(vt_is_error_class(MPI_ERR_BUFFER));
    VT_EXPECT(vt_is_error_class(MPI_ERR_COUNT));
    VT_EXPECT(vt_is_error_class(MPI_ERR_TYPE));
    VT_EXPECT(vt_is_error_class(MPI_ERR_TAG));
    VT_EXPECT(vt_is_error_class(MPI_ERR_COMM));
    VT_EXPECT(vt_is_error_class(MPI_ERR_RANK));
    VT_EXPECT(vt_is_error_class(MPI_ERR_REQUEST));
    VT_EXPECT(vt_is_error_class(MPI_ERR_ROOT));
    VT_EXPECT(vt_is_error_class(MPI_ERR_GROUP));
    VT_EXPECT(vt_is_error_class(MPI_ERR_OP));
    VT_EXPECT(vt_is_error_class(MPI_ERR_TOPOLOGY));
    VT_EXPECT(vt_is_error_class(MPI_ERR_DIMS));
    VT_EXPECT(vt_is_error_class(MPI_ERR_ARG));
    VT_EXPECT(vt_is_error_class(MPI_ERR_UNKNOWN));
    VT_EXPECT(vt_is_error_class(MPI_ERR_TRUNCATE));
    VT_EXPECT(vt_is_error_class(MPI_ERR_OTHER));
    VT_EXPECT(vt_is_error_class(MPI_ERR_INTERN));
    VT_EXPECT(vt_is_error_class(MPI_ERR_PENDING));
    VT_EXPECT(vt_is_error_class(MPI_ERR_IN_STATUS));
    VT_EXPECT(vt_is_error_class(MPI_ERR_ACCESS));
    VT_EXPECT(vt_is_error_class(MPI_ERR_AMODE));
    VT_EXPECT(vt_is_error_class(MPI_ERR_ASSERT));
    VT_EXPECT(vt_is_error_class(MPI_ERR_BAD_FILE));
    VT_EXPECT(vt_is_error_class(MPI_ERR_BASE));
    VT_EXPECT(vt_is_error_class(MPI_ERR_CONVERSION));
    VT_EXPECT(vt_is_error_class(MPI_ERR_DISP));
    VT_EXPECT(vt_is_error_class(MPI_ERR_DUP_DATAREP));
    VT_EXPECT(vt_is_error_class(MPI_ERR_FILE_EXISTS));
    VT_EXPECT(vt_is_error_class(MPI_ERR_FILE_IN_USE));
    VT_EXPECT(vt_is_error_class(MPI_ERR_FILE));
    VT_EXPECT(vt_is_error_class(MPI_ERR_INFO_KEY));
    VT_EXPECT(vt_is_error_class(MPI_ERR_INFO_NOKEY));
    VT_EXPECT(vt_is_error_class(MPI_ERR_INFO_VALUE));
    VT_EXPECT(vt_is_error_class(MPI_ERR_INFO));
    VT_EXPECT(vt_is_error_class(MPI_ERR_IO));
    VT_EXPECT(vt_is_error_class(MPI_ERR_KEYVAL));
    VT_EXPECT(vt_is_error_class(MPI_ERR_LOCKTYPE));
    VT_EXPECT(vt_is_error_class(MPI_ERR_NAME));
    VT_EXPECT(vt_is_error_class(MPI_ERR_NO_MEM));
    VT_EXPECT(vt_is_error_class(MPI_ERR_NOT_SAME));
    VT_EXPECT(vt_is_error_class(MPI_ERR_NO_SPACE));
    VT_EXPECT(vt_is_error_class(MPI_ERR_NO_SUCH_FILE));
    VT_EXPECT(vt_is_error_class(MPI_ERR_PORT));
    VT_EXPECT(vt_is_error_class(MPI_ERR_QUOTA));
    VT_EXPECT(vt_is_error_class(MPI_ERR_READ_ONLY));
    VT_EXPECT(vt_is_error_class(MPI_ERR_RMA_CONFLICT));
    VT_EXPECT(vt_is_error_class(MPI_ERR_RMA_SYNC));
    VT_EXPECT(vt_is_error_class(MPI_ERR_SERVICE));
    VT_EXPECT(vt_is_error_class(MPI_ERR_SIZE));
    VT_EXPECT(vt_is_error_class(MPI_ERR_SPAWN));
    VT_EXPECT(vt_is_error_class(MPI_ERR_UNSUPPORTED_DATAREP));
    VT_EXPECT(vt_is_error_class(MPI_ERR_UNSUPPORTED_OPERATION));
    VT_EXPECT(vt_is_error_class(MPI_ERR_WIN));
    VT_EXPECT(vt_is_error_class(MPI_ERR_RMA_RANGE));
    VT_EXPECT(vt_is_error_class(MPI_ERR_RMA_ATTACH));
    VT_EXPECT(vt_is_error_class(MPI_ERR_RMA_SHARED));
    VT_EXPECT(vt_is_error_class(MPI_ERR_RMA_FLAVOR));
    VT_EXPECT(vt_is_error_class(MPI_ERR_PROC_ABORTED));
    VT_EXPECT(vt_is_error_class(MPI_ERR_VALUE_TOO_LARGE));
    VT_EXPECT(vt_is_error_class(MPI_ERR_SESSION));
    VT_EXPECT(vt_is_error_class(MPI_ERR_ERRHANDLER));
    VT_EXPECT(vt_is_error_class(MPI_ERR_PROC_FAILED));
    VT_EXPECT(vt_is_error_class(MPI_ERR_PROC_FAILED_PENDING));
    VT_EXPECT(vt_is_error_class(MPI_ERR_REVOKED));
    VT_EXPECT(vt_is_error_class(MPI_T_ERR_MEMORY));
    VT_EXPECT(vt_is_error_class(MPI_T_ERR_NOT_INITIALIZED));
    VT_EXPECT(vt_is_error_class(MPI_T_ERR_CANNOT_INIT));
    VT_EXPECT(vt_is_error_class(MPI_T_ERR_INVALID_INDEX));
    VT_EXPECT(vt_is_error_class(MPI_T_ERR_INVALID_ITEM));
    VT_EXPECT(vt_is_error_class(MPI_T_ERR_INVALID_HANDLE));
    VT_EXPECT(vt_is_error_class(MPI_T_ERR_OUT_OF_HANDLES));
    VT_EXPECT(vt_is_error_class(MPI_T_ERR_OUT_OF_SESSIONS));
    VT_EXPECT(vt_is_error_class(MPI_T_ERR_INVALID_SESSION));
    VT_EXPECT(vt_is_error_class(MPI_T_ERR_CVAR_SET_NOT_NOW));
    VT_EXPECT(vt_is_error_class(MPI_T_ERR_CVAR_SET_NEVER));
    VT_EXPECT(vt_is_error_class(MPI_T_ERR_PVAR_NO_STARTSTOP));
    VT_EXPECT(vt_is_error_class(MPI_T_ERR_PVAR_NO_WRITE));
    VT_EXPECT(vt_is_error_class(MPI_T_ERR_PVAR_NO_ATOMIC));
    VT_EXPECT(vt_is_error_class(MPI_T_ERR_INVALID_NAME));
    VT_EXPECT(vt_is_error_class(MPI_T_ERR_INVALID));
    VT_EXPECT(vt_is_error_class(MPI_T_ERR_NOT_ACCESSIBLE));
    VT_EXPECT(vt_is_error_class(MPI_T_ERR_NOT_SUPPORTED));
    VT_EXPECT(vt_is_special_rank(MPI_ANY_SOURCE));
    VT_EXPECT(vt_is_special_rank(MPI_PROC_NULL));
    VT_EXPECT(vt_is_special_rank(MPI_ROOT));
    VT_EXPECT(vt_is_special_rank(MPI_UNDEFINED));
    VT_EXPECT(vt_is_keyval(MPI_KEYVAL_INVALID));
    VT_EXPECT(vt_is_keyval(MPI_TAG_UB));
    VT_EXPECT(vt_is_keyval(MPI_HOST));
    VT_EXPECT(vt_is_keyval(MPI_IO));
    VT_EXPECT(vt_is_keyval(MPI_WTIME_IS_GLOBAL));
    VT_EXPECT(vt_is_keyval(MPI_UNIVERSE_SIZE));
    VT_EXPECT(vt_is_keyval(MPI_LASTUSEDCODE));
    VT_EXPECT(vt_is_keyval(MPI_APPNUM));
    VT_EXPECT(vt_is_keyval(MPI_WIN_BASE));
    VT_EXPECT(vt_is_keyval(MPI_WIN_SIZE));
    VT_EXPECT(vt_is_keyval(MPI_WIN_DISP_UNIT));
    VT_EXPECT(vt_is_keyval(MPI_WIN_CREATE_FLAVOR));
    VT_EXPECT(vt_is_keyval(MPI_WIN_MODEL));
    VT_EXPECT(vt_is_thread_level(MPI_THREAD_SINGLE));
    VT_EXPECT(vt_is_thread_level(MPI_THREAD_FUNNELED));
    VT_EXPECT(vt_is_thread_level(MPI_THREAD_SERIALIZED));
    VT_EXPECT(vt_is_thread_level(MPI_THREAD_MULTIPLE));
    VT_EXPECT(vt_is_compare_result(MPI_IDENT));
    VT_EXPECT(vt_is_compare_result(MPI_CONGRUENT));
    VT_EXPECT(vt_is_compare_result(MPI_SIMILAR));
    VT_EXPECT(vt_is_compare_result(MPI_UNEQUAL));
    VT_EXPECT(vt_is_topology(MPI_GRAPH));
    VT_EXPECT(vt_is_topology(MPI_CART));
    VT_EXPECT(vt_is_topology(MPI_DIST_GRAPH));
    VT_EXPECT(vt_is_topology(MPI_UNDEFINED));
    VT_EXPECT(vt_is_split_type(MPI_COMM_TYPE_SHARED));
    VT_EXPECT(vt_is_split_type(MPI_COMM_TYPE_HW_UNGUIDED));
    VT_EXPECT(vt_is_split_type(MPI_COMM_TYPE_HW_GUIDED));
    VT_EXPECT(vt_is_split_type(MPI_COMM_TYPE_RESOURCE_GUIDED));
    VT_EXPECT(vt_is_split_type(MPI_UNDEFINED));
    VT_EXPECT(vt_is_combiner(MPI_COMBINER_NAMED));
    VT_EXPECT(vt_is_combiner(MPI_COMBINER_DUP));
    VT_EXPECT(vt_is_combiner(MPI_COMBINER_CONTIGUOUS));
    VT_EXPECT(vt_is_combiner(MPI_COMBINER_VECTOR));
    VT_EXPECT(vt_is_combiner(MPI_COMBINER_HVECTOR));
    VT_EXPECT(vt_is_combiner(MPI_COMBINER_INDEXED));
    VT_EXPECT(vt_is_combiner(MPI_COMBINER_HINDEXED));
    VT_EXPECT(vt_is_combiner(MPI_COMBINER_INDEXED_BLOCK));
    VT_EXPECT(vt_is_combiner(MPI_COMBINER_HINDEXED_BLOCK));
    VT_EXPECT(vt_is_combiner(MPI_COMBINER_STRUCT));
    VT_EXPECT(vt_is_combiner(MPI_COMBINER_SUBARRAY));
    VT_EXPECT(vt_is_combiner(MPI_COMBINER_DARRAY));
    VT_EXPECT(vt_is_combiner(MPI_COMBINER_F90_REAL));
    VT_EXPECT(vt_is_combiner(MPI_COMBINER_F90_COMPLEX));
    VT_EXPECT(vt_is_combiner(MPI_COMBINER_F90_INTEGER));
    VT_EXPECT(vt_is_combiner(MPI_COMBINER_RESIZED));
    VT_EXPECT(vt_is_combiner(MPI_COMBINER_VALUE_INDEX));
    VT_EXPECT(vt_is_distribute(MPI_DISTRIBUTE_BLOCK));
    VT_EXPECT(vt_is_distribute(MPI_DISTRIBUTE_CYCLIC));
    VT_EXPECT(vt_is_distribute(MPI_DISTRIBUTE_NONE));
    VT_EXPECT(vt_is_distribute(MPI_DISTRIBUTE_DFLT_DARG));
    VT_EXPECT(vt_is_order(MPI_ORDER_C));
    VT_EXPECT(vt_is_order(MPI_ORDER_FORTRAN));
    VT_EXPECT(vt_is_typeclass(MPI_TYPECLASS_REAL));
    VT_EXPECT(vt_is_typeclass(MPI_TYPECLASS_INTEGER));
    VT_EXPECT(vt_is_typeclass(MPI_TYPECLASS_COMPLEX));
    VT_EXPECT(vt_is_lock_type(MPI_LOCK_EXCLUSIVE));
    VT_EXPECT(vt_is_lock_type(MPI_LOCK_SHARED));
    VT_EXPECT(vt_is_rma_assert(MPI_MODE_NOCHECK));
    VT_EXPECT(vt_is_rma_assert(MPI_MODE_NOSTORE));
    VT_EXPECT(vt_is_rma_assert(MPI_MODE_NOPUT));
    VT_EXPECT(vt_is_rma_assert(MPI_MODE_NOPRECEDE));
    VT_EXPECT(vt_is_rma_assert(MPI_MODE_NOSUCCEED));
    VT_EXPECT(vt_is_win_flavor(MPI_WIN_FLAVOR_CREATE));
    VT_EXPECT(vt_is_win_flavor(MPI_WIN_FLAVOR_ALLOCATE));
    VT_EXPECT(vt_is_win_flavor(MPI_WIN_FLAVOR_DYNAMIC));
    VT_EXPECT(vt_is_win_flavor(MPI_WIN_FLAVOR_SHARED));
    VT_EXPECT(vt_is_win_model(MPI_WIN_SEPARATE));
    VT_EXPECT(vt_is_win_model(MPI_WIN_UNIFIED));
    VT_EXPECT(vt_is_file_amode(MPI_MODE_CREATE));
    VT_EXPECT(vt_is_file_amode(MPI_MODE_RDONLY));
    VT_EXPECT(vt_is_file_amode(MPI_MODE_WRONLY));
    VT_EXPECT(vt_is_file_amode(MPI_MODE_RDWR));
    VT_EXPECT(vt_is_file_amode(MPI_MODE_DELETE_ON_CLOSE));
    VT_EXPECT(vt_is_file_amode(MPI_MODE_UNIQUE_OPEN));
    VT_EXPECT(vt_is_file_amode(MPI_MODE_EXCL));
    VT_EXPECT(vt_is_file_amode(MPI_MODE_APPEND));
    VT_EXPECT(vt_is_file_amode(MPI_MODE_SEQUENTIAL));
    VT_EXPECT(vt_is_seek_whence(MPI_SEEK_SET));
    VT_EXPECT(vt_is_seek_whence(MPI_SEEK_CUR));
    VT_EXPECT(vt_is_seek_whence(MPI_SEEK_END));
    VT_EXPECT(vt_is_f_status_index(MPI_F_SOURCE));
    VT_EXPECT(vt_is_f_status_index(MPI_F_TAG));
    VT_EXPECT(vt_is_f_status_index(MPI_F_ERROR));
    VT_EXPECT(vt_is_t_verbosity(MPI_T_VERBOSITY_USER_BASIC));
    VT_EXPECT(vt_is_t_verbosity(MPI_T_VERBOSITY_USER_DETAIL));
    VT_EXPECT(vt_is_t_verbosity(MPI_T_VERBOSITY_USER_ALL));
    VT_EXPECT(vt_is_t_verbosity(MPI_T_VERBOSITY_TUNER_BASIC));
    VT_EXPECT(vt_is_t_verbosity(MPI_T_VERBOSITY_TUNER_DETAIL));
    VT_EXPECT(vt_is_t_verbosity(MPI_T_VERBOSITY_TUNER_ALL));
    VT_EXPECT(vt_is_t_verbosity(MPI_T_VERBOSITY_MPIDEV_BASIC));
    VT_EXPECT(vt_is_t_verbosity(MPI_T_VERBOSITY_MPIDEV_DETAIL));
    VT_EXPECT(vt_is_t_verbosity(MPI_T_VERBOSITY_MPIDEV_ALL));
    VT_EXPECT(vt_is_t_bind(MPI_T_BIND_NO_OBJECT));
    VT_EXPECT(vt_is_t_bind(MPI_T_BIND_MPI_COMM));
    VT_EXPECT(vt_is_t_bind(MPI_T_BIND_MPI_DATATYPE));
    VT_EXPECT(vt_is_t_bind(MPI_T_BIND_MPI_ERRHANDLER));
    VT_EXPECT(vt_is_t_bind(MPI_T_BIND_MPI_FILE));
    VT_EXPECT(vt_is_t_bind(MPI_T_BIND_MPI_GROUP));
    VT_EXPECT(vt_is_t_bind(MPI_T_BIND_MPI_OP));
    VT_EXPECT(vt_is_t_bind(MPI_T_BIND_MPI_REQUEST));
    VT_EXPECT(vt_is_t_bind(MPI_T_BIND_MPI_WIN));
    VT_EXPECT(vt_is_t_bind(MPI_T_BIND_MPI_MESSAGE));
    VT_EXPECT(vt_is_t_bind(MPI_T_BIND_MPI_INFO));
    VT_EXPECT(vt_is_t_bind(MPI_T_BIND_MPI_SESSION));
    VT_EXPECT(vt_is_t_scope(MPI_T_SCOPE_CONSTANT));
    VT_EXPECT(vt_is_t_scope(MPI_T_SCOPE_READONLY));
    VT_EXPECT(vt_is_t_scope(MPI_T_SCOPE_LOCAL));
    VT_EXPECT(vt_is_t_scope(MPI_T_SCOPE_GROUP));
    VT_EXPECT(vt_is_t_scope(MPI_T_SCOPE_GROUP_EQ));
    VT_EXPECT(vt_is_t_scope(MPI_T_SCOPE_ALL));
    VT_EXPECT(vt_is_t_scope(MPI_T_SCOPE_ALL_EQ));
    VT_EXPECT(vt_is_t_pvar_class(MPI_T_PVAR_CLASS_STATE));
    VT_EXPECT(vt_is_t_pvar_class(MPI_T_PVAR_CLASS_LEVEL));
    VT_EXPECT(vt_is_t_pvar_class(MPI_T_PVAR_CLASS_SIZE));
    VT_EXPECT(vt_is_t_pvar_class(MPI_T_PVAR_CLASS_PERCENTAGE));
    VT_EXPECT(vt_is_t_pvar_class(MPI_T_PVAR_CLASS_HIGHWATERMARK));
    VT_EXPECT(vt_is_t_pvar_class(MPI_T_PVAR_CLASS_LOWWATERMARK));
    VT_EXPECT(vt_is_t_pvar_class(MPI_T_PVAR_CLASS_COUNTER));
    VT_EXPECT(vt_is_t_pvar_class(MPI_T_PVAR_CLASS_AGGREGATE));
    VT_EXPECT(vt_is_t_pvar_class(MPI_T_PVAR_CLASS_TIMER));
    VT_EXPECT(vt_is_t_pvar_class(MPI_T_PVAR_CLASS_GENERIC));
    VT_EXPECT(vt_is_t_cb_safety(MPI_T_CB_REQUIRE_NONE));
    VT_EXPECT(vt_is_t_cb_safety(MPI_T_CB_REQUIRE_MPI_RESTRICTED));
    VT_EXPECT(vt_is_t_cb_safety(MPI_T_CB_REQUIRE_THREAD_SAFE));
    VT_EXPECT(vt_is_t_cb_safety(MPI_T_CB_REQUIRE_ASYNC_SIGNAL_SAFE));
    VT_EXPECT(vt_is_t_source_order(MPI_T_SOURCE_ORDERED));
    VT_EXPECT(vt_is_t_source_order(MPI_T_SOURCE_UNORDERED));
#undef VT_EXPECT
    return failed;
}

#ifndef MPI_HEADER_TEST_MAIN

/* ---- Every function through a pointer of its exact type ----------------------- */

int (*p_MPI_Send)(const void *, int, MPI_Datatype, int, int, MPI_Comm) = MPI_Send;
int (*p_MPI_Send_c)(const void *, MPI_Count, MPI_Datatype, int, int, MPI_Comm) = MPI_Send_c;
int (*p_MPI_Recv)(void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Status *) = MPI_Recv;
int (*p_MPI_Recv_c)(void *, MPI_Count, MPI_Datatype, int, int, MPI_Comm, MPI_Status *) = MPI_Recv_c;
int (*p_MPI_Get_count)(const MPI_Status *, MPI_Datatype, int *) = MPI_Get_count;
int (*p_MPI_Get_count_c)(const MPI_Status *, MPI_Datatype, MPI_Count *) = MPI_Get_count_c;
int (*p_MPI_Bsend)(const void *, int, MPI_Datatype, int, int, MPI_Comm) = MPI_Bsend;
int (*p_MPI_Bsend_c)(const void *, MPI_Count, MPI_Datatype, int, int, MPI_Comm) = MPI_Bsend_c;
int (*p_MPI_Ssend)(const void *, int, MPI_Datatype, int, int, MPI_Comm) = MPI_Ssend;
int (*p_MPI_Ssend_c)(const void *, MPI_Count, MPI_Datatype, int, int, MPI_Comm) = MPI_Ssend_c;
int (*p_MPI_Rsend)(const void *, int, MPI_Datatype, int, int, MPI_Comm) = MPI_Rsend;
int (*p_MPI_Rsend_c)(const void *, MPI_Count, MPI_Datatype, int, int, MPI_Comm) = MPI_Rsend_c;
int (*p_MPI_Buffer_attach)(void *, int) = MPI_Buffer_attach;
int (*p_MPI_Buffer_attach_c)(void *, MPI_Count) = MPI_Buffer_attach_c;
int (*p_MPI_Buffer_detach)(void *, int *) = MPI_Buffer_detach;
int (*p_MPI_Buffer_detach_c)(void *, MPI_Count *) = MPI_Buffer_detach_c;
int (*p_MPI_Buffer_flush)(void) = MPI_Buffer_flush;
int (*p_MPI_Buffer_iflush)(MPI_Request *) = MPI_Buffer_iflush;
int (*p_MPI_Comm_attach_buffer)(MPI_Comm, void *, int) = MPI_Comm_attach_buffer;
int (*p_MPI_Comm_attach_buffer_c)(MPI_Comm, void *, MPI_Count) = MPI_Comm_attach_buffer_c;
int (*p_MPI_Comm_detach_buffer)(MPI_Comm, void *, int *) = MPI_Comm_detach_buffer;
int (*p_MPI_Comm_detach_buffer_c)(MPI_Comm, void *, MPI_Count *) = MPI_Comm_detach_buffer_c;
int (*p_MPI_Comm_flush_buffer)(MPI_Comm) = MPI_Comm_flush_buffer;
int (*p_MPI_Comm_iflush_buffer)(MPI_Comm, MPI_Request *) = MPI_Comm_iflush_buffer;
int (*p_MPI_Session_attach_buffer)(MPI_Session, void *, int) = MPI_Session_attach_buffer;
int (*p_MPI_Session_attach_buffer_c)(MPI_Session, void *, MPI_Count) = MPI_Session_attach_buffer_c;
int (*p_MPI_Session_detach_buffer)(MPI_Session, void *, int *) = MPI_Session_detach_buffer;
int (*p_MPI_Session_detach_buffer_c)(MPI_Session, void *,
                                     MPI_Count *) = MPI_Session_detach_buffer_c;
int (*p_MPI_Session_flush_buffer)(MPI_Session) = MPI_Session_flush_buffer;
int (*p_MPI_Session_iflush_buffer)(MPI_Session, MPI_Request *) = MPI_Session_iflush_buffer;
int (*p_MPI_Isend)(const void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *) = MPI_Isend;
int (*p_MPI_Isend_c)(const void *, MPI_Count, MPI_Datatype, int, int, MPI_Comm,
                     MPI_Request *) = MPI_Isend_c;
int (*p_MPI_Ibsend)(const void *, int, MPI_Datatype, int, int, MPI_Comm,
                    MPI_Request *) = MPI_Ibsend;
int (*p_MPI_Ibsend_c)(const void *, MPI_Count, MPI_Datatype, int, int, MPI_Comm,
                      MPI_Request *) = MPI_Ibsend_c;
int (*p_MPI_Issend)(const void *, int, MPI_Datatype, int, int, MPI_Comm,
                    MPI_Request *) = MPI_Issend;
int (*p_MPI_Issend_c)(const void *, MPI_Count, MPI_Datatype, int, int, MPI_Comm,
                      MPI_Request *) = MPI_Issend_c;
int (*p_MPI_Irsend)(const void *, int, MPI_Datatype, int, int, MPI_Comm,
                    MPI_Request *) = MPI_Irsend;
int (*p_MPI_Irsend_c)(const void *, MPI_Count, MPI_Datatype, int, int, MPI_Comm,
                      MPI_Request *) = MPI_Irsend_c;
int (*p_MPI_Irecv)(void *, int, MPI_Datatype, int, int, MPI_Comm, MPI_Request *) = MPI_Irecv;
int (*p_MPI_Irecv_c)(void *, MPI_Count, MPI_Datatype, int, int, MPI_Comm,
                     MPI_Request *) = MPI_Irecv_c;
int (*p_MPI_Wait)(MPI_Request *, MPI_Status *) = MPI_Wait;
int (*p_MPI_Test)(MPI_Request *, int *, MPI_Status *) = MPI_Test;
int (*p_MPI_Request_free)(MPI_Request *) = MPI_Request_free;
int (*p_MPI_Waitany)(int, MPI_Request [], int *, MPI_Status *) = MPI_Waitany;
int (*p_MPI_Testany)(int, MPI_Request [], int *, int *, MPI_Status *) = MPI_Testany;
int (*p_MPI_Waitall)(int, MPI_Request [], MPI_Status *) = MPI_Waitall;
int (*p_MPI_Testall)(int, MPI_Request [], int *, MPI_Status *) = MPI_Testall;
int (*p_MPI_Waitsome)(int, MPI_Request [], int *, int [], MPI_Status *) = MPI_Waitsome;
int (*p_MPI_Testsome)(int, MPI_Request [], int *, int [], MPI_Status *) = MPI_Testsome;
int (*p_MPI_Request_get_status)(MPI_Request, int *, MPI_Status *) = MPI_Request_get_status;
int (*p_MPI_Request_get_status_any)(int, const MPI_Request [], int *, int *,
                                    MPI_Status *) = MPI_Request_get_status_any;
int (*p_MPI_Request_get_status_all)(int, const MPI_Request [], int *,
                                    MPI_Status *) = MPI_Request_get_status_all;
int (*p_MPI_Request_get_status_some)(int, const MPI_Request [], int *, int [],
                                     MPI_Status *) = MPI_Request_get_status_some;
int (*p_MPI_Iprobe)(int, int, MPI_Comm, int *, MPI_Status *) = MPI_Iprobe;
int (*p_MPI_Probe)(int, int, MPI_Comm, MPI_Status *) = MPI_Probe;
int (*p_MPI_Improbe)(int, int, MPI_Comm, int *, MPI_Message *, MPI_Status *) = MPI_Improbe;
int (*p_MPI_Mprobe)(int, int, MPI_Comm, MPI_Message *, MPI_Status *) = MPI_Mprobe;
int (*p_MPI_Mrecv)(void *, int, MPI_Datatype, MPI_Message *, MPI_Status *) = MPI_Mrecv;
int (*p_MPI_Mrecv_c)(void *, MPI_Count, MPI_Datatype, MPI_Message *, MPI_Status *) = MPI_Mrecv_c;
int (*p_MPI_Imrecv)(void *, int, MPI_Datatype, MPI_Message *, MPI_Request *) = MPI_Imrecv;
int (*p_MPI_Imrecv_c)(void *, MPI_Count, MPI_Datatype, MPI_Message *, MPI_Request *) = MPI_Imrecv_c;
int (*p_MPI_Cancel)(MPI_Request *) = MPI_Cancel;
int (*p_MPI_Test_cancelled)(const MPI_Status *, int *) = MPI_Test_cancelled;
int (*p_MPI_Send_init)(const void *, int, MPI_Datatype, int, int, MPI_Comm,
                       MPI_Request *) = MPI_Send_init;
int (*p_MPI_Send_init_c)(const void *, MPI_Count, MPI_Datatype, int, int, MPI_Comm,
                         MPI_Request *) = MPI_Send_init_c;
int (*p_MPI_Bsend_init)(const void *, int, MPI_Datatype, int, int, MPI_Comm,
                        MPI_Request *) = MPI_Bsend_init;
int (*p_MPI_Bsend_init_c)(const void *, MPI_Count, MPI_Datatype, int, int, MPI_Comm,
                          MPI_Request *) = MPI_Bsend_init_c;
int (*p_MPI_Ssend_init)(const void *, int, MPI_Datatype, int, int, MPI_Comm,
                        MPI_Request *) = MPI_Ssend_init;
int (*p_MPI_Ssend_init_c)(const void *, MPI_Count, MPI_Datatype, int, int, MPI_Comm,
                          MPI_Request *) = MPI_Ssend_init_c;
int (*p_MPI_Rsend_init)(const void *, int, MPI_Datatype, int, int, MPI_Comm,
                        MPI_Request *) = MPI_Rsend_init;
int (*p_MPI_Rsend_init_c)(const void *, MPI_Count, MPI_Datatype, int, int, MPI_Comm,
                          MPI_Request *) = MPI_Rsend_init_c;
int (*p_MPI_Recv_init)(void *, int, MPI_Datatype, int, int, MPI_Comm,
                       MPI_Request *) = MPI_Recv_init;
int (*p_MPI_Recv_init_c)(void *, MPI_Count, MPI_Datatype, int, int, MPI_Comm,
                         MPI_Request *) = MPI_Recv_init_c;
int (*p_MPI_Start)(MPI_Request *) = MPI_Start;
int (*p_MPI_Startall)(int, MPI_Request []) = MPI_Startall;
int (*p_MPI_Sendrecv)(const void *, int, MPI_Datatype, int, int, void *, int, MPI_Datatype, int,
                      int, MPI_Comm, MPI_Status *) = MPI_Sendrecv;
int (*p_MPI_Sendrecv_c)(const void *, MPI_Count, MPI_Datatype, int, int, void *, MPI_Count,
                        MPI_Datatype, int, int, MPI_Comm, MPI_Status *) = MPI_Sendrecv_c;
int (*p_MPI_Sendrecv_replace)(void *, int, MPI_Datatype, int, int, int, int, MPI_Comm,
                              MPI_Status *) = MPI_Sendrecv_replace;
int (*p_MPI_Sendrecv_replace_c)(void *, MPI_Count, MPI_Datatype, int, int, int, int, MPI_Comm,
                                MPI_Status *) = MPI_Sendrecv_replace_c;
int (*p_MPI_Isendrecv)(const void *, int, MPI_Datatype, int, int, void *, int, MPI_Datatype, int,
                       int, MPI_Comm, MPI_Request *) = MPI_Isendrecv;
int (*p_MPI_Isendrecv_c)(const void *, MPI_Count, MPI_Datatype, int, int, void *, MPI_Count,
                         MPI_Datatype, int, int, MPI_Comm, MPI_Request *) = MPI_Isendrecv_c;
int (*p_MPI_Isendrecv_replace)(void *, int, MPI_Datatype, int, int, int, int, MPI_Comm,
                               MPI_Request *) = MPI_Isendrecv_replace;
int (*p_MPI_Isendrecv_replace_c)(void *, MPI_Count, MPI_Datatype, int, int, int, int, MPI_Comm,
                                 MPI_Request *) = MPI_Isendrecv_replace_c;
int (*p_MPI_Psend_init)(const void *, int, MPI_Count, MPI_Datatype, int, int, MPI_Comm, MPI_Info,
                        MPI_Request *) = MPI_Psend_init;
int (*p_MPI_Precv_init)(void *, int, MPI_Count, MPI_Datatype, int, int, MPI_Comm, MPI_Info,
                        MPI_Request *) = MPI_Precv_init;
int (*p_MPI_Pready)(int, MPI_Request) = MPI_Pready;
int (*p_MPI_Pready_range)(int, int, MPI_Request) = MPI_Pready_range;
int (*p_MPI_Pready_list)(int, const int [], MPI_Request) = MPI_Pready_list;
int (*p_MPI_Parrived)(MPI_Request, int, int *) = MPI_Parrived;
int (*p_MPI_Type_contiguous)(int, MPI_Datatype, MPI_Datatype *) = MPI_Type_contiguous;
int (*p_MPI_Type_contiguous_c)(MPI_Count, MPI_Datatype, MPI_Datatype *) = MPI_Type_contiguous_c;
int (*p_MPI_Type_vector)(int, int, int, MPI_Datatype, MPI_Datatype *) = MPI_Type_vector;
int (*p_MPI_Type_vector_c)(MPI_Count, MPI_Count, MPI_Count, MPI_Datatype,
                           MPI_Datatype *) = MPI_Type_vector_c;
int (*p_MPI_Type_create_hvector)(int, int, MPI_Aint, MPI_Datatype,
                                 MPI_Datatype *) = MPI_Type_create_hvector;
int (*p_MPI_Type_create_hvector_c)(MPI_Count, MPI_Count, MPI_Count, MPI_Datatype,
                                   MPI_Datatype *) = MPI_Type_create_hvector_c;
int (*p_MPI_Type_indexed)(int, const int [], const int [], MPI_Datatype,
                          MPI_Datatype *) = MPI_Type_indexed;
int (*p_MPI_Type_indexed_c)(MPI_Count, const MPI_Count [], const MPI_Count [], MPI_Datatype,
                            MPI_Datatype *) = MPI_Type_indexed_c;
int (*p_MPI_Type_create_hindexed)(int, const int [], const MPI_Aint [], MPI_Datatype,
                                  MPI_Datatype *) = MPI_Type_create_hindexed;
int (*p_MPI_Type_create_hindexed_c)(MPI_Count, const MPI_Count [], const MPI_Count [], MPI_Datatype,
                                    MPI_Datatype *) = MPI_Type_create_hindexed_c;
int (*p_MPI_Type_create_indexed_block)(int, int, const int [], MPI_Datatype,
                                       MPI_Datatype *) = MPI_Type_create_indexed_block;
int (*p_MPI_Type_create_indexed_block_c)(MPI_Count, MPI_Count, const MPI_Count [], MPI_Datatype,
                                         MPI_Datatype *) = MPI_Type_create_indexed_block_c;
int (*p_MPI_Type_create_hindexed_block)(int, int, const MPI_Aint [], MPI_Datatype,
                                        MPI_Datatype *) = MPI_Type_create_hindexed_block;
int (*p_MPI_Type_create_hindexed_block_c)(MPI_Count, MPI_Count, const MPI_Count [], MPI_Datatype,
                                          MPI_Datatype *) = MPI_Type_create_hindexed_block_c;
int (*p_MPI_Type_create_struct)(int, const int [], const MPI_Aint [], const MPI_Datatype [],
                                MPI_Datatype *) = MPI_Type_create_struct;
int (*p_MPI_Type_create_struct_c)(MPI_Count, const MPI_Count [], const MPI_Count [],
                                  const MPI_Datatype [], MPI_Datatype *) = MPI_Type_create_struct_c;
int (*p_MPI_Type_create_subarray)(int, const int [], const int [], const int [], int, MPI_Datatype,
                                  MPI_Datatype *) = MPI_Type_create_subarray;
int (*p_MPI_Type_create_subarray_c)(int, const MPI_Count [], const MPI_Count [], const MPI_Count [],
                                    int, MPI_Datatype, MPI_Datatype *) = MPI_Type_create_subarray_c;
int (*p_MPI_Type_create_darray)(int, int, int, const int [], const int [], const int [],
                                const int [], int, MPI_Datatype,
                                MPI_Datatype *) = MPI_Type_create_darray;
int (*p_MPI_Type_create_darray_c)(int, int, int, const MPI_Count [], const int [], const int [],
                                  const int [], int, MPI_Datatype,
                                  MPI_Datatype *) = MPI_Type_create_darray_c;
int (*p_MPI_Get_address)(const void *, MPI_Aint *) = MPI_Get_address;
MPI_Aint (*p_MPI_Aint_add)(MPI_Aint, MPI_Aint) = MPI_Aint_add;
MPI_Aint (*p_MPI_Aint_diff)(MPI_Aint, MPI_Aint) = MPI_Aint_diff;
int (*p_MPI_Type_size)(MPI_Datatype, int *) = MPI_Type_size;
int (*p_MPI_Type_size_c)(MPI_Datatype, MPI_Count *) = MPI_Type_size_c;
int (*p_MPI_Type_size_x)(MPI_Datatype, MPI_Count *) = MPI_Type_size_x;
int (*p_MPI_Type_get_extent)(MPI_Datatype, MPI_Aint *, MPI_Aint *) = MPI_Type_get_extent;
int (*p_MPI_Type_get_extent_c)(MPI_Datatype, MPI_Count *, MPI_Count *) = MPI_Type_get_extent_c;
int (*p_MPI_Type_get_extent_x)(MPI_Datatype, MPI_Count *, MPI_Count *) = MPI_Type_get_extent_x;
int (*p_MPI_Type_create_resized)(MPI_Datatype, MPI_Aint, MPI_Aint,
                                 MPI_Datatype *) = MPI_Type_create_resized;
int (*p_MPI_Type_create_resized_c)(MPI_Datatype, MPI_Count, MPI_Count,
                                   MPI_Datatype *) = MPI_Type_create_resized_c;
int (*p_MPI_Type_get_true_extent)(MPI_Datatype, MPI_Aint *, MPI_Aint *) = MPI_Type_get_true_extent;
int (*p_MPI_Type_get_true_extent_c)(MPI_Datatype, MPI_Count *,
                                    MPI_Count *) = MPI_Type_get_true_extent_c;
int (*p_MPI_Type_get_true_extent_x)(MPI_Datatype, MPI_Count *,
                                    MPI_Count *) = MPI_Type_get_true_extent_x;
int (*p_MPI_Type_commit)(MPI_Datatype *) = MPI_Type_commit;
int (*p_MPI_Type_free)(MPI_Datatype *) = MPI_Type_free;
int (*p_MPI_Type_dup)(MPI_Datatype, MPI_Datatype *) = MPI_Type_dup;
int (*p_MPI_Get_elements)(const MPI_Status *, MPI_Datatype, int *) = MPI_Get_elements;
int (*p_MPI_Get_elements_c)(const MPI_Status *, MPI_Datatype, MPI_Count *) = MPI_Get_elements_c;
int (*p_MPI_Get_elements_x)(const MPI_Status *, MPI_Datatype, MPI_Count *) = MPI_Get_elements_x;
int (*p_MPI_Type_get_envelope)(MPI_Datatype, int *, int *, int *, int *) = MPI_Type_get_envelope;
int (*p_MPI_Type_get_envelope_c)(MPI_Datatype, MPI_Count *, MPI_Count *, MPI_Count *, MPI_Count *,
                                 int *) = MPI_Type_get_envelope_c;
int (*p_MPI_Type_get_contents)(MPI_Datatype, int, int, int, int [], MPI_Aint [],
                               MPI_Datatype []) = MPI_Type_get_contents;
int (*p_MPI_Type_get_contents_c)(MPI_Datatype, MPI_Count, MPI_Count, MPI_Count, MPI_Count, int [],
                                 MPI_Aint [], MPI_Count [],
                                 MPI_Datatype []) = MPI_Type_get_contents_c;
int (*p_MPI_Type_get_value_index)(MPI_Datatype, MPI_Datatype,
                                  MPI_Datatype *) = MPI_Type_get_value_index;
int (*p_MPI_Pack)(const void *, int, MPI_Datatype, void *, int, int *, MPI_Comm) = MPI_Pack;
int (*p_MPI_Pack_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count, MPI_Count *,
                    MPI_Comm) = MPI_Pack_c;
int (*p_MPI_Unpack)(const void *, int, int *, void *, int, MPI_Datatype, MPI_Comm) = MPI_Unpack;
int (*p_MPI_Unpack_c)(const void *, MPI_Count, MPI_Count *, void *, MPI_Count, MPI_Datatype,
                      MPI_Comm) = MPI_Unpack_c;
int (*p_MPI_Pack_size)(int, MPI_Datatype, MPI_Comm, int *) = MPI_Pack_size;
int (*p_MPI_Pack_size_c)(MPI_Count, MPI_Datatype, MPI_Comm, MPI_Count *) = MPI_Pack_size_c;
int (*p_MPI_Pack_external)(const char [], const void *, int, MPI_Datatype, void *, MPI_Aint,
                           MPI_Aint *) = MPI_Pack_external;
int (*p_MPI_Pack_external_c)(const char [], const void *, MPI_Count, MPI_Datatype, void *,
                             MPI_Count, MPI_Count *) = MPI_Pack_external_c;
int (*p_MPI_Unpack_external)(const char [], const void *, MPI_Aint, MPI_Aint *, void *, int,
                             MPI_Datatype) = MPI_Unpack_external;
int (*p_MPI_Unpack_external_c)(const char [], const void *, MPI_Count, MPI_Count *, void *,
                               MPI_Count, MPI_Datatype) = MPI_Unpack_external_c;
int (*p_MPI_Pack_external_size)(const char [], int, MPI_Datatype,
                                MPI_Aint *) = MPI_Pack_external_size;
int (*p_MPI_Pack_external_size_c)(const char [], MPI_Count, MPI_Datatype,
                                  MPI_Count *) = MPI_Pack_external_size_c;
int (*p_MPI_Barrier)(MPI_Comm) = MPI_Barrier;
int (*p_MPI_Bcast)(void *, int, MPI_Datatype, int, MPI_Comm) = MPI_Bcast;
int (*p_MPI_Bcast_c)(void *, MPI_Count, MPI_Datatype, int, MPI_Comm) = MPI_Bcast_c;
int (*p_MPI_Gather)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int,
                    MPI_Comm) = MPI_Gather;
int (*p_MPI_Gather_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count, MPI_Datatype, int,
                      MPI_Comm) = MPI_Gather_c;
int (*p_MPI_Gatherv)(const void *, int, MPI_Datatype, void *, const int [], const int [],
                     MPI_Datatype, int, MPI_Comm) = MPI_Gatherv;
int (*p_MPI_Gatherv_c)(const void *, MPI_Count, MPI_Datatype, void *, const MPI_Count [],
                       const MPI_Aint [], MPI_Datatype, int, MPI_Comm) = MPI_Gatherv_c;
int (*p_MPI_Scatter)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int,
                     MPI_Comm) = MPI_Scatter;
int (*p_MPI_Scatter_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count, MPI_Datatype, int,
                       MPI_Comm) = MPI_Scatter_c;
int (*p_MPI_Scatterv)(const void *, const int [], const int [], MPI_Datatype, void *, int,
                      MPI_Datatype, int, MPI_Comm) = MPI_Scatterv;
int (*p_MPI_Scatterv_c)(const void *, const MPI_Count [], const MPI_Aint [], MPI_Datatype, void *,
                        MPI_Count, MPI_Datatype, int, MPI_Comm) = MPI_Scatterv_c;
int (*p_MPI_Allgather)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype,
                       MPI_Comm) = MPI_Allgather;
int (*p_MPI_Allgather_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count, MPI_Datatype,
                         MPI_Comm) = MPI_Allgather_c;
int (*p_MPI_Allgatherv)(const void *, int, MPI_Datatype, void *, const int [], const int [],
                        MPI_Datatype, MPI_Comm) = MPI_Allgatherv;
int (*p_MPI_Allgatherv_c)(const void *, MPI_Count, MPI_Datatype, void *, const MPI_Count [],
                          const MPI_Aint [], MPI_Datatype, MPI_Comm) = MPI_Allgatherv_c;
int (*p_MPI_Alltoall)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype,
                      MPI_Comm) = MPI_Alltoall;
int (*p_MPI_Alltoall_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count, MPI_Datatype,
                        MPI_Comm) = MPI_Alltoall_c;
int (*p_MPI_Alltoallv)(const void *, const int [], const int [], MPI_Datatype, void *, const int [],
                       const int [], MPI_Datatype, MPI_Comm) = MPI_Alltoallv;
int (*p_MPI_Alltoallv_c)(const void *, const MPI_Count [], const MPI_Aint [], MPI_Datatype, void *,
                         const MPI_Count [], const MPI_Aint [], MPI_Datatype,
                         MPI_Comm) = MPI_Alltoallv_c;
int (*p_MPI_Alltoallw)(const void *, const int [], const int [], const MPI_Datatype [], void *,
                       const int [], const int [], const MPI_Datatype [], MPI_Comm) = MPI_Alltoallw;
int (*p_MPI_Alltoallw_c)(const void *, const MPI_Count [], const MPI_Aint [], const MPI_Datatype [],
                         void *, const MPI_Count [], const MPI_Aint [], const MPI_Datatype [],
                         MPI_Comm) = MPI_Alltoallw_c;
int (*p_MPI_Reduce)(const void *, void *, int, MPI_Datatype, MPI_Op, int, MPI_Comm) = MPI_Reduce;
int (*p_MPI_Reduce_c)(const void *, void *, MPI_Count, MPI_Datatype, MPI_Op, int,
                      MPI_Comm) = MPI_Reduce_c;
int (*p_MPI_Op_create)(MPI_User_function *, int, MPI_Op *) = MPI_Op_create;
int (*p_MPI_Op_create_c)(MPI_User_function_c *, int, MPI_Op *) = MPI_Op_create_c;
int (*p_MPI_Op_free)(MPI_Op *) = MPI_Op_free;
int (*p_MPI_Allreduce)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm) = MPI_Allreduce;
int (*p_MPI_Allreduce_c)(const void *, void *, MPI_Count, MPI_Datatype, MPI_Op,
                         MPI_Comm) = MPI_Allreduce_c;
int (*p_MPI_Op_commutative)(MPI_Op, int *) = MPI_Op_commutative;
int (*p_MPI_Reduce_local)(const void *, void *, int, MPI_Datatype, MPI_Op) = MPI_Reduce_local;
int (*p_MPI_Reduce_local_c)(const void *, void *, MPI_Count, MPI_Datatype,
                            MPI_Op) = MPI_Reduce_local_c;
int (*p_MPI_Reduce_scatter_block)(const void *, void *, int, MPI_Datatype, MPI_Op,
                                  MPI_Comm) = MPI_Reduce_scatter_block;
int (*p_MPI_Reduce_scatter_block_c)(const void *, void *, MPI_Count, MPI_Datatype, MPI_Op,
                                    MPI_Comm) = MPI_Reduce_scatter_block_c;
int (*p_MPI_Reduce_scatter)(const void *, void *, const int [], MPI_Datatype, MPI_Op,
                            MPI_Comm) = MPI_Reduce_scatter;
int (*p_MPI_Reduce_scatter_c)(const void *, void *, const MPI_Count [], MPI_Datatype, MPI_Op,
                              MPI_Comm) = MPI_Reduce_scatter_c;
int (*p_MPI_Scan)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm) = MPI_Scan;
int (*p_MPI_Scan_c)(const void *, void *, MPI_Count, MPI_Datatype, MPI_Op, MPI_Comm) = MPI_Scan_c;
int (*p_MPI_Exscan)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm) = MPI_Exscan;
int (*p_MPI_Exscan_c)(const void *, void *, MPI_Count, MPI_Datatype, MPI_Op,
                      MPI_Comm) = MPI_Exscan_c;
int (*p_MPI_Ibarrier)(MPI_Comm, MPI_Request *) = MPI_Ibarrier;
int (*p_MPI_Ibcast)(void *, int, MPI_Datatype, int, MPI_Comm, MPI_Request *) = MPI_Ibcast;
int (*p_MPI_Ibcast_c)(void *, MPI_Count, MPI_Datatype, int, MPI_Comm, MPI_Request *) = MPI_Ibcast_c;
int (*p_MPI_Igather)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm,
                     MPI_Request *) = MPI_Igather;
int (*p_MPI_Igather_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count, MPI_Datatype, int,
                       MPI_Comm, MPI_Request *) = MPI_Igather_c;
int (*p_MPI_Igatherv)(const void *, int, MPI_Datatype, void *, const int [], const int [],
                      MPI_Datatype, int, MPI_Comm, MPI_Request *) = MPI_Igatherv;
int (*p_MPI_Igatherv_c)(const void *, MPI_Count, MPI_Datatype, void *, const MPI_Count [],
                        const MPI_Aint [], MPI_Datatype, int, MPI_Comm,
                        MPI_Request *) = MPI_Igatherv_c;
int (*p_MPI_Iscatter)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm,
                      MPI_Request *) = MPI_Iscatter;
int (*p_MPI_Iscatter_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count, MPI_Datatype, int,
                        MPI_Comm, MPI_Request *) = MPI_Iscatter_c;
int (*p_MPI_Iscatterv)(const void *, const int [], const int [], MPI_Datatype, void *, int,
                       MPI_Datatype, int, MPI_Comm, MPI_Request *) = MPI_Iscatterv;
int (*p_MPI_Iscatterv_c)(const void *, const MPI_Count [], const MPI_Aint [], MPI_Datatype, void *,
                         MPI_Count, MPI_Datatype, int, MPI_Comm, MPI_Request *) = MPI_Iscatterv_c;
int (*p_MPI_Iallgather)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm,
                        MPI_Request *) = MPI_Iallgather;
int (*p_MPI_Iallgather_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count, MPI_Datatype,
                          MPI_Comm, MPI_Request *) = MPI_Iallgather_c;
int (*p_MPI_Iallgatherv)(const void *, int, MPI_Datatype, void *, const int [], const int [],
                         MPI_Datatype, MPI_Comm, MPI_Request *) = MPI_Iallgatherv;
int (*p_MPI_Iallgatherv_c)(const void *, MPI_Count, MPI_Datatype, void *, const MPI_Count [],
                           const MPI_Aint [], MPI_Datatype, MPI_Comm,
                           MPI_Request *) = MPI_Iallgatherv_c;
int (*p_MPI_Ialltoall)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm,
                       MPI_Request *) = MPI_Ialltoall;
int (*p_MPI_Ialltoall_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count, MPI_Datatype,
                         MPI_Comm, MPI_Request *) = MPI_Ialltoall_c;
int (*p_MPI_Ialltoallv)(const void *, const int [], const int [], MPI_Datatype, void *,
                        const int [], const int [], MPI_Datatype, MPI_Comm,
                        MPI_Request *) = MPI_Ialltoallv;
int (*p_MPI_Ialltoallv_c)(const void *, const MPI_Count [], const MPI_Aint [], MPI_Datatype, void *,
                          const MPI_Count [], const MPI_Aint [], MPI_Datatype, MPI_Comm,
                          MPI_Request *) = MPI_Ialltoallv_c;
int (*p_MPI_Ialltoallw)(const void *, const int [], const int [], const MPI_Datatype [], void *,
                        const int [], const int [], const MPI_Datatype [], MPI_Comm,
                        MPI_Request *) = MPI_Ialltoallw;
int (*p_MPI_Ialltoallw_c)(const void *, const MPI_Count [], const MPI_Aint [],
                          const MPI_Datatype [], void *, const MPI_Count [], const MPI_Aint [],
                          const MPI_Datatype [], MPI_Comm, MPI_Request *) = MPI_Ialltoallw_c;
int (*p_MPI_Ireduce)(const void *, void *, int, MPI_Datatype, MPI_Op, int, MPI_Comm,
                     MPI_Request *) = MPI_Ireduce;
int (*p_MPI_Ireduce_c)(const void *, void *, MPI_Count, MPI_Datatype, MPI_Op, int, MPI_Comm,
                       MPI_Request *) = MPI_Ireduce_c;
int (*p_MPI_Iallreduce)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm,
                        MPI_Request *) = MPI_Iallreduce;
int (*p_MPI_Iallreduce_c)(const void *, void *, MPI_Count, MPI_Datatype, MPI_Op, MPI_Comm,
                          MPI_Request *) = MPI_Iallreduce_c;
int (*p_MPI_Ireduce_scatter_block)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm,
                                   MPI_Request *) = MPI_Ireduce_scatter_block;
int (*p_MPI_Ireduce_scatter_block_c)(const void *, void *, MPI_Count, MPI_Datatype, MPI_Op,
                                     MPI_Comm, MPI_Request *) = MPI_Ireduce_scatter_block_c;
int (*p_MPI_Ireduce_scatter)(const void *, void *, const int [], MPI_Datatype, MPI_Op, MPI_Comm,
                             MPI_Request *) = MPI_Ireduce_scatter;
int (*p_MPI_Ireduce_scatter_c)(const void *, void *, const MPI_Count [], MPI_Datatype, MPI_Op,
                               MPI_Comm, MPI_Request *) = MPI_Ireduce_scatter_c;
int (*p_MPI_Iscan)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm,
                   MPI_Request *) = MPI_Iscan;
int (*p_MPI_Iscan_c)(const void *, void *, MPI_Count, MPI_Datatype, MPI_Op, MPI_Comm,
                     MPI_Request *) = MPI_Iscan_c;
int (*p_MPI_Iexscan)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm,
                     MPI_Request *) = MPI_Iexscan;
int (*p_MPI_Iexscan_c)(const void *, void *, MPI_Count, MPI_Datatype, MPI_Op, MPI_Comm,
                       MPI_Request *) = MPI_Iexscan_c;
int (*p_MPI_Barrier_init)(MPI_Comm, MPI_Info, MPI_Request *) = MPI_Barrier_init;
int (*p_MPI_Bcast_init)(void *, int, MPI_Datatype, int, MPI_Comm, MPI_Info,
                        MPI_Request *) = MPI_Bcast_init;
int (*p_MPI_Bcast_init_c)(void *, MPI_Count, MPI_Datatype, int, MPI_Comm, MPI_Info,
                          MPI_Request *) = MPI_Bcast_init_c;
int (*p_MPI_Gather_init)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm,
                         MPI_Info, MPI_Request *) = MPI_Gather_init;
int (*p_MPI_Gather_init_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count, MPI_Datatype,
                           int, MPI_Comm, MPI_Info, MPI_Request *) = MPI_Gather_init_c;
int (*p_MPI_Gatherv_init)(const void *, int, MPI_Datatype, void *, const int [], const int [],
                          MPI_Datatype, int, MPI_Comm, MPI_Info, MPI_Request *) = MPI_Gatherv_init;
int (*p_MPI_Gatherv_init_c)(const void *, MPI_Count, MPI_Datatype, void *, const MPI_Count [],
                            const MPI_Aint [], MPI_Datatype, int, MPI_Comm, MPI_Info,
                            MPI_Request *) = MPI_Gatherv_init_c;
int (*p_MPI_Scatter_init)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int, MPI_Comm,
                          MPI_Info, MPI_Request *) = MPI_Scatter_init;
int (*p_MPI_Scatter_init_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count, MPI_Datatype,
                            int, MPI_Comm, MPI_Info, MPI_Request *) = MPI_Scatter_init_c;
int (*p_MPI_Scatterv_init)(const void *, const int [], const int [], MPI_Datatype, void *, int,
                           MPI_Datatype, int, MPI_Comm, MPI_Info,
                           MPI_Request *) = MPI_Scatterv_init;
int (*p_MPI_Scatterv_init_c)(const void *, const MPI_Count [], const MPI_Aint [], MPI_Datatype,
                             void *, MPI_Count, MPI_Datatype, int, MPI_Comm, MPI_Info,
                             MPI_Request *) = MPI_Scatterv_init_c;
int (*p_MPI_Allgather_init)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm,
                            MPI_Info, MPI_Request *) = MPI_Allgather_init;
int (*p_MPI_Allgather_init_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count,
                              MPI_Datatype, MPI_Comm, MPI_Info,
                              MPI_Request *) = MPI_Allgather_init_c;
int (*p_MPI_Allgatherv_init)(const void *, int, MPI_Datatype, void *, const int [], const int [],
                             MPI_Datatype, MPI_Comm, MPI_Info, MPI_Request *) = MPI_Allgatherv_init;
int (*p_MPI_Allgatherv_init_c)(const void *, MPI_Count, MPI_Datatype, void *, const MPI_Count [],
                               const MPI_Aint [], MPI_Datatype, MPI_Comm, MPI_Info,
                               MPI_Request *) = MPI_Allgatherv_init_c;
int (*p_MPI_Alltoall_init)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, MPI_Comm,
                           MPI_Info, MPI_Request *) = MPI_Alltoall_init;
int (*p_MPI_Alltoall_init_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count, MPI_Datatype,
                             MPI_Comm, MPI_Info, MPI_Request *) = MPI_Alltoall_init_c;
int (*p_MPI_Alltoallv_init)(const void *, const int [], const int [], MPI_Datatype, void *,
                            const int [], const int [], MPI_Datatype, MPI_Comm, MPI_Info,
                            MPI_Request *) = MPI_Alltoallv_init;
int (*p_MPI_Alltoallv_init_c)(const void *, const MPI_Count [], const MPI_Aint [], MPI_Datatype,
                              void *, const MPI_Count [], const MPI_Aint [], MPI_Datatype, MPI_Comm,
                              MPI_Info, MPI_Request *) = MPI_Alltoallv_init_c;
int (*p_MPI_Alltoallw_init)(const void *, const int [], const int [], const MPI_Datatype [], void *,
                            const int [], const int [], const MPI_Datatype [], MPI_Comm, MPI_Info,
                            MPI_Request *) = MPI_Alltoallw_init;
int (*p_MPI_Alltoallw_init_c)(const void *, const MPI_Count [], const MPI_Aint [],
                              const MPI_Datatype [], void *, const MPI_Count [], const MPI_Aint [],
                              const MPI_Datatype [], MPI_Comm, MPI_Info,
                              MPI_Request *) = MPI_Alltoallw_init_c;
int (*p_MPI_Reduce_init)(const void *, void *, int, MPI_Datatype, MPI_Op, int, MPI_Comm, MPI_Info,
                         MPI_Request *) = MPI_Reduce_init;
int (*p_MPI_Reduce_init_c)(const void *, void *, MPI_Count, MPI_Datatype, MPI_Op, int, MPI_Comm,
                           MPI_Info, MPI_Request *) = MPI_Reduce_init_c;
int (*p_MPI_Allreduce_init)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm, MPI_Info,
                            MPI_Request *) = MPI_Allreduce_init;
int (*p_MPI_Allreduce_init_c)(const void *, void *, MPI_Count, MPI_Datatype, MPI_Op, MPI_Comm,
                              MPI_Info, MPI_Request *) = MPI_Allreduce_init_c;
int (*p_MPI_Reduce_scatter_block_init)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm,
                                       MPI_Info, MPI_Request *) = MPI_Reduce_scatter_block_init;
int (*p_MPI_Reduce_scatter_block_init_c)(const void *, void *, MPI_Count, MPI_Datatype, MPI_Op,
                                         MPI_Comm, MPI_Info,
                                         MPI_Request *) = MPI_Reduce_scatter_block_init_c;
int (*p_MPI_Reduce_scatter_init)(const void *, void *, const int [], MPI_Datatype, MPI_Op, MPI_Comm,
                                 MPI_Info, MPI_Request *) = MPI_Reduce_scatter_init;
int (*p_MPI_Reduce_scatter_init_c)(const void *, void *, const MPI_Count [], MPI_Datatype, MPI_Op,
                                   MPI_Comm, MPI_Info, MPI_Request *) = MPI_Reduce_scatter_init_c;
int (*p_MPI_Scan_init)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm, MPI_Info,
                       MPI_Request *) = MPI_Scan_init;
int (*p_MPI_Scan_init_c)(const void *, void *, MPI_Count, MPI_Datatype, MPI_Op, MPI_Comm, MPI_Info,
                         MPI_Request *) = MPI_Scan_init_c;
int (*p_MPI_Exscan_init)(const void *, void *, int, MPI_Datatype, MPI_Op, MPI_Comm, MPI_Info,
                         MPI_Request *) = MPI_Exscan_init;
int (*p_MPI_Exscan_init_c)(const void *, void *, MPI_Count, MPI_Datatype, MPI_Op, MPI_Comm,
                           MPI_Info, MPI_Request *) = MPI_Exscan_init_c;
int (*p_MPI_Group_size)(MPI_Group, int *) = MPI_Group_size;
int (*p_MPI_Group_rank)(MPI_Group, int *) = MPI_Group_rank;
int (*p_MPI_Group_translate_ranks)(MPI_Group, int, const int [], MPI_Group,
                                   int []) = MPI_Group_translate_ranks;
int (*p_MPI_Group_compare)(MPI_Group, MPI_Group, int *) = MPI_Group_compare;
int (*p_MPI_Comm_group)(MPI_Comm, MPI_Group *) = MPI_Comm_group;
int (*p_MPI_Group_union)(MPI_Group, MPI_Group, MPI_Group *) = MPI_Group_union;
int (*p_MPI_Group_intersection)(MPI_Group, MPI_Group, MPI_Group *) = MPI_Group_intersection;
int (*p_MPI_Group_difference)(MPI_Group, MPI_Group, MPI_Group *) = MPI_Group_difference;
int (*p_MPI_Group_incl)(MPI_Group, int, const int [], MPI_Group *) = MPI_Group_incl;
int (*p_MPI_Group_excl)(MPI_Group, int, const int [], MPI_Group *) = MPI_Group_excl;
int (*p_MPI_Group_range_incl)(MPI_Group, int, int [][3], MPI_Group *) = MPI_Group_range_incl;
int (*p_MPI_Group_range_excl)(MPI_Group, int, int [][3], MPI_Group *) = MPI_Group_range_excl;
int (*p_MPI_Group_from_session_pset)(MPI_Session, const char *,
                                     MPI_Group *) = MPI_Group_from_session_pset;
int (*p_MPI_Group_free)(MPI_Group *) = MPI_Group_free;
int (*p_MPI_Comm_size)(MPI_Comm, int *) = MPI_Comm_size;
int (*p_MPI_Comm_rank)(MPI_Comm, int *) = MPI_Comm_rank;
int (*p_MPI_Comm_compare)(MPI_Comm, MPI_Comm, int *) = MPI_Comm_compare;
int (*p_MPI_Comm_dup)(MPI_Comm, MPI_Comm *) = MPI_Comm_dup;
int (*p_MPI_Comm_dup_with_info)(MPI_Comm, MPI_Info, MPI_Comm *) = MPI_Comm_dup_with_info;
int (*p_MPI_Comm_idup)(MPI_Comm, MPI_Comm *, MPI_Request *) = MPI_Comm_idup;
int (*p_MPI_Comm_idup_with_info)(MPI_Comm, MPI_Info, MPI_Comm *,
                                 MPI_Request *) = MPI_Comm_idup_with_info;
int (*p_MPI_Comm_create)(MPI_Comm, MPI_Group, MPI_Comm *) = MPI_Comm_create;
int (*p_MPI_Comm_create_group)(MPI_Comm, MPI_Group, int, MPI_Comm *) = MPI_Comm_create_group;
int (*p_MPI_Comm_create_from_group)(MPI_Group, const char *, MPI_Info, MPI_Errhandler,
                                    MPI_Comm *) = MPI_Comm_create_from_group;
int (*p_MPI_Comm_split)(MPI_Comm, int, int, MPI_Comm *) = MPI_Comm_split;
int (*p_MPI_Comm_split_type)(MPI_Comm, int, int, MPI_Info, MPI_Comm *) = MPI_Comm_split_type;
int (*p_MPI_Comm_free)(MPI_Comm *) = MPI_Comm_free;
int (*p_MPI_Comm_set_info)(MPI_Comm, MPI_Info) = MPI_Comm_set_info;
int (*p_MPI_Comm_get_info)(MPI_Comm, MPI_Info *) = MPI_Comm_get_info;
int (*p_MPI_Comm_test_inter)(MPI_Comm, int *) = MPI_Comm_test_inter;
int (*p_MPI_Comm_remote_size)(MPI_Comm, int *) = MPI_Comm_remote_size;
int (*p_MPI_Comm_remote_group)(MPI_Comm, MPI_Group *) = MPI_Comm_remote_group;
int (*p_MPI_Intercomm_create)(MPI_Comm, int, MPI_Comm, int, int, MPI_Comm *) = MPI_Intercomm_create;
int (*p_MPI_Intercomm_create_from_groups)(MPI_Group, int, MPI_Group, int, const char *, MPI_Info,
                                          MPI_Errhandler,
                                          MPI_Comm *) = MPI_Intercomm_create_from_groups;
int (*p_MPI_Intercomm_merge)(MPI_Comm, int, MPI_Comm *) = MPI_Intercomm_merge;
int (*p_MPI_Comm_create_keyval)(MPI_Comm_copy_attr_function *, MPI_Comm_delete_attr_function *,
                                int *, void *) = MPI_Comm_create_keyval;
int (*p_MPI_Comm_free_keyval)(int *) = MPI_Comm_free_keyval;
int (*p_MPI_Comm_set_attr)(MPI_Comm, int, void *) = MPI_Comm_set_attr;
int (*p_MPI_Comm_get_attr)(MPI_Comm, int, void *, int *) = MPI_Comm_get_attr;
int (*p_MPI_Comm_delete_attr)(MPI_Comm, int) = MPI_Comm_delete_attr;
int (*p_MPI_Win_create_keyval)(MPI_Win_copy_attr_function *, MPI_Win_delete_attr_function *, int *,
                               void *) = MPI_Win_create_keyval;
int (*p_MPI_Win_free_keyval)(int *) = MPI_Win_free_keyval;
int (*p_MPI_Win_set_attr)(MPI_Win, int, void *) = MPI_Win_set_attr;
int (*p_MPI_Win_get_attr)(MPI_Win, int, void *, int *) = MPI_Win_get_attr;
int (*p_MPI_Win_delete_attr)(MPI_Win, int) = MPI_Win_delete_attr;
int (*p_MPI_Type_create_keyval)(MPI_Type_copy_attr_function *, MPI_Type_delete_attr_function *,
                                int *, void *) = MPI_Type_create_keyval;
int (*p_MPI_Type_free_keyval)(int *) = MPI_Type_free_keyval;
int (*p_MPI_Type_set_attr)(MPI_Datatype, int, void *) = MPI_Type_set_attr;
int (*p_MPI_Type_get_attr)(MPI_Datatype, int, void *, int *) = MPI_Type_get_attr;
int (*p_MPI_Type_delete_attr)(MPI_Datatype, int) = MPI_Type_delete_attr;
int (*p_MPI_Comm_set_name)(MPI_Comm, const char *) = MPI_Comm_set_name;
int (*p_MPI_Comm_get_name)(MPI_Comm, char *, int *) = MPI_Comm_get_name;
int (*p_MPI_Type_set_name)(MPI_Datatype, const char *) = MPI_Type_set_name;
int (*p_MPI_Type_get_name)(MPI_Datatype, char *, int *) = MPI_Type_get_name;
int (*p_MPI_Win_set_name)(MPI_Win, const char *) = MPI_Win_set_name;
int (*p_MPI_Win_get_name)(MPI_Win, char *, int *) = MPI_Win_get_name;
int (*p_MPI_Cart_create)(MPI_Comm, int, const int [], const int [], int,
                         MPI_Comm *) = MPI_Cart_create;
int (*p_MPI_Dims_create)(int, int, int []) = MPI_Dims_create;
int (*p_MPI_Graph_create)(MPI_Comm, int, const int [], const int [], int,
                          MPI_Comm *) = MPI_Graph_create;
int (*p_MPI_Dist_graph_create_adjacent)(MPI_Comm, int, const int [], const int *, int, const int [],
                                        const int *, MPI_Info, int,
                                        MPI_Comm *) = MPI_Dist_graph_create_adjacent;
int (*p_MPI_Dist_graph_create)(MPI_Comm, int, const int [], const int [], const int [], const int *,
                               MPI_Info, int, MPI_Comm *) = MPI_Dist_graph_create;
int (*p_MPI_Topo_test)(MPI_Comm, int *) = MPI_Topo_test;
int (*p_MPI_Graphdims_get)(MPI_Comm, int *, int *) = MPI_Graphdims_get;
int (*p_MPI_Graph_get)(MPI_Comm, int, int, int [], int []) = MPI_Graph_get;
int (*p_MPI_Cartdim_get)(MPI_Comm, int *) = MPI_Cartdim_get;
int (*p_MPI_Cart_get)(MPI_Comm, int, int [], int [], int []) = MPI_Cart_get;
int (*p_MPI_Cart_rank)(MPI_Comm, const int [], int *) = MPI_Cart_rank;
int (*p_MPI_Cart_coords)(MPI_Comm, int, int, int []) = MPI_Cart_coords;
int (*p_MPI_Graph_neighbors_count)(MPI_Comm, int, int *) = MPI_Graph_neighbors_count;
int (*p_MPI_Graph_neighbors)(MPI_Comm, int, int, int []) = MPI_Graph_neighbors;
int (*p_MPI_Dist_graph_neighbors_count)(MPI_Comm, int *, int *,
                                        int *) = MPI_Dist_graph_neighbors_count;
int (*p_MPI_Dist_graph_neighbors)(MPI_Comm, int, int [], int *, int, int [],
                                  int *) = MPI_Dist_graph_neighbors;
int (*p_MPI_Cart_shift)(MPI_Comm, int, int, int *, int *) = MPI_Cart_shift;
int (*p_MPI_Cart_sub)(MPI_Comm, const int [], MPI_Comm *) = MPI_Cart_sub;
int (*p_MPI_Cart_map)(MPI_Comm, int, const int [], const int [], int *) = MPI_Cart_map;
int (*p_MPI_Graph_map)(MPI_Comm, int, const int [], const int [], int *) = MPI_Graph_map;
int (*p_MPI_Neighbor_allgather)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype,
                                MPI_Comm) = MPI_Neighbor_allgather;
int (*p_MPI_Neighbor_allgather_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count,
                                  MPI_Datatype, MPI_Comm) = MPI_Neighbor_allgather_c;
int (*p_MPI_Neighbor_allgatherv)(const void *, int, MPI_Datatype, void *, const int [],
                                 const int [], MPI_Datatype, MPI_Comm) = MPI_Neighbor_allgatherv;
int (*p_MPI_Neighbor_allgatherv_c)(const void *, MPI_Count, MPI_Datatype, void *,
                                   const MPI_Count [], const MPI_Aint [], MPI_Datatype,
                                   MPI_Comm) = MPI_Neighbor_allgatherv_c;
int (*p_MPI_Neighbor_alltoall)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype,
                               MPI_Comm) = MPI_Neighbor_alltoall;
int (*p_MPI_Neighbor_alltoall_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count,
                                 MPI_Datatype, MPI_Comm) = MPI_Neighbor_alltoall_c;
int (*p_MPI_Neighbor_alltoallv)(const void *, const int [], const int [], MPI_Datatype, void *,
                                const int [], const int [], MPI_Datatype,
                                MPI_Comm) = MPI_Neighbor_alltoallv;
int (*p_MPI_Neighbor_alltoallv_c)(const void *, const MPI_Count [], const MPI_Aint [], MPI_Datatype,
                                  void *, const MPI_Count [], const MPI_Aint [], MPI_Datatype,
                                  MPI_Comm) = MPI_Neighbor_alltoallv_c;
int (*p_MPI_Neighbor_alltoallw)(const void *, const int [], const MPI_Aint [],
                                const MPI_Datatype [], void *, const int [], const MPI_Aint [],
                                const MPI_Datatype [], MPI_Comm) = MPI_Neighbor_alltoallw;
int (*p_MPI_Neighbor_alltoallw_c)(const void *, const MPI_Count [], const MPI_Aint [],
                                  const MPI_Datatype [], void *, const MPI_Count [],
                                  const MPI_Aint [], const MPI_Datatype [],
                                  MPI_Comm) = MPI_Neighbor_alltoallw_c;
int (*p_MPI_Ineighbor_allgather)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype,
                                 MPI_Comm, MPI_Request *) = MPI_Ineighbor_allgather;
int (*p_MPI_Ineighbor_allgather_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count,
                                   MPI_Datatype, MPI_Comm,
                                   MPI_Request *) = MPI_Ineighbor_allgather_c;
int (*p_MPI_Ineighbor_allgatherv)(const void *, int, MPI_Datatype, void *, const int [],
                                  const int [], MPI_Datatype, MPI_Comm,
                                  MPI_Request *) = MPI_Ineighbor_allgatherv;
int (*p_MPI_Ineighbor_allgatherv_c)(const void *, MPI_Count, MPI_Datatype, void *,
                                    const MPI_Count [], const MPI_Aint [], MPI_Datatype, MPI_Comm,
                                    MPI_Request *) = MPI_Ineighbor_allgatherv_c;
int (*p_MPI_Ineighbor_alltoall)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype,
                                MPI_Comm, MPI_Request *) = MPI_Ineighbor_alltoall;
int (*p_MPI_Ineighbor_alltoall_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count,
                                  MPI_Datatype, MPI_Comm, MPI_Request *) = MPI_Ineighbor_alltoall_c;
int (*p_MPI_Ineighbor_alltoallv)(const void *, const int [], const int [], MPI_Datatype, void *,
                                 const int [], const int [], MPI_Datatype, MPI_Comm,
                                 MPI_Request *) = MPI_Ineighbor_alltoallv;
int (*p_MPI_Ineighbor_alltoallv_c)(const void *, const MPI_Count [], const MPI_Aint [],
                                   MPI_Datatype, void *, const MPI_Count [], const MPI_Aint [],
                                   MPI_Datatype, MPI_Comm,
                                   MPI_Request *) = MPI_Ineighbor_alltoallv_c;
int (*p_MPI_Ineighbor_alltoallw)(const void *, const int [], const MPI_Aint [],
                                 const MPI_Datatype [], void *, const int [], const MPI_Aint [],
                                 const MPI_Datatype [], MPI_Comm,
                                 MPI_Request *) = MPI_Ineighbor_alltoallw;
int (*p_MPI_Ineighbor_alltoallw_c)(const void *, const MPI_Count [], const MPI_Aint [],
                                   const MPI_Datatype [], void *, const MPI_Count [],
                                   const MPI_Aint [], const MPI_Datatype [], MPI_Comm,
                                   MPI_Request *) = MPI_Ineighbor_alltoallw_c;
int (*p_MPI_Neighbor_allgather_init)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype,
                                     MPI_Comm, MPI_Info,
                                     MPI_Request *) = MPI_Neighbor_allgather_init;
int (*p_MPI_Neighbor_allgather_init_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count,
                                       MPI_Datatype, MPI_Comm, MPI_Info,
                                       MPI_Request *) = MPI_Neighbor_allgather_init_c;
int (*p_MPI_Neighbor_allgatherv_init)(const void *, int, MPI_Datatype, void *, const int [],
                                      const int [], MPI_Datatype, MPI_Comm, MPI_Info,
                                      MPI_Request *) = MPI_Neighbor_allgatherv_init;
int (*p_MPI_Neighbor_allgatherv_init_c)(const void *, MPI_Count, MPI_Datatype, void *,
                                        const MPI_Count [], const MPI_Aint [], MPI_Datatype,
                                        MPI_Comm, MPI_Info,
                                        MPI_Request *) = MPI_Neighbor_allgatherv_init_c;
int (*p_MPI_Neighbor_alltoall_init)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype,
                                    MPI_Comm, MPI_Info, MPI_Request *) = MPI_Neighbor_alltoall_init;
int (*p_MPI_Neighbor_alltoall_init_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count,
                                      MPI_Datatype, MPI_Comm, MPI_Info,
                                      MPI_Request *) = MPI_Neighbor_alltoall_init_c;
int (*p_MPI_Neighbor_alltoallv_init)(const void *, const int [], const int [], MPI_Datatype, void *,
                                     const int [], const int [], MPI_Datatype, MPI_Comm, MPI_Info,
                                     MPI_Request *) = MPI_Neighbor_alltoallv_init;
int (*p_MPI_Neighbor_alltoallv_init_c)(const void *, const MPI_Count [], const MPI_Aint [],
                                       MPI_Datatype, void *, const MPI_Count [], const MPI_Aint [],
                                       MPI_Datatype, MPI_Comm, MPI_Info,
                                       MPI_Request *) = MPI_Neighbor_alltoallv_init_c;
int (*p_MPI_Neighbor_alltoallw_init)(const void *, const int [], const MPI_Aint [],
                                     const MPI_Datatype [], void *, const int [], const MPI_Aint [],
                                     const MPI_Datatype [], MPI_Comm, MPI_Info,
                                     MPI_Request *) = MPI_Neighbor_alltoallw_init;
int (*p_MPI_Neighbor_alltoallw_init_c)(const void *, const MPI_Count [], const MPI_Aint [],
                                       const MPI_Datatype [], void *, const MPI_Count [],
                                       const MPI_Aint [], const MPI_Datatype [], MPI_Comm, MPI_Info,
                                       MPI_Request *) = MPI_Neighbor_alltoallw_init_c;
int (*p_MPI_Get_version)(int *, int *) = MPI_Get_version;
int (*p_MPI_Get_library_version)(char *, int *) = MPI_Get_library_version;
int (*p_MPI_Get_processor_name)(char *, int *) = MPI_Get_processor_name;
int (*p_MPI_Get_hw_resource_info)(MPI_Info *) = MPI_Get_hw_resource_info;
int (*p_MPI_Alloc_mem)(MPI_Aint, MPI_Info, void *) = MPI_Alloc_mem;
int (*p_MPI_Free_mem)(void *) = MPI_Free_mem;
double (*p_MPI_Wtime)(void) = MPI_Wtime;
double (*p_MPI_Wtick)(void) = MPI_Wtick;
int (*p_MPI_Comm_create_errhandler)(MPI_Comm_errhandler_function *,
                                    MPI_Errhandler *) = MPI_Comm_create_errhandler;
int (*p_MPI_Comm_set_errhandler)(MPI_Comm, MPI_Errhandler) = MPI_Comm_set_errhandler;
int (*p_MPI_Comm_get_errhandler)(MPI_Comm, MPI_Errhandler *) = MPI_Comm_get_errhandler;
int (*p_MPI_Win_create_errhandler)(MPI_Win_errhandler_function *,
                                   MPI_Errhandler *) = MPI_Win_create_errhandler;
int (*p_MPI_Win_set_errhandler)(MPI_Win, MPI_Errhandler) = MPI_Win_set_errhandler;
int (*p_MPI_Win_get_errhandler)(MPI_Win, MPI_Errhandler *) = MPI_Win_get_errhandler;
int (*p_MPI_File_create_errhandler)(MPI_File_errhandler_function *,
                                    MPI_Errhandler *) = MPI_File_create_errhandler;
int (*p_MPI_File_set_errhandler)(MPI_File, MPI_Errhandler) = MPI_File_set_errhandler;
int (*p_MPI_File_get_errhandler)(MPI_File, MPI_Errhandler *) = MPI_File_get_errhandler;
int (*p_MPI_Session_create_errhandler)(MPI_Session_errhandler_function *,
                                       MPI_Errhandler *) = MPI_Session_create_errhandler;
int (*p_MPI_Session_set_errhandler)(MPI_Session, MPI_Errhandler) = MPI_Session_set_errhandler;
int (*p_MPI_Session_get_errhandler)(MPI_Session, MPI_Errhandler *) = MPI_Session_get_errhandler;
int (*p_MPI_Errhandler_free)(MPI_Errhandler *) = MPI_Errhandler_free;
int (*p_MPI_Error_string)(int, char *, int *) = MPI_Error_string;
int (*p_MPI_Error_class)(int, int *) = MPI_Error_class;
int (*p_MPI_Add_error_class)(int *) = MPI_Add_error_class;
int (*p_MPI_Add_error_code)(int, int *) = MPI_Add_error_code;
int (*p_MPI_Add_error_string)(int, const char *) = MPI_Add_error_string;
int (*p_MPI_Remove_error_class)(int) = MPI_Remove_error_class;
int (*p_MPI_Remove_error_code)(int) = MPI_Remove_error_code;
int (*p_MPI_Remove_error_string)(int) = MPI_Remove_error_string;
int (*p_MPI_Comm_call_errhandler)(MPI_Comm, int) = MPI_Comm_call_errhandler;
int (*p_MPI_Win_call_errhandler)(MPI_Win, int) = MPI_Win_call_errhandler;
int (*p_MPI_File_call_errhandler)(MPI_File, int) = MPI_File_call_errhandler;
int (*p_MPI_Session_call_errhandler)(MPI_Session, int) = MPI_Session_call_errhandler;
int (*p_MPI_Info_create)(MPI_Info *) = MPI_Info_create;
int (*p_MPI_Info_set)(MPI_Info, const char *, const char *) = MPI_Info_set;
int (*p_MPI_Info_delete)(MPI_Info, const char *) = MPI_Info_delete;
int (*p_MPI_Info_get_string)(MPI_Info, const char *, int *, char *, int *) = MPI_Info_get_string;
int (*p_MPI_Info_get_nkeys)(MPI_Info, int *) = MPI_Info_get_nkeys;
int (*p_MPI_Info_get_nthkey)(MPI_Info, int, char *) = MPI_Info_get_nthkey;
int (*p_MPI_Info_dup)(MPI_Info, MPI_Info *) = MPI_Info_dup;
int (*p_MPI_Info_free)(MPI_Info *) = MPI_Info_free;
int (*p_MPI_Info_create_env)(int, char *[], MPI_Info *) = MPI_Info_create_env;
int (*p_MPI_Init)(int *, char ***) = MPI_Init;
int (*p_MPI_Init_thread)(int *, char ***, int, int *) = MPI_Init_thread;
int (*p_MPI_Query_thread)(int *) = MPI_Query_thread;
int (*p_MPI_Is_thread_main)(int *) = MPI_Is_thread_main;
int (*p_MPI_Finalize)(void) = MPI_Finalize;
int (*p_MPI_Initialized)(int *) = MPI_Initialized;
int (*p_MPI_Finalized)(int *) = MPI_Finalized;
int (*p_MPI_Abort)(MPI_Comm, int) = MPI_Abort;
int (*p_MPI_Session_init)(MPI_Info, MPI_Errhandler, MPI_Session *) = MPI_Session_init;
int (*p_MPI_Session_finalize)(MPI_Session *) = MPI_Session_finalize;
int (*p_MPI_Session_get_num_psets)(MPI_Session, MPI_Info, int *) = MPI_Session_get_num_psets;
int (*p_MPI_Session_get_nth_pset)(MPI_Session, MPI_Info, int, int *,
                                  char *) = MPI_Session_get_nth_pset;
int (*p_MPI_Session_get_info)(MPI_Session, MPI_Info *) = MPI_Session_get_info;
int (*p_MPI_Session_get_pset_info)(MPI_Session, const char *,
                                   MPI_Info *) = MPI_Session_get_pset_info;
int (*p_MPI_Comm_spawn)(const char *, char *[], int, MPI_Info, int, MPI_Comm, MPI_Comm *,
                        int []) = MPI_Comm_spawn;
int (*p_MPI_Comm_get_parent)(MPI_Comm *) = MPI_Comm_get_parent;
int (*p_MPI_Comm_spawn_multiple)(int, char *[], char **[], const int [], const MPI_Info [], int,
                                 MPI_Comm, MPI_Comm *, int []) = MPI_Comm_spawn_multiple;
int (*p_MPI_Open_port)(MPI_Info, char *) = MPI_Open_port;
int (*p_MPI_Close_port)(const char *) = MPI_Close_port;
int (*p_MPI_Comm_accept)(const char *, MPI_Info, int, MPI_Comm, MPI_Comm *) = MPI_Comm_accept;
int (*p_MPI_Comm_connect)(const char *, MPI_Info, int, MPI_Comm, MPI_Comm *) = MPI_Comm_connect;
int (*p_MPI_Publish_name)(const char *, MPI_Info, const char *) = MPI_Publish_name;
int (*p_MPI_Unpublish_name)(const char *, MPI_Info, const char *) = MPI_Unpublish_name;
int (*p_MPI_Lookup_name)(const char *, MPI_Info, char *) = MPI_Lookup_name;
int (*p_MPI_Comm_disconnect)(MPI_Comm *) = MPI_Comm_disconnect;
int (*p_MPI_Comm_join)(int, MPI_Comm *) = MPI_Comm_join;
int (*p_MPI_Win_create)(void *, MPI_Aint, int, MPI_Info, MPI_Comm, MPI_Win *) = MPI_Win_create;
int (*p_MPI_Win_create_c)(void *, MPI_Aint, MPI_Aint, MPI_Info, MPI_Comm,
                          MPI_Win *) = MPI_Win_create_c;
int (*p_MPI_Win_allocate)(MPI_Aint, int, MPI_Info, MPI_Comm, void *, MPI_Win *) = MPI_Win_allocate;
int (*p_MPI_Win_allocate_c)(MPI_Aint, MPI_Aint, MPI_Info, MPI_Comm, void *,
                            MPI_Win *) = MPI_Win_allocate_c;
int (*p_MPI_Win_allocate_shared)(MPI_Aint, int, MPI_Info, MPI_Comm, void *,
                                 MPI_Win *) = MPI_Win_allocate_shared;
int (*p_MPI_Win_allocate_shared_c)(MPI_Aint, MPI_Aint, MPI_Info, MPI_Comm, void *,
                                   MPI_Win *) = MPI_Win_allocate_shared_c;
int (*p_MPI_Win_shared_query)(MPI_Win, int, MPI_Aint *, int *, void *) = MPI_Win_shared_query;
int (*p_MPI_Win_shared_query_c)(MPI_Win, int, MPI_Aint *, MPI_Aint *,
                                void *) = MPI_Win_shared_query_c;
int (*p_MPI_Win_create_dynamic)(MPI_Info, MPI_Comm, MPI_Win *) = MPI_Win_create_dynamic;
int (*p_MPI_Win_attach)(MPI_Win, void *, MPI_Aint) = MPI_Win_attach;
int (*p_MPI_Win_detach)(MPI_Win, const void *) = MPI_Win_detach;
int (*p_MPI_Win_free)(MPI_Win *) = MPI_Win_free;
int (*p_MPI_Win_get_group)(MPI_Win, MPI_Group *) = MPI_Win_get_group;
int (*p_MPI_Win_set_info)(MPI_Win, MPI_Info) = MPI_Win_set_info;
int (*p_MPI_Win_get_info)(MPI_Win, MPI_Info *) = MPI_Win_get_info;
int (*p_MPI_Put)(const void *, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype,
                 MPI_Win) = MPI_Put;
int (*p_MPI_Put_c)(const void *, MPI_Count, MPI_Datatype, int, MPI_Aint, MPI_Count, MPI_Datatype,
                   MPI_Win) = MPI_Put_c;
int (*p_MPI_Get)(void *, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype, MPI_Win) = MPI_Get;
int (*p_MPI_Get_c)(void *, MPI_Count, MPI_Datatype, int, MPI_Aint, MPI_Count, MPI_Datatype,
                   MPI_Win) = MPI_Get_c;
int (*p_MPI_Accumulate)(const void *, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype, MPI_Op,
                        MPI_Win) = MPI_Accumulate;
int (*p_MPI_Accumulate_c)(const void *, MPI_Count, MPI_Datatype, int, MPI_Aint, MPI_Count,
                          MPI_Datatype, MPI_Op, MPI_Win) = MPI_Accumulate_c;
int (*p_MPI_Get_accumulate)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int,
                            MPI_Aint, int, MPI_Datatype, MPI_Op, MPI_Win) = MPI_Get_accumulate;
int (*p_MPI_Get_accumulate_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count,
                              MPI_Datatype, int, MPI_Aint, MPI_Count, MPI_Datatype, MPI_Op,
                              MPI_Win) = MPI_Get_accumulate_c;
int (*p_MPI_Fetch_and_op)(const void *, void *, MPI_Datatype, int, MPI_Aint, MPI_Op,
                          MPI_Win) = MPI_Fetch_and_op;
int (*p_MPI_Compare_and_swap)(const void *, const void *, void *, MPI_Datatype, int, MPI_Aint,
                              MPI_Win) = MPI_Compare_and_swap;
int (*p_MPI_Rput)(const void *, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype, MPI_Win,
                  MPI_Request *) = MPI_Rput;
int (*p_MPI_Rput_c)(const void *, MPI_Count, MPI_Datatype, int, MPI_Aint, MPI_Count, MPI_Datatype,
                    MPI_Win, MPI_Request *) = MPI_Rput_c;
int (*p_MPI_Rget)(void *, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype, MPI_Win,
                  MPI_Request *) = MPI_Rget;
int (*p_MPI_Rget_c)(void *, MPI_Count, MPI_Datatype, int, MPI_Aint, MPI_Count, MPI_Datatype,
                    MPI_Win, MPI_Request *) = MPI_Rget_c;
int (*p_MPI_Raccumulate)(const void *, int, MPI_Datatype, int, MPI_Aint, int, MPI_Datatype, MPI_Op,
                         MPI_Win, MPI_Request *) = MPI_Raccumulate;
int (*p_MPI_Raccumulate_c)(const void *, MPI_Count, MPI_Datatype, int, MPI_Aint, MPI_Count,
                           MPI_Datatype, MPI_Op, MPI_Win, MPI_Request *) = MPI_Raccumulate_c;
int (*p_MPI_Rget_accumulate)(const void *, int, MPI_Datatype, void *, int, MPI_Datatype, int,
                             MPI_Aint, int, MPI_Datatype, MPI_Op, MPI_Win,
                             MPI_Request *) = MPI_Rget_accumulate;
int (*p_MPI_Rget_accumulate_c)(const void *, MPI_Count, MPI_Datatype, void *, MPI_Count,
                               MPI_Datatype, int, MPI_Aint, MPI_Count, MPI_Datatype, MPI_Op,
                               MPI_Win, MPI_Request *) = MPI_Rget_accumulate_c;
int (*p_MPI_Win_fence)(int, MPI_Win) = MPI_Win_fence;
int (*p_MPI_Win_start)(MPI_Group, int, MPI_Win) = MPI_Win_start;
int (*p_MPI_Win_complete)(MPI_Win) = MPI_Win_complete;
int (*p_MPI_Win_post)(MPI_Group, int, MPI_Win) = MPI_Win_post;
int (*p_MPI_Win_wait)(MPI_Win) = MPI_Win_wait;
int (*p_MPI_Win_test)(MPI_Win, int *) = MPI_Win_test;
int (*p_MPI_Win_lock)(int, int, int, MPI_Win) = MPI_Win_lock;
int (*p_MPI_Win_lock_all)(int, MPI_Win) = MPI_Win_lock_all;
int (*p_MPI_Win_unlock)(int, MPI_Win) = MPI_Win_unlock;
int (*p_MPI_Win_unlock_all)(MPI_Win) = MPI_Win_unlock_all;
int (*p_MPI_Win_flush)(int, MPI_Win) = MPI_Win_flush;
int (*p_MPI_Win_flush_all)(MPI_Win) = MPI_Win_flush_all;
int (*p_MPI_Win_flush_local)(int, MPI_Win) = MPI_Win_flush_local;
int (*p_MPI_Win_flush_local_all)(MPI_Win) = MPI_Win_flush_local_all;
int (*p_MPI_Win_sync)(MPI_Win) = MPI_Win_sync;
int (*p_MPI_Grequest_start)(MPI_Grequest_query_function *, MPI_Grequest_free_function *,
                            MPI_Grequest_cancel_function *, void *,
                            MPI_Request *) = MPI_Grequest_start;
int (*p_MPI_Grequest_complete)(MPI_Request) = MPI_Grequest_complete;
int (*p_MPI_Status_set_source)(MPI_Status *, int) = MPI_Status_set_source;
int (*p_MPI_Status_set_tag)(MPI_Status *, int) = MPI_Status_set_tag;
int (*p_MPI_Status_set_error)(MPI_Status *, int) = MPI_Status_set_error;
int (*p_MPI_Status_get_source)(const MPI_Status *, int *) = MPI_Status_get_source;
int (*p_MPI_Status_get_tag)(const MPI_Status *, int *) = MPI_Status_get_tag;
int (*p_MPI_Status_get_error)(const MPI_Status *, int *) = MPI_Status_get_error;
int (*p_MPI_Status_set_elements)(MPI_Status *, MPI_Datatype, int) = MPI_Status_set_elements;
int (*p_MPI_Status_set_elements_c)(MPI_Status *, MPI_Datatype,
                                   MPI_Count) = MPI_Status_set_elements_c;
int (*p_MPI_Status_set_elements_x)(MPI_Status *, MPI_Datatype,
                                   MPI_Count) = MPI_Status_set_elements_x;
int (*p_MPI_Status_set_cancelled)(MPI_Status *, int) = MPI_Status_set_cancelled;
int (*p_MPI_File_open)(MPI_Comm, const char *, int, MPI_Info, MPI_File *) = MPI_File_open;
int (*p_MPI_File_close)(MPI_File *) = MPI_File_close;
int (*p_MPI_File_delete)(const char *, MPI_Info) = MPI_File_delete;
int (*p_MPI_File_set_size)(MPI_File, MPI_Offset) = MPI_File_set_size;
int (*p_MPI_File_preallocate)(MPI_File, MPI_Offset) = MPI_File_preallocate;
int (*p_MPI_File_get_size)(MPI_File, MPI_Offset *) = MPI_File_get_size;
int (*p_MPI_File_get_group)(MPI_File, MPI_Group *) = MPI_File_get_group;
int (*p_MPI_File_get_amode)(MPI_File, int *) = MPI_File_get_amode;
int (*p_MPI_File_set_info)(MPI_File, MPI_Info) = MPI_File_set_info;
int (*p_MPI_File_get_info)(MPI_File, MPI_Info *) = MPI_File_get_info;
int (*p_MPI_File_set_view)(MPI_File, MPI_Offset, MPI_Datatype, MPI_Datatype, const char *,
                           MPI_Info) = MPI_File_set_view;
int (*p_MPI_File_get_view)(MPI_File, MPI_Offset *, MPI_Datatype *, MPI_Datatype *,
                           char *) = MPI_File_get_view;
int (*p_MPI_File_read_at)(MPI_File, MPI_Offset, void *, int, MPI_Datatype,
                          MPI_Status *) = MPI_File_read_at;
int (*p_MPI_File_read_at_c)(MPI_File, MPI_Offset, void *, MPI_Count, MPI_Datatype,
                            MPI_Status *) = MPI_File_read_at_c;
int (*p_MPI_File_read_at_all)(MPI_File, MPI_Offset, void *, int, MPI_Datatype,
                              MPI_Status *) = MPI_File_read_at_all;
int (*p_MPI_File_read_at_all_c)(MPI_File, MPI_Offset, void *, MPI_Count, MPI_Datatype,
                                MPI_Status *) = MPI_File_read_at_all_c;
int (*p_MPI_File_write_at)(MPI_File, MPI_Offset, const void *, int, MPI_Datatype,
                           MPI_Status *) = MPI_File_write_at;
int (*p_MPI_File_write_at_c)(MPI_File, MPI_Offset, const void *, MPI_Count, MPI_Datatype,
                             MPI_Status *) = MPI_File_write_at_c;
int (*p_MPI_File_write_at_all)(MPI_File, MPI_Offset, const void *, int, MPI_Datatype,
                               MPI_Status *) = MPI_File_write_at_all;
int (*p_MPI_File_write_at_all_c)(MPI_File, MPI_Offset, const void *, MPI_Count, MPI_Datatype,
                                 MPI_Status *) = MPI_File_write_at_all_c;
int (*p_MPI_File_iread_at)(MPI_File, MPI_Offset, void *, int, MPI_Datatype,
                           MPI_Request *) = MPI_File_iread_at;
int (*p_MPI_File_iread_at_c)(MPI_File, MPI_Offset, void *, MPI_Count, MPI_Datatype,
                             MPI_Request *) = MPI_File_iread_at_c;
int (*p_MPI_File_iread_at_all)(MPI_File, MPI_Offset, void *, int, MPI_Datatype,
                               MPI_Request *) = MPI_File_iread_at_all;
int (*p_MPI_File_iread_at_all_c)(MPI_File, MPI_Offset, void *, MPI_Count, MPI_Datatype,
                                 MPI_Request *) = MPI_File_iread_at_all_c;
int (*p_MPI_File_iwrite_at)(MPI_File, MPI_Offset, const void *, int, MPI_Datatype,
                            MPI_Request *) = MPI_File_iwrite_at;
int (*p_MPI_File_iwrite_at_c)(MPI_File, MPI_Offset, const void *, MPI_Count, MPI_Datatype,
                              MPI_Request *) = MPI_File_iwrite_at_c;
int (*p_MPI_File_iwrite_at_all)(MPI_File, MPI_Offset, const void *, int, MPI_Datatype,
                                MPI_Request *) = MPI_File_iwrite_at_all;
int (*p_MPI_File_iwrite_at_all_c)(MPI_File, MPI_Offset, const void *, MPI_Count, MPI_Datatype,
                                  MPI_Request *) = MPI_File_iwrite_at_all_c;
int (*p_MPI_File_read)(MPI_File, void *, int, MPI_Datatype, MPI_Status *) = MPI_File_read;
int (*p_MPI_File_read_c)(MPI_File, void *, MPI_Count, MPI_Datatype, MPI_Status *) = MPI_File_read_c;
int (*p_MPI_File_read_all)(MPI_File, void *, int, MPI_Datatype, MPI_Status *) = MPI_File_read_all;
int (*p_MPI_File_read_all_c)(MPI_File, void *, MPI_Count, MPI_Datatype,
                             MPI_Status *) = MPI_File_read_all_c;
int (*p_MPI_File_write)(MPI_File, const void *, int, MPI_Datatype, MPI_Status *) = MPI_File_write;
int (*p_MPI_File_write_c)(MPI_File, const void *, MPI_Count, MPI_Datatype,
                          MPI_Status *) = MPI_File_write_c;
int (*p_MPI_File_write_all)(MPI_File, const void *, int, MPI_Datatype,
                            MPI_Status *) = MPI_File_write_all;
int (*p_MPI_File_write_all_c)(MPI_File, const void *, MPI_Count, MPI_Datatype,
                              MPI_Status *) = MPI_File_write_all_c;
int (*p_MPI_File_iread)(MPI_File, void *, int, MPI_Datatype, MPI_Request *) = MPI_File_iread;
int (*p_MPI_File_iread_c)(MPI_File, void *, MPI_Count, MPI_Datatype,
                          MPI_Request *) = MPI_File_iread_c;
int (*p_MPI_File_iread_all)(MPI_File, void *, int, MPI_Datatype,
                            MPI_Request *) = MPI_File_iread_all;
int (*p_MPI_File_iread_all_c)(MPI_File, void *, MPI_Count, MPI_Datatype,
                              MPI_Request *) = MPI_File_iread_all_c;
int (*p_MPI_File_iwrite)(MPI_File, const void *, int, MPI_Datatype,
                         MPI_Request *) = MPI_File_iwrite;
int (*p_MPI_File_iwrite_c)(MPI_File, const void *, MPI_Count, MPI_Datatype,
                           MPI_Request *) = MPI_File_iwrite_c;
int (*p_MPI_File_iwrite_all)(MPI_File, const void *, int, MPI_Datatype,
                             MPI_Request *) = MPI_File_iwrite_all;
int (*p_MPI_File_iwrite_all_c)(MPI_File, const void *, MPI_Count, MPI_Datatype,
                               MPI_Request *) = MPI_File_iwrite_all_c;
int (*p_MPI_File_seek)(MPI_File, MPI_Offset, int) = MPI_File_seek;
int (*p_MPI_File_get_position)(MPI_File, MPI_Offset *) = MPI_File_get_position;
int (*p_MPI_File_get_byte_offset)(MPI_File, MPI_Offset, MPI_Offset *) = MPI_File_get_byte_offset;
int (*p_MPI_File_read_shared)(MPI_File, void *, int, MPI_Datatype,
                              MPI_Status *) = MPI_File_read_shared;
int (*p_MPI_File_read_shared_c)(MPI_File, void *, MPI_Count, MPI_Datatype,
                                MPI_Status *) = MPI_File_read_shared_c;
int (*p_MPI_File_write_shared)(MPI_File, const void *, int, MPI_Datatype,
                               MPI_Status *) = MPI_File_write_shared;
int (*p_MPI_File_write_shared_c)(MPI_File, const void *, MPI_Count, MPI_Datatype,
                                 MPI_Status *) = MPI_File_write_shared_c;
int (*p_MPI_File_iread_shared)(MPI_File, void *, int, MPI_Datatype,
                               MPI_Request *) = MPI_File_iread_shared;
int (*p_MPI_File_iread_shared_c)(MPI_File, void *, MPI_Count, MPI_Datatype,
                                 MPI_Request *) = MPI_File_iread_shared_c;
int (*p_MPI_File_iwrite_shared)(MPI_File, const void *, int, MPI_Datatype,
                                MPI_Request *) = MPI_File_iwrite_shared;
int (*p_MPI_File_iwrite_shared_c)(MPI_File, const void *, MPI_Count, MPI_Datatype,
                                  MPI_Request *) = MPI_File_iwrite_shared_c;
int (*p_MPI_File_read_ordered)(MPI_File, void *, int, MPI_Datatype,
                               MPI_Status *) = MPI_File_read_ordered;
int (*p_MPI_File_read_ordered_c)(MPI_File, void *, MPI_Count, MPI_Datatype,
                                 MPI_Status *) = MPI_File_read_ordered_c;
int (*p_MPI_File_write_ordered)(MPI_File, const void *, int, MPI_Datatype,
                                MPI_Status *) = MPI_File_write_ordered;
int (*p_MPI_File_write_ordered_c)(MPI_File, const void *, MPI_Count, MPI_Datatype,
                                  MPI_Status *) = MPI_File_write_ordered_c;
int (*p_MPI_File_seek_shared)(MPI_File, MPI_Offset, int) = MPI_File_seek_shared;
int (*p_MPI_File_get_position_shared)(MPI_File, MPI_Offset *) = MPI_File_get_position_shared;
int (*p_MPI_File_read_at_all_begin)(MPI_File, MPI_Offset, void *, int,
                                    MPI_Datatype) = MPI_File_read_at_all_begin;
int (*p_MPI_File_read_at_all_begin_c)(MPI_File, MPI_Offset, void *, MPI_Count,
                                      MPI_Datatype) = MPI_File_read_at_all_begin_c;
int (*p_MPI_File_read_at_all_end)(MPI_File, void *, MPI_Status *) = MPI_File_read_at_all_end;
int (*p_MPI_File_write_at_all_begin)(MPI_File, MPI_Offset, const void *, int,
                                     MPI_Datatype) = MPI_File_write_at_all_begin;
int (*p_MPI_File_write_at_all_begin_c)(MPI_File, MPI_Offset, const void *, MPI_Count,
                                       MPI_Datatype) = MPI_File_write_at_all_begin_c;
int (*p_MPI_File_write_at_all_end)(MPI_File, const void *,
                                   MPI_Status *) = MPI_File_write_at_all_end;
int (*p_MPI_File_read_all_begin)(MPI_File, void *, int, MPI_Datatype) = MPI_File_read_all_begin;
int (*p_MPI_File_read_all_begin_c)(MPI_File, void *, MPI_Count,
                                   MPI_Datatype) = MPI_File_read_all_begin_c;
int (*p_MPI_File_read_all_end)(MPI_File, void *, MPI_Status *) = MPI_File_read_all_end;
int (*p_MPI_File_write_all_begin)(MPI_File, const void *, int,
                                  MPI_Datatype) = MPI_File_write_all_begin;
int (*p_MPI_File_write_all_begin_c)(MPI_File, const void *, MPI_Count,
                                    MPI_Datatype) = MPI_File_write_all_begin_c;
int (*p_MPI_File_write_all_end)(MPI_File, const void *, MPI_Status *) = MPI_File_write_all_end;
int (*p_MPI_File_read_ordered_begin)(MPI_File, void *, int,
                                     MPI_Datatype) = MPI_File_read_ordered_begin;
int (*p_MPI_File_read_ordered_begin_c)(MPI_File, void *, MPI_Count,
                                       MPI_Datatype) = MPI_File_read_ordered_begin_c;
int (*p_MPI_File_read_ordered_end)(MPI_File, void *, MPI_Status *) = MPI_File_read_ordered_end;
int (*p_MPI_File_write_ordered_begin)(MPI_File, const void *, int,
                                      MPI_Datatype) = MPI_File_write_ordered_begin;
int (*p_MPI_File_write_ordered_begin_c)(MPI_File, const void *, MPI_Count,
                                        MPI_Datatype) = MPI_File_write_ordered_begin_c;
int (*p_MPI_File_write_ordered_end)(MPI_File, const void *,
                                    MPI_Status *) = MPI_File_write_ordered_end;
int (*p_MPI_File_get_type_extent)(MPI_File, MPI_Datatype, MPI_Aint *) = MPI_File_get_type_extent;
int (*p_MPI_File_get_type_extent_c)(MPI_File, MPI_Datatype,
                                    MPI_Count *) = MPI_File_get_type_extent_c;
int (*p_MPI_Register_datarep)(const char *, MPI_Datarep_conversion_function *,
                              MPI_Datarep_conversion_function *, MPI_Datarep_extent_function *,
                              void *) = MPI_Register_datarep;
int (*p_MPI_Register_datarep_c)(const char *, MPI_Datarep_conversion_function_c *,
                                MPI_Datarep_conversion_function_c *, MPI_Datarep_extent_function *,
                                void *) = MPI_Register_datarep_c;
int (*p_MPI_File_set_atomicity)(MPI_File, int) = MPI_File_set_atomicity;
int (*p_MPI_File_get_atomicity)(MPI_File, int *) = MPI_File_get_atomicity;
int (*p_MPI_File_sync)(MPI_File) = MPI_File_sync;
int (*p_MPI_Pcontrol)(const int, ...) = MPI_Pcontrol;
int (*p_MPI_T_init_thread)(int, int *) = MPI_T_init_thread;
int (*p_MPI_T_finalize)(void) = MPI_T_finalize;
int (*p_MPI_T_enum_get_info)(MPI_T_enum, int *, char *, int *) = MPI_T_enum_get_info;
int (*p_MPI_T_enum_get_item)(MPI_T_enum, int, int *, char *, int *) = MPI_T_enum_get_item;
int (*p_MPI_T_cvar_get_num)(int *) = MPI_T_cvar_get_num;
int (*p_MPI_T_cvar_get_info)(int, char *, int *, int *, MPI_Datatype *, MPI_T_enum *, char *, int *,
                             int *, int *) = MPI_T_cvar_get_info;
int (*p_MPI_T_cvar_get_index)(const char *, int *) = MPI_T_cvar_get_index;
int (*p_MPI_T_cvar_handle_alloc)(int, void *, MPI_T_cvar_handle *, int *) = MPI_T_cvar_handle_alloc;
int (*p_MPI_T_cvar_handle_free)(MPI_T_cvar_handle *) = MPI_T_cvar_handle_free;
int (*p_MPI_T_cvar_read)(MPI_T_cvar_handle, void *) = MPI_T_cvar_read;
int (*p_MPI_T_cvar_write)(MPI_T_cvar_handle, const void *) = MPI_T_cvar_write;
int (*p_MPI_T_pvar_get_num)(int *) = MPI_T_pvar_get_num;
int (*p_MPI_T_pvar_get_info)(int, char *, int *, int *, int *, MPI_Datatype *, MPI_T_enum *, char *,
                             int *, int *, int *, int *, int *) = MPI_T_pvar_get_info;
int (*p_MPI_T_pvar_get_index)(const char *, int, int *) = MPI_T_pvar_get_index;
int (*p_MPI_T_pvar_session_create)(MPI_T_pvar_session *) = MPI_T_pvar_session_create;
int (*p_MPI_T_pvar_session_free)(MPI_T_pvar_session *) = MPI_T_pvar_session_free;
int (*p_MPI_T_pvar_handle_alloc)(MPI_T_pvar_session, int, void *, MPI_T_pvar_handle *,
                                 int *) = MPI_T_pvar_handle_alloc;
int (*p_MPI_T_pvar_handle_free)(MPI_T_pvar_session, MPI_T_pvar_handle *) = MPI_T_pvar_handle_free;
int (*p_MPI_T_pvar_start)(MPI_T_pvar_session, MPI_T_pvar_handle) = MPI_T_pvar_start;
int (*p_MPI_T_pvar_stop)(MPI_T_pvar_session, MPI_T_pvar_handle) = MPI_T_pvar_stop;
int (*p_MPI_T_pvar_read)(MPI_T_pvar_session, MPI_T_pvar_handle, void *) = MPI_T_pvar_read;
int (*p_MPI_T_pvar_write)(MPI_T_pvar_session, MPI_T_pvar_handle, const void *) = MPI_T_pvar_write;
int (*p_MPI_T_pvar_reset)(MPI_T_pvar_session, MPI_T_pvar_handle) = MPI_T_pvar_reset;
int (*p_MPI_T_pvar_readreset)(MPI_T_pvar_session, MPI_T_pvar_handle, void *) = MPI_T_pvar_readreset;
int (*p_MPI_T_event_get_num)(int *) = MPI_T_event_get_num;
int (*p_MPI_T_event_get_info)(int, char *, int *, int *, MPI_Datatype [], MPI_Aint [], int *,
                              MPI_T_enum *, MPI_Info *, char *, int *,
                              int *) = MPI_T_event_get_info;
int (*p_MPI_T_event_get_index)(const char *, int *) = MPI_T_event_get_index;
int (*p_MPI_T_event_handle_alloc)(int, void *, MPI_Info,
                                  MPI_T_event_registration *) = MPI_T_event_handle_alloc;
int (*p_MPI_T_event_handle_set_info)(MPI_T_event_registration,
                                     MPI_Info) = MPI_T_event_handle_set_info;
int (*p_MPI_T_event_handle_get_info)(MPI_T_event_registration,
                                     MPI_Info *) = MPI_T_event_handle_get_info;
int (*p_MPI_T_event_register_callback)(MPI_T_event_registration, MPI_T_cb_safety, MPI_Info, void *,
                                       MPI_T_event_cb_function *) = MPI_T_event_register_callback;
int (*p_MPI_T_event_callback_set_info)(MPI_T_event_registration, MPI_T_cb_safety,
                                       MPI_Info) = MPI_T_event_callback_set_info;
int (*p_MPI_T_event_callback_get_info)(MPI_T_event_registration, MPI_T_cb_safety,
                                       MPI_Info *) = MPI_T_event_callback_get_info;
int (*p_MPI_T_event_handle_free)(MPI_T_event_registration, void *,
                                 MPI_T_event_free_cb_function *) = MPI_T_event_handle_free;
int (*p_MPI_T_event_set_dropped_handler)(MPI_T_event_registration,
        MPI_T_event_dropped_cb_function *) = MPI_T_event_set_dropped_handler;
int (*p_MPI_T_event_read)(MPI_T_event_instance, int, void *) = MPI_T_event_read;
int (*p_MPI_T_event_copy)(MPI_T_event_instance, void *) = MPI_T_event_copy;
int (*p_MPI_T_event_get_timestamp)(MPI_T_event_instance, MPI_Count *) = MPI_T_event_get_timestamp;
int (*p_MPI_T_event_get_source)(MPI_T_event_instance, int *) = MPI_T_event_get_source;
int (*p_MPI_T_source_get_num)(int *) = MPI_T_source_get_num;
int (*p_MPI_T_source_get_info)(int, char *, int *, char *, int *, MPI_T_source_order *, MPI_Count *,
                               MPI_Count *, MPI_Info *) = MPI_T_source_get_info;
int (*p_MPI_T_source_get_timestamp)(int, MPI_Count *) = MPI_T_source_get_timestamp;
int (*p_MPI_T_category_get_num)(int *) = MPI_T_category_get_num;
int (*p_MPI_T_category_get_info)(int, char *, int *, char *, int *, int *, int *,
                                 int *) = MPI_T_category_get_info;
int (*p_MPI_T_category_get_num_events)(int, int *) = MPI_T_category_get_num_events;
int (*p_MPI_T_category_get_index)(const char *, int *) = MPI_T_category_get_index;
int (*p_MPI_T_category_get_cvars)(int, int, int []) = MPI_T_category_get_cvars;
int (*p_MPI_T_category_get_pvars)(int, int, int []) = MPI_T_category_get_pvars;
int (*p_MPI_T_category_get_categories)(int, int, int []) = MPI_T_category_get_categories;
int (*p_MPI_T_category_get_events)(int, int, int []) = MPI_T_category_get_events;
int (*p_MPI_T_category_changed)(int *) = MPI_T_category_changed;
int (*p_MPI_Keyval_create)(MPI_Copy_function *, MPI_Delete_function *, int *,
                           void *) = MPI_Keyval_create;
int (*p_MPI_Keyval_free)(int *) = MPI_Keyval_free;
int (*p_MPI_Attr_put)(MPI_Comm, int, void *) = MPI_Attr_put;
int (*p_MPI_Attr_get)(MPI_Comm, int, void *, int *) = MPI_Attr_get;
int (*p_MPI_Attr_delete)(MPI_Comm, int) = MPI_Attr_delete;
int (*p_MPI_Info_get)(MPI_Info, const char *, int, char *, int *) = MPI_Info_get;
int (*p_MPI_Info_get_valuelen)(MPI_Info, const char *, int *, int *) = MPI_Info_get_valuelen;
int (*p_MPI_Type_create_f90_real)(int, int, MPI_Datatype *) = MPI_Type_create_f90_real;
int (*p_MPI_Type_create_f90_complex)(int, int, MPI_Datatype *) = MPI_Type_create_f90_complex;
int (*p_MPI_Type_create_f90_integer)(int, MPI_Datatype *) = MPI_Type_create_f90_integer;
int (*p_MPI_Type_match_size)(int, int, MPI_Datatype *) = MPI_Type_match_size;
MPI_Fint (*p_MPI_Comm_c2f)(MPI_Comm) = MPI_Comm_c2f;
MPI_Comm (*p_MPI_Comm_f2c)(MPI_Fint) = MPI_Comm_f2c;
MPI_Fint (*p_MPI_Errhandler_c2f)(MPI_Errhandler) = MPI_Errhandler_c2f;
MPI_Errhandler (*p_MPI_Errhandler_f2c)(MPI_Fint) = MPI_Errhandler_f2c;
MPI_Fint (*p_MPI_File_c2f)(MPI_File) = MPI_File_c2f;
MPI_File (*p_MPI_File_f2c)(MPI_Fint) = MPI_File_f2c;
MPI_Fint (*p_MPI_Group_c2f)(MPI_Group) = MPI_Group_c2f;
MPI_Group (*p_MPI_Group_f2c)(MPI_Fint) = MPI_Group_f2c;
MPI_Fint (*p_MPI_Info_c2f)(MPI_Info) = MPI_Info_c2f;
MPI_Info (*p_MPI_Info_f2c)(MPI_Fint) = MPI_Info_f2c;
MPI_Fint (*p_MPI_Message_c2f)(MPI_Message) = MPI_Message_c2f;
MPI_Message (*p_MPI_Message_f2c)(MPI_Fint) = MPI_Message_f2c;
MPI_Fint (*p_MPI_Op_c2f)(MPI_Op) = MPI_Op_c2f;
MPI_Op (*p_MPI_Op_f2c)(MPI_Fint) = MPI_Op_f2c;
MPI_Fint (*p_MPI_Request_c2f)(MPI_Request) = MPI_Request_c2f;
MPI_Request (*p_MPI_Request_f2c)(MPI_Fint) = MPI_Request_f2c;
MPI_Fint (*p_MPI_Session_c2f)(MPI_Session) = MPI_Session_c2f;
MPI_Session (*p_MPI_Session_f2c)(MPI_Fint) = MPI_Session_f2c;
MPI_Fint (*p_MPI_Type_c2f)(MPI_Datatype) = MPI_Type_c2f;
MPI_Datatype (*p_MPI_Type_f2c)(MPI_Fint) = MPI_Type_f2c;
MPI_Fint (*p_MPI_Win_c2f)(MPI_Win) = MPI_Win_c2f;
MPI_Win (*p_MPI_Win_f2c)(MPI_Fint) = MPI_Win_f2c;
int (*p_MPI_Status_c2f)(const MPI_Status *, MPI_Fint *) = MPI_Status_c2f;
int (*p_MPI_Status_f2c)(const MPI_Fint *, MPI_Status *) = MPI_Status_f2c;
int (*p_MPI_Status_c2f08)(const MPI_Status *, MPI_F08_status *) = MPI_Status_c2f08;
int (*p_MPI_Status_f082c)(const MPI_F08_status *, MPI_Status *) = MPI_Status_f082c;
int (*p_MPI_Status_f082f)(const MPI_F08_status *, MPI_Fint *) = MPI_Status_f082f;
int (*p_MPI_Status_f2f08)(const MPI_Fint *, MPI_F08_status *) = MPI_Status_f2f08;
int (*p_MPIX_Comm_revoke)(MPI_Comm) = MPIX_Comm_revoke;
int (*p_MPIX_Comm_is_revoked)(MPI_Comm, int *) = MPIX_Comm_is_revoked;
int (*p_MPIX_Comm_shrink)(MPI_Comm, MPI_Comm *) = MPIX_Comm_shrink;
int (*p_MPIX_Comm_ishrink)(MPI_Comm, MPI_Comm *, MPI_Request *) = MPIX_Comm_ishrink;
int (*p_MPIX_Comm_agree)(MPI_Comm, int *) = MPIX_Comm_agree;
int (*p_MPIX_Comm_iagree)(MPI_Comm, int *, MPI_Request *) = MPIX_Comm_iagree;
int (*p_MPIX_Comm_get_failed)(MPI_Comm, MPI_Group *) = MPIX_Comm_get_failed;
int (*p_MPIX_Comm_ack_failed)(MPI_Comm, int, int *) = MPIX_Comm_ack_failed;
int (*p_MPIX_Comm_failure_ack)(MPI_Comm) = MPIX_Comm_failure_ack;
int (*p_MPIX_Comm_failure_get_acked)(MPI_Comm, MPI_Group *) = MPIX_Comm_failure_get_acked;

/* Predefined callbacks have the callback types. */
MPI_Comm_copy_attr_function *p_MPI_COMM_NULL_COPY_FN = MPI_COMM_NULL_COPY_FN;
MPI_Comm_copy_attr_function *p_MPI_COMM_DUP_FN = MPI_COMM_DUP_FN;
MPI_Comm_delete_attr_function *p_MPI_COMM_NULL_DELETE_FN = MPI_COMM_NULL_DELETE_FN;
MPI_Type_copy_attr_function *p_MPI_TYPE_NULL_COPY_FN = MPI_TYPE_NULL_COPY_FN;
MPI_Type_copy_attr_function *p_MPI_TYPE_DUP_FN = MPI_TYPE_DUP_FN;
MPI_Type_delete_attr_function *p_MPI_TYPE_NULL_DELETE_FN = MPI_TYPE_NULL_DELETE_FN;
MPI_Win_copy_attr_function *p_MPI_WIN_NULL_COPY_FN = MPI_WIN_NULL_COPY_FN;
MPI_Win_copy_attr_function *p_MPI_WIN_DUP_FN = MPI_WIN_DUP_FN;
MPI_Win_delete_attr_function *p_MPI_WIN_NULL_DELETE_FN = MPI_WIN_NULL_DELETE_FN;
MPI_Copy_function *p_MPI_NULL_COPY_FN = MPI_NULL_COPY_FN;
MPI_Copy_function *p_MPI_DUP_FN = MPI_DUP_FN;
MPI_Delete_function *p_MPI_NULL_DELETE_FN = MPI_NULL_DELETE_FN;

/* PMPI_ forms have exactly the types of the MPI_ forms. */
#define VT_SAME_TYPE_AS_PMPI(f) \
    static_assert(std::is_same<decltype(f), decltype(P##f)>::value, "P" #f)
VT_SAME_TYPE_AS_PMPI(MPI_Send);
VT_SAME_TYPE_AS_PMPI(MPI_Send_c);
VT_SAME_TYPE_AS_PMPI(MPI_Recv);
VT_SAME_TYPE_AS_PMPI(MPI_Recv_c);
VT_SAME_TYPE_AS_PMPI(MPI_Get_count);
VT_SAME_TYPE_AS_PMPI(MPI_Get_count_c);
VT_SAME_TYPE_AS_PMPI(MPI_Bsend);
VT_SAME_TYPE_AS_PMPI(MPI_Bsend_c);
VT_SAME_TYPE_AS_PMPI(MPI_Ssend);
VT_SAME_TYPE_AS_PMPI(MPI_Ssend_c);
VT_SAME_TYPE_AS_PMPI(MPI_Rsend);
VT_SAME_TYPE_AS_PMPI(MPI_Rsend_c);
VT_SAME_TYPE_AS_PMPI(MPI_Buffer_attach);
VT_SAME_TYPE_AS_PMPI(MPI_Buffer_attach_c);
VT_SAME_TYPE_AS_PMPI(MPI_Buffer_detach);
VT_SAME_TYPE_AS_PMPI(MPI_Buffer_detach_c);
VT_SAME_TYPE_AS_PMPI(MPI_Buffer_flush);
VT_SAME_TYPE_AS_PMPI(MPI_Buffer_iflush);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_attach_buffer);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_attach_buffer_c);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_detach_buffer);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_detach_buffer_c);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_flush_buffer);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_iflush_buffer);
VT_SAME_TYPE_AS_PMPI(MPI_Session_attach_buffer);
VT_SAME_TYPE_AS_PMPI(MPI_Session_attach_buffer_c);
VT_SAME_TYPE_AS_PMPI(MPI_Session_detach_buffer);
VT_SAME_TYPE_AS_PMPI(MPI_Session_detach_buffer_c);
VT_SAME_TYPE_AS_PMPI(MPI_Session_flush_buffer);
VT_SAME_TYPE_AS_PMPI(MPI_Session_iflush_buffer);
VT_SAME_TYPE_AS_PMPI(MPI_Isend);
VT_SAME_TYPE_AS_PMPI(MPI_Isend_c);
VT_SAME_TYPE_AS_PMPI(MPI_Ibsend);
VT_SAME_TYPE_AS_PMPI(MPI_Ibsend_c);
VT_SAME_TYPE_AS_PMPI(MPI_Issend);
VT_SAME_TYPE_AS_PMPI(MPI_Issend_c);
VT_SAME_TYPE_AS_PMPI(MPI_Irsend);
VT_SAME_TYPE_AS_PMPI(MPI_Irsend_c);
VT_SAME_TYPE_AS_PMPI(MPI_Irecv);
VT_SAME_TYPE_AS_PMPI(MPI_Irecv_c);
VT_SAME_TYPE_AS_PMPI(MPI_Wait);
VT_SAME_TYPE_AS_PMPI(MPI_Test);
VT_SAME_TYPE_AS_PMPI(MPI_Request_free);
VT_SAME_TYPE_AS_PMPI(MPI_Waitany);
VT_SAME_TYPE_AS_PMPI(MPI_Testany);
VT_SAME_TYPE_AS_PMPI(MPI_Waitall);
VT_SAME_TYPE_AS_PMPI(MPI_Testall);
VT_SAME_TYPE_AS_PMPI(MPI_Waitsome);
VT_SAME_TYPE_AS_PMPI(MPI_Testsome);
VT_SAME_TYPE_AS_PMPI(MPI_Request_get_status);
VT_SAME_TYPE_AS_PMPI(MPI_Request_get_status_any);
VT_SAME_TYPE_AS_PMPI(MPI_Request_get_status_all);
VT_SAME_TYPE_AS_PMPI(MPI_Request_get_status_some);
VT_SAME_TYPE_AS_PMPI(MPI_Iprobe);
VT_SAME_TYPE_AS_PMPI(MPI_Probe);
VT_SAME_TYPE_AS_PMPI(MPI_Improbe);
VT_SAME_TYPE_AS_PMPI(MPI_Mprobe);
VT_SAME_TYPE_AS_PMPI(MPI_Mrecv);
VT_SAME_TYPE_AS_PMPI(MPI_Mrecv_c);
VT_SAME_TYPE_AS_PMPI(MPI_Imrecv);
VT_SAME_TYPE_AS_PMPI(MPI_Imrecv_c);
VT_SAME_TYPE_AS_PMPI(MPI_Cancel);
VT_SAME_TYPE_AS_PMPI(MPI_Test_cancelled);
VT_SAME_TYPE_AS_PMPI(MPI_Send_init);
VT_SAME_TYPE_AS_PMPI(MPI_Send_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Bsend_init);
VT_SAME_TYPE_AS_PMPI(MPI_Bsend_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Ssend_init);
VT_SAME_TYPE_AS_PMPI(MPI_Ssend_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Rsend_init);
VT_SAME_TYPE_AS_PMPI(MPI_Rsend_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Recv_init);
VT_SAME_TYPE_AS_PMPI(MPI_Recv_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Start);
VT_SAME_TYPE_AS_PMPI(MPI_Startall);
VT_SAME_TYPE_AS_PMPI(MPI_Sendrecv);
VT_SAME_TYPE_AS_PMPI(MPI_Sendrecv_c);
VT_SAME_TYPE_AS_PMPI(MPI_Sendrecv_replace);
VT_SAME_TYPE_AS_PMPI(MPI_Sendrecv_replace_c);
VT_SAME_TYPE_AS_PMPI(MPI_Isendrecv);
VT_SAME_TYPE_AS_PMPI(MPI_Isendrecv_c);
VT_SAME_TYPE_AS_PMPI(MPI_Isendrecv_replace);
VT_SAME_TYPE_AS_PMPI(MPI_Isendrecv_replace_c);
VT_SAME_TYPE_AS_PMPI(MPI_Psend_init);
VT_SAME_TYPE_AS_PMPI(MPI_Precv_init);
VT_SAME_TYPE_AS_PMPI(MPI_Pready);
VT_SAME_TYPE_AS_PMPI(MPI_Pready_range);
VT_SAME_TYPE_AS_PMPI(MPI_Pready_list);
VT_SAME_TYPE_AS_PMPI(MPI_Parrived);
VT_SAME_TYPE_AS_PMPI(MPI_Type_contiguous);
VT_SAME_TYPE_AS_PMPI(MPI_Type_contiguous_c);
VT_SAME_TYPE_AS_PMPI(MPI_Type_vector);
VT_SAME_TYPE_AS_PMPI(MPI_Type_vector_c);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_hvector);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_hvector_c);
VT_SAME_TYPE_AS_PMPI(MPI_Type_indexed);
VT_SAME_TYPE_AS_PMPI(MPI_Type_indexed_c);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_hindexed);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_hindexed_c);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_indexed_block);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_indexed_block_c);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_hindexed_block);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_hindexed_block_c);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_struct);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_struct_c);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_subarray);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_subarray_c);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_darray);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_darray_c);
VT_SAME_TYPE_AS_PMPI(MPI_Get_address);
VT_SAME_TYPE_AS_PMPI(MPI_Aint_add);
VT_SAME_TYPE_AS_PMPI(MPI_Aint_diff);
VT_SAME_TYPE_AS_PMPI(MPI_Type_size);
VT_SAME_TYPE_AS_PMPI(MPI_Type_size_c);
VT_SAME_TYPE_AS_PMPI(MPI_Type_size_x);
VT_SAME_TYPE_AS_PMPI(MPI_Type_get_extent);
VT_SAME_TYPE_AS_PMPI(MPI_Type_get_extent_c);
VT_SAME_TYPE_AS_PMPI(MPI_Type_get_extent_x);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_resized);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_resized_c);
VT_SAME_TYPE_AS_PMPI(MPI_Type_get_true_extent);
VT_SAME_TYPE_AS_PMPI(MPI_Type_get_true_extent_c);
VT_SAME_TYPE_AS_PMPI(MPI_Type_get_true_extent_x);
VT_SAME_TYPE_AS_PMPI(MPI_Type_commit);
VT_SAME_TYPE_AS_PMPI(MPI_Type_free);
VT_SAME_TYPE_AS_PMPI(MPI_Type_dup);
VT_SAME_TYPE_AS_PMPI(MPI_Get_elements);
VT_SAME_TYPE_AS_PMPI(MPI_Get_elements_c);
VT_SAME_TYPE_AS_PMPI(MPI_Get_elements_x);
VT_SAME_TYPE_AS_PMPI(MPI_Type_get_envelope);
VT_SAME_TYPE_AS_PMPI(MPI_Type_get_envelope_c);
VT_SAME_TYPE_AS_PMPI(MPI_Type_get_contents);
VT_SAME_TYPE_AS_PMPI(MPI_Type_get_contents_c);
VT_SAME_TYPE_AS_PMPI(MPI_Type_get_value_index);
VT_SAME_TYPE_AS_PMPI(MPI_Pack);
VT_SAME_TYPE_AS_PMPI(MPI_Pack_c);
VT_SAME_TYPE_AS_PMPI(MPI_Unpack);
VT_SAME_TYPE_AS_PMPI(MPI_Unpack_c);
VT_SAME_TYPE_AS_PMPI(MPI_Pack_size);
VT_SAME_TYPE_AS_PMPI(MPI_Pack_size_c);
VT_SAME_TYPE_AS_PMPI(MPI_Pack_external);
VT_SAME_TYPE_AS_PMPI(MPI_Pack_external_c);
VT_SAME_TYPE_AS_PMPI(MPI_Unpack_external);
VT_SAME_TYPE_AS_PMPI(MPI_Unpack_external_c);
VT_SAME_TYPE_AS_PMPI(MPI_Pack_external_size);
VT_SAME_TYPE_AS_PMPI(MPI_Pack_external_size_c);
VT_SAME_TYPE_AS_PMPI(MPI_Barrier);
VT_SAME_TYPE_AS_PMPI(MPI_Bcast);
VT_SAME_TYPE_AS_PMPI(MPI_Bcast_c);
VT_SAME_TYPE_AS_PMPI(MPI_Gather);
VT_SAME_TYPE_AS_PMPI(MPI_Gather_c);
VT_SAME_TYPE_AS_PMPI(MPI_Gatherv);
VT_SAME_TYPE_AS_PMPI(MPI_Gatherv_c);
VT_SAME_TYPE_AS_PMPI(MPI_Scatter);
VT_SAME_TYPE_AS_PMPI(MPI_Scatter_c);
VT_SAME_TYPE_AS_PMPI(MPI_Scatterv);
VT_SAME_TYPE_AS_PMPI(MPI_Scatterv_c);
VT_SAME_TYPE_AS_PMPI(MPI_Allgather);
VT_SAME_TYPE_AS_PMPI(MPI_Allgather_c);
VT_SAME_TYPE_AS_PMPI(MPI_Allgatherv);
VT_SAME_TYPE_AS_PMPI(MPI_Allgatherv_c);
VT_SAME_TYPE_AS_PMPI(MPI_Alltoall);
VT_SAME_TYPE_AS_PMPI(MPI_Alltoall_c);
VT_SAME_TYPE_AS_PMPI(MPI_Alltoallv);
VT_SAME_TYPE_AS_PMPI(MPI_Alltoallv_c);
VT_SAME_TYPE_AS_PMPI(MPI_Alltoallw);
VT_SAME_TYPE_AS_PMPI(MPI_Alltoallw_c);
VT_SAME_TYPE_AS_PMPI(MPI_Reduce);
VT_SAME_TYPE_AS_PMPI(MPI_Reduce_c);
VT_SAME_TYPE_AS_PMPI(MPI_Op_create);
VT_SAME_TYPE_AS_PMPI(MPI_Op_create_c);
VT_SAME_TYPE_AS_PMPI(MPI_Op_free);
VT_SAME_TYPE_AS_PMPI(MPI_Allreduce);
VT_SAME_TYPE_AS_PMPI(MPI_Allreduce_c);
VT_SAME_TYPE_AS_PMPI(MPI_Op_commutative);
VT_SAME_TYPE_AS_PMPI(MPI_Reduce_local);
VT_SAME_TYPE_AS_PMPI(MPI_Reduce_local_c);
VT_SAME_TYPE_AS_PMPI(MPI_Reduce_scatter_block);
VT_SAME_TYPE_AS_PMPI(MPI_Reduce_scatter_block_c);
VT_SAME_TYPE_AS_PMPI(MPI_Reduce_scatter);
VT_SAME_TYPE_AS_PMPI(MPI_Reduce_scatter_c);
VT_SAME_TYPE_AS_PMPI(MPI_Scan);
VT_SAME_TYPE_AS_PMPI(MPI_Scan_c);
VT_SAME_TYPE_AS_PMPI(MPI_Exscan);
VT_SAME_TYPE_AS_PMPI(MPI_Exscan_c);
VT_SAME_TYPE_AS_PMPI(MPI_Ibarrier);
VT_SAME_TYPE_AS_PMPI(MPI_Ibcast);
VT_SAME_TYPE_AS_PMPI(MPI_Ibcast_c);
VT_SAME_TYPE_AS_PMPI(MPI_Igather);
VT_SAME_TYPE_AS_PMPI(MPI_Igather_c);
VT_SAME_TYPE_AS_PMPI(MPI_Igatherv);
VT_SAME_TYPE_AS_PMPI(MPI_Igatherv_c);
VT_SAME_TYPE_AS_PMPI(MPI_Iscatter);
VT_SAME_TYPE_AS_PMPI(MPI_Iscatter_c);
VT_SAME_TYPE_AS_PMPI(MPI_Iscatterv);
VT_SAME_TYPE_AS_PMPI(MPI_Iscatterv_c);
VT_SAME_TYPE_AS_PMPI(MPI_Iallgather);
VT_SAME_TYPE_AS_PMPI(MPI_Iallgather_c);
VT_SAME_TYPE_AS_PMPI(MPI_Iallgatherv);
VT_SAME_TYPE_AS_PMPI(MPI_Iallgatherv_c);
VT_SAME_TYPE_AS_PMPI(MPI_Ialltoall);
VT_SAME_TYPE_AS_PMPI(MPI_Ialltoall_c);
VT_SAME_TYPE_AS_PMPI(MPI_Ialltoallv);
VT_SAME_TYPE_AS_PMPI(MPI_Ialltoallv_c);
VT_SAME_TYPE_AS_PMPI(MPI_Ialltoallw);
VT_SAME_TYPE_AS_PMPI(MPI_Ialltoallw_c);
VT_SAME_TYPE_AS_PMPI(MPI_Ireduce);
VT_SAME_TYPE_AS_PMPI(MPI_Ireduce_c);
VT_SAME_TYPE_AS_PMPI(MPI_Iallreduce);
VT_SAME_TYPE_AS_PMPI(MPI_Iallreduce_c);
VT_SAME_TYPE_AS_PMPI(MPI_Ireduce_scatter_block);
VT_SAME_TYPE_AS_PMPI(MPI_Ireduce_scatter_block_c);
VT_SAME_TYPE_AS_PMPI(MPI_Ireduce_scatter);
VT_SAME_TYPE_AS_PMPI(MPI_Ireduce_scatter_c);
VT_SAME_TYPE_AS_PMPI(MPI_Iscan);
VT_SAME_TYPE_AS_PMPI(MPI_Iscan_c);
VT_SAME_TYPE_AS_PMPI(MPI_Iexscan);
VT_SAME_TYPE_AS_PMPI(MPI_Iexscan_c);
VT_SAME_TYPE_AS_PMPI(MPI_Barrier_init);
VT_SAME_TYPE_AS_PMPI(MPI_Bcast_init);
VT_SAME_TYPE_AS_PMPI(MPI_Bcast_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Gather_init);
VT_SAME_TYPE_AS_PMPI(MPI_Gather_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Gatherv_init);
VT_SAME_TYPE_AS_PMPI(MPI_Gatherv_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Scatter_init);
VT_SAME_TYPE_AS_PMPI(MPI_Scatter_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Scatterv_init);
VT_SAME_TYPE_AS_PMPI(MPI_Scatterv_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Allgather_init);
VT_SAME_TYPE_AS_PMPI(MPI_Allgather_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Allgatherv_init);
VT_SAME_TYPE_AS_PMPI(MPI_Allgatherv_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Alltoall_init);
VT_SAME_TYPE_AS_PMPI(MPI_Alltoall_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Alltoallv_init);
VT_SAME_TYPE_AS_PMPI(MPI_Alltoallv_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Alltoallw_init);
VT_SAME_TYPE_AS_PMPI(MPI_Alltoallw_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Reduce_init);
VT_SAME_TYPE_AS_PMPI(MPI_Reduce_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Allreduce_init);
VT_SAME_TYPE_AS_PMPI(MPI_Allreduce_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Reduce_scatter_block_init);
VT_SAME_TYPE_AS_PMPI(MPI_Reduce_scatter_block_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Reduce_scatter_init);
VT_SAME_TYPE_AS_PMPI(MPI_Reduce_scatter_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Scan_init);
VT_SAME_TYPE_AS_PMPI(MPI_Scan_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Exscan_init);
VT_SAME_TYPE_AS_PMPI(MPI_Exscan_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Group_size);
VT_SAME_TYPE_AS_PMPI(MPI_Group_rank);
VT_SAME_TYPE_AS_PMPI(MPI_Group_translate_ranks);
VT_SAME_TYPE_AS_PMPI(MPI_Group_compare);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_group);
VT_SAME_TYPE_AS_PMPI(MPI_Group_union);
VT_SAME_TYPE_AS_PMPI(MPI_Group_intersection);
VT_SAME_TYPE_AS_PMPI(MPI_Group_difference);
VT_SAME_TYPE_AS_PMPI(MPI_Group_incl);
VT_SAME_TYPE_AS_PMPI(MPI_Group_excl);
VT_SAME_TYPE_AS_PMPI(MPI_Group_range_incl);
VT_SAME_TYPE_AS_PMPI(MPI_Group_range_excl);
VT_SAME_TYPE_AS_PMPI(MPI_Group_from_session_pset);
VT_SAME_TYPE_AS_PMPI(MPI_Group_free);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_size);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_rank);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_compare);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_dup);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_dup_with_info);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_idup);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_idup_with_info);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_create);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_create_group);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_create_from_group);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_split);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_split_type);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_free);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_set_info);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_get_info);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_test_inter);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_remote_size);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_remote_group);
VT_SAME_TYPE_AS_PMPI(MPI_Intercomm_create);
VT_SAME_TYPE_AS_PMPI(MPI_Intercomm_create_from_groups);
VT_SAME_TYPE_AS_PMPI(MPI_Intercomm_merge);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_create_keyval);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_free_keyval);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_set_attr);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_get_attr);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_delete_attr);
VT_SAME_TYPE_AS_PMPI(MPI_Win_create_keyval);
VT_SAME_TYPE_AS_PMPI(MPI_Win_free_keyval);
VT_SAME_TYPE_AS_PMPI(MPI_Win_set_attr);
VT_SAME_TYPE_AS_PMPI(MPI_Win_get_attr);
VT_SAME_TYPE_AS_PMPI(MPI_Win_delete_attr);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_keyval);
VT_SAME_TYPE_AS_PMPI(MPI_Type_free_keyval);
VT_SAME_TYPE_AS_PMPI(MPI_Type_set_attr);
VT_SAME_TYPE_AS_PMPI(MPI_Type_get_attr);
VT_SAME_TYPE_AS_PMPI(MPI_Type_delete_attr);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_set_name);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_get_name);
VT_SAME_TYPE_AS_PMPI(MPI_Type_set_name);
VT_SAME_TYPE_AS_PMPI(MPI_Type_get_name);
VT_SAME_TYPE_AS_PMPI(MPI_Win_set_name);
VT_SAME_TYPE_AS_PMPI(MPI_Win_get_name);
VT_SAME_TYPE_AS_PMPI(MPI_Cart_create);
VT_SAME_TYPE_AS_PMPI(MPI_Dims_create);
VT_SAME_TYPE_AS_PMPI(MPI_Graph_create);
VT_SAME_TYPE_AS_PMPI(MPI_Dist_graph_create_adjacent);
VT_SAME_TYPE_AS_PMPI(MPI_Dist_graph_create);
VT_SAME_TYPE_AS_PMPI(MPI_Topo_test);
VT_SAME_TYPE_AS_PMPI(MPI_Graphdims_get);
VT_SAME_TYPE_AS_PMPI(MPI_Graph_get);
VT_SAME_TYPE_AS_PMPI(MPI_Cartdim_get);
VT_SAME_TYPE_AS_PMPI(MPI_Cart_get);
VT_SAME_TYPE_AS_PMPI(MPI_Cart_rank);
VT_SAME_TYPE_AS_PMPI(MPI_Cart_coords);
VT_SAME_TYPE_AS_PMPI(MPI_Graph_neighbors_count);
VT_SAME_TYPE_AS_PMPI(MPI_Graph_neighbors);
VT_SAME_TYPE_AS_PMPI(MPI_Dist_graph_neighbors_count);
VT_SAME_TYPE_AS_PMPI(MPI_Dist_graph_neighbors);
VT_SAME_TYPE_AS_PMPI(MPI_Cart_shift);
VT_SAME_TYPE_AS_PMPI(MPI_Cart_sub);
VT_SAME_TYPE_AS_PMPI(MPI_Cart_map);
VT_SAME_TYPE_AS_PMPI(MPI_Graph_map);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_allgather);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_allgather_c);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_allgatherv);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_allgatherv_c);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_alltoall);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_alltoall_c);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_alltoallv);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_alltoallv_c);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_alltoallw);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_alltoallw_c);
VT_SAME_TYPE_AS_PMPI(MPI_Ineighbor_allgather);
VT_SAME_TYPE_AS_PMPI(MPI_Ineighbor_allgather_c);
VT_SAME_TYPE_AS_PMPI(MPI_Ineighbor_allgatherv);
VT_SAME_TYPE_AS_PMPI(MPI_Ineighbor_allgatherv_c);
VT_SAME_TYPE_AS_PMPI(MPI_Ineighbor_alltoall);
VT_SAME_TYPE_AS_PMPI(MPI_Ineighbor_alltoall_c);
VT_SAME_TYPE_AS_PMPI(MPI_Ineighbor_alltoallv);
VT_SAME_TYPE_AS_PMPI(MPI_Ineighbor_alltoallv_c);
VT_SAME_TYPE_AS_PMPI(MPI_Ineighbor_alltoallw);
VT_SAME_TYPE_AS_PMPI(MPI_Ineighbor_alltoallw_c);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_allgather_init);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_allgather_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_allgatherv_init);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_allgatherv_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_alltoall_init);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_alltoall_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_alltoallv_init);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_alltoallv_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_alltoallw_init);
VT_SAME_TYPE_AS_PMPI(MPI_Neighbor_alltoallw_init_c);
VT_SAME_TYPE_AS_PMPI(MPI_Get_version);
VT_SAME_TYPE_AS_PMPI(MPI_Get_library_version);
VT_SAME_TYPE_AS_PMPI(MPI_Get_processor_name);
VT_SAME_TYPE_AS_PMPI(MPI_Get_hw_resource_info);
VT_SAME_TYPE_AS_PMPI(MPI_Alloc_mem);
VT_SAME_TYPE_AS_PMPI(MPI_Free_mem);
VT_SAME_TYPE_AS_PMPI(MPI_Wtime);
VT_SAME_TYPE_AS_PMPI(MPI_Wtick);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_create_errhandler);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_set_errhandler);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_get_errhandler);
VT_SAME_TYPE_AS_PMPI(MPI_Win_create_errhandler);
VT_SAME_TYPE_AS_PMPI(MPI_Win_set_errhandler);
VT_SAME_TYPE_AS_PMPI(MPI_Win_get_errhandler);
VT_SAME_TYPE_AS_PMPI(MPI_File_create_errhandler);
VT_SAME_TYPE_AS_PMPI(MPI_File_set_errhandler);
VT_SAME_TYPE_AS_PMPI(MPI_File_get_errhandler);
VT_SAME_TYPE_AS_PMPI(MPI_Session_create_errhandler);
VT_SAME_TYPE_AS_PMPI(MPI_Session_set_errhandler);
VT_SAME_TYPE_AS_PMPI(MPI_Session_get_errhandler);
VT_SAME_TYPE_AS_PMPI(MPI_Errhandler_free);
VT_SAME_TYPE_AS_PMPI(MPI_Error_string);
VT_SAME_TYPE_AS_PMPI(MPI_Error_class);
VT_SAME_TYPE_AS_PMPI(MPI_Add_error_class);
VT_SAME_TYPE_AS_PMPI(MPI_Add_error_code);
VT_SAME_TYPE_AS_PMPI(MPI_Add_error_string);
VT_SAME_TYPE_AS_PMPI(MPI_Remove_error_class);
VT_SAME_TYPE_AS_PMPI(MPI_Remove_error_code);
VT_SAME_TYPE_AS_PMPI(MPI_Remove_error_string);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_call_errhandler);
VT_SAME_TYPE_AS_PMPI(MPI_Win_call_errhandler);
VT_SAME_TYPE_AS_PMPI(MPI_File_call_errhandler);
VT_SAME_TYPE_AS_PMPI(MPI_Session_call_errhandler);
VT_SAME_TYPE_AS_PMPI(MPI_Info_create);
VT_SAME_TYPE_AS_PMPI(MPI_Info_set);
VT_SAME_TYPE_AS_PMPI(MPI_Info_delete);
VT_SAME_TYPE_AS_PMPI(MPI_Info_get_string);
VT_SAME_TYPE_AS_PMPI(MPI_Info_get_nkeys);
VT_SAME_TYPE_AS_PMPI(MPI_Info_get_nthkey);
VT_SAME_TYPE_AS_PMPI(MPI_Info_dup);
VT_SAME_TYPE_AS_PMPI(MPI_Info_free);
VT_SAME_TYPE_AS_PMPI(MPI_Info_create_env);
VT_SAME_TYPE_AS_PMPI(MPI_Init);
VT_SAME_TYPE_AS_PMPI(MPI_Init_thread);
VT_SAME_TYPE_AS_PMPI(MPI_Query_thread);
VT_SAME_TYPE_AS_PMPI(MPI_Is_thread_main);
VT_SAME_TYPE_AS_PMPI(MPI_Finalize);
VT_SAME_TYPE_AS_PMPI(MPI_Initialized);
VT_SAME_TYPE_AS_PMPI(MPI_Finalized);
VT_SAME_TYPE_AS_PMPI(MPI_Abort);
VT_SAME_TYPE_AS_PMPI(MPI_Session_init);
VT_SAME_TYPE_AS_PMPI(MPI_Session_finalize);
VT_SAME_TYPE_AS_PMPI(MPI_Session_get_num_psets);
VT_SAME_TYPE_AS_PMPI(MPI_Session_get_nth_pset);
VT_SAME_TYPE_AS_PMPI(MPI_Session_get_info);
VT_SAME_TYPE_AS_PMPI(MPI_Session_get_pset_info);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_spawn);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_get_parent);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_spawn_multiple);
VT_SAME_TYPE_AS_PMPI(MPI_Open_port);
VT_SAME_TYPE_AS_PMPI(MPI_Close_port);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_accept);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_connect);
VT_SAME_TYPE_AS_PMPI(MPI_Publish_name);
VT_SAME_TYPE_AS_PMPI(MPI_Unpublish_name);
VT_SAME_TYPE_AS_PMPI(MPI_Lookup_name);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_disconnect);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_join);
VT_SAME_TYPE_AS_PMPI(MPI_Win_create);
VT_SAME_TYPE_AS_PMPI(MPI_Win_create_c);
VT_SAME_TYPE_AS_PMPI(MPI_Win_allocate);
VT_SAME_TYPE_AS_PMPI(MPI_Win_allocate_c);
VT_SAME_TYPE_AS_PMPI(MPI_Win_allocate_shared);
VT_SAME_TYPE_AS_PMPI(MPI_Win_allocate_shared_c);
VT_SAME_TYPE_AS_PMPI(MPI_Win_shared_query);
VT_SAME_TYPE_AS_PMPI(MPI_Win_shared_query_c);
VT_SAME_TYPE_AS_PMPI(MPI_Win_create_dynamic);
VT_SAME_TYPE_AS_PMPI(MPI_Win_attach);
VT_SAME_TYPE_AS_PMPI(MPI_Win_detach);
VT_SAME_TYPE_AS_PMPI(MPI_Win_free);
VT_SAME_TYPE_AS_PMPI(MPI_Win_get_group);
VT_SAME_TYPE_AS_PMPI(MPI_Win_set_info);
VT_SAME_TYPE_AS_PMPI(MPI_Win_get_info);
VT_SAME_TYPE_AS_PMPI(MPI_Put);
VT_SAME_TYPE_AS_PMPI(MPI_Put_c);
VT_SAME_TYPE_AS_PMPI(MPI_Get);
VT_SAME_TYPE_AS_PMPI(MPI_Get_c);
VT_SAME_TYPE_AS_PMPI(MPI_Accumulate);
VT_SAME_TYPE_AS_PMPI(MPI_Accumulate_c);
VT_SAME_TYPE_AS_PMPI(MPI_Get_accumulate);
VT_SAME_TYPE_AS_PMPI(MPI_Get_accumulate_c);
VT_SAME_TYPE_AS_PMPI(MPI_Fetch_and_op);
VT_SAME_TYPE_AS_PMPI(MPI_Compare_and_swap);
VT_SAME_TYPE_AS_PMPI(MPI_Rput);
VT_SAME_TYPE_AS_PMPI(MPI_Rput_c);
VT_SAME_TYPE_AS_PMPI(MPI_Rget);
VT_SAME_TYPE_AS_PMPI(MPI_Rget_c);
VT_SAME_TYPE_AS_PMPI(MPI_Raccumulate);
VT_SAME_TYPE_AS_PMPI(MPI_Raccumulate_c);
VT_SAME_TYPE_AS_PMPI(MPI_Rget_accumulate);
VT_SAME_TYPE_AS_PMPI(MPI_Rget_accumulate_c);
VT_SAME_TYPE_AS_PMPI(MPI_Win_fence);
VT_SAME_TYPE_AS_PMPI(MPI_Win_start);
VT_SAME_TYPE_AS_PMPI(MPI_Win_complete);
VT_SAME_TYPE_AS_PMPI(MPI_Win_post);
VT_SAME_TYPE_AS_PMPI(MPI_Win_wait);
VT_SAME_TYPE_AS_PMPI(MPI_Win_test);
VT_SAME_TYPE_AS_PMPI(MPI_Win_lock);
VT_SAME_TYPE_AS_PMPI(MPI_Win_lock_all);
VT_SAME_TYPE_AS_PMPI(MPI_Win_unlock);
VT_SAME_TYPE_AS_PMPI(MPI_Win_unlock_all);
VT_SAME_TYPE_AS_PMPI(MPI_Win_flush);
VT_SAME_TYPE_AS_PMPI(MPI_Win_flush_all);
VT_SAME_TYPE_AS_PMPI(MPI_Win_flush_local);
VT_SAME_TYPE_AS_PMPI(MPI_Win_flush_local_all);
VT_SAME_TYPE_AS_PMPI(MPI_Win_sync);
VT_SAME_TYPE_AS_PMPI(MPI_Grequest_start);
VT_SAME_TYPE_AS_PMPI(MPI_Grequest_complete);
VT_SAME_TYPE_AS_PMPI(MPI_Status_set_source);
VT_SAME_TYPE_AS_PMPI(MPI_Status_set_tag);
VT_SAME_TYPE_AS_PMPI(MPI_Status_set_error);
VT_SAME_TYPE_AS_PMPI(MPI_Status_get_source);
VT_SAME_TYPE_AS_PMPI(MPI_Status_get_tag);
VT_SAME_TYPE_AS_PMPI(MPI_Status_get_error);
VT_SAME_TYPE_AS_PMPI(MPI_Status_set_elements);
VT_SAME_TYPE_AS_PMPI(MPI_Status_set_elements_c);
VT_SAME_TYPE_AS_PMPI(MPI_Status_set_elements_x);
VT_SAME_TYPE_AS_PMPI(MPI_Status_set_cancelled);
VT_SAME_TYPE_AS_PMPI(MPI_File_open);
VT_SAME_TYPE_AS_PMPI(MPI_File_close);
VT_SAME_TYPE_AS_PMPI(MPI_File_delete);
VT_SAME_TYPE_AS_PMPI(MPI_File_set_size);
VT_SAME_TYPE_AS_PMPI(MPI_File_preallocate);
VT_SAME_TYPE_AS_PMPI(MPI_File_get_size);
VT_SAME_TYPE_AS_PMPI(MPI_File_get_group);
VT_SAME_TYPE_AS_PMPI(MPI_File_get_amode);
VT_SAME_TYPE_AS_PMPI(MPI_File_set_info);
VT_SAME_TYPE_AS_PMPI(MPI_File_get_info);
VT_SAME_TYPE_AS_PMPI(MPI_File_set_view);
VT_SAME_TYPE_AS_PMPI(MPI_File_get_view);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_at);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_at_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_at_all);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_at_all_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_at);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_at_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_at_all);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_at_all_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_iread_at);
VT_SAME_TYPE_AS_PMPI(MPI_File_iread_at_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_iread_at_all);
VT_SAME_TYPE_AS_PMPI(MPI_File_iread_at_all_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_iwrite_at);
VT_SAME_TYPE_AS_PMPI(MPI_File_iwrite_at_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_iwrite_at_all);
VT_SAME_TYPE_AS_PMPI(MPI_File_iwrite_at_all_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_read);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_all);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_all_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_write);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_all);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_all_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_iread);
VT_SAME_TYPE_AS_PMPI(MPI_File_iread_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_iread_all);
VT_SAME_TYPE_AS_PMPI(MPI_File_iread_all_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_iwrite);
VT_SAME_TYPE_AS_PMPI(MPI_File_iwrite_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_iwrite_all);
VT_SAME_TYPE_AS_PMPI(MPI_File_iwrite_all_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_seek);
VT_SAME_TYPE_AS_PMPI(MPI_File_get_position);
VT_SAME_TYPE_AS_PMPI(MPI_File_get_byte_offset);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_shared);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_shared_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_shared);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_shared_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_iread_shared);
VT_SAME_TYPE_AS_PMPI(MPI_File_iread_shared_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_iwrite_shared);
VT_SAME_TYPE_AS_PMPI(MPI_File_iwrite_shared_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_ordered);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_ordered_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_ordered);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_ordered_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_seek_shared);
VT_SAME_TYPE_AS_PMPI(MPI_File_get_position_shared);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_at_all_begin);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_at_all_begin_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_at_all_end);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_at_all_begin);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_at_all_begin_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_at_all_end);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_all_begin);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_all_begin_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_all_end);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_all_begin);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_all_begin_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_all_end);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_ordered_begin);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_ordered_begin_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_read_ordered_end);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_ordered_begin);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_ordered_begin_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_write_ordered_end);
VT_SAME_TYPE_AS_PMPI(MPI_File_get_type_extent);
VT_SAME_TYPE_AS_PMPI(MPI_File_get_type_extent_c);
VT_SAME_TYPE_AS_PMPI(MPI_Register_datarep);
VT_SAME_TYPE_AS_PMPI(MPI_Register_datarep_c);
VT_SAME_TYPE_AS_PMPI(MPI_File_set_atomicity);
VT_SAME_TYPE_AS_PMPI(MPI_File_get_atomicity);
VT_SAME_TYPE_AS_PMPI(MPI_File_sync);
VT_SAME_TYPE_AS_PMPI(MPI_Pcontrol);
VT_SAME_TYPE_AS_PMPI(MPI_T_init_thread);
VT_SAME_TYPE_AS_PMPI(MPI_T_finalize);
VT_SAME_TYPE_AS_PMPI(MPI_T_enum_get_info);
VT_SAME_TYPE_AS_PMPI(MPI_T_enum_get_item);
VT_SAME_TYPE_AS_PMPI(MPI_T_cvar_get_num);
VT_SAME_TYPE_AS_PMPI(MPI_T_cvar_get_info);
VT_SAME_TYPE_AS_PMPI(MPI_T_cvar_get_index);
VT_SAME_TYPE_AS_PMPI(MPI_T_cvar_handle_alloc);
VT_SAME_TYPE_AS_PMPI(MPI_T_cvar_handle_free);
VT_SAME_TYPE_AS_PMPI(MPI_T_cvar_read);
VT_SAME_TYPE_AS_PMPI(MPI_T_cvar_write);
VT_SAME_TYPE_AS_PMPI(MPI_T_pvar_get_num);
VT_SAME_TYPE_AS_PMPI(MPI_T_pvar_get_info);
VT_SAME_TYPE_AS_PMPI(MPI_T_pvar_get_index);
VT_SAME_TYPE_AS_PMPI(MPI_T_pvar_session_create);
VT_SAME_TYPE_AS_PMPI(MPI_T_pvar_session_free);
VT_SAME_TYPE_AS_PMPI(MPI_T_pvar_handle_alloc);
VT_SAME_TYPE_AS_PMPI(MPI_T_pvar_handle_free);
VT_SAME_TYPE_AS_PMPI(MPI_T_pvar_start);
VT_SAME_TYPE_AS_PMPI(MPI_T_pvar_stop);
VT_SAME_TYPE_AS_PMPI(MPI_T_pvar_read);
VT_SAME_TYPE_AS_PMPI(MPI_T_pvar_write);
VT_SAME_TYPE_AS_PMPI(MPI_T_pvar_reset);
VT_SAME_TYPE_AS_PMPI(MPI_T_pvar_readreset);
VT_SAME_TYPE_AS_PMPI(MPI_T_event_get_num);
VT_SAME_TYPE_AS_PMPI(MPI_T_event_get_info);
VT_SAME_TYPE_AS_PMPI(MPI_T_event_get_index);
VT_SAME_TYPE_AS_PMPI(MPI_T_event_handle_alloc);
VT_SAME_TYPE_AS_PMPI(MPI_T_event_handle_set_info);
VT_SAME_TYPE_AS_PMPI(MPI_T_event_handle_get_info);
VT_SAME_TYPE_AS_PMPI(MPI_T_event_register_callback);
VT_SAME_TYPE_AS_PMPI(MPI_T_event_callback_set_info);
VT_SAME_TYPE_AS_PMPI(MPI_T_event_callback_get_info);
VT_SAME_TYPE_AS_PMPI(MPI_T_event_handle_free);
VT_SAME_TYPE_AS_PMPI(MPI_T_event_set_dropped_handler);
VT_SAME_TYPE_AS_PMPI(MPI_T_event_read);
VT_SAME_TYPE_AS_PMPI(MPI_T_event_copy);
VT_SAME_TYPE_AS_PMPI(MPI_T_event_get_timestamp);
VT_SAME_TYPE_AS_PMPI(MPI_T_event_get_source);
VT_SAME_TYPE_AS_PMPI(MPI_T_source_get_num);
VT_SAME_TYPE_AS_PMPI(MPI_T_source_get_info);
VT_SAME_TYPE_AS_PMPI(MPI_T_source_get_timestamp);
VT_SAME_TYPE_AS_PMPI(MPI_T_category_get_num);
VT_SAME_TYPE_AS_PMPI(MPI_T_category_get_info);
VT_SAME_TYPE_AS_PMPI(MPI_T_category_get_num_events);
VT_SAME_TYPE_AS_PMPI(MPI_T_category_get_index);
VT_SAME_TYPE_AS_PMPI(MPI_T_category_get_cvars);
VT_SAME_TYPE_AS_PMPI(MPI_T_category_get_pvars);
VT_SAME_TYPE_AS_PMPI(MPI_T_category_get_categories);
VT_SAME_TYPE_AS_PMPI(MPI_T_category_get_events);
VT_SAME_TYPE_AS_PMPI(MPI_T_category_changed);
VT_SAME_TYPE_AS_PMPI(MPI_Keyval_create);
VT_SAME_TYPE_AS_PMPI(MPI_Keyval_free);
VT_SAME_TYPE_AS_PMPI(MPI_Attr_put);
VT_SAME_TYPE_AS_PMPI(MPI_Attr_get);
VT_SAME_TYPE_AS_PMPI(MPI_Attr_delete);
VT_SAME_TYPE_AS_PMPI(MPI_Info_get);
VT_SAME_TYPE_AS_PMPI(MPI_Info_get_valuelen);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_f90_real);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_f90_complex);
VT_SAME_TYPE_AS_PMPI(MPI_Type_create_f90_integer);
VT_SAME_TYPE_AS_PMPI(MPI_Type_match_size);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_c2f);
VT_SAME_TYPE_AS_PMPI(MPI_Comm_f2c);
VT_SAME_TYPE_AS_PMPI(MPI_Errhandler_c2f);
VT_SAME_TYPE_AS_PMPI(MPI_Errhandler_f2c);
VT_SAME_TYPE_AS_PMPI(MPI_File_c2f);
VT_SAME_TYPE_AS_PMPI(MPI_File_f2c);
VT_SAME_TYPE_AS_PMPI(MPI_Group_c2f);
VT_SAME_TYPE_AS_PMPI(MPI_Group_f2c);
VT_SAME_TYPE_AS_PMPI(MPI_Info_c2f);
VT_SAME_TYPE_AS_PMPI(MPI_Info_f2c);
VT_SAME_TYPE_AS_PMPI(MPI_Message_c2f);
VT_SAME_TYPE_AS_PMPI(MPI_Message_f2c);
VT_SAME_TYPE_AS_PMPI(MPI_Op_c2f);
VT_SAME_TYPE_AS_PMPI(MPI_Op_f2c);
VT_SAME_TYPE_AS_PMPI(MPI_Request_c2f);
VT_SAME_TYPE_AS_PMPI(MPI_Request_f2c);
VT_SAME_TYPE_AS_PMPI(MPI_Session_c2f);
VT_SAME_TYPE_AS_PMPI(MPI_Session_f2c);
VT_SAME_TYPE_AS_PMPI(MPI_Type_c2f);
VT_SAME_TYPE_AS_PMPI(MPI_Type_f2c);
VT_SAME_TYPE_AS_PMPI(MPI_Win_c2f);
VT_SAME_TYPE_AS_PMPI(MPI_Win_f2c);
VT_SAME_TYPE_AS_PMPI(MPI_Status_c2f);
VT_SAME_TYPE_AS_PMPI(MPI_Status_f2c);
VT_SAME_TYPE_AS_PMPI(MPI_Status_c2f08);
VT_SAME_TYPE_AS_PMPI(MPI_Status_f082c);
VT_SAME_TYPE_AS_PMPI(MPI_Status_f082f);
VT_SAME_TYPE_AS_PMPI(MPI_Status_f2f08);
VT_SAME_TYPE_AS_PMPI(MPIX_Comm_revoke);
VT_SAME_TYPE_AS_PMPI(MPIX_Comm_is_revoked);
VT_SAME_TYPE_AS_PMPI(MPIX_Comm_shrink);
VT_SAME_TYPE_AS_PMPI(MPIX_Comm_ishrink);
VT_SAME_TYPE_AS_PMPI(MPIX_Comm_agree);
VT_SAME_TYPE_AS_PMPI(MPIX_Comm_iagree);
VT_SAME_TYPE_AS_PMPI(MPIX_Comm_get_failed);
VT_SAME_TYPE_AS_PMPI(MPIX_Comm_ack_failed);
VT_SAME_TYPE_AS_PMPI(MPIX_Comm_failure_ack);
VT_SAME_TYPE_AS_PMPI(MPIX_Comm_failure_get_acked);

/* ---- A program's worth of calls: arguments of the usual types are accepted ---- */

static void vt_user_op(void *invec, void *inoutvec, int *len, MPI_Datatype *datatype)
{
    (void)invec;
    (void)inoutvec;
    (void)len;
    (void)datatype;
}

static void vt_user_op_c(void *invec, void *inoutvec, MPI_Count *len, MPI_Datatype *datatype)
{
    (void)invec;
    (void)inoutvec;
    (void)len;
    (void)datatype;
}

static void vt_comm_errhandler(MPI_Comm *comm, int *error_code, ...)
{
    (void)comm;
    (void)error_code;
}

static int vt_copy_attr(MPI_Comm oldcomm, int keyval, void *extra_state, void *attribute_val_in,
                        void *attribute_val_out, int *flag)
{
    (void)oldcomm;
    (void)keyval;
    (void)extra_state;
    *static_cast<void **>(attribute_val_out) = attribute_val_in;
    *flag = 1;
    return MPI_SUCCESS;
}

static int vt_query(void *extra_state, MPI_Status *status)
{
    (void)extra_state;
    MPI_Status_set_elements(status, MPI_BYTE, 0);
    MPI_Status_set_cancelled(status, 0);
    status->MPI_SOURCE = MPI_UNDEFINED;
    status->MPI_TAG = MPI_UNDEFINED;
    return MPI_SUCCESS;
}

static int vt_free(void *extra_state)
{
    (void)extra_state;
    return MPI_SUCCESS;
}

static int vt_cancel(void *extra_state, int complete)
{
    (void)extra_state;
    (void)complete;
    return MPI_SUCCESS;
}

static void vt_event_cb(MPI_T_event_instance event_instance,
                        MPI_T_event_registration event_registration, MPI_T_cb_safety cb_safety,
                        void *user_data)
{
    MPI_Count timestamp;
    (void)event_registration;
    (void)cb_safety;
    (void)user_data;
    MPI_T_event_get_timestamp(event_instance, &timestamp);
}

int vt_example(int argc, char **argv);
int vt_example(int argc, char **argv)
{
    int rank, size, provided, flag, count, len, keyval;
    int sendbuf[4] = {0, 1, 2, 3}, recvbuf[4] = {0, 0, 0, 0};
    int counts[4] = {1, 1, 1, 1}, displs[4] = {0, 1, 2, 3};
    MPI_Datatype types[4] = {MPI_INT, MPI_INT, MPI_INT, MPI_INT};
    int ranges[1][3] = {{0, 0, 1}};
    int dims[2] = {0, 0}, periods[2] = {0, 1};
    int blocklens[2] = {1, 1};
    MPI_Aint disps[2];
    MPI_Datatype fields[2] = {MPI_DOUBLE, MPI_INT};
    struct {
        double v;
        int i;
    } item;
    MPI_Request reqs[2];
    MPI_Status status, statuses[2];
    MPI_Message msg;
    MPI_Op op;
    MPI_Errhandler errh;
    MPI_Comm dup, cart, graph, child;
    MPI_Group world_group, sub;
    MPI_Datatype pair, vec;
    MPI_Count big, lb_c, extent_c;
    MPI_Aint lb, extent;
    MPI_Info info;
    MPI_Win win;
    MPI_Session session;
    MPI_T_event_registration reg;
    int *base;
    void *tag_ub;
    char name[MPI_MAX_PROCESSOR_NAME];
    char text[MPI_MAX_ERROR_STRING];
    double t0;

    MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    t0 = MPI_Wtime();

    /* point-to-point */
    MPI_Send(sendbuf, 4, MPI_INT, (rank + 1) % size, 0, MPI_COMM_WORLD);
    MPI_Recv(recvbuf, 4, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
    MPI_Get_count(&status, MPI_INT, &count);
    MPI_Get_count_c(&status, MPI_INT, &big);
    MPI_Irecv(recvbuf, 4, MPI_INT, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD, &reqs[0]);
    MPI_Isend_c(sendbuf, static_cast<MPI_Count>(4), MPI_INT, MPI_PROC_NULL, 0, MPI_COMM_WORLD,
                &reqs[1]);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);
    MPI_Testall(2, reqs, &flag, statuses);
    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    MPI_Request_get_status_all(2, reqs, &flag, statuses);
    MPI_Sendrecv_replace(recvbuf, 4, MPI_INT, MPI_PROC_NULL, 1, MPI_PROC_NULL, 1, MPI_COMM_SELF,
                         MPI_STATUS_IGNORE);
    MPI_Mprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &msg, &status);
    MPI_Mrecv(recvbuf, 4, MPI_INT, &msg, MPI_STATUS_IGNORE);
    MPI_Psend_init(sendbuf, 4, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &reqs[0]);
    MPI_Start(&reqs[0]);
    MPI_Pready(0, reqs[0]);
    MPI_Wait(&reqs[0], MPI_STATUS_IGNORE);
    MPI_Request_free(&reqs[0]);
    MPI_Buffer_attach(MPI_BUFFER_AUTOMATIC, 0);

    /* collectives */
    MPI_Bcast(sendbuf, 4, MPI_INT, 0, MPI_COMM_WORLD);
    MPI_Allreduce(MPI_IN_PLACE, recvbuf, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
    MPI_Op_create(vt_user_op, 1, &op);
    MPI_Reduce(sendbuf, recvbuf, 4, MPI_INT, op, 0, MPI_COMM_WORLD);
    MPI_Op_free(&op);
    MPI_Op_create_c(vt_user_op_c, 0, &op);
    MPI_Op_free(&op);
    MPI_Alltoallv(sendbuf, counts, displs, MPI_INT, recvbuf, counts, displs, MPI_INT,
                  MPI_COMM_WORLD);
    MPI_Alltoallw(sendbuf, counts, displs, types, recvbuf, counts, displs, types, MPI_COMM_WORLD);
    MPI_Iallgather(sendbuf, 1, MPI_INT, recvbuf, 1, MPI_INT, MPI_COMM_WORLD, &reqs[0]);
    MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, &reqs[1]);
    MPI_Startall(1, &reqs[1]);
    MPI_Waitall(2, reqs, MPI_STATUSES_IGNORE);

    /* communicators, groups, attributes, topologies */
    MPI_Comm_create_errhandler(vt_comm_errhandler, &errh);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_set_errhandler(dup, errh);
    MPI_Errhandler_free(&errh);
    MPI_Comm_create_keyval(MPI_COMM_DUP_FN, MPI_COMM_NULL_DELETE_FN, &keyval, nullptr);
    MPI_Comm_free_keyval(&keyval);
    MPI_Comm_create_keyval(vt_copy_attr, MPI_COMM_NULL_DELETE_FN, &keyval, nullptr);
    MPI_Comm_set_attr(dup, keyval, &item);
    MPI_Comm_get_attr(MPI_COMM_WORLD, MPI_TAG_UB, &tag_ub, &flag);
    MPI_Comm_group(MPI_COMM_WORLD, &world_group);
    MPI_Group_range_incl(world_group, 1, ranges, &sub);
    MPI_Group_free(&sub);
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &cart);
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 0, nullptr, MPI_UNWEIGHTED, 0, nullptr,
                                   MPI_WEIGHTS_EMPTY, MPI_INFO_NULL, 0, &graph);
    MPI_Neighbor_alltoall(sendbuf, 1, MPI_INT, recvbuf, 1, MPI_INT, cart);
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &child);
    MPI_Comm_free(&child);

    /* datatypes */
    MPI_Get_address(&item.v, &disps[0]);
    MPI_Get_address(&item.i, &disps[1]);
    disps[1] = MPI_Aint_diff(disps[1], disps[0]);
    disps[0] = 0;
    MPI_Type_create_struct(2, blocklens, disps, fields, &pair);
    MPI_Type_commit(&pair);
    MPI_Type_get_extent(pair, &lb, &extent);
    MPI_Type_get_extent_c(pair, &lb_c, &extent_c);
    MPI_Type_size_c(pair, &big);
    MPI_Type_free(&pair);
    MPI_Type_get_value_index(MPI_DOUBLE, MPI_INT, &pair);
    MPI_Type_vector_c(4, 1, 2, MPI_INT, &vec);
    MPI_Type_free(&vec);

    /* environment, info, errors */
    MPI_Get_processor_name(name, &len);
    MPI_Error_string(MPI_ERR_OTHER, text, &len);
    MPI_Info_create(&info);
    MPI_Info_set(info, "key", "value");
    len = static_cast<int>(sizeof text);
    MPI_Info_get_string(info, "key", &len, text, &flag);
    MPI_Info_free(&info);

    /* one-sided */
    MPI_Win_allocate(static_cast<MPI_Aint>(4 * sizeof(int)), static_cast<int>(sizeof(int)),
                     MPI_INFO_NULL, MPI_COMM_WORLD, &base, &win);
    MPI_Win_fence(MPI_MODE_NOPRECEDE, win);
    MPI_Put(sendbuf, 1, MPI_INT, 0, 0, 1, MPI_INT, win);
    MPI_Accumulate(sendbuf, 1, MPI_INT, 0, 1, 1, MPI_INT, MPI_REPLACE, win);
    MPI_Win_fence(MPI_MODE_NOSUCCEED, win);
    MPI_Win_lock(MPI_LOCK_SHARED, 0, MPI_MODE_NOCHECK, win);
    MPI_Fetch_and_op(sendbuf, recvbuf, MPI_INT, 0, 0, MPI_NO_OP, win);
    MPI_Win_unlock(0, win);
    MPI_Win_free(&win);

    /* external interfaces, processes, sessions, tools */
    MPI_Grequest_start(vt_query, vt_free, vt_cancel, nullptr, &reqs[0]);
    MPI_Grequest_complete(reqs[0]);
    MPI_Comm_spawn("worker", MPI_ARGV_NULL, 1, MPI_INFO_NULL, 0, MPI_COMM_SELF, &child,
                   MPI_ERRCODES_IGNORE);
    MPI_Session_init(MPI_INFO_NULL, MPI_ERRORS_RETURN, &session);
    MPI_Session_finalize(&session);
    MPI_T_init_thread(MPI_THREAD_SINGLE, &provided);
    MPI_T_event_handle_alloc(0, nullptr, MPI_INFO_NULL, &reg);
    MPI_T_event_register_callback(reg, MPI_T_CB_REQUIRE_NONE, MPI_INFO_NULL, nullptr, vt_event_cb);
    MPI_T_finalize();
    MPI_Pcontrol(1);
    MPIX_Comm_agree(dup, &flag);

    MPI_Comm_free(&graph);
    MPI_Comm_free(&cart);
    MPI_Comm_free(&dup);
    MPI_Group_free(&world_group);
    (void)t0;
    return MPI_Finalize();
}

/* C++ idioms: containers, lambdas as callbacks, handles as template arguments. */
template <typename Handle> static bool vt_is_null(Handle h)
{
    return h == Handle();
}

int vt_example_cxx();
int vt_example_cxx()
{
    std::vector<MPI_Request> reqs(2, MPI_REQUEST_NULL);
    std::vector<MPI_Status> statuses(reqs.size());
    std::vector<int> data(8);
    MPI_Op op = MPI_OP_NULL;
    MPI_User_function *sum = [](void *in, void *inout, int *len, MPI_Datatype *) {
        for (int i = 0; i < *len; i++)
            static_cast<int *>(inout)[i] += static_cast<const int *>(in)[i];
    };
    MPI_Op_create(sum, 1, &op);
    MPI_Iallreduce(MPI_IN_PLACE, data.data(), static_cast<int>(data.size()), MPI_INT, op,
                   MPI_COMM_WORLD, &reqs[0]);
    MPI_Ibcast(data.data(), 1, MPI_INT, 0, MPI_COMM_WORLD, &reqs[1]);
    MPI_Waitall(static_cast<int>(reqs.size()), reqs.data(), statuses.data());
    MPI_Op_free(&op);
    return vt_is_null(op) && vt_is_null(MPI_COMM_NULL) && !vt_is_null(MPI_COMM_WORLD) ? 0 : 1;
}

#else /* MPI_HEADER_TEST_MAIN */

int main(void)
{
    int failed = vt_check_values();
    std::printf("mpi.h value checks (C++): %s\n", failed ? "FAILED" : "ok");
    return failed != 0;
}

#endif /* MPI_HEADER_TEST_MAIN */
