/* The base layer: settings table parsing, CPU detection sanity, time, ISA names. */
#include "base/cpu.h"
#include "base/isa.h"
#include "base/settings.h"
#include "base/time.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "unit_check.h"

static void test_settings(void)
{
    int count;
    const base_setting_info_t *table = base_settings_table(&count);
    int found = 0;

    for (int i = 0; i < count; i++) {
        CHECK(strncmp(table[i].env_name, "VMPL_", 5) == 0, "setting names start with VMPL_");
        CHECK(table[i].description[0] != '\0', "every setting is described");
        found += strcmp(table[i].env_name, "VMPL_OP_ISA") == 0;
    }
    CHECK(found == 1, "VMPL_OP_ISA declared once");

    unsetenv("VMPL_LOG_LEVEL");
    unsetenv("VMPL_OP_ISA");
    CHECK(base_settings_reload() == VMPL_OK, "defaults parse");
    CHECK(base_settings()->log_level == 1, "default log level");
    CHECK(strcmp(base_settings()->op_isa, "auto") == 0, "default op isa");

    setenv("VMPL_LOG_LEVEL", "3", 1);
    setenv("VMPL_OP_ISA", "sse42", 1);
    CHECK(base_settings_reload() == VMPL_OK, "values parse");
    CHECK(base_settings()->log_level == 3, "log level from the environment");
    CHECK(strcmp(base_settings()->op_isa, "sse42") == 0, "op isa from the environment");

    setenv("VMPL_LOG_LEVEL", "loud", 1);
    CHECK(base_settings_reload() == VMPL_ERR_INVALID_SETTING, "bad integer is reported");
    CHECK(base_settings()->log_level == 1, "bad integer falls back to the default");
    unsetenv("VMPL_LOG_LEVEL");
    unsetenv("VMPL_OP_ISA");
    base_settings_reload();
}

static void test_cpu_and_time(void)
{
    const base_cpu_features_t *cpu = base_cpu_features();
    uint64_t t0 = base_time_ns(), t1;

    CHECK(cpu == base_cpu_features(), "features detected once");
#if defined(__x86_64__)
    CHECK(!cpu->avx512vbmi || cpu->avx512bw, "VBMI is used only with AVX-512 BW");
    CHECK(!cpu->avx512bw || cpu->avx2, "AVX-512 implies AVX2");
    CHECK(!cpu->avx2 || cpu->sse42, "AVX2 implies SSE4.2");
    CHECK(!cpu->neon && !cpu->sve, "no Arm features on x86");
#elif defined(__aarch64__)
    CHECK(cpu->neon, "Advanced SIMD is baseline on AArch64");
#endif
    do {
        t1 = base_time_ns();
    } while (t1 == t0);
    CHECK(t1 > t0, "monotonic time advances");
}

/* Names by hand, both ways; "auto" and near misses are no ISA. */
static void test_isa_names(void)
{
    static const char *const names[VMPL_ISA_COUNT] = {"scalar", "sse42", "avx2",
                                                      "avx512", "neon",  "sve"};
    vmpl_isa_t isa = VMPL_ISA_COUNT;

    for (int i = 0; i < VMPL_ISA_COUNT; i++) {
        CHECK(vmpl_isa_name((vmpl_isa_t)i) && !strcmp(vmpl_isa_name((vmpl_isa_t)i), names[i]),
              "isa name");
        CHECK(base_isa_from_name(names[i], &isa) == 0 && isa == (vmpl_isa_t)i, "isa by name");
    }
    CHECK(vmpl_isa_name(VMPL_ISA_COUNT) == NULL, "no name past the last isa");
    isa = VMPL_ISA_SVE;
    CHECK(base_isa_from_name("auto", &isa) == -1 && isa == VMPL_ISA_SVE, "auto is no isa");
    CHECK(base_isa_from_name("avx", &isa) == -1 && base_isa_from_name("AVX2", &isa) == -1,
          "near misses are no isa");
}

int main(void)
{
    test_settings();
    test_cpu_and_time();
    test_isa_names();
    printf("%lu passed, %lu failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}
