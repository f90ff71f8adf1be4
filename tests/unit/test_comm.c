/*
 * Communicators between 5 forked ranks: dup isolates traffic from its
 * parent, split orders by key then parent rank and leaves UNDEFINED out,
 * create from a group, collectives inside a split communicator, and
 * context ids returning to the pool on release.
 */
#include "core/comm/comm.h"
#include "p2p_over_shm.h"
#include "tl/shm/tl_shm_private.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#define P 5

static int me;
static unsigned long failures;
#define CHECK(cond, ...)                                                                      \
    do {                                                                                      \
        if (!(cond)) {                                                                        \
            failures++;                                                                       \
            fprintf(stderr, "FAIL rank %d line %d: ", me, __LINE__);                          \
            fprintf(stderr, __VA_ARGS__);                                                     \
            fprintf(stderr, "\n");                                                            \
        }                                                                                     \
    } while (0)

static void isolation(comm_t *world, comm_t *dup)
{
    dt_type_t *INT = dt_named(DT_INT);
    p2p_req_t a, b;
    int x = -1, y = -1;

    if (me == 0) { /* same peer, same tag, different communicators: dup's first */
        int on_dup = 2, on_world = 1;
        p2p_isend(dup->p2p, &on_dup, 1, INT, 1, 5, comm_p2p_context(dup), P2P_MODE_STANDARD, &a);
        p2p_wait(dup->p2p, &a);
        p2p_isend(world->p2p, &on_world, 1, INT, 1, 5, comm_p2p_context(world),
                  P2P_MODE_STANDARD, &b);
        p2p_wait(world->p2p, &b);
    } else if (me == 1) {
        p2p_irecv(world->p2p, &x, 1, INT, 0, 5, comm_p2p_context(world), &a);
        p2p_irecv(dup->p2p, &y, 1, INT, 0, 5, comm_p2p_context(dup), &b);
        p2p_wait(world->p2p, &a);
        p2p_wait(dup->p2p, &b);
        CHECK(x == 1 && y == 2, "world got %d, dup got %d", x, y);
    }
}

static void splits(comm_t *world)
{
    const coll_op_t sum = {.op = VMPL_OP_SUM, .elem = VMPL_TYPE_INT32, .commutative = 1};
    comm_t *half, *none;
    int color = me == 4 ? COMM_UNDEFINED : me % 2, total = me, got = 0;

    CHECK(comm_split(world, color, -me, &half) == VMPL_OK, "split");
    if (me == 4) {
        CHECK(half == NULL, "undefined color gets no communicator");
    } else {
        /* evens {0, 2} and odds {1, 3}, ordered by key -me: highest parent rank first */
        CHECK(half->size == 2 && half->rank == (me < 2 ? 1 : 0), "split rank %d of %d",
              half->rank, half->size);
        coll_allreduce(&half->coll, &total, &got, 1, dt_named(DT_INT), &sum);
        CHECK(got == (me % 2 ? 4 : 2), "allreduce in the split: %d", got);
        CHECK(half->id != world->id, "new context");
    }
    CHECK(comm_split(world, COMM_UNDEFINED, 0, &none) == VMPL_OK && none == NULL, "all undefined");
    comm_release(half);
}

static void create_and_reuse(comm_t *world)
{
    group_t *g;
    comm_t *c, *d;
    int first_id;

    group_incl(world->group, 3, (int[]){4, 0, 2}, &g);
    CHECK(comm_create(world, g, &c) == VMPL_OK, "create");
    if (me == 4 || me == 0 || me == 2)
        CHECK(c && c->rank == (me == 4 ? 0 : me == 0 ? 1 : 2) && c->size == 3, "create rank");
    else
        CHECK(c == NULL, "non-member");
    group_release(g);
    comm_release(c);
    comm_dup(world, &d);
    first_id = d->id;
    comm_release(d);
    comm_dup(world, &d);
    CHECK(d->id == first_id, "a released id is reused (%d vs %d)", d->id, first_id);
    comm_release(d);
}

static int rank_main(const char *name)
{
    tl_shm_config_t cfg = {.name = name, .local_rank = me, .local_size = P};
    comm_pool_t *pool;
    comm_t *world, *dup;
    tl_shm_t *shm;
    p2p_t *p2p;

    if (tl_shm_open(&cfg, &shm) != VMPL_OK || p2p_over_shm(shm, me, P, &p2p) != VMPL_OK ||
        comm_pool_create(&pool) != VMPL_OK || comm_world_create(p2p, me, P, pool, &world))
        return 2;
    while (atomic_load(&shm_header(shm)->attached) < P)
        usleep(100);
    tl_shm_unlink(shm);
    CHECK(comm_dup(world, &dup) == VMPL_OK, "dup");
    isolation(world, dup);
    splits(world);
    create_and_reuse(world);
    coll_barrier(&world->coll);
    comm_release(dup);
    comm_release(world);
    comm_pool_destroy(pool);
    p2p_destroy(p2p);
    tl_shm_close(shm);
    return failures ? 1 : 0;
}

int main(void)
{
    char name[64];
    pid_t pids[P];
    int passed = 0, failed = 0;

    snprintf(name, sizeof(name), "/vmpl-test-comm-%d", (int)getpid());
    for (int r = 0; r < P; r++)
        if ((pids[r] = fork()) == 0) {
            me = r;
            _exit(rank_main(name));
        }
    for (int r = 0; r < P; r++) {
        int status;
        waitpid(pids[r], &status, 0);
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
            passed++;
        else
            failed++, printf("rank %d failed (status 0x%x)\n", r, status);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
