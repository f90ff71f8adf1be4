/* The bootstrap key-value table (rt_kvs.h). */
#include "rt_kvs.h"

#include <base/log.h>

#include <stdlib.h>
#include <string.h>

static uint64_t key_hash(const char *key, size_t length)
{
    uint64_t hash = 1469598103934665603ull; /* FNV-1a */

    for (size_t i = 0; i < length; i++)
        hash = (hash ^ (uint8_t)key[i]) * 1099511628211ull;
    return hash;
}

void rt_kvs_record_put(rt_buf_t *blob, const char *key, const void *value, size_t length)
{
    rt_buf_put_bytes(blob, key, strlen(key));
    rt_buf_put_bytes(blob, value, length);
}

static rt_kvs_entry_t *slot_find(const rt_kvs_t *kvs, const char *key, size_t key_length)
{
    size_t mask = kvs->capacity - 1, at = key_hash(key, key_length) & mask;

    for (;; at = (at + 1) & mask) {
        rt_kvs_entry_t *slot = &kvs->slots[at];
        if (!slot->key || (slot->key_length == key_length && !memcmp(slot->key, key, key_length)))
            return slot;
    }
}

static int table_grow(rt_kvs_t *kvs, size_t need)
{
    rt_kvs_t bigger = *kvs;

    if (need * 2 <= kvs->capacity)
        return 0;
    bigger.capacity = kvs->capacity ? kvs->capacity : 64;
    while (bigger.capacity < need * 2)
        bigger.capacity *= 2;
    bigger.slots = calloc(bigger.capacity, sizeof(*bigger.slots));
    if (!bigger.slots)
        return -1;
    for (size_t i = 0; i < kvs->capacity; i++)
        if (kvs->slots[i].key)
            *slot_find(&bigger, kvs->slots[i].key, kvs->slots[i].key_length) = kvs->slots[i];
    free(kvs->slots);
    kvs->slots = bigger.slots;
    kvs->capacity = bigger.capacity;
    return 0;
}

vmpl_status_t rt_kvs_add_blob(rt_kvs_t *kvs, void *blob, size_t length)
{
    void **blobs = realloc(kvs->blobs, (kvs->blob_count + 1) * sizeof(*blobs));
    vmpl_status_t status = VMPL_OK;
    rt_buf_t reader;

    if (!blobs) {
        free(blob);
        return VMPL_ERR_NO_MEMORY;
    }
    kvs->blobs = blobs;
    kvs->blobs[kvs->blob_count++] = blob;
    rt_buf_wrap(&reader, blob, length);
    while (reader.position < reader.length) {
        rt_kvs_entry_t entry, *slot;

        entry.key = rt_buf_get_bytes(&reader, &entry.key_length);
        entry.value = rt_buf_get_bytes(&reader, &entry.value_length);
        if (reader.failed) {
            base_error("rt", "malformed key-value data from the daemon");
            return VMPL_ERR_RUNTIME;
        }
        if (table_grow(kvs, kvs->count + 1))
            return VMPL_ERR_NO_MEMORY;
        slot = slot_find(kvs, entry.key, entry.key_length);
        if (slot->key) {
            base_error("rt", "key '%.*s' was published by more than one rank",
                       (int)entry.key_length, entry.key);
            status = VMPL_ERR_INVALID_ARG;
            continue;
        }
        *slot = entry;
        kvs->count++;
    }
    return status;
}

const rt_kvs_entry_t *rt_kvs_lookup(const rt_kvs_t *kvs, const char *key, size_t key_length)
{
    const rt_kvs_entry_t *slot;

    if (!kvs->capacity)
        return NULL;
    slot = slot_find(kvs, key, key_length);
    return slot->key ? slot : NULL;
}

void rt_kvs_destroy(rt_kvs_t *kvs)
{
    for (size_t i = 0; i < kvs->blob_count; i++)
        free(kvs->blobs[i]);
    free(kvs->blobs);
    free(kvs->slots);
    memset(kvs, 0, sizeof(*kvs));
}
