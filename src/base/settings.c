/* Parses the settings table of settings.def from the environment. */
#include "settings.h"
#include "log.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static const base_setting_info_t setting_table[] = {
#define BASE_SETTING(field, var, type, def, desc) {var, #type, def, desc},
#include "settings.def"
#undef BASE_SETTING
};

static base_settings_t current;
static int parsed;
#define SETTING_COUNT (sizeof(setting_table) / sizeof(setting_table[0]))
/* Each setting's environment text at the last parse, NULL when unset (vmpl_setting_get). */
static const char *env_text[SETTING_COUNT];

static vmpl_status_t parse_long(const char *name, const char *text, long *value_p)
{
    char *end;
    long value;

    errno = 0;
    value = strtol(text, &end, 0);
    if (errno != 0 || end == text || *end != '\0') {
        fprintf(stderr, "vmpl base: error: %s=\"%s\" is not an integer\n", name, text);
        return VMPL_ERR_INVALID_SETTING;
    }
    *value_p = value;
    return VMPL_OK;
}

static vmpl_status_t parse_string(const char *name, const char *text, const char **value_p)
{
    (void)name;
    *value_p = text;
    return VMPL_OK;
}

vmpl_status_t base_settings_reload(void)
{
    vmpl_status_t status = VMPL_OK;
    const base_setting_info_t *info = setting_table;
    const char *text;

#define BASE_SETTING(field, var, type, def, desc)                                      \
    text = getenv(info->env_name);                                                 \
    env_text[info - setting_table] = text;                                         \
    if (text == NULL || parse_##type(info->env_name, text, &current.field) != VMPL_OK) { \
        if (text != NULL)                                                           \
            status = VMPL_ERR_INVALID_SETTING;                                      \
        parse_##type(info->env_name, def, &current.field);                          \
    }                                                                               \
    info++;
#include "settings.def"
#undef BASE_SETTING
    parsed = 1;
    return status;
}

static void settings_first_parse(void)
{
    if (!parsed)
        base_settings_reload();
}

/* Parsed on first use, once, whichever thread asks first; base_settings_reload re-reads. */
const base_settings_t *base_settings(void)
{
    static pthread_once_t once = PTHREAD_ONCE_INIT;

    pthread_once(&once, settings_first_parse);
    return &current;
}

const base_setting_info_t *base_settings_table(int *count_p)
{
    *count_p = (int)SETTING_COUNT;
    return setting_table;
}

int vmpl_settings_count(void)
{
    return (int)SETTING_COUNT;
}

vmpl_status_t vmpl_setting_get(int index, vmpl_setting_t *setting_p)
{
    const base_setting_info_t *info;

    if (index < 0 || index >= (int)SETTING_COUNT || setting_p == NULL)
        return VMPL_ERR_INVALID_ARG;
    base_settings(); /* the environment's text is kept at the first parse */
    info = &setting_table[index];
    setting_p->name = info->env_name;
    setting_p->type = info->type_name;
    setting_p->default_value = info->default_value;
    setting_p->value = env_text[index];
    setting_p->description = info->description;
    return VMPL_OK;
}
