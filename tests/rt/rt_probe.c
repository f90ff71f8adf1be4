/*
 * A rank program for the launcher tests: exercises the bootstrap through
 * vmplrun and misbehaves on request. Usage: rt_probe MODE [ARG].
 *   kvs ROUNDS   put/fence/get ROUNDS times and check every rank's values
 *   info         print identity and layout
 *   dupkey       every rank puts the same key; the fence must fail everywhere
 *   abort CODE   rank 1 aborts with CODE, the others wait in a fence
 *   nofinalize   rank 1 exits 0 without finalizing, the others wait in a fence
 *   badsecret    connect to the daemon with a wrong secret, as this rank again,
 *                and from a child process that knows the secret (not a rank)
 *   shm          create a job-named shared-memory object, print ids, then sleep
 */
#define _GNU_SOURCE
#include <rt/rt.h>
#include <rt/rt_auth.h>
#include <rt/rt_wire.h>

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

static const rt_info_t *info;

#define CHECK(cond, ...)                                                  \
    do {                                                                  \
        if (!(cond)) {                                                    \
            fprintf(stderr, "rank %d: ", info ? info->rank : -1);         \
            fprintf(stderr, __VA_ARGS__);                                 \
            fputc('\n', stderr);                                          \
            exit(1);                                                      \
        }                                                                 \
    } while (0)

static void value_of(int rank, int round, char *text, size_t size)
{
    /* lengths vary so values of different sizes cross the tree */
    int n = snprintf(text, size, "value-%d-%d-", rank, round);
    for (int i = 0; n + 1 < (int)size && i < (rank * 37 + round) % 200; i++)
        text[n++] = (char)('a' + (rank + i) % 26);
    text[n] = '\0';
}

static int mode_kvs(int rounds)
{
    char key[64], expect[512];

    for (int round = 0; round < rounds; round++) {
        snprintf(key, sizeof(key), "r%d.%d", info->rank, round);
        value_of(info->rank, round, expect, sizeof(expect));
        CHECK(rt_kvs_put(key, expect, strlen(expect) + 1) == VMPL_OK, "put failed");
        CHECK(rt_kvs_fence() == VMPL_OK, "fence %d failed", round);
        for (int peer = 0; peer < info->size; peer++) {
            const void *value;
            size_t length;
            snprintf(key, sizeof(key), "r%d.%d", peer, round);
            value_of(peer, round, expect, sizeof(expect));
            CHECK(rt_kvs_get(key, &value, &length) == VMPL_OK, "key %s missing", key);
            CHECK(length == strlen(expect) + 1 && !memcmp(value, expect, length),
                  "key %s has a wrong value", key);
        }
    }
    {
        const void *value;
        size_t length;
        CHECK(rt_kvs_get("never-put", &value, &length) == VMPL_ERR_NOT_FOUND, "phantom key");
    }
    printf("rank %d of %d: kvs ok (%d rounds, node %d of %d)\n", info->rank, info->size, rounds,
           info->node, info->node_count);
    return 0;
}

static int mode_info(void)
{
    printf("rank=%d size=%d node=%d nodes=%d local_rank=%d local_size=%d oversubscribed=%d "
           "local0=%d first=%d job=%s addr=%s\n",
           info->rank, info->size, info->node, info->node_count, info->local_rank,
           info->local_size, info->oversubscribed, info->local_ranks[0],
           info->node_first_rank[info->node], info->job_id, info->addr);
    return 0;
}

