/* MPI info objects: ordered key/value lists (mpi_impl.h). */
#include "mpi_impl.h"

#include <stdlib.h>
#include <string.h>

struct vmpl_mpi_info_s {
    MPI_Info handle;
    int count;
    char **keys, **values;
};

static struct vmpl_mpi_info_s info_env; /* MPI_INFO_ENV: empty (vmplrun passes no hints yet) */

struct vmpl_mpi_info_s *mpi_info_of(MPI_Info handle)
{
    if (handle == MPI_INFO_ENV)
        return &info_env;
    return mpi_handle_object(MPI_HANDLE_INFO, (uintptr_t)handle);
}

/* A key argument to look up: MPI_ERR_ARG when NULL, MPI_ERR_INFO_KEY when too long. */
static int key_arg(const char *key, const char *function)
{
    int rc;
    if ((rc = mpi_pointer_check(NULL, key, "key", function)))
        return rc;
    if (strlen(key) >= MPI_MAX_INFO_KEY)
        return mpi_error(NULL, MPI_ERR_INFO_KEY, function, "key longer than %d characters",
                         MPI_MAX_INFO_KEY - 1);
    return MPI_SUCCESS;
}

static int key_index(const struct vmpl_mpi_info_s *info, const char *key)
{
    for (int i = 0; i < info->count; i++)
        if (!strcmp(info->keys[i], key))
            return i;
    return -1;
}

int PMPI_Info_create(MPI_Info *info)
{
    int rc;
    struct vmpl_mpi_info_s *i;

    if ((rc = mpi_pointer_check(NULL, info, "info", "MPI_Info_create")))
        return rc;
    i = calloc(1, sizeof(*i));
    if (!i)
        return mpi_error(NULL, MPI_ERR_NO_MEM, "MPI_Info_create", "out of memory");
    if (!(i->handle = (MPI_Info)mpi_handle_new(MPI_HANDLE_INFO, i))) {
        free(i);
        return mpi_error(NULL, MPI_ERR_NO_MEM, "MPI_Info_create", "out of memory");
    }
    *info = i->handle;
    return MPI_SUCCESS;
}
MPI_WEAK(Info_create)

int PMPI_Info_set(MPI_Info info, const char *key, const char *value)
{
    char **keys, **values;
    int at;
    struct vmpl_mpi_info_s *i;
    int rc = mpi_info_arg(info, &i, "MPI_Info_set");

    if (rc)
        return rc;
    if (!key || strlen(key) >= MPI_MAX_INFO_KEY || !key[0])
        return mpi_error(NULL, MPI_ERR_INFO_KEY, "MPI_Info_set", "invalid key");
    if (!value || strlen(value) >= MPI_MAX_INFO_VAL)
        return mpi_error(NULL, MPI_ERR_INFO_VALUE, "MPI_Info_set", "invalid value");
    at = key_index(i, key);
    if (at >= 0) {
        char *copy = strdup(value);
        if (!copy)
            return mpi_error(NULL, MPI_ERR_NO_MEM, "MPI_Info_set", "out of memory");
        free(i->values[at]);
        i->values[at] = copy;
        return MPI_SUCCESS;
    }
    keys = realloc(i->keys, (size_t)(i->count + 1) * sizeof(char *));
    if (keys)
        i->keys = keys;
    values = keys ? realloc(i->values, (size_t)(i->count + 1) * sizeof(char *)) : NULL;
    if (values)
        i->values = values;
    if (!keys || !values || !(i->keys[i->count] = strdup(key)))
        return mpi_error(NULL, MPI_ERR_NO_MEM, "MPI_Info_set", "out of memory");
    if (!(i->values[i->count] = strdup(value))) {
        free(i->keys[i->count]);
        return mpi_error(NULL, MPI_ERR_NO_MEM, "MPI_Info_set", "out of memory");
    }
    i->count++;
    return MPI_SUCCESS;
}
MPI_WEAK(Info_set)

int PMPI_Info_delete(MPI_Info info, const char *key)
{
    int at, rc;
    struct vmpl_mpi_info_s *i;
    rc = mpi_info_arg(info, &i, "MPI_Info_delete");
    if (rc)
        return rc;
    if ((rc = key_arg(key, "MPI_Info_delete")))
        return rc;
    at = key_index(i, key);
    if (at < 0)
        return mpi_error(NULL, MPI_ERR_INFO_NOKEY, "MPI_Info_delete", "no key '%s'", key);
    free(i->keys[at]);
    free(i->values[at]);
    memmove(&i->keys[at], &i->keys[at + 1], (size_t)(i->count - at - 1) * sizeof(char *));
    memmove(&i->values[at], &i->values[at + 1], (size_t)(i->count - at - 1) * sizeof(char *));
    i->count--;
    return MPI_SUCCESS;
}
MPI_WEAK(Info_delete)

