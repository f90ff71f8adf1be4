/* Cartesian topology arithmetic (cart.h). */
#include "cart.h"

#include <limits.h>

/* A search for the most balanced split of a count over the free dimensions. */
typedef struct {
    const int *divisors; /* of the count, ascending */
    int ndivisors, nfree;
    int current[64], best[64];
    int best_spread; /* best[0] - best[nfree - 1]; INT_MAX before the first split */
} dims_search_t;

/* Whether d^k >= rest, without overflow. */
static int power_reaches(int d, int k, int rest)
{
    long long p = 1;

    for (int i = 0; i < k && p < rest; i++)
        p *= d;
    return p >= rest;
}

/*
 * Splits rest over the free entries from depth on, non-increasing, each
 * at most cap, keeping in s->best the split of smallest spread.
 */
static void dims_search(dims_search_t *s, int depth, int rest, int cap)
{
    if (depth == s->nfree - 1) {
        int first = depth ? s->current[0] : rest;
        if (rest <= cap && first - rest < s->best_spread) {
            s->current[depth] = rest;
            s->best_spread = first - rest;
            for (int i = 0; i < s->nfree; i++)
                s->best[i] = s->current[i];
        }
        return;
    }
    for (int i = s->ndivisors - 1; i >= 0; i--) {
        int d = s->divisors[i];
        if (d > cap || rest % d)
            continue;
        /* d is the largest remaining entry: it must reach the root of rest */
        if (!power_reaches(d, s->nfree - depth, rest))
            break;
        s->current[depth] = d;
        /* the last entry is at most d: no better split when even d cannot beat the best */
        if (depth && s->current[0] - d >= s->best_spread)
            break;
        dims_search(s, depth + 1, rest / d, d);
    }
}

/*
 * Balanced factorization, as MPI asks: the free dimensions get the
 * factorization of the remaining count whose entries are as close to
 * each other as possible (the smallest largest-minus-smallest), in
 * non-increasing order. An exact search over the divisors of the count.
 */
vmpl_status_t cart_dims_create(int nnodes, int ndims, int dims[])
{
    /* an int has at most 1600 divisors (2095133040 has that many) */
    int rest = nnodes, nfree = 0, free_idx[64], ndivisors = 0, divisors[1600];
    dims_search_t search;

    if (nnodes < 1 || ndims < 0 || ndims > 64)
        return VMPL_ERR_INVALID_ARG;
    for (int d = 0; d < ndims; d++) {
        if (dims[d] < 0)
            return VMPL_ERR_INVALID_ARG;
        if (dims[d] == 0) {
            free_idx[nfree++] = d;
        } else {
            if (rest % dims[d])
                return VMPL_ERR_INVALID_ARG;
            rest /= dims[d];
        }
    }
    if (nfree == 0)
        return rest == 1 ? VMPL_OK : VMPL_ERR_INVALID_ARG;
    for (int d = 1; (long long)d * d <= rest; d++) /* the small half, ascending */
        if (rest % d == 0)
            divisors[ndivisors++] = d;
    for (int i = ndivisors - 1; i >= 0; i--) /* their cofactors */
        if (divisors[i] != rest / divisors[i])
            divisors[ndivisors++] = rest / divisors[i];
    search = (dims_search_t){.divisors = divisors, .ndivisors = ndivisors, .nfree = nfree,
                             .best_spread = INT_MAX};
    dims_search(&search, 0, rest, rest);
    for (int f = 0; f < nfree; f++)
        dims[free_idx[f]] = search.best[f];
    return VMPL_OK;
}

int cart_rank(int ndims, const int dims[], const int periods[], const int coords[])
{
    int rank = 0;

    for (int d = 0; d < ndims; d++) {
        int c = coords[d];
        if (periods[d])
            c = ((c % dims[d]) + dims[d]) % dims[d];
        else if (c < 0 || c >= dims[d])
            return -1;
        rank = rank * dims[d] + c;
    }
    return rank;
}

void cart_coords(int ndims, const int dims[], int rank, int coords[])
{
    for (int d = ndims - 1; d >= 0; d--) {
        coords[d] = rank % dims[d];
        rank /= dims[d];
    }
}

void cart_shift(int ndims, const int dims[], const int periods[], int rank, int direction,
                int disp, int *source_p, int *dest_p)
{
    int coords[64], c;

    cart_coords(ndims, dims, rank, coords);
    c = coords[direction];
    coords[direction] = c + disp;
    *dest_p = cart_rank(ndims, dims, periods, coords);
    coords[direction] = c - disp;
    *source_p = cart_rank(ndims, dims, periods, coords);
    if (*dest_p < 0)
        *dest_p = CART_PROC_NULL;
    if (*source_p < 0)
        *source_p = CART_PROC_NULL;
}
