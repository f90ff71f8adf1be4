/*
 * The settings table: values read once from the environment (VMPL_*),
 * declared in settings.def. No other code calls getenv().
 */
#ifndef VMPL_BASE_SETTINGS_H
#define VMPL_BASE_SETTINGS_H

#include <vmpl.h>

typedef const char *base_setting_string_t;
typedef long base_setting_long_t;

typedef struct {
#define BASE_SETTING(field, var, type, def, desc) base_setting_##type##_t field;
#include "settings.def"
#undef BASE_SETTING
} base_settings_t;

typedef struct {
    const char *env_name;  /* "VMPL_OP_ISA" */
    const char *type_name; /* "long" or "string" */
    const char *default_value;
    const char *description;
} base_setting_info_t;

/* The parsed settings; parsed on first call (not thread-safe before that). */
const base_settings_t *base_settings(void);

/* Parse again from the environment (tests use this after setenv). */
vmpl_status_t base_settings_reload(void);

/* The declaration table, for listings: *count_p entries. */
const base_setting_info_t *base_settings_table(int *count_p);

#endif
