/* MPI communicators and groups over src/core (mpi_impl.h). */
#include "mpi_impl.h"

#include <stdlib.h>
#include <string.h>

struct vmpl_mpi_comm_s *mpi_comm_of(MPI_Comm handle)
{
    if (handle == MPI_COMM_WORLD)
        return mpi_state.initialized ? &mpi_state.world : NULL;
    if (handle == MPI_COMM_SELF)
        return mpi_state.initialized ? &mpi_state.self : NULL;
    struct vmpl_mpi_comm_s *c = mpi_handle_object(MPI_HANDLE_COMM, (uintptr_t)handle);
    return c && !c->freed ? c : NULL;
}

struct vmpl_mpi_group_s *mpi_group_of(MPI_Group handle)
{
    if (handle == MPI_GROUP_EMPTY)
        return &mpi_state.group_empty;
    return mpi_handle_object(MPI_HANDLE_GROUP, (uintptr_t)handle);
}

struct vmpl_mpi_comm_s *mpi_comm_wrap(comm_t *core)
{
    struct vmpl_mpi_comm_s *c = calloc(1, sizeof(*c));

    if (!c)
        return NULL;
    if (!(c->handle = (MPI_Comm)mpi_handle_new(MPI_HANDLE_COMM, c))) {
        free(c);
        return NULL;
    }
    c->core = core;
    c->errhandler = MPI_ERRORS_ARE_FATAL;
    c->refs = 1;
    return c;
}

void mpi_comm_unref(struct vmpl_mpi_comm_s *c)
{
    if (!c || c->predefined || --c->refs > 0)
        return;
    mpi_errhandler_unref(c->errhandler);
    comm_release(c->core);
    mpi_handle_free(MPI_HANDLE_COMM, (uintptr_t)c->handle);
    free(c);
}

int PMPI_Comm_rank(MPI_Comm comm, int *rank)
{
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_comm_arg(comm, &c, "MPI_Comm_rank");

    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(c, rank, "rank", "MPI_Comm_rank")))
        return rc;
    *rank = c->core->rank;
    return MPI_SUCCESS;
}
MPI_WEAK(Comm_rank)

int PMPI_Comm_size(MPI_Comm comm, int *size)
{
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_comm_arg(comm, &c, "MPI_Comm_size");

    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(c, size, "size", "MPI_Comm_size")))
        return rc;
    *size = c->core->size;
    return MPI_SUCCESS;
}
MPI_WEAK(Comm_size)

/*
 * The output of a communicator constructor: MPI_ERR_ARG when NULL, else
 * MPI_COMM_NULL until the call succeeds.
 */
static int newcomm_arg(struct vmpl_mpi_comm_s *c, MPI_Comm *newcomm, const char *function)
{
    int rc;
    if ((rc = mpi_pointer_check(c, newcomm, "newcomm", function)))
        return rc;
    *newcomm = MPI_COMM_NULL;
    return MPI_SUCCESS;
}

/* Wraps a new core communicator (NULL: this process is not a member). */
static int comm_result(struct vmpl_mpi_comm_s *parent, vmpl_status_t status,
                       comm_t *const *core_p, MPI_Comm *newcomm, const char *function)
{
    struct vmpl_mpi_comm_s *c;
    comm_t *core = *core_p; /* read after the creation ran (argument order is unspecified) */

    if (status == VMPL_ERR_PROC_FAILED) /* the creating collective failed */
        return mpi_proc_failed(parent, MPI_ERR_PROC_FAILED, -1, function);
    if (status != VMPL_OK)
        return mpi_error(parent, mpi_class_of_status(status), function, "%s",
                         vmpl_status_string(status));
    if (!core) {
        *newcomm = MPI_COMM_NULL;
        return MPI_SUCCESS;
    }
    c = mpi_comm_wrap(core);
    if (!c) {
        comm_release(core);
        return mpi_error(parent, MPI_ERR_NO_MEM, function, "out of memory");
    }
    c->errhandler = parent->errhandler; /* inherited, as MPI says */
    mpi_errhandler_ref(c->errhandler);
    *newcomm = c->handle;
    return MPI_SUCCESS;
}

