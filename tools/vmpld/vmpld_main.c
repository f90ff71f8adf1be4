/* vmpld: a node daemon started on another host; its job comes on stdin. */
#include "vmpld.h"

#include <stdio.h>

int main(void)
{
    rt_daemon_start_t start;

    if (rt_daemon_start_read(0, &start)) {
        fprintf(stderr, "vmpld: no valid job description on stdin (vmpld is started by vmplrun)\n");
        return 2;
    }
    return vmpld_run(&start);
}
