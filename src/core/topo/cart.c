/* Cartesian topology arithmetic (cart.h). */
#include "cart.h"

/*
 * Balanced factorization: the free dimensions take the prime factors of
 * the remaining count, largest first, each onto the currently smallest
 * free dimension; then the free entries are sorted non-increasing.
 */
vmpl_status_t cart_dims_create(int nnodes, int ndims, int dims[])
{
    int rest = nnodes, nfree = 0, factors[64], nf = 0, free_idx[64];

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
    for (int p = 2; rest > 1 && nf < 64;) { /* prime factors, ascending */
        if (rest % p == 0) {
            factors[nf++] = p;
            rest /= p;
        } else {
            p = p * p > rest ? rest : p + 1;
        }
    }
    for (int f = 0; f < nfree; f++)
        dims[free_idx[f]] = 1;
    for (int f = nf - 1; f >= 0; f--) { /* largest factor onto the smallest dimension */
        int smallest = 0;
        for (int k = 1; k < nfree; k++)
            if (dims[free_idx[k]] < dims[free_idx[smallest]])
                smallest = k;
        dims[free_idx[smallest]] *= factors[f];
    }
    for (int a = 0; a < nfree; a++) /* non-increasing over the free entries */
        for (int b = a + 1; b < nfree; b++)
            if (dims[free_idx[b]] > dims[free_idx[a]]) {
                int t = dims[free_idx[a]];
                dims[free_idx[a]] = dims[free_idx[b]];
                dims[free_idx[b]] = t;
            }
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