int PMPI_Comm_dup(MPI_Comm comm, MPI_Comm *newcomm)
{
    comm_t *core = NULL;
    int rc;
    struct vmpl_mpi_comm_s *c;
    rc = mpi_comm_arg(comm, &c, "MPI_Comm_dup");
    if (rc)
        return rc;
    if ((rc = newcomm_arg(c, newcomm, "MPI_Comm_dup")))
        return rc;
    rc = comm_result(c, comm_dup(c->core, &core), &core, newcomm, "MPI_Comm_dup");
    if (rc != MPI_SUCCESS)
        return rc;
    struct vmpl_mpi_comm_s *dup = mpi_comm_of(*newcomm);
    if (mpi_topo_copy(c, dup) != MPI_SUCCESS) {
        rc = mpi_error(c, MPI_ERR_NO_MEM, "MPI_Comm_dup", "out of memory copying the topology");
        goto err_free_newcomm;
    }
    rc = mpi_attrs_copy(c, comm, dup);
    if (rc != MPI_SUCCESS) {
        rc = rc == MPI_ERR_NO_MEM
                 ? mpi_error(c, rc, "MPI_Comm_dup", "out of memory copying the attributes")
                 : mpi_error(c, MPI_ERR_OTHER, "MPI_Comm_dup",
                             "an attribute copy callback failed with %d", rc);
        goto err_free_newcomm;
    }
    return MPI_SUCCESS;

err_free_newcomm: /* the attributes copied so far are deleted with it */
    PMPI_Comm_free(newcomm);
    *newcomm = MPI_COMM_NULL;
    return rc;
}
MPI_WEAK(Comm_dup)

int PMPI_Comm_split(MPI_Comm comm, int color, int key, MPI_Comm *newcomm)
{
    comm_t *core = NULL;
    int rc;
    struct vmpl_mpi_comm_s *c;
    rc = mpi_comm_arg(comm, &c, "MPI_Comm_split");
    if (rc)
        return rc;
    if ((rc = newcomm_arg(c, newcomm, "MPI_Comm_split")))
        return rc;
    if (color < 0 && color != MPI_UNDEFINED)
        return mpi_error(c, MPI_ERR_ARG, "MPI_Comm_split", "negative color %d", color);
    return comm_result(c, comm_split(c->core, color == MPI_UNDEFINED ? COMM_UNDEFINED : color,
                                     key, &core),
                       &core, newcomm, "MPI_Comm_split");
}
MPI_WEAK(Comm_split)

int PMPI_Comm_split_type(MPI_Comm comm, int split_type, int key, MPI_Info info,
                         MPI_Comm *newcomm)
{
    comm_t *core = NULL;
    int rc;
    struct vmpl_mpi_comm_s *c;
    rc = mpi_comm_arg(comm, &c, "MPI_Comm_split_type");
    if (rc)
        return rc;
    (void)info;
    if ((rc = newcomm_arg(c, newcomm, "MPI_Comm_split_type")))
        return rc;
    if (split_type == MPI_UNDEFINED)
        return comm_result(c, comm_split(c->core, COMM_UNDEFINED, key, &core), &core, newcomm,
                           "MPI_Comm_split_type");
    if (split_type != MPI_COMM_TYPE_SHARED)
        return mpi_error(c, MPI_ERR_UNSUPPORTED_OPERATION, "MPI_Comm_split_type",
                         "split type %d is not supported (MPI_COMM_TYPE_SHARED is)", split_type);
    /* one node: every member shares memory with every other */
    return comm_result(c, comm_split(c->core, mpi_state.rt->node, key, &core), &core, newcomm,
                       "MPI_Comm_split_type");
}
MPI_WEAK(Comm_split_type)

int PMPI_Comm_free(MPI_Comm *comm)
{
    int rc;
    if ((rc = mpi_pointer_check(NULL, comm, "comm", "MPI_Comm_free")))
        return rc;
    struct vmpl_mpi_comm_s *c;
    rc = mpi_comm_arg(*comm, &c, "MPI_Comm_free");
    if (rc)
        return rc;
    if (c->predefined)
        return mpi_error(c, MPI_ERR_COMM, "MPI_Comm_free", "cannot free %s", c->name);
    mpi_attrs_delete_all(c, *comm);
    mpi_topo_free(c);
    c->freed = 1; /* pending requests keep it until they are done */
    mpi_comm_unref(c);
    *comm = MPI_COMM_NULL;
    return MPI_SUCCESS;
}
MPI_WEAK(Comm_free)

