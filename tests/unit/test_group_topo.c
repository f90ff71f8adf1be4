/*
 * Groups and Cartesian arithmetic against hand-computed answers: the
 * order rules of union / intersection / difference, incl / excl / ranges
 * with their argument errors, translate with PROC_NULL, compare, and
 * dims_create / rank / coords / shift on periodic and open grids.
 */
#include "core/group/group.h"
#include "core/topo/cart.h"
#include "unit_check.h"

#include <stdio.h>
#include <string.h>

static int members_are(const group_t *g, int n, const int *want)
{
    return g->size == n && (n == 0 || !memcmp(g->world, want, (size_t)n * sizeof(int)));
}

static void test_groups(void)
{
    const int a_ranks[] = {5, 1, 3, 7}, b_ranks[] = {3, 8, 5, 0};
    group_t *a, *b, *u, *i, *d, *g, *sim;
    int t[4];

    CHECK(group_create(4, a_ranks, &a) == VMPL_OK && group_create(4, b_ranks, &b) == VMPL_OK,
          "create");
    CHECK(group_create(2, (int[]){2, 2}, &g) == VMPL_ERR_INVALID_ARG, "duplicate member");
    CHECK(group_union(a, b, &u) == VMPL_OK && members_are(u, 6, (int[]){5, 1, 3, 7, 8, 0}),
          "union keeps a's order, then b's newcomers");
    CHECK(group_intersection(a, b, &i) == VMPL_OK && members_are(i, 2, (int[]){5, 3}),
          "intersection in a's order");
    CHECK(group_difference(a, b, &d) == VMPL_OK && members_are(d, 2, (int[]){1, 7}),
          "difference");
    CHECK(group_translate(a, 4, (int[]){0, 1, 2, GROUP_PROC_NULL}, b, t) == VMPL_OK &&
              t[0] == 2 && t[1] == GROUP_UNDEFINED && t[2] == 0 && t[3] == GROUP_PROC_NULL,
          "translate %d %d %d %d", t[0], t[1], t[2], t[3]);
    CHECK(group_translate(a, 1, (int[]){4}, b, t) == VMPL_ERR_INVALID_ARG, "translate range");
    CHECK(group_compare(a, a) == GROUP_IDENT && group_compare(a, b) == GROUP_UNEQUAL, "compare");
    CHECK(group_create(4, (int[]){7, 5, 3, 1}, &sim) == VMPL_OK &&
              group_compare(a, sim) == GROUP_SIMILAR, "similar");
    group_release(sim);
    group_release(u);
    group_release(i);
    group_release(d);

    CHECK(group_incl(a, 2, (int[]){3, 0}, &g) == VMPL_OK && members_are(g, 2, (int[]){7, 5}),
          "incl order");
    group_release(g);
    CHECK(group_incl(a, 2, (int[]){1, 1}, &g) == VMPL_ERR_INVALID_ARG, "incl repeated");
    CHECK(group_incl(a, 1, (int[]){4}, &g) == VMPL_ERR_INVALID_ARG, "incl out of range");
    CHECK(group_excl(a, 2, (int[]){0, 2}, &g) == VMPL_OK && members_are(g, 2, (int[]){1, 7}),
          "excl");
    group_release(g);
    CHECK(group_incl(a, 0, NULL, &g) == VMPL_OK && g->size == 0, "empty incl");
    group_release(g);
    {
        int world[10];
        group_t *ten;
        for (int r = 0; r < 10; r++)
            world[r] = 100 + r;
        group_create(10, world, &ten);
        CHECK(group_range_incl(ten, 2, (const int[][3]){{0, 6, 3}, {9, 7, -1}}, &g) == VMPL_OK &&
                  members_are(g, 6, (int[]){100, 103, 106, 109, 108, 107}),
              "range_incl with a negative stride");
        group_release(g);
        CHECK(group_range_excl(ten, 1, (const int[][3]){{1, 9, 2}}, &g) == VMPL_OK &&
                  members_are(g, 5, (int[]){100, 102, 104, 106, 108}),
              "range_excl");
        group_release(g);
        CHECK(group_range_incl(ten, 1, (const int[][3]){{0, 9, 0}}, &g) == VMPL_ERR_INVALID_ARG,
              "zero stride");
        CHECK(group_range_incl(ten, 2, (const int[][3]){{0, 4, 1}, {4, 5, 1}}, &g) ==
                  VMPL_ERR_INVALID_ARG, "overlapping ranges");
        CHECK(group_range_incl(ten, 1, (const int[][3]){{2, 1, 1}}, &g) == VMPL_ERR_INVALID_ARG,
              "first after last with a positive stride");
        group_release(ten);
    }
    group_release(a);
    group_release(b);
}

static void test_cart(void)
{
    int dims[3];

    memset(dims, 0, sizeof(dims));
    CHECK(cart_dims_create(6, 2, dims) == VMPL_OK && dims[0] == 3 && dims[1] == 2, "6 -> 3x2");
    memset(dims, 0, sizeof(dims));
    CHECK(cart_dims_create(16, 3, dims) == VMPL_OK && dims[0] == 4 && dims[1] == 2 &&
              dims[2] == 2, "16 -> 4x2x2");
    memset(dims, 0, sizeof(dims));
    CHECK(cart_dims_create(7, 3, dims) == VMPL_OK && dims[0] == 7 && dims[1] == 1 &&
              dims[2] == 1, "prime");
    dims[0] = 0, dims[1] = 3, dims[2] = 0;
    CHECK(cart_dims_create(24, 3, dims) == VMPL_OK && dims[0] == 4 && dims[1] == 3 &&
              dims[2] == 2, "fixed middle: %d %d %d", dims[0], dims[1], dims[2]);
    memset(dims, 0, sizeof(dims)); /* greedy prime placement gave 28 x 15 */
    CHECK(cart_dims_create(420, 2, dims) == VMPL_OK && dims[0] == 21 && dims[1] == 20,
          "420 -> 21x20: %d %d", dims[0], dims[1]);
    memset(dims, 0, sizeof(dims));
    CHECK(cart_dims_create(420, 3, dims) == VMPL_OK && dims[0] == 10 && dims[1] == 7 &&
              dims[2] == 6, "420 -> 10x7x6: %d %d %d", dims[0], dims[1], dims[2]);
    dims[0] = 0, dims[1] = 5;
    CHECK(cart_dims_create(12, 2, dims) == VMPL_ERR_INVALID_ARG, "5 does not divide 12");
    {
        const int d[2] = {3, 4}, periodic[2] = {1, 0};
        int c[2], src, dst;
        cart_coords(2, d, 7, c);
        CHECK(c[0] == 1 && c[1] == 3, "coords of 7 in 3x4");
        CHECK(cart_rank(2, d, periodic, (int[]){-1, 2}) == 10, "periodic wrap");
        CHECK(cart_rank(2, d, periodic, (int[]){0, 4}) == -1, "open edge");
        cart_shift(2, d, periodic, 7, 1, 1, &src, &dst);
        CHECK(src == 6 && dst == CART_PROC_NULL, "open shift %d %d", src, dst);
        cart_shift(2, d, periodic, 7, 0, 2, &src, &dst);
        CHECK(src == 11 && dst == 3, "periodic shift %d %d", src, dst);
    }
}

int main(void)
{
    test_groups();
    test_cart();
    printf("%lu passed, %lu failed\n", passed, failed);
    return failed != 0;
}
