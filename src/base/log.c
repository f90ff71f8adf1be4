/* Logging to stderr with a "vmpl <component>: <level>:" prefix. */
#include "log.h"
#include "settings.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char *const level_names[] = {"error", "warning", "info", "debug"};

/*
 * Each line goes out in one write(2), so lines of processes sharing a
 * stderr (a job's daemons and ranks) never interleave mid-line.
 */
void base_log(base_log_level_t level, const char *component, const char *fmt, ...)
{
    int saved_errno = errno;
    char line[1024];
    int n;
    va_list ap;

    if ((long)level > base_settings()->log_level)
        return;
    n = snprintf(line, sizeof(line), "vmpl %s: %s: ", component, level_names[level]);
    va_start(ap, fmt);
    errno = saved_errno;
    if (n >= 0 && n < (int)sizeof(line))
        vsnprintf(line + n, sizeof(line) - (size_t)n, fmt, ap);
    va_end(ap);
    n = (int)strnlen(line, sizeof(line) - 2);
    line[n++] = '\n';
    fflush(stderr);
    if (write(STDERR_FILENO, line, (size_t)n) < 0) {
        /* nowhere left to report it */
    }
    errno = saved_errno;
}