int PMPI_Comm_compare(MPI_Comm comm1, MPI_Comm comm2, int *result)
{
    int rc;
    struct vmpl_mpi_comm_s *a = mpi_comm_of(comm1), *b = mpi_comm_of(comm2);

    if ((rc = mpi_init_check("MPI_Comm_compare")))
        return rc;
    if (!a || !b)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Comm_compare", "invalid communicator");
    if ((rc = mpi_pointer_check(a, result, "result", "MPI_Comm_compare")))
        return rc;
    if (a == b) {
        *result = MPI_IDENT;
        return MPI_SUCCESS;
    }
    switch (group_compare(a->core->group, b->core->group)) {
    case GROUP_IDENT: *result = MPI_CONGRUENT; break;
    case GROUP_SIMILAR: *result = MPI_SIMILAR; break;
    default: *result = MPI_UNEQUAL;
    }
    return MPI_SUCCESS;
}
MPI_WEAK(Comm_compare)

int PMPI_Comm_set_name(MPI_Comm comm, const char *name)
{
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_comm_arg(comm, &c, "MPI_Comm_set_name");

    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(c, name, "name", "MPI_Comm_set_name")))
        return rc;
    strncpy(c->name, name, sizeof(c->name) - 1);
    return MPI_SUCCESS;
}
MPI_WEAK(Comm_set_name)

int PMPI_Comm_get_name(MPI_Comm comm, char *name, int *resultlen)
{
    int rc;
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm);

    if ((rc = mpi_init_check("MPI_Comm_get_name")))
        return rc;
    if ((rc = mpi_pointer_check(c, name, "name", "MPI_Comm_get_name")) ||
        (rc = mpi_pointer_check(c, resultlen, "resultlen", "MPI_Comm_get_name")))
        return rc;
    if (comm == MPI_COMM_NULL) { /* as MPICH names it */
        strcpy(name, "MPI_COMM_NULL");
        *resultlen = (int)strlen(name);
        return MPI_SUCCESS;
    }
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Comm_get_name", "invalid communicator");
    strcpy(name, c->name);
    *resultlen = (int)strlen(name);
    return MPI_SUCCESS;
}
MPI_WEAK(Comm_get_name)

static int group_result(vmpl_status_t status, group_t *const *core_p, MPI_Group *newgroup,
                        const char *function)
{
    struct vmpl_mpi_group_s *g;
    group_t *core = *core_p;

    if (status != VMPL_OK)
        return mpi_error(NULL, mpi_class_of_status(status), function, "%s",
                         vmpl_status_string(status));
    g = calloc(1, sizeof(*g));
    if (!g) {
        group_release(core);
        return mpi_error(NULL, MPI_ERR_NO_MEM, function, "out of memory");
    }
    if (!(g->handle = (MPI_Group)mpi_handle_new(MPI_HANDLE_GROUP, g))) {
        free(g);
        group_release(core);
        return mpi_error(NULL, MPI_ERR_NO_MEM, function, "out of memory");
    }
    g->core = core;
    *newgroup = g->handle;
    return MPI_SUCCESS;
}

int PMPI_Comm_group(MPI_Comm comm, MPI_Group *group)
{
    struct vmpl_mpi_comm_s *c;
    int rc = mpi_comm_arg(comm, &c, "MPI_Comm_group");

    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(c, group, "group", "MPI_Comm_group")))
        return rc;
    group_retain(c->core->group);
    return group_result(VMPL_OK, &c->core->group, group, "MPI_Comm_group");
}
MPI_WEAK(Comm_group)

