/*
 * Process groups: ordered sets of processes named by their rank in the
 * job (MPI_COMM_WORLD). Every MPI group operation, with the standard's
 * order rules (union keeps the first group's order, then the second's
 * newcomers in its order; intersection and difference keep the first's)
 * and its argument checks. Groups are immutable and reference counted.
 *
 * Membership lookups go through a sorted copy (world rank -> group rank),
 * so translating n ranks costs n log(size).
 */
#ifndef VMPL_CORE_GROUP_GROUP_H
#define VMPL_CORE_GROUP_GROUP_H

#include <vmpl.h>

#define GROUP_UNDEFINED (-32766) /* MPI_UNDEFINED's value in this layer */
#define GROUP_PROC_NULL (-1)     /* MPI_PROC_NULL */

typedef enum { GROUP_IDENT, GROUP_SIMILAR, GROUP_UNEQUAL } group_compare_t;

typedef struct {
    int world;
    int rank;
} group_member_t;

typedef struct group {
    int refcount;
    int size;
    int *world;              /* world[r]: job rank of group rank r */
    group_member_t *sorted;  /* by world rank, for lookups */
} group_t;

/* A group of size members from world[] (copied); ranks must be distinct and >= 0. */
vmpl_status_t group_create(int size, const int world[], group_t **group_p);
void group_retain(group_t *g);
void group_release(group_t *g);

/* The group rank of job rank world, or GROUP_UNDEFINED. */
int group_rank_of(const group_t *g, int world);

vmpl_status_t group_translate(const group_t *g1, int n, const int ranks1[], const group_t *g2,
                              int ranks2[]);
group_compare_t group_compare(const group_t *g1, const group_t *g2);

vmpl_status_t group_union(const group_t *g1, const group_t *g2, group_t **out_p);
vmpl_status_t group_intersection(const group_t *g1, const group_t *g2, group_t **out_p);
vmpl_status_t group_difference(const group_t *g1, const group_t *g2, group_t **out_p);
vmpl_status_t group_incl(const group_t *g, int n, const int ranks[], group_t **out_p);
vmpl_status_t group_excl(const group_t *g, int n, const int ranks[], group_t **out_p);
/* ranges[i] = {first, last, stride}, as MPI_Group_range_incl/excl. */
vmpl_status_t group_range_incl(const group_t *g, int n, const int ranges[][3], group_t **out_p);
vmpl_status_t group_range_excl(const group_t *g, int n, const int ranges[][3], group_t **out_p);

#endif
