/* Logging: one line per event to stderr, filtered by the VMPL_LOG_LEVEL setting. */
#ifndef VMPL_BASE_LOG_H
#define VMPL_BASE_LOG_H

typedef enum {
    BASE_LOG_ERROR = 0,
    BASE_LOG_WARN = 1,
    BASE_LOG_INFO = 2,
    BASE_LOG_DEBUG = 3,
} base_log_level_t;

/* printf-style; errno is preserved so "%m" reports the caller's error. */
void base_log(base_log_level_t level, const char *component, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

#define base_error(comp, ...) base_log(BASE_LOG_ERROR, comp, __VA_ARGS__)
#define base_warn(comp, ...) base_log(BASE_LOG_WARN, comp, __VA_ARGS__)
#define base_info(comp, ...) base_log(BASE_LOG_INFO, comp, __VA_ARGS__)
#define base_debug(comp, ...) base_log(BASE_LOG_DEBUG, comp, __VA_ARGS__)

#endif
