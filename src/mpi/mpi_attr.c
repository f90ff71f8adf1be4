/* Communicator attributes and keyvals, with the predefined ones (mpi_impl.h). */
#include "mpi_impl.h"

#include <stdlib.h>

/*
 * A keyval stays in use while attributes hold it, even after
 * MPI_Comm_free_keyval (freed): their copy and delete callbacks still run,
 * and the number is not given to a new keyval until the last one goes.
 */
typedef struct {
    int in_use;
    MPI_Comm_copy_attr_function *copy;
    MPI_Comm_delete_attr_function *del;
    void *extra_state;
    int refs;  /* attributes set with it, on every communicator */
    int freed; /* MPI_Comm_free_keyval was called: the handle is gone */
} keyval_t;

#define KEYVAL_FIRST 100 /* user keyvals; predefined keys are below */
#define KEYVAL_MAX 1024

static keyval_t keyvals[KEYVAL_MAX];

/* Values of the predefined attributes, as MPI wants them: pointers to ints. */
static int tag_ub = 0x7fffffff, host = MPI_PROC_NULL, io = MPI_ANY_SOURCE, wtime_global = 0,
           universe_size, appnum = 0, last_used_code = MPI_ERR_LASTCODE;

MPI_Comm mpi_comm_handle(struct vmpl_mpi_comm_s *comm)
{
    return comm == &mpi_state.world ? MPI_COMM_WORLD
           : comm == &mpi_state.self ? MPI_COMM_SELF
                                     : comm->handle;
}

static keyval_t *keyval_of(int keyval)
{
    if (keyval < KEYVAL_FIRST || keyval >= KEYVAL_MAX || !keyvals[keyval].in_use ||
        keyvals[keyval].freed)
        return NULL;
    return &keyvals[keyval];
}

/* One attribute fewer holds k: a freed keyval is released with its last one. */
static void keyval_unref(keyval_t *k)
{
    if (--k->refs == 0 && k->freed)
        *k = (keyval_t){0};
}

int PMPI_Comm_create_keyval(MPI_Comm_copy_attr_function *copy_fn,
                            MPI_Comm_delete_attr_function *delete_fn, int *keyval,
                            void *extra_state)
{
    int rc;
    if ((rc = mpi_pointer_check(NULL, keyval, "keyval", "MPI_Comm_create_keyval")))
        return rc;
    for (int k = KEYVAL_FIRST; k < KEYVAL_MAX; k++)
        if (!keyvals[k].in_use) {
            keyvals[k] = (keyval_t){1, copy_fn, delete_fn, extra_state, 0, 0};
            *keyval = k;
            return MPI_SUCCESS;
        }
    return mpi_error(NULL, MPI_ERR_KEYVAL, "MPI_Comm_create_keyval", "all %d keyvals in use",
                     KEYVAL_MAX - KEYVAL_FIRST);
}
MPI_WEAK(Comm_create_keyval)

int PMPI_Comm_free_keyval(int *keyval)
{
    int rc;
    keyval_t *k;

    if ((rc = mpi_pointer_check(NULL, keyval, "keyval", "MPI_Comm_free_keyval")))
        return rc;
    k = keyval_of(*keyval);
    if (!k)
        return mpi_error(NULL, MPI_ERR_KEYVAL, "MPI_Comm_free_keyval", "invalid keyval %d",
                         *keyval);
    k->freed = 1; /* attributes still set keep it (and their callbacks) until deleted */
    if (k->refs == 0)
        *k = (keyval_t){0};
    *keyval = MPI_KEYVAL_INVALID;
    return MPI_SUCCESS;
}
MPI_WEAK(Comm_free_keyval)

static mpi_attr_t *attr_find(struct vmpl_mpi_comm_s *c, int keyval)
{
    for (int i = 0; i < c->attr_count; i++)
        if (c->attrs[i].keyval == keyval)
            return &c->attrs[i];
    return NULL;
}

static int attr_delete(struct vmpl_mpi_comm_s *c, MPI_Comm handle, int keyval)
{
    mpi_attr_t *a = attr_find(c, keyval);
    int rc = MPI_SUCCESS;

    if (!a)
        return MPI_ERR_KEYVAL;
    if (keyvals[keyval].del)
        rc = keyvals[keyval].del(handle, keyval, a->value, keyvals[keyval].extra_state);
    *a = c->attrs[--c->attr_count];
    keyval_unref(&keyvals[keyval]);
    return rc;
}

