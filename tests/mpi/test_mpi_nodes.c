/*
 * Point-to-point across nodes (the ucx transport), run on 2 virtual nodes
 * with 2 ranks each (vmplrun -n 4 --nodes 2): ranks 0 and 1 share node 0,
 * rank 2 is on node 1. Every size of 2^k - 1, 2^k, 2^k + 1 bytes from 0 to
 * 64 MiB both ways, contiguous and through a vector type; ANY_SOURCE
 * receives fed by a shm sender (rank 1) and a ucx sender (rank 2) at once,
 * in per-sender order; probe, cancel of a receive, truncation, and a send
 * buffer freed and allocated again at the same address between messages.
 * The reference is a closed-form byte pattern per (sender, message, byte).
 * Prints "mpi_nodes: rank R: N passed, M failed" on every rank.
 */
#include <mpi.h>

#include "check.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BYTES ((size_t)64 << 20)
#define MIXED_MESSAGES 200

static unsigned char pattern(int from, int message, size_t i)
{
    return (unsigned char)(i * 251u + (size_t)from * 31u + (size_t)message * 13u + (i >> 16));
}

static void fill(unsigned char *buf, size_t len, int from, int message)
{
    for (size_t i = 0; i < len; i++)
        buf[i] = pattern(from, message, i);
}

static int intact(const unsigned char *buf, size_t len, int from, int message)
{
    for (size_t i = 0; i < len; i++)
        if (buf[i] != pattern(from, message, i))
            return 0;
    return 1;
}

/* 0 and every 2^k - 1, 2^k, 2^k + 1 up to MAX_BYTES (64 KiB +- 1 is the ucx chunk). */
static int sizes_list(size_t *sizes)
{
    int n = 0;

    sizes[n++] = 0;
    for (size_t p = 1; p <= MAX_BYTES; p <<= 1) {
        if (p - 1 > sizes[n - 1])
            sizes[n++] = p - 1;
        if (p > sizes[n - 1])
            sizes[n++] = p;
        if (p + 1 <= MAX_BYTES)
            sizes[n++] = p + 1;
    }
    return n;
}

