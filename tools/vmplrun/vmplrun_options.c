/* vmplrun: the command line. */
#include "vmplrun.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void usage(FILE *to)
{
    fprintf(to,
            "usage: vmplrun -n N [options] program [args...]\n"
            "  -n, --np N          number of ranks (N >= 1)\n"
            "  --nodes K           run K daemons on this machine as separate virtual nodes\n"
            "  --host h1,h2,...    one daemon per host, started through VMPL_RT_LAUNCH_AGENT\n"
            "                      (default ssh); localhost entries run on this machine\n"
            "  --tag-output        prefix every output line with [rank]\n"
            "  --timeout S         kill the job after S seconds (exit code 124)\n"
            "  -x VAR[=VALUE]      export VAR to the ranks\n"
            "  --bind-to core|none bind each rank to one core (default; round robin when ranks\n"
            "                      outnumber cores), or not\n"
            "  --ppn P             P ranks per node, filling nodes in order (default: spread evenly)\n"
            "  --ft                resilient mode: a failed rank or node does not end the job;\n"
            "                      the survivors are told (default: the first failure ends it)\n"
            "  --ft-delta MS       heartbeat period of the daemons' failure detector (default 50)\n"
            "  --ft-timeout MS     silence that declares a daemon failed (default 2 x delta)\n"
            "  -h, --help          this text\n");
}

static int parse_long(const char *option, const char *text, long low, long *value_p)
{
    char *end;
    long value;

    if (!text) {
        fprintf(stderr, "vmplrun: %s needs a value\n", option);
        return -1;
    }
    value = strtol(text, &end, 10);
    if (*end || end == text || value < low) {
        fprintf(stderr, "vmplrun: %s: '%s' is not a whole number >= %ld\n", option, text, low);
        return -1;
    }
    *value_p = value;
    return 0;
}

int vmplrun_options_parse(int argc, char **argv, vmplrun_options_t *o)
{
    int i;

    memset(o, 0, sizeof(*o));
    o->ranks = -1;
    o->exports = calloc((size_t)argc + 1, sizeof(char *));
    if (!o->exports)
        return -1;
    for (i = 1; i < argc && argv[i][0] == '-'; i++) {
        const char *a = argv[i], *value = i + 1 < argc ? argv[i + 1] : NULL;

        if (!strcmp(a, "--")) {
            i++;
            break;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            exit(0);
        } else if (!strcmp(a, "-n") || !strcmp(a, "-np") || !strcmp(a, "--np")) {
            if (parse_long(a, value, 1, &o->ranks))
                return -1;
            i++;
        } else if (!strcmp(a, "--ppn")) {
            if (parse_long(a, value, 1, &o->ppn))
                return -1;
            i++;
        } else if (!strcmp(a, "--ft")) {
            o->ft = 1;
        } else if (!strcmp(a, "--ft-delta")) {
            if (parse_long(a, value, 1, &o->ft_delta_ms))
                return -1;
            i++;
        } else if (!strcmp(a, "--ft-timeout")) {
            if (parse_long(a, value, 1, &o->ft_timeout_ms))
                return -1;
            i++;
        } else if (!strcmp(a, "--nodes")) {
            if (parse_long(a, value, 1, &o->nodes))
                return -1;
            i++;
        } else if (!strcmp(a, "--host")) {
            if (!value || !value[0]) {
                fprintf(stderr, "vmplrun: --host needs a list of hosts\n");
                return -1;
            }
            o->hosts = argv[++i];
        } else if (!strcmp(a, "--tag-output")) {
            o->tag_output = 1;
        } else if (!strcmp(a, "--timeout")) {
            char *end;
            o->timeout_s = value ? strtod(value, &end) : 0;
            if (!value || *end || end == value || o->timeout_s <= 0) {
                fprintf(stderr, "vmplrun: --timeout needs a number of seconds > 0\n");
                return -1;
            }
            i++;
        } else if (!strcmp(a, "-x")) {
            if (!value || !value[0] || value[0] == '=') {
                fprintf(stderr, "vmplrun: -x needs VAR or VAR=VALUE\n");
                return -1;
            }
            o->exports[o->export_count++] = argv[++i];
        } else if (!strcmp(a, "--bind-to")) {
            if (!value || (strcmp(value, "core") && strcmp(value, "none"))) {
                fprintf(stderr, "vmplrun: --bind-to takes core or none\n");
                return -1;
            }
            o->bind_none = !strcmp(value, "none");
            i++;
        } else {
            fprintf(stderr, "vmplrun: unknown option '%s' (vmplrun --help lists them)\n", a);
            return -1;
        }
    }
    if (o->ranks < 0) {
        fprintf(stderr, "vmplrun: the number of ranks is missing: vmplrun -n N program\n");
        return -1;
    }
    if (i >= argc) {
        fprintf(stderr, "vmplrun: no program to run\n");
        return -1;
    }
    o->argv = argv + i;
    return 0;
}
