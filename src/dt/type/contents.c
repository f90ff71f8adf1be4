/*
 * Envelope and contents queries: what a type was built from, exactly as
 * given to its constructor (MPI_Type_get_envelope / _get_contents).
 */
#include "dt/type/type.h"

#include <base/log.h>

vmpl_status_t dt_type_envelope(const dt_type_t *type, dt_envelope_t *env_p)
{
    if (!type)
        return VMPL_ERR_INVALID_TYPE;
    *env_p = (dt_envelope_t){.combiner = type->combiner, .num_integers = type->num_ints,
                             .num_addresses = type->num_addrs, .num_datatypes = type->num_types};
    return VMPL_OK;
}

vmpl_status_t dt_type_contents(const dt_type_t *type, int max_integers, int max_addresses,
                               int max_datatypes, dt_count_t ints[], dt_aint_t addresses[],
                               dt_type_t *types[])
{
    if (!type)
        return VMPL_ERR_INVALID_TYPE;
    if (type->named) {
        base_error("dt", "contents: %s is a named type", dt_named_name(type->named_id));
        return VMPL_ERR_INVALID_TYPE;
    }
    if (max_integers < type->num_ints || max_addresses < type->num_addrs ||
        max_datatypes < type->num_types || (type->num_ints && !ints) ||
        (type->num_addrs && !addresses) || (type->num_types && !types)) {
        base_error("dt", "contents: arrays shorter than the envelope (%d, %d, %d)",
                   type->num_ints, type->num_addrs, type->num_types);
        return VMPL_ERR_INVALID_ARG;
    }
    for (int i = 0; i < type->num_ints; i++)
        ints[i] = type->ints[i];
    for (int i = 0; i < type->num_addrs; i++)
        addresses[i] = type->addrs[i];
    for (int i = 0; i < type->num_types; i++) {
        dt_type_retain(type->types[i]);
        types[i] = type->types[i];
    }
    return VMPL_OK;
}