int PMPI_Comm_create(MPI_Comm comm, MPI_Group group, MPI_Comm *newcomm)
{
    struct vmpl_mpi_group_s *g = mpi_group_of(group);
    comm_t *core = NULL;
    int rc;
    struct vmpl_mpi_comm_s *c;
    rc = mpi_comm_arg(comm, &c, "MPI_Comm_create");
    if (rc)
        return rc;
    if ((rc = newcomm_arg(c, newcomm, "MPI_Comm_create")))
        return rc;
    if (!g)
        return mpi_error(c, MPI_ERR_GROUP, "MPI_Comm_create", "invalid group");
    if (!g->core) { /* MPI_GROUP_EMPTY */
        *newcomm = MPI_COMM_NULL;
        return MPI_SUCCESS;
    }
    return comm_result(c, comm_create(c->core, g->core, &core), &core, newcomm, "MPI_Comm_create");
}
MPI_WEAK(Comm_create)

int PMPI_Group_size(MPI_Group group, int *size)
{
    struct vmpl_mpi_group_s *g;
    int rc = mpi_group_arg(group, &g, "MPI_Group_size");

    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(NULL, size, "size", "MPI_Group_size")))
        return rc;
    *size = g->core ? g->core->size : 0;
    return MPI_SUCCESS;
}
MPI_WEAK(Group_size)

int PMPI_Group_rank(MPI_Group group, int *rank)
{
    struct vmpl_mpi_group_s *g;
    int rc = mpi_group_arg(group, &g, "MPI_Group_rank");

    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(NULL, rank, "rank", "MPI_Group_rank")))
        return rc;
    *rank = g->core && mpi_state.rt ? group_rank_of(g->core, mpi_state.rt->rank) : MPI_UNDEFINED;
    if (*rank == GROUP_UNDEFINED)
        *rank = MPI_UNDEFINED;
    return MPI_SUCCESS;
}
MPI_WEAK(Group_rank)

int PMPI_Group_free(MPI_Group *group)
{
    int rc;
    if ((rc = mpi_pointer_check(NULL, group, "group", "MPI_Group_free")))
        return rc;
    struct vmpl_mpi_group_s *g;
    rc = mpi_group_arg(*group, &g, "MPI_Group_free");
    if (rc)
        return rc;
    if (g != &mpi_state.group_empty) {
        group_release(g->core);
        mpi_handle_free(MPI_HANDLE_GROUP, (uintptr_t)g->handle);
        free(g);
    }
    *group = MPI_GROUP_NULL;
    return MPI_SUCCESS;
}
MPI_WEAK(Group_free)

/*
 * The ranks argument of Group_incl and Group_excl: MPI_ERR_ARG for a bad
 * n or NULL arrays, MPI_ERR_RANK for a rank outside g or given twice.
 * *newgroup is MPI_GROUP_NULL until the call succeeds.
 */
static int ranks_arg(const struct vmpl_mpi_group_s *g, int n, const int ranks[],
                     MPI_Group *newgroup, const char *function)
{
    int size = g->core ? g->core->size : 0, rc = MPI_SUCCESS;
    char *seen;

    if ((rc = mpi_pointer_check(NULL, newgroup, "newgroup", function)))
        return rc;
    *newgroup = MPI_GROUP_NULL;
    if (n < 0 || n > size)
        return mpi_error(NULL, MPI_ERR_ARG, function, "n = %d for a group of %d", n, size);
    if (n > 0 && (rc = mpi_pointer_check(NULL, ranks, "ranks", function)))
        return rc;
    if (n == 0)
        return MPI_SUCCESS;
    seen = calloc((size_t)size, 1); /* freed below */
    if (!seen)
        return mpi_error(NULL, MPI_ERR_NO_MEM, function, "out of memory");
    for (int i = 0; i < n && rc == MPI_SUCCESS; i++) {
        if (ranks[i] < 0 || ranks[i] >= size)
            rc = mpi_error(NULL, MPI_ERR_RANK, function, "ranks[%d] = %d outside a group of %d", i,
                           ranks[i], size);
        else if (seen[ranks[i]]++)
            rc = mpi_error(NULL, MPI_ERR_RANK, function, "rank %d given twice", ranks[i]);
    }
    free(seen);
    return rc;
}