int PMPI_Comm_set_attr(MPI_Comm comm, int keyval, void *value)
{
    int rc;
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm);
    mpi_attr_t *grown;

    if ((rc = mpi_init_check("MPI_Comm_set_attr")))
        return rc;
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Comm_set_attr", "invalid communicator");
    if (!keyval_of(keyval))
        return mpi_error(c, MPI_ERR_KEYVAL, "MPI_Comm_set_attr", "invalid or predefined keyval %d",
                         keyval);
    if (attr_find(c, keyval))
        attr_delete(c, comm, keyval);
    grown = realloc(c->attrs, (size_t)(c->attr_count + 1) * sizeof(*grown));
    if (!grown)
        return mpi_error(c, MPI_ERR_NO_MEM, "MPI_Comm_set_attr", "out of memory");
    c->attrs = grown;
    c->attrs[c->attr_count++] = (mpi_attr_t){keyval, value};
    keyvals[keyval].refs++;
    return MPI_SUCCESS;
}
MPI_WEAK(Comm_set_attr)

int PMPI_Comm_get_attr(MPI_Comm comm, int keyval, void *value, int *flag)
{
    int rc;
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm);
    mpi_attr_t *a;
    int *predefined = NULL;

    if ((rc = mpi_init_check("MPI_Comm_get_attr")))
        return rc;
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Comm_get_attr", "invalid communicator");
    if ((rc = mpi_pointer_check(c, value, "attribute_val", "MPI_Comm_get_attr")) ||
        (rc = mpi_pointer_check(c, flag, "flag", "MPI_Comm_get_attr")))
        return rc;
    universe_size = mpi_state.rt->size;
    switch (keyval) {
    case MPI_TAG_UB: predefined = &tag_ub; break;
    case MPI_HOST: predefined = &host; break;
    case MPI_IO: predefined = &io; break;
    case MPI_WTIME_IS_GLOBAL: predefined = &wtime_global; break;
    case MPI_UNIVERSE_SIZE: predefined = &universe_size; break;
    case MPI_APPNUM: predefined = &appnum; break;
    case MPI_LASTUSEDCODE: predefined = &last_used_code; break;
    default: break;
    }
    if (predefined) { /* defined on every communicator */
        *(void **)value = predefined;
        *flag = 1;
        return MPI_SUCCESS;
    }
    if (!keyval_of(keyval) && !attr_find(c, keyval))
        return mpi_error(c, MPI_ERR_KEYVAL, "MPI_Comm_get_attr", "invalid keyval %d", keyval);
    a = attr_find(c, keyval);
    *flag = a != NULL;
    if (a)
        *(void **)value = a->value;
    return MPI_SUCCESS;
}
MPI_WEAK(Comm_get_attr)

int PMPI_Comm_delete_attr(MPI_Comm comm, int keyval)
{
    int rc;
    struct vmpl_mpi_comm_s *c = mpi_comm_of(comm);

    if ((rc = mpi_init_check("MPI_Comm_delete_attr")))
        return rc;
    if (!c)
        return mpi_error(NULL, MPI_ERR_COMM, "MPI_Comm_delete_attr", "invalid communicator");
    if (attr_delete(c, comm, keyval) != MPI_SUCCESS)
        return mpi_error(c, MPI_ERR_KEYVAL, "MPI_Comm_delete_attr", "no attribute for keyval %d",
                         keyval);
    return MPI_SUCCESS;
}
MPI_WEAK(Comm_delete_attr)

int mpi_attrs_copy(struct vmpl_mpi_comm_s *from, MPI_Comm from_handle,
                   struct vmpl_mpi_comm_s *to)
{
    for (int i = 0; i < from->attr_count; i++) {
        keyval_t *k = &keyvals[from->attrs[i].keyval];
        void *copied = NULL;
        int flag = 0, rc;
        mpi_attr_t *grown;

        if (!k->copy)
            continue;
        rc = k->copy(from_handle, from->attrs[i].keyval, k->extra_state, from->attrs[i].value,
                     &copied, &flag);
        if (rc != MPI_SUCCESS)
            return rc;
        if (!flag)
            continue;
        grown = realloc(to->attrs, (size_t)(to->attr_count + 1) * sizeof(*grown));
        if (!grown)
            return MPI_ERR_NO_MEM;
        to->attrs = grown;
        to->attrs[to->attr_count++] = (mpi_attr_t){from->attrs[i].keyval, copied};
        k->refs++;
    }
    return MPI_SUCCESS;
}

void mpi_attrs_delete_all(struct vmpl_mpi_comm_s *comm, MPI_Comm handle)
{
    while (comm->attr_count)
        attr_delete(comm, handle, comm->attrs[comm->attr_count - 1].keyval);
    free(comm->attrs);
    comm->attrs = NULL;
}
