/* MPI environment: init, finalize, abort, versions, time (mpi_impl.h). */
#define _GNU_SOURCE
#include "mpi_impl.h"

#include <base/log.h>
#include <core/coll/coll_shm.h>
#include <base/time.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

mpi_state_t mpi_state;

static double now_seconds(void)
{
    struct timespec t;

    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* MPI_THREAD_* from what the instance was created with (fixed at its creation). */
static int thread_provided(int required, const core_instance_t *instance)
{
    int most = instance->thread == CORE_THREAD_MULTIPLE ? MPI_THREAD_MULTIPLE
                                                       : MPI_THREAD_SERIALIZED;

    return required < most ? required : most;
}

static void errhandlers_init(void)
{
    mpi_state.eh_fatal = (struct vmpl_mpi_errhandler_s){.kind = MPI_EH_FATAL, .refcount = 1};
    mpi_state.eh_return = (struct vmpl_mpi_errhandler_s){.kind = MPI_EH_RETURN, .refcount = 1};
    mpi_state.eh_abort = (struct vmpl_mpi_errhandler_s){.kind = MPI_EH_ABORT, .refcount = 1};
}

static int communicators_init(void)
{
    const rt_info_t *rt = mpi_state.rt;
    comm_t *world, *self;

    if (comm_pool_create(&mpi_state.pool) != VMPL_OK ||
        comm_world_create(mpi_state.p2p, rt->rank, rt->size, mpi_state.pool, &world) != VMPL_OK ||
        comm_self_create(mpi_state.p2p, rt->rank, mpi_state.pool, &self) != VMPL_OK)
        return -1;
    /*
     * The node channel serves a communicator of the node's ranks only: the
     * world of a one-node job. Across nodes the world's collectives use
     * messages (hierarchical ones need a per-node communicator first).
     */
    if (rt->node_count == 1 && (!core_instance_node(mpi_state.instance) ||
        coll_shm_attach(&world->coll, core_instance_node(mpi_state.instance)) != VMPL_OK))
        base_warn("mpi", "no node channel for MPI_COMM_WORLD: its collectives use messages");
    mpi_state.world = (struct vmpl_mpi_comm_s){.core = world, .errhandler = MPI_ERRORS_ARE_FATAL,
                                               .name = "MPI_COMM_WORLD", .predefined = 1};
    mpi_state.self = (struct vmpl_mpi_comm_s){.core = self, .errhandler = MPI_ERRORS_ARE_FATAL,
                                              .name = "MPI_COMM_SELF", .predefined = 1};
    return 0;
}

int PMPI_Init_thread(int *argc, char ***argv, int required, int *provided)
{
    core_instance_params_t params;
    vmpl_status_t status;

    (void)argc;
    (void)argv;
    errhandlers_init();
    if (mpi_state.initialized || mpi_state.finalized)
        return mpi_error(NULL, MPI_ERR_OTHER, "MPI_Init", "MPI is already %s",
                         mpi_state.finalized ? "finalized" : "initialized");
    mpi_state.wtime_base = now_seconds();
    params.thread = required == MPI_THREAD_MULTIPLE ? CORE_THREAD_MULTIPLE : CORE_THREAD_SERIALIZED;
    status = core_instance_attach(&params, &mpi_state.instance);
    if (status != VMPL_OK) /* the instance logged why (a peer no transport reaches names it) */
        return mpi_error(NULL, mpi_class_of_status(status), "MPI_Init",
                         "cannot set up the process: %s", vmpl_status_string(status));
    mpi_state.rt = mpi_state.instance->rt;
    mpi_state.p2p = mpi_state.instance->p2p;
    if (communicators_init())
        return mpi_error(NULL, MPI_ERR_NO_MEM, "MPI_Init", "cannot create MPI_COMM_WORLD");
    status = mpi_failures_init();
    if (status != VMPL_OK)
        return mpi_error(NULL, MPI_ERR_OTHER, "MPI_Init", "cannot listen for process failures: %s",
                         vmpl_status_string(status));
    mpi_types_init();
    mpi_ops_init();
    mpi_state.thread_level = thread_provided(required, mpi_state.instance);
    if (provided)
        *provided = mpi_state.thread_level;
    mpi_state.initialized = 1;
    return MPI_SUCCESS;
}
MPI_WEAK(Init_thread)

int PMPI_Init(int *argc, char ***argv)
{
    int provided;

    return PMPI_Init_thread(argc, argv, MPI_THREAD_SINGLE, &provided);
}
MPI_WEAK(Init)

int PMPI_Finalize(void)
{
    int rc;
    if ((rc = mpi_init_check("MPI_Finalize")))
        return rc;
    /* MPI: attributes on MPI_COMM_SELF are deleted first, as finalize starts */
    mpi_attrs_delete_all(&mpi_state.self, MPI_COMM_SELF);
    mpi_attrs_delete_all(&mpi_state.world, MPI_COMM_WORLD);
    /*
     * Everyone's traffic must be delivered before the segment goes away.
     * After a failure the barrier fails at once at every survivor (the
     * world's collectives are failed): finalize goes on regardless.
     */
    if (coll_barrier(&mpi_state.world.core->coll) != VMPL_OK)
        base_info("mpi", "MPI_Finalize: the final barrier failed (a process failed); finishing");
    mpi_errhandler_unref(mpi_state.self.errhandler);
    mpi_errhandler_unref(mpi_state.world.errhandler);
    comm_release(mpi_state.self.core);
    comm_release(mpi_state.world.core);
    comm_pool_destroy(mpi_state.pool);
    mpi_types_fini();
    while (mpi_state.free_requests) {
        struct vmpl_mpi_request_s *next = mpi_state.free_requests->next_free;
        free(mpi_state.free_requests);
        mpi_state.free_requests = next;
    }
    mpi_state.p2p = NULL;
    mpi_state.rt = NULL;
    core_instance_detach(mpi_state.instance); /* the last API to leave ends the runtime too */
    mpi_state.instance = NULL;
    mpi_state.finalized = 1;
    return MPI_SUCCESS;
}
MPI_WEAK(Finalize)

int PMPI_Initialized(int *flag)
{
    int rc;
    if ((rc = mpi_pointer_check(NULL, flag, "flag", "MPI_Initialized")))
        return rc;
    *flag = mpi_state.initialized;
    return MPI_SUCCESS;
}
MPI_WEAK(Initialized)

int PMPI_Finalized(int *flag)
{
    int rc;
    if ((rc = mpi_pointer_check(NULL, flag, "flag", "MPI_Finalized")))
        return rc;
    *flag = mpi_state.finalized;
    return MPI_SUCCESS;
}
MPI_WEAK(Finalized)

int PMPI_Query_thread(int *provided)
{
    int rc;
    if ((rc = mpi_pointer_check(NULL, provided, "provided", "MPI_Query_thread")))
        return rc;
    *provided = mpi_state.thread_level;
    return MPI_SUCCESS;
}
MPI_WEAK(Query_thread)

int PMPI_Is_thread_main(int *flag)
{
    int rc;
    if ((rc = mpi_pointer_check(NULL, flag, "flag", "MPI_Is_thread_main")))
        return rc;
    *flag = 1; /* up to MPI_THREAD_SERIALIZED the calling thread is the main one */
    return MPI_SUCCESS;
}
MPI_WEAK(Is_thread_main)

int PMPI_Abort(MPI_Comm comm, int errorcode)
{
    char reason[96];

    (void)comm; /* MPI allows aborting every process; vmpl always does */
    snprintf(reason, sizeof(reason), "MPI_Abort called with error code %d", errorcode);
    rt_abort(errorcode, reason);
}
MPI_WEAK(Abort)

int PMPI_Get_version(int *version, int *subversion)
{
    int rc;
    if ((rc = mpi_pointer_check(NULL, version, "version", "MPI_Get_version")) ||
        (rc = mpi_pointer_check(NULL, subversion, "subversion", "MPI_Get_version")))
        return rc;
    *version = MPI_VERSION;
    *subversion = MPI_SUBVERSION;
    return MPI_SUCCESS;
}
MPI_WEAK(Get_version)

int PMPI_Get_library_version(char *version, int *resultlen)
{
    int rc;
    int n;

    if ((rc = mpi_pointer_check(NULL, version, "version", "MPI_Get_library_version")) ||
        (rc = mpi_pointer_check(NULL, resultlen, "resultlen", "MPI_Get_library_version")))
        return rc;
    n = snprintf(version, MPI_MAX_LIBRARY_VERSION_STRING,
                     "vmpl 0.1 (MPI %d.%d subset; see the README for what is implemented)",
                     MPI_VERSION, MPI_SUBVERSION);

    *resultlen = n < MPI_MAX_LIBRARY_VERSION_STRING ? n : MPI_MAX_LIBRARY_VERSION_STRING - 1;
    return MPI_SUCCESS;
}
MPI_WEAK(Get_library_version)

int PMPI_Get_processor_name(char *name, int *resultlen)
{
    int rc;
    if ((rc = mpi_pointer_check(NULL, name, "name", "MPI_Get_processor_name")) ||
        (rc = mpi_pointer_check(NULL, resultlen, "resultlen", "MPI_Get_processor_name")))
        return rc;
    if (gethostname(name, MPI_MAX_PROCESSOR_NAME))
        strcpy(name, "unknown");
    name[MPI_MAX_PROCESSOR_NAME - 1] = '\0';
    /* virtual nodes (vmplrun --nodes K on one host) each answer as a host of their own */
    if (mpi_state.rt && mpi_state.rt->node_count > 1 && mpi_state.rt->addr &&
        !strcmp(mpi_state.rt->addr, "127.0.0.1")) {
        size_t n = strlen(name);
        snprintf(name + n, MPI_MAX_PROCESSOR_NAME - n, "-vnode%d", mpi_state.rt->node);
    }
    *resultlen = (int)strlen(name);
    return MPI_SUCCESS;
}
MPI_WEAK(Get_processor_name)

double PMPI_Wtime(void)
{
    return now_seconds() - mpi_state.wtime_base;
}
MPI_WEAK(Wtime)

double PMPI_Wtick(void)
{
    struct timespec resolution;

    clock_getres(CLOCK_MONOTONIC, &resolution);
    return (double)resolution.tv_sec + 1e-9 * (double)resolution.tv_nsec;
}
MPI_WEAK(Wtick)
