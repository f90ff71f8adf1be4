/*
 * The core instance and the self transport, in one singleton process (no
 * launcher): what MPI cannot test, since it forbids a second MPI_Init.
 *
 *   lifecycle  create, a second attach shares it, the first detach keeps
 *              it, the last destroys it (nothing left in /dev/shm), and a
 *              new attach creates it again, usable
 *   messages   the engine's messages to its own rank, through self: eager,
 *              contiguous rendezvous (self's get) and a strided one (CTS
 *              and DATA chunks through self's cells), many in flight
 *   self ops   the self transport's table: full ring, order, get/put and
 *              the 32- and 64-bit atomics against plain C
 */
#include "core/instance.h"
#include "tl/self/tl_self.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static unsigned long passed, failed;
#define CHECK(cond, ...)                                                                      \
    do {                                                                                      \
        if (cond) {                                                                           \
            passed++;                                                                         \
        } else {                                                                              \
            failed++;                                                                         \
            fprintf(stderr, "FAIL line %d: ", __LINE__);                                      \
            fprintf(stderr, __VA_ARGS__);                                                     \
            fprintf(stderr, "\n");                                                            \
        }                                                                                     \
    } while (0)

/* Objects in /dev/shm whose name holds this singleton's job id ("s<pid>"). */
static int shm_objects_of_job(void)
{
    char job[32];
    struct dirent *e;
    DIR *d = opendir("/dev/shm");
    int n = 0;

    snprintf(job, sizeof(job), "-s%ld-", (long)getpid());
    while (d && (e = readdir(d)))
        n += strstr(e->d_name, job) != NULL;
    if (d)
        closedir(d);
    return n;
}

static int value(int64_t i, int salt)
{
    return (int)(i * 2654435761u) ^ salt;
}

/* count ints to self, received as plain ints (stride 1) or every other int of a vector. */
static void self_exchange(p2p_t *p2p, int64_t count, int strided, int salt)
{
    dt_type_t *INT = dt_named(DT_INT);
    dt_type_t *vec = NULL;
    int *a = malloc((size_t)count * sizeof(int)), *b = calloc((size_t)count * 2 + 1, sizeof(int));
    p2p_req_t s, r;
    int64_t bad = 0;

    for (int64_t i = 0; i < count; i++)
        a[i] = value(i, salt);
    if (strided) {
        dt_type_vector(count, 1, 2, INT, &vec);
        dt_type_commit(vec);
    }
    CHECK(p2p_irecv(p2p, b, strided ? 1 : count, strided ? vec : INT, 0, salt, 5, &r) == VMPL_OK,
          "irecv from self");
    CHECK(p2p_isend(p2p, a, count, INT, 0, salt, 5, P2P_MODE_STANDARD, &s) == VMPL_OK,
          "isend to self");
    p2p_wait(p2p, &s);
    p2p_wait(p2p, &r);
    for (int64_t i = 0; i < count; i++)
        bad += b[strided ? 2 * i : i] != value(i, salt);
    CHECK(r.status.error == VMPL_OK && r.status.bytes == (uint64_t)count * 4 && bad == 0,
          "%lld ints to self (%s): status %d, %lld wrong", (long long)count,
          strided ? "strided" : "contiguous", r.status.error, (long long)bad);
    if (vec)
        dt_type_release(vec);
    free(a);
    free(b);
}

/* More eager messages to self than self has cells: the engine queues the rest, in order. */
static void self_many(p2p_t *p2p)
{
    enum { N = 3 * TL_SELF_CELLS };
    dt_type_t *INT = dt_named(DT_INT);
    int out[N], in[N];
    p2p_req_t s[N], r[N];
    int order_ok = 1;

    for (int i = 0; i < N; i++) {
        out[i] = i;
        CHECK(p2p_isend(p2p, &out[i], 1, INT, 0, 9, 6, P2P_MODE_STANDARD, &s[i]) == VMPL_OK,
              "isend %d", i);
    }
    for (int i = 0; i < N; i++) {
        in[i] = -1;
        CHECK(p2p_irecv(p2p, &in[i], 1, INT, 0, 9, 6, &r[i]) == VMPL_OK, "irecv %d", i);
    }
    for (int i = 0; i < N; i++) {
        p2p_wait(p2p, &s[i]);
        p2p_wait(p2p, &r[i]);
        order_ok &= in[i] == i;
    }
    CHECK(order_ok, "%d messages to self arrive in order", N);
}

