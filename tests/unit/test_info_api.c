/*
 * The build and machine queries of <vmpl.h> (what vmpl-info prints),
 * through the public header only. References: the project version given
 * on the command line, hand lists of each architecture's targets, the
 * compiler's own CPU detection, and the environment this test runs in.
 * Usage: test_info_api VERSION
 */
#include <vmpl.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__aarch64__)
#include <sys/auxv.h>
#endif

#include "unit_check.h"

static void test_version(const char *expected)
{
    CHECK(strcmp(vmpl_version(), expected) == 0, "version is the project's");
}

static void test_op_isas(void)
{
#if defined(__x86_64__)
    static const vmpl_isa_t compiled[] = {VMPL_ISA_AVX512, VMPL_ISA_AVX2, VMPL_ISA_SSE42,
                                          VMPL_ISA_SCALAR};
#elif defined(__aarch64__)
    static const vmpl_isa_t compiled[] = {VMPL_ISA_SVE, VMPL_ISA_NEON, VMPL_ISA_SCALAR};
#else
    static const vmpl_isa_t compiled[] = {VMPL_ISA_SCALAR};
#endif
    const int n = (int)(sizeof(compiled) / sizeof(compiled[0]));
    vmpl_isa_t isas[VMPL_ISA_COUNT + 1], active = vmpl_op_isa();
    int found = 0;

    CHECK(vmpl_op_isas(NULL, 0) == n, "count of the compiled targets");
    isas[1] = VMPL_ISA_COUNT;
    CHECK(vmpl_op_isas(isas, 1) == n && isas[0] == compiled[0] && isas[1] == VMPL_ISA_COUNT,
          "a short array gets the best target only");
    CHECK(vmpl_op_isas(isas, VMPL_ISA_COUNT + 1) == n &&
              memcmp(isas, compiled, sizeof(compiled)) == 0,
          "the compiled targets, best first");
    CHECK(vmpl_op_isa_usable(VMPL_ISA_SCALAR) == 1, "scalar runs everywhere");
    CHECK(vmpl_op_isa_usable(VMPL_ISA_COUNT) == 0, "no such target");
#if defined(__x86_64__)
    CHECK(!vmpl_op_isa_usable(VMPL_ISA_NEON) && !vmpl_op_isa_usable(VMPL_ISA_SVE),
          "no Arm target on x86");
    CHECK(vmpl_op_isa_usable(VMPL_ISA_AVX2) ==
              (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("f16c")),
          "avx2 usable as the compiler's detection says");
#endif
    for (int i = 0; i < n; i++)
        found |= compiled[i] == active;
    CHECK(found && vmpl_op_isa_usable(active), "the active target is compiled and usable");
}

/* The best ISA this CPU runs for packing, by the compiler's (or the kernel's) detection. */
static vmpl_isa_t pack_isa_detected(void)
{
#if defined(__x86_64__)
    if (__builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw") &&
        __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
        return VMPL_ISA_AVX512;
    if (__builtin_cpu_supports("avx2"))
        return VMPL_ISA_AVX2;
    return __builtin_cpu_supports("sse4.2") ? VMPL_ISA_SSE42 : VMPL_ISA_SCALAR;
#elif defined(__aarch64__)
    return (getauxval(AT_HWCAP) & HWCAP_SVE) ? VMPL_ISA_SVE : VMPL_ISA_NEON;
#else
    return VMPL_ISA_SCALAR;
#endif
}

static void test_pack_isa(void)
{
    const char *cap = getenv("VMPL_DT_ISA");
    vmpl_isa_t expected = pack_isa_detected();

    if (cap != NULL && strcmp(cap, "auto") != 0) {
        for (int i = 0; i < VMPL_ISA_COUNT; i++)
            if (strcmp(cap, vmpl_isa_name((vmpl_isa_t)i)) == 0 && (int)expected > i)
                expected = (vmpl_isa_t)i;
    }
    CHECK(vmpl_pack_isa() == expected, "pack isa: the detected one under VMPL_DT_ISA");
    printf("pack isa %s (VMPL_DT_ISA %s)\n", vmpl_isa_name(vmpl_pack_isa()), cap ? cap : "unset");
}

/* describe: as snprintf, for sizes 0, 1, short and whole. */
static void test_describe(size_t (*describe)(char *, size_t), const char *word)
{
    size_t length = describe(NULL, 0);
    char *whole = malloc(length + 1), *part = malloc(length + 1); /* freed below */

    CHECK(length > 0 && whole && part, "describe has text");
    if (!whole || !part || length == 0)
        goto out;
    CHECK(describe(whole, length + 1) == length && strlen(whole) == length,
          "whole text, NUL-terminated");
    CHECK(strstr(whole, word) != NULL, "the text names what it describes");
    memset(part, 'x', length + 1);
    CHECK(describe(part, 1) == length && part[0] == '\0' && part[1] == 'x', "size 1: empty");
    memset(part, 'x', length + 1);
    CHECK(describe(part, 10) == length && strlen(part) == 9 && memcmp(part, whole, 9) == 0 &&
              part[10] == 'x',
          "size 10: the first 9 bytes");
out:
    free(whole);
    free(part);
}

static void test_settings(void)
{
    int count = vmpl_settings_count(), op_isa = 0, log_level = 0;
    vmpl_setting_t s = {.name = "untouched"};

    CHECK(count > 0, "settings exist");
    CHECK(vmpl_setting_get(-1, &s) == VMPL_ERR_INVALID_ARG &&
              vmpl_setting_get(count, &s) == VMPL_ERR_INVALID_ARG &&
              vmpl_setting_get(0, NULL) == VMPL_ERR_INVALID_ARG && !strcmp(s.name, "untouched"),
          "out of range: an error, no output");
    for (int i = 0; i < count; i++) {
        const char *env;

        if (vmpl_setting_get(i, &s) != VMPL_OK) {
            CHECK(0, "every index in range answers");
            continue;
        }
        env = getenv(s.name);
        CHECK(strncmp(s.name, "VMPL_", 5) == 0 && s.description[0] != '\0', "name and text");
        CHECK(!strcmp(s.type, "long") || !strcmp(s.type, "string"), "type");
        CHECK(env ? s.value && !strcmp(s.value, env) : s.value == NULL,
              "value: the environment's text, NULL when unset");
        if (!strcmp(s.name, "VMPL_OP_ISA")) {
            op_isa++;
            CHECK(!strcmp(s.type, "string") && !strcmp(s.default_value, "auto"),
                  "VMPL_OP_ISA: a string, default auto");
        }
        if (!strcmp(s.name, "VMPL_LOG_LEVEL")) {
            log_level++;
            CHECK(!strcmp(s.type, "long") && !strcmp(s.default_value, "1"),
                  "VMPL_LOG_LEVEL: a long, default 1");
        }
    }
    CHECK(op_isa == 1 && log_level == 1, "each setting listed once");
    if (getenv("VMPL_OP_ISA") && !strcmp(getenv("VMPL_OP_ISA"), "scalar"))
        CHECK(vmpl_op_isa() == VMPL_ISA_SCALAR, "the listed VMPL_OP_ISA is the one in force");
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: %s VERSION\n", argv[0]);
        return 2;
    }
    test_version(argv[1]);
    test_op_isas();
    test_pack_isa();
    test_describe(vmpl_pack_describe, "blen");
    test_describe(vmpl_coll_describe, "allreduce");
    test_settings();
    printf("%lu passed, %lu failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
