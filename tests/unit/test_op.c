/*
 * Every usable reduction target against the scalar reference
 * (op_check.c), then the target the dispatcher picked.
 * Usage: test_op [max_count]   (default 100003)
 * Prints "N passed, N failed"; exits 1 on any failure.
 */
#include "op_check.h"

#include <stdio.h>
#include <stdlib.h>

static void print_line(const char *line)
{
    printf("  %s\n", line);
}

int main(int argc, char **argv)
{
    size_t max_count = argc > 1 ? strtoul(argv[1], NULL, 10) : 100003;
    size_t arena_bytes = op_check_arena_bytes(max_count);
    op_check_env_t env = {print_line, NULL, arena_bytes, max_count, 0x9e3779b97f4a7c15ul,
                          getenv("VMPL_TEST_VERBOSE") != NULL};
    op_table_t reference, *table = malloc(sizeof(*table));
    unsigned long passed = 0, failed = 0;
    int count, tested = 0;
    const op_target_t *targets = op_targets(&count);

    env.arena = aligned_alloc(64, (arena_bytes + 63) & ~(size_t)63);
    if (env.arena == NULL || table == NULL) {
        fprintf(stderr, "test_op: out of memory\n");
        return 1;
    }
    op_table_build(&targets[count - 1], &reference); /* scalar: the reference itself */

    for (int i = 0; i < count; i++) {
        op_check_result_t r;
        const char *name = vmpl_isa_name(targets[i].isa);

        if (!op_isa_usable(targets[i].isa)) {
            printf("target %-7s not usable on this CPU: skipped\n", name);
            continue;
        }
        op_table_build(&targets[i], table);
        r = op_check_table(table, &reference, targets[i].vector_bytes(), &env);
        printf("target %-7s vector %3zu bytes: %lu passed, %lu failed\n", name,
               targets[i].vector_bytes(), r.passed, r.failed);
        passed += r.passed;
        failed += r.failed;
        tested++;
    }
    printf("active target: %s\n", vmpl_isa_name(vmpl_op_isa()));
    if (tested < 2 && count > 1) { /* scalar alone: nothing vectorized was checked */
        printf("no vector target usable: the vector kernels were not exercised\n");
    }
    free(env.arena);
    free(table);
    printf("%lu passed, %lu failed\n", passed, failed);
    return failed == 0 && passed > 0 ? 0 : 1;
}