static void engine_checks(core_instance_t *in)
{
    CHECK(in->rt->size == 1 && in->p2p && in->iface_count >= 2, "a singleton with transports");
    CHECK(in->eps[0].iface && strcmp(in->eps[0].iface->ops->name, "self") == 0,
          "the own rank goes through self, not %s",
          in->eps[0].iface ? in->eps[0].iface->ops->name : "nothing");
    CHECK(core_instance_node(in) != NULL, "a node channel iface");
    self_exchange(in->p2p, 10, 0, 1);
    self_exchange(in->p2p, 100000, 0, 2); /* above self's eager limit: get */
    self_exchange(in->p2p, 100000, 1, 3); /* strided: CTS and DATA chunks */
    self_many(in->p2p);
}

static void lifecycle(void)
{
    core_instance_params_t params = {.thread = CORE_THREAD_MULTIPLE};
    core_instance_t *a = NULL, *b = NULL, *c = NULL;
    int generation;

    CHECK(core_instance_attach(&params, &a) == VMPL_OK, "create");
    if (!a)
        return;
    generation = a->generation;
    CHECK(a->refs == 1 && a->thread == CORE_THREAD_MAX, "one reference, thread level capped");
    CHECK(shm_objects_of_job() == 0, "the node segment is unlinked once set up");
    CHECK(core_instance_attach(&params, &b) == VMPL_OK && b == a && a->refs == 2,
          "a second attach shares the instance");
    engine_checks(a);
    core_instance_detach(b);
    CHECK(a->refs == 1 && a->p2p, "the first detach keeps it");
    self_exchange(a->p2p, 10, 0, 4);
    core_instance_detach(a);
    CHECK(a->refs == 0 && !a->p2p && !a->rt && a->iface_count == 0,
          "the last detach destroys it");
    CHECK(core_instance_attach(&params, &c) == VMPL_OK && c && c->generation == generation + 1,
          "created again after destroy");
    if (!c)
        return;
    engine_checks(c);
    core_instance_detach(c);
    CHECK(shm_objects_of_job() == 0, "nothing left in /dev/shm");
}

static void on_self(void *arg, int src, const void *hdr, size_t hdr_len, const void *payload,
                    size_t len)
{
    int *next = arg;
    int seq;

    memcpy(&seq, hdr, sizeof(seq));
    CHECK(src == 0 && hdr_len == sizeof(seq) && seq == *next && len == (size_t)seq &&
              (len == 0 || ((const unsigned char *)payload)[len - 1] == (unsigned char)seq),
          "self message %d (got %d, %zu bytes)", *next, seq, len);
    ++*next;
}

static void pack_bytes(void *dst, size_t len, void *arg)
{
    memset(dst, *(int *)arg, len);
}