int PMPI_Info_get_string(MPI_Info info, const char *key, int *buflen, char *value, int *flag)
{
    int at, length, rc;
    struct vmpl_mpi_info_s *i;
    rc = mpi_info_arg(info, &i, "MPI_Info_get_string");
    if (rc)
        return rc;
    if ((rc = key_arg(key, "MPI_Info_get_string")))
        return rc;
    if ((rc = mpi_pointer_check(NULL, buflen, "buflen", "MPI_Info_get_string")) ||
        (rc = mpi_pointer_check(NULL, flag, "flag", "MPI_Info_get_string")) ||
        (*buflen > 0 && (rc = mpi_pointer_check(NULL, value, "value", "MPI_Info_get_string"))))
        return rc;
    at = key_index(i, key);
    *flag = at >= 0;
    if (at < 0)
        return MPI_SUCCESS;
    length = (int)strlen(i->values[at]) + 1;
    if (*buflen > 0) {
        strncpy(value, i->values[at], (size_t)*buflen - 1);
        value[(length < *buflen ? length : *buflen) - 1] = '\0';
    }
    *buflen = length;
    return MPI_SUCCESS;
}
MPI_WEAK(Info_get_string)

int PMPI_Info_get(MPI_Info info, const char *key, int valuelen, char *value, int *flag)
{
    int buflen = valuelen + 1;

    if (valuelen < 0)
        return mpi_error(NULL, MPI_ERR_ARG, "MPI_Info_get", "negative valuelen %d", valuelen);
    return PMPI_Info_get_string(info, key, &buflen, value, flag);
}
MPI_WEAK(Info_get)

int PMPI_Info_get_valuelen(MPI_Info info, const char *key, int *valuelen, int *flag)
{
    int at, rc;
    struct vmpl_mpi_info_s *i;
    rc = mpi_info_arg(info, &i, "MPI_Info_get_valuelen");
    if (rc)
        return rc;
    if ((rc = key_arg(key, "MPI_Info_get_valuelen")))
        return rc;
    if ((rc = mpi_pointer_check(NULL, valuelen, "valuelen", "MPI_Info_get_valuelen")) ||
        (rc = mpi_pointer_check(NULL, flag, "flag", "MPI_Info_get_valuelen")))
        return rc;
    at = key_index(i, key);
    *flag = at >= 0;
    if (at >= 0)
        *valuelen = (int)strlen(i->values[at]);
    return MPI_SUCCESS;
}
MPI_WEAK(Info_get_valuelen)

int PMPI_Info_get_nkeys(MPI_Info info, int *nkeys)
{
    struct vmpl_mpi_info_s *i;
    int rc = mpi_info_arg(info, &i, "MPI_Info_get_nkeys");

    if (rc)
        return rc;
    if ((rc = mpi_pointer_check(NULL, nkeys, "nkeys", "MPI_Info_get_nkeys")))
        return rc;
    *nkeys = i->count;
    return MPI_SUCCESS;
}
MPI_WEAK(Info_get_nkeys)

int PMPI_Info_get_nthkey(MPI_Info info, int n, char *key)
{
    struct vmpl_mpi_info_s *i;
    int rc = mpi_info_arg(info, &i, "MPI_Info_get_nthkey");

    if (rc)
        return rc;
    if (n < 0 || n >= i->count)
        return mpi_error(NULL, MPI_ERR_ARG, "MPI_Info_get_nthkey", "key %d of %d", n, i->count);
    if ((rc = mpi_pointer_check(NULL, key, "key", "MPI_Info_get_nthkey")))
        return rc;
    strcpy(key, i->keys[n]);
    return MPI_SUCCESS;
}
MPI_WEAK(Info_get_nthkey)

int PMPI_Info_dup(MPI_Info info, MPI_Info *newinfo)
{
    int rc;
    struct vmpl_mpi_info_s *i;
    rc = mpi_info_arg(info, &i, "MPI_Info_dup");
    if (rc)
        return rc;
    rc = PMPI_Info_create(newinfo);
    for (int k = 0; rc == MPI_SUCCESS && k < i->count; k++)
        rc = PMPI_Info_set(*newinfo, i->keys[k], i->values[k]);
    return rc;
}
MPI_WEAK(Info_dup)

int PMPI_Info_free(MPI_Info *info)
{
    int rc;
    if ((rc = mpi_pointer_check(NULL, info, "info", "MPI_Info_free")))
        return rc;
    struct vmpl_mpi_info_s *i;
    rc = mpi_info_arg(*info, &i, "MPI_Info_free");
    if (rc)
        return rc;
    if (i == &info_env)
        return mpi_error(NULL, MPI_ERR_INFO, "MPI_Info_free", "cannot free MPI_INFO_ENV");
    for (int k = 0; k < i->count; k++) {
        free(i->keys[k]);
        free(i->values[k]);
    }
    free(i->keys);
    free(i->values);
    mpi_handle_free(MPI_HANDLE_INFO, (uintptr_t)i->handle);
    free(i);
    *info = MPI_INFO_NULL;
    return MPI_SUCCESS;
}
MPI_WEAK(Info_free)