int PMPI_Group_incl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup)
{
    group_t *core = NULL;
    int rc;
    struct vmpl_mpi_group_s *g;
    rc = mpi_group_arg(group, &g, "MPI_Group_incl");
    if (rc)
        return rc;
    if ((rc = ranks_arg(g, n, ranks, newgroup, "MPI_Group_incl")))
        return rc;
    if (n == 0) {
        *newgroup = MPI_GROUP_EMPTY;
        return MPI_SUCCESS;
    }
    return group_result(group_incl(g->core, n, ranks, &core), &core, newgroup, "MPI_Group_incl");
}
MPI_WEAK(Group_incl)

int PMPI_Group_excl(MPI_Group group, int n, const int ranks[], MPI_Group *newgroup)
{
    group_t *core = NULL;
    int rc;
    struct vmpl_mpi_group_s *g;
    rc = mpi_group_arg(group, &g, "MPI_Group_excl");
    if (rc)
        return rc;
    if ((rc = ranks_arg(g, n, ranks, newgroup, "MPI_Group_excl")))
        return rc;
    if (n == (g->core ? g->core->size : 0)) {
        *newgroup = MPI_GROUP_EMPTY;
        return MPI_SUCCESS;
    }
    return group_result(group_excl(g->core, n, ranks, &core), &core, newgroup, "MPI_Group_excl");
}
MPI_WEAK(Group_excl)

int PMPI_Group_translate_ranks(MPI_Group group1, int n, const int ranks1[], MPI_Group group2,
                               int ranks2[])
{
    int size1;
    struct vmpl_mpi_group_s *a;
    int rc = mpi_group_arg(group1, &a, "MPI_Group_translate_ranks");

    if (rc)
        return rc;
    struct vmpl_mpi_group_s *b;
    rc = mpi_group_arg(group2, &b, "MPI_Group_translate_ranks");
    if (rc)
        return rc;
    size1 = a->core ? a->core->size : 0;
    if (n < 0)
        return mpi_error(NULL, MPI_ERR_ARG, "MPI_Group_translate_ranks", "negative n %d", n);
    if (n > 0 && ((rc = mpi_pointer_check(NULL, ranks1, "ranks1", "MPI_Group_translate_ranks")) ||
                  (rc = mpi_pointer_check(NULL, ranks2, "ranks2", "MPI_Group_translate_ranks"))))
        return rc;
    for (int i = 0; i < n; i++)
        if (ranks1[i] != MPI_PROC_NULL && (ranks1[i] < 0 || ranks1[i] >= size1))
            return mpi_error(NULL, MPI_ERR_RANK, "MPI_Group_translate_ranks",
                             "ranks1[%d] = %d outside a group of %d", i, ranks1[i], size1);
    for (int i = 0; i < n; i++) { /* MPI_PROC_NULL translates to itself */
        int r = ranks1[i] == MPI_PROC_NULL || !b->core
                    ? GROUP_UNDEFINED
                    : group_rank_of(b->core, a->core->world[ranks1[i]]);
        ranks2[i] = ranks1[i] == MPI_PROC_NULL ? MPI_PROC_NULL
                    : r == GROUP_UNDEFINED     ? MPI_UNDEFINED
                                               : r;
    }
    return MPI_SUCCESS;
}
MPI_WEAK(Group_translate_ranks)

int PMPI_Group_compare(MPI_Group group1, MPI_Group group2, int *result)
{
    struct vmpl_mpi_group_s *a;
    int rc = mpi_group_arg(group1, &a, "MPI_Group_compare");

    if (rc)
        return rc;
    struct vmpl_mpi_group_s *b;
    rc = mpi_group_arg(group2, &b, "MPI_Group_compare");
    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(NULL, result, "result", "MPI_Group_compare")))
        return rc;
    if (!a->core || !b->core) {
        *result = a->core == b->core ? MPI_IDENT : MPI_UNEQUAL;
        return MPI_SUCCESS;
    }
    switch (group_compare(a->core, b->core)) {
    case GROUP_IDENT: *result = MPI_IDENT; break;
    case GROUP_SIMILAR: *result = MPI_SIMILAR; break;
    default: *result = MPI_UNEQUAL;
    }
    return MPI_SUCCESS;
}
MPI_WEAK(Group_compare)