/* Answers the daemon's challenge with the key of `secret`: is the hello refused? */
static int hello_refused(const uint8_t *secret, int rank, int pid)
{
    struct sockaddr_un address = {.sun_family = AF_UNIX};
    rt_auth_session_t session;
    uint8_t key[RT_KEY_BYTES];
    rt_buf_t hello;
    uint32_t type;
    void *payload = NULL;
    size_t length;
    int fd = socket(AF_UNIX, SOCK_STREAM, 0), refused;

    strncpy(address.sun_path, getenv("VMPL_RT_SOCKET"), sizeof(address.sun_path) - 1);
    CHECK(fd >= 0 && !connect(fd, (struct sockaddr *)&address, sizeof(address)), "connect: %m");
    rt_auth_mac_key(secret, key);
    rt_buf_init(&hello);
    rt_buf_put_u32(&hello, (uint32_t)rank);
    rt_buf_put_u32(&hello, (uint32_t)pid);
    refused = rt_auth_hello(fd, &session, key, RT_AUTH_RANK(rank), 5000, RT_MSG_RANK_HELLO,
                            hello.data, hello.length) ||
              rt_frame_read_auth(fd, &session, &type, &payload, &length) != 0;
    free(payload);
    rt_buf_free(&hello);
    close(fd);
    return refused;
}

static int mode_badsecret(void)
{
    uint8_t wrong[RT_SECRET_BYTES], right[RT_SECRET_BYTES];

    CHECK(!rt_secret_from_hex(getenv("VMPL_RT_SECRET"), right), "no secret");
    memcpy(wrong, right, sizeof(wrong));
    wrong[7] ^= 1;
    CHECK(hello_refused(wrong, info->rank, getpid()), "a wrong secret was accepted");
    /* the right secret, but claiming to be this rank again (already connected) */
    CHECK(hello_refused(right, info->rank, getpid()),
          "a second connection as this rank was accepted");
    /* the right secret from a process the daemon did not spawn */
    pid_t child = fork();
    if (child == 0)
        _exit(hello_refused(right, info->rank, getpid()) ? 0 : 1);
    int status;
    CHECK(child > 0 && waitpid(child, &status, 0) == child && WIFEXITED(status) &&
          WEXITSTATUS(status) == 0, "a process that is not a rank was accepted");
    printf("rank %d: refused as expected\n", info->rank);
    return 0;
}

int main(int argc, char **argv)
{
    const char *mode = argc > 1 ? argv[1] : "info";
    int arg = argc > 2 ? atoi(argv[2]) : 1, rc = 0;

    CHECK(rt_init(&info) == VMPL_OK, "rt_init failed");
    if (!strcmp(mode, "kvs")) {
        rc = mode_kvs(arg);
    } else if (!strcmp(mode, "info")) {
        rc = mode_info();
    } else if (!strcmp(mode, "dupkey")) {
        CHECK(rt_kvs_put("same", "x", 1) == VMPL_OK, "put failed");
        CHECK(rt_kvs_fence() == VMPL_ERR_INVALID_ARG, "duplicate key not reported");
        printf("rank %d: duplicate detected\n", info->rank);
    } else if (!strcmp(mode, "abort") || !strcmp(mode, "nofinalize")) {
        if (info->rank == 1) {
            if (!strcmp(mode, "abort"))
                rt_abort(arg, "the test asked for it");
            fflush(stdout);
            _exit(0);
        }
        rt_kvs_fence(); /* waits until the job is killed */
        sleep(30);
        return 9;
    } else if (!strcmp(mode, "badsecret")) {
        rc = mode_badsecret();
    } else if (!strcmp(mode, "shm")) {
        char name[128];
        snprintf(name, sizeof(name), "/vmpl-%s-probe%d", info->job_id, info->rank);
        int fd = shm_open(name, O_CREAT | O_RDWR, 0600);
        CHECK(fd >= 0, "shm_open %s: %m", name);
        printf("job=%s daemon=%d pid=%d\n", info->job_id, (int)getppid(), (int)getpid());
        fflush(stdout);
        if (arg > 0)
            sleep((unsigned)arg);
        return 3;
    } else {
        CHECK(0, "unknown mode %s", mode);
    }
    CHECK(rt_finalize() == VMPL_OK, "finalize failed");
    return rc;
}