static void self_ops(void)
{
    tl_params_t params = {.rank = 3, .size = 4};
    const tl_ops_t *ops = &tl_self_ops;
    unsigned char addr[TL_ADDRESS_MAX];
    uint32_t w32 = 0xf0f0f0f0u, r32 = 0;
    uint64_t w64 = 40, r64 = 0, src = 0x1122334455667788ull, dst = 0;
    tl_iface_t *iface;
    tl_caps_t caps;
    tl_ep_t ep;
    size_t len = sizeof(addr);
    int next = 0, sent = 0;

    CHECK(ops->iface_open(&params, &iface) == VMPL_OK, "self open");
    ops->query(iface, &caps);
    CHECK(!(caps.flags & (TL_CAP_WAKEUP | TL_CAP_NODE_MEM | TL_CAP_PULL | TL_CAP_MEM_REG)) &&
              !ops->wait && !ops->node_mem && !ops->pull_create && !ops->mem_reg,
          "what self cannot do is absent, flag and entry");
    CHECK(ops->address_pack(iface, addr, &len) == VMPL_OK && ops->reachable(iface, addr, len) &&
              ops->ep_connect(iface, addr, len, &ep) == VMPL_OK,
          "self reaches its own address");
    addr[4] ^= 1; /* another rank */
    CHECK(!ops->reachable(iface, addr, len), "self does not reach another rank");
    for (;;) { /* fill the ring: message k carries k bytes of value k */
        vmpl_status_t s = ops->eager_send(&ep, &sent, sizeof(sent), (size_t)sent, pack_bytes,
                                          &sent);
        if (s != VMPL_OK) {
            CHECK(s == VMPL_INPROGRESS && sent == TL_SELF_CELLS, "full after %d: %d", sent, s);
            break;
        }
        sent++;
    }
    CHECK(ops->progress(iface, on_self, &next) == TL_SELF_CELLS && next == TL_SELF_CELLS,
          "progress delivers every queued message");
    CHECK(ops->eager_send(&ep, &next, sizeof(next), caps.eager_max + 1, pack_bytes, &next) ==
              VMPL_ERR_INVALID_ARG,
          "a payload above eager_max is refused");
    CHECK(ops->get(&ep, &dst, (uint64_t)(uintptr_t)&src, NULL, 8) == VMPL_OK && dst == src,
          "get");
    CHECK(ops->put(&ep, &src, (uint64_t)(uintptr_t)&w64, NULL, 8) == VMPL_OK && w64 == src,
          "put");
    w64 = 40;
    CHECK(ops->atomic64(&ep, TL_ATOMIC_ADD, (uint64_t)(uintptr_t)&w64, NULL, 2, 0, &r64) ==
              VMPL_OK && r64 == 40 && w64 == 42, "atomic64 add");
    CHECK(ops->atomic64(&ep, TL_ATOMIC_CSWAP, (uint64_t)(uintptr_t)&w64, NULL, 7, 41, &r64) ==
              VMPL_OK && r64 == 42 && w64 == 42, "atomic64 compare-swap that misses");
    CHECK(ops->atomic64(&ep, TL_ATOMIC_CSWAP, (uint64_t)(uintptr_t)&w64, NULL, 7, 42, &r64) ==
              VMPL_OK && r64 == 42 && w64 == 7, "atomic64 compare-swap that hits");
    CHECK(ops->atomic32(&ep, TL_ATOMIC_AND, (uint64_t)(uintptr_t)&w32, NULL, 0xff00ff00u, 0,
                        &r32) == VMPL_OK && r32 == 0xf0f0f0f0u && w32 == 0xf000f000u,
          "atomic32 and");
    CHECK(ops->atomic32(&ep, TL_ATOMIC_XOR, (uint64_t)(uintptr_t)&w32, NULL, 0xffffffffu, 0,
                        &r32) == VMPL_OK && w32 == 0x0fff0fffu, "atomic32 xor");
    CHECK(ops->atomic32(&ep, TL_ATOMIC_SWAP, (uint64_t)(uintptr_t)&w32, NULL, 5, 0, &r32) ==
              VMPL_OK && r32 == 0x0fff0fffu && w32 == 5, "atomic32 swap");
    CHECK(ops->atomic32(&ep, TL_ATOMIC_OR, (uint64_t)(uintptr_t)&w32 + 1, NULL, 1, 0, &r32) ==
              VMPL_ERR_INVALID_ARG, "a misaligned atomic is refused");
    ops->ep_disconnect(&ep);
    ops->iface_close(iface);
}

int main(void)
{
    lifecycle();
    self_ops();
    printf("instance: %lu passed, %lu failed\n", passed, failed);
    return failed ? 1 : 0;
}
