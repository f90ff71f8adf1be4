/*
 * Every usable reduction target against the scalar reference
 * (op_check.c), and with operands that end on the last byte of a page
 * followed by an inaccessible one; then the target the dispatcher picked.
 * The scalar target is the reference, so only its page-end tails are
 * checked; pairs a target takes from the reference count as skipped.
 * Usage: test_op [max_count]   (default 100003)
 * Prints "N passed, N failed, N skipped"; exits 1 on any failure, 77
 * (skipped) when no vector target could be checked.
 */
#include "op_check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

static void print_line(const char *line)
{
    printf("  %s\n", line);
}

/*
 * Counts up to two vectors whose a, b and out each end on the last byte of
 * a page followed by a PROT_NONE page: every binary kernel must give the
 * bytes it gives on the same operands in the middle of a page (the
 * AVX-512 tails move their masked windows back onto the data's page,
 * src/base/avx512_in_page.h). Values: bytes 1..63, finite in every type
 * (bool: 0 and 1).
 */
static op_check_result_t check_page_end_tails(const op_table_t *table, size_t vector_bytes)
{
    const size_t page = (size_t)sysconf(_SC_PAGESIZE);
    unsigned char *m = mmap(NULL, 7 * page, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    op_check_result_t r = {0, 0, 0};

    if (m == MAP_FAILED || mprotect(m + page, page, PROT_NONE) != 0 ||
        mprotect(m + 3 * page, page, PROT_NONE) != 0 ||
        mprotect(m + 5 * page, page, PROT_NONE) != 0) {
        printf("page-end tails: no fenced pages\n");
        r.failed = 1;
        goto out;
    }
    for (int op = 0; op < VMPL_OP_COUNT; op++)
        for (int type = 0; type < VMPL_TYPE_COUNT; type++) {
            op_binary_fn_t fn = table->kernel[op][type].binary;
            size_t size = op_type_size((vmpl_type_t)type);

            for (size_t count = 1; fn && count * size <= 2 * vector_bytes; count++) {
                size_t bytes = count * size;
                unsigned char *a = m + page - bytes, *b = m + 3 * page - bytes;
                unsigned char *out = m + 5 * page - bytes, *mid = m + 6 * page;

                for (size_t i = 0; i < bytes; i++) {
                    int bool_type = type == VMPL_TYPE_BOOL; /* 0 or 1 only */
                    a[i] = (unsigned char)(bool_type ? i & 1 : 1 + (i * 7) % 63);
                    b[i] = (unsigned char)(bool_type ? i % 3 == 0 : 1 + i % 63);
                }
                memcpy(mid, a, bytes), memcpy(mid + 1024, b, bytes);
                memset(out, 0x55, bytes), memset(mid + 2048, 0x55, bytes); /* padding */
                fn(mid, mid + 1024, mid + 2048, count);
                fn(a, b, out, count);
                if (memcmp(out, mid + 2048, bytes) == 0) {
                    r.passed++;
                } else if (r.failed++ < 5) {
                    printf("page-end tails: op %d type %d count %zu differs\n", op, type, count);
                }
            }
        }
out:
    if (m != MAP_FAILED)
        munmap(m, 7 * page);
    return r;
}

int main(int argc, char **argv)
{
    size_t max_count = argc > 1 ? strtoul(argv[1], NULL, 10) : 100003;
    size_t arena_bytes = op_check_arena_bytes(max_count);
    op_check_env_t env = {print_line, NULL, arena_bytes, max_count, 0x9e3779b97f4a7c15ul,
                          getenv("VMPL_TEST_VERBOSE") != NULL};
    op_table_t reference, *table = malloc(sizeof(*table));
    unsigned long passed = 0, failed = 0, skipped = 0;
    int count, vector_tested = 0;
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
            printf("SKIP target %-7s: not usable on this CPU\n", name);
            skipped++;
            continue;
        }
        op_table_build(&targets[i], table);
        r = op_check_table(table, &reference, targets[i].vector_bytes(), &env);
        printf("target %-7s vector %3zu bytes: %lu passed, %lu failed, %lu (op, type) pairs are "
               "the reference's own: skipped\n",
               name, targets[i].vector_bytes(), r.passed, r.failed, r.skipped);
        passed += r.passed;
        failed += r.failed;
        skipped += r.skipped;
        r = check_page_end_tails(table, targets[i].vector_bytes());
        printf("target %-7s page-end tails: %lu passed, %lu failed\n", name, r.passed, r.failed);
        passed += r.passed;
        failed += r.failed;
        vector_tested += i != count - 1;
    }
    printf("active target: %s\n", vmpl_isa_name(vmpl_op_isa()));
    if (vector_tested == 0) { /* scalar alone: nothing vectorized was checked */
        printf("SKIP no vector target usable: the vector kernels were not exercised\n");
        skipped++;
    }
    free(env.arena);
    free(table);
    printf("%lu passed, %lu failed, %lu skipped\n", passed, failed, skipped);
    if (failed == 0 && vector_tested == 0)
        return 77; /* ctest: skipped (SKIP_RETURN_CODE) */
    return failed == 0 && passed > 0 ? 0 : 1;
}
