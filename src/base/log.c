/* Logging to stderr with a "vmpl <component>: <level>:" prefix. */
#include "log.h"
#include "settings.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>

static const char *const level_names[] = {"error", "warning", "info", "debug"};

void base_log(base_log_level_t level, const char *component, const char *fmt, ...)
{
    int saved_errno = errno;
    va_list ap;

    if ((long)level > base_settings()->log_level)
        return;
    fprintf(stderr, "vmpl %s: %s: ", component, level_names[level]);
    va_start(ap, fmt);
    errno = saved_errno;
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    errno = saved_errno;
}