/* Contiguous bytes, rank 2 -> 0 and back, at every size. */
static void sizes_contiguous(unsigned char *buf)
{
    size_t sizes[100];
    int n = sizes_list(sizes);

    for (int m = 0; m < n; m++) {
        size_t len = sizes[m];
        if (rank == 2) {
            fill(buf, len, 2, m);
            MPI_Send(buf, (int)len, MPI_BYTE, 0, m, MPI_COMM_WORLD);
            memset(buf, 0, len + 1);
            MPI_Recv(buf, (int)len, MPI_BYTE, 0, m, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            CHECK(intact(buf, len, 0, m), "%zu bytes from rank 0 arrived wrong", len);
        } else if (rank == 0) {
            MPI_Status st;
            int count = -1;
            memset(buf, 0, len + 1);
            MPI_Recv(buf, (int)len, MPI_BYTE, 2, m, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_BYTE, &count);
            CHECK(count == (int)len && intact(buf, len, 2, m) && buf[len] == 0,
                  "%zu bytes from rank 2 arrived wrong (count %d)", len, count);
            fill(buf, len, 0, m);
            MPI_Send(buf, (int)len, MPI_BYTE, 2, m, MPI_COMM_WORLD);
        }
    }
}

/*
 * A vector of 3 of every 5 doubles, sent as one derived type and received
 * contiguous (and the reverse): the packed stream is what both agree on.
 */
static void sizes_vector(unsigned char *buf, unsigned char *packed)
{
    const int counts[] = {0, 1, 2, 1365, 1366, 2731, 2732, 43690, 43691, 699050};
    MPI_Datatype vec;

    MPI_Type_vector(1, 3, 5, MPI_DOUBLE, &vec);
    MPI_Type_create_resized(vec, 0, 5 * sizeof(double), &vec);
    MPI_Type_commit(&vec);
    for (int m = 0; m < (int)(sizeof(counts) / sizeof(counts[0])); m++) {
        int count = counts[m];
        size_t bytes = (size_t)count * 3 * sizeof(double);
        if (rank == 2) {
            fill(packed, bytes, 2, 1000 + m);
            memset(buf, 0xee, (size_t)count * 5 * sizeof(double));
            for (int i = 0; i < count; i++)
                memcpy(buf + (size_t)i * 40, packed + (size_t)i * 24, 24);
            MPI_Send(buf, count, vec, 0, 1000 + m, MPI_COMM_WORLD);
            memset(buf, 0, (size_t)count * 40);
            MPI_Recv(buf, count, vec, 0, 2000 + m, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            int good = 1;
            for (int i = 0; i < count && good; i++)
                good = !memcmp(buf + (size_t)i * 40, packed + (size_t)i * 24, 24) &&
                       (buf[(size_t)i * 40 + 24] == 0);
            CHECK(good, "vector of %d from rank 0 arrived wrong", count);
        } else if (rank == 0) {
            memset(packed, 0, bytes + 1);
            MPI_Recv(packed, (int)bytes, MPI_BYTE, 2, 1000 + m, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
            CHECK(intact(packed, bytes, 2, 1000 + m) && packed[bytes] == 0,
                  "vector of %d from rank 2 arrived wrong", count);
            MPI_Send(packed, (int)bytes, MPI_BYTE, 2, 2000 + m, MPI_COMM_WORLD);
        }
    }
    MPI_Type_free(&vec);
}

/* Ranks 1 (shm) and 2 (ucx) send at once; rank 0 takes them from ANY_SOURCE, in order. */
static void any_source_mixed(unsigned char *buf)
{
    if (rank == 1 || rank == 2) {
        for (int m = 0; m < MIXED_MESSAGES; m++) {
            size_t len = m % 10 == 9 ? 300000 : (size_t)(m * 37 % 5000);
            fill(buf, len, rank, m);
            MPI_Send(buf, (int)len, MPI_BYTE, 0, m, MPI_COMM_WORLD);
        }
    } else if (rank == 0) {
        int next[3] = {0, 0, 0}, good = 1;
        for (int i = 0; i < 2 * MIXED_MESSAGES; i++) {
            MPI_Status st;
            int count;
            MPI_Recv(buf, 300000, MPI_BYTE, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_BYTE, &count);
            if (st.MPI_SOURCE < 1 || st.MPI_SOURCE > 2 || st.MPI_TAG != next[st.MPI_SOURCE] ||
                !intact(buf, (size_t)count, st.MPI_SOURCE, st.MPI_TAG)) {
                good = 0;
                fprintf(stderr, "rank 0: message %d from %d tag %d (expected %d) wrong\n", i,
                        st.MPI_SOURCE, st.MPI_TAG,
                        st.MPI_SOURCE >= 1 && st.MPI_SOURCE <= 2 ? next[st.MPI_SOURCE] : -1);
                break;
            }
            next[st.MPI_SOURCE]++;
        }
        CHECK(good && next[1] == MIXED_MESSAGES && next[2] == MIXED_MESSAGES,
              "ANY_SOURCE from shm and ucx: %d and %d in order", next[1], next[2]);
    }
}

/* Probe an eager and a rendezvous message, cancel a receive, truncate both kinds. */
static void probe_cancel_truncate(unsigned char *buf)
{
    const size_t lens[2] = {1000, 300000};

    if (rank == 2) {
        for (int k = 0; k < 2; k++) {
            fill(buf, lens[k], 2, 70 + k);
            MPI_Send(buf, (int)lens[k], MPI_BYTE, 0, 70 + k, MPI_COMM_WORLD); /* probed */
            MPI_Send(buf, (int)lens[k], MPI_BYTE, 0, 80 + k, MPI_COMM_WORLD); /* truncated */
        }
    } else if (rank == 0) {
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
        for (int k = 0; k < 2; k++) {
            MPI_Status st;
            int count = -1, flag = 0, rc, cls = -1;
            MPI_Probe(2, 70 + k, MPI_COMM_WORLD, &st);
            MPI_Get_count(&st, MPI_BYTE, &count);
            CHECK(st.MPI_SOURCE == 2 && st.MPI_TAG == 70 + k && count == (int)lens[k],
                  "probe: source %d tag %d count %d", st.MPI_SOURCE, st.MPI_TAG, count);
            while (!flag)
                MPI_Iprobe(MPI_ANY_SOURCE, 70 + k, MPI_COMM_WORLD, &flag, &st);
            MPI_Recv(buf, (int)lens[k], MPI_BYTE, 2, 70 + k, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            CHECK(intact(buf, lens[k], 2, 70 + k), "probed %zu bytes arrived wrong", lens[k]);
            memset(buf, 0, lens[k]);
            rc = MPI_Recv(buf, (int)lens[k] / 2, MPI_BYTE, 2, 80 + k, MPI_COMM_WORLD, &st);
            MPI_Error_class(rc, &cls);
            CHECK(cls == MPI_ERR_TRUNCATE && buf[lens[k] / 2] == 0,
                  "truncating %zu bytes to %zu: class %d", lens[k], lens[k] / 2, cls);
        }
        {
            MPI_Request req;
            MPI_Status st;
            int cancelled = 0;
            MPI_Irecv(buf, 10, MPI_BYTE, 2, 99, MPI_COMM_WORLD, &req);
            MPI_Cancel(&req);
            MPI_Wait(&req, &st);
            MPI_Test_cancelled(&st, &cancelled);
            CHECK(cancelled, "a receive from rank 2 was not cancelled");
        }
        MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_ARE_FATAL);
    }
}

/*
 * A 4 MiB send buffer freed and allocated again (malloc usually returns
 * the same address) between messages: each message carries its own data,
 * never what a stale registration of the old buffer would give.
 */
static void reallocated_buffer(void)
{
    const size_t len = (size_t)4 << 20;

    for (int m = 0; m < 3; m++) {
        unsigned char *b = malloc(len);
        if (rank == 2) {
            fill(b, len, 2, 500 + m);
            MPI_Send(b, (int)len, MPI_BYTE, 0, 500 + m, MPI_COMM_WORLD);
        } else if (rank == 0) {
            MPI_Recv(b, (int)len, MPI_BYTE, 2, 500 + m, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            CHECK(intact(b, len, 2, 500 + m), "re-allocated buffer %d arrived wrong", m);
        }
        free(b);
    }
}

int main(int argc, char **argv)
{
    unsigned char *buf, *packed;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    CHECK(size >= 3, "needs 3 ranks or more, ranks 0 and 1 on one node, 2 on another");
    buf = malloc(MAX_BYTES * 5 / 3 + 64);
    packed = malloc(MAX_BYTES + 1);
    if (size >= 3 && buf && packed) {
        sizes_contiguous(buf);
        sizes_vector(buf, packed);
        MPI_Barrier(MPI_COMM_WORLD);
        any_source_mixed(buf);
        MPI_Barrier(MPI_COMM_WORLD);
        probe_cancel_truncate(buf);
        reallocated_buffer();
    }
    free(packed);
    free(buf);
    MPI_Barrier(MPI_COMM_WORLD);
    printf("mpi_nodes: rank %d: %d passed, %d failed\n", rank, checks - failures, failures);
    MPI_Finalize();
    return failures ? 1 : 0;
}
