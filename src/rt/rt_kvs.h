/*
 * The bootstrap key-value table: records "u32 key length, key, u32 value
 * length, value" in blobs; a fence appends every rank's blob and indexes it.
 */
#ifndef VMPL_RT_KVS_H
#define VMPL_RT_KVS_H

#include "rt_wire.h"

#include <vmpl.h>

typedef struct {
    const char *key;
    size_t key_length;
    const void *value;
    size_t value_length;
} rt_kvs_entry_t;

typedef struct {
    rt_kvs_entry_t *slots; /* open addressing, capacity a power of two */
    size_t capacity, count;
    void **blobs;          /* every fence's data, kept while the table lives */
    size_t blob_count;
} rt_kvs_t;

/* Appends a record to an outgoing blob. */
void rt_kvs_record_put(rt_buf_t *blob, const char *key, const void *value, size_t length);

/* Indexes a fence's blob (taking ownership); VMPL_ERR_INVALID_ARG on a duplicate key. */
vmpl_status_t rt_kvs_add_blob(rt_kvs_t *kvs, void *blob, size_t length);

const rt_kvs_entry_t *rt_kvs_lookup(const rt_kvs_t *kvs, const char *key, size_t key_length);
void rt_kvs_destroy(rt_kvs_t *kvs);

#endif
