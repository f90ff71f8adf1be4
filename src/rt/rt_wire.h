/*
 * The runtime's wire protocol: framed messages between vmplrun, the node
 * daemons (vmpld) and the ranks. Every connection is a byte stream (TCP
 * between daemons, a Unix socket between a rank and its daemon) carrying
 * frames: an rt_frame_header_t followed by `length` payload bytes. Fields
 * are in host byte order (all hosts of a job share one architecture).
 *
 * Every connection opens with a challenge-response hello, and every later
 * frame carries a MAC (rt_auth.h); the job's secret never goes on the
 * wire; the connector's first frame opens with its nonce (nonce_c). A
 * listener refuses (logs and closes) anything else.
 */
#ifndef VMPL_RT_WIRE_H
#define VMPL_RT_WIRE_H

#include <stddef.h>
#include <stdint.h>

#define RT_SECRET_BYTES 32
#define RT_FRAME_MAX (64u << 20) /* larger frames are a protocol error */

typedef struct {
    uint32_t type;   /* rt_msg_type_t */
    uint32_t length; /* payload bytes after the header */
} rt_frame_header_t;

/* Payloads are sequences of u32/u64/byte strings encoded with rt_buf_t. */
typedef enum {
    RT_MSG_HELLO = 1,         /* daemon -> parent: nonce_c, node, pid, port, host */
    RT_MSG_HELLO_OK = 2,      /* parent -> daemon: (empty) */
    RT_MSG_READY = 3,         /* up: entries {node, pid, port, host} of a wired subtree */
    RT_MSG_TABLE = 4,         /* down: the entries of every daemon */
    RT_MSG_LAUNCH_FAILED = 5, /* up: node, reason text */
    RT_MSG_IO = 6,            /* up: rank, stream (1 out, 2 err), bytes */
    RT_MSG_STDIN = 7,         /* down: bytes for rank 0; empty = end of input */
    RT_MSG_SIGNAL = 8,        /* down: signal number to deliver to every rank */
    RT_MSG_RANK_EXIT = 9,     /* up: rank, pid, node, wait status, flags */
    RT_MSG_KILL = 10,         /* down: terminate every rank (TERM, then KILL) */
    RT_MSG_SHUTDOWN = 11,     /* down: job over; clean up and exit */
    RT_MSG_ABORT = 12,        /* rank -> daemon -> up: rank, code, text */
    RT_MSG_FENCE = 13,        /* rank -> daemon -> parent: epoch, key-value records */
    RT_MSG_FENCE_DONE = 14,   /* down and to ranks: epoch, every rank's records */
    RT_MSG_RANK_HELLO = 15,   /* rank -> daemon: nonce_c, rank, pid */
    RT_MSG_RANK_INFO = 16,    /* daemon -> rank: rank, size, node, nodes, oversubscribed,
                                 job id, nodes + 1 first ranks, the node's address */
    RT_MSG_FINALIZE = 17,     /* rank -> daemon: the rank finished cleanly */
    RT_MSG_FENCE_FAILED = 18, /* to a rank: epoch; to a child daemon: 0 */
    RT_MSG_FAILURE = 19,      /* up, and daemon -> vmplrun: kind, id, cause, detail, origin */
    RT_MSG_EXITS_AGAIN = 20,  /* down: report your ranks' exits again (a parent failed) */
    RT_MSG_CHALLENGE = 21,    /* listener -> connector, plain: nonce_l (16 bytes), job id */
} rt_msg_type_t;

/* RT_MSG_RANK_EXIT flags */
#define RT_EXIT_NOT_FINALIZED 1u /* connected to its daemon but never finalized */
#define RT_EXIT_EXEC_FAILED 2u   /* the program could not be executed */

/* A growable encode buffer and a bounds-checked decoder over it. */
typedef struct {
    uint8_t *data;
    size_t length;   /* bytes written */
    size_t capacity;
    size_t position; /* decode cursor */
    int failed;      /* out of memory, or a decode ran past the end */
} rt_buf_t;

void rt_buf_init(rt_buf_t *buf);
void rt_buf_wrap(rt_buf_t *buf, const void *data, size_t length); /* read-only view */
void rt_buf_free(rt_buf_t *buf);
void rt_buf_put_u32(rt_buf_t *buf, uint32_t value);
void rt_buf_put_u64(rt_buf_t *buf, uint64_t value);
void rt_buf_put_bytes(rt_buf_t *buf, const void *data, size_t length); /* u32 length + bytes */
void rt_buf_put_str(rt_buf_t *buf, const char *text);                  /* bytes incl. NUL */
void rt_buf_put_raw(rt_buf_t *buf, const void *data, size_t length);   /* no length prefix */
uint32_t rt_buf_get_u32(rt_buf_t *buf);
uint64_t rt_buf_get_u64(rt_buf_t *buf);
/* Returns a pointer into the buffer (valid while it lives) and sets *length_p. */
const void *rt_buf_get_bytes(rt_buf_t *buf, size_t *length_p);
/* A NUL-terminated string, or "" with buf->failed set when malformed. */
const char *rt_buf_get_str(rt_buf_t *buf);

/* Secrets: random bytes, hex text for the environment. */
int rt_secret_generate(uint8_t secret[RT_SECRET_BYTES]);
void rt_secret_to_hex(const uint8_t secret[RT_SECRET_BYTES], char hex[2 * RT_SECRET_BYTES + 1]);
int rt_secret_from_hex(const char *hex, uint8_t secret[RT_SECRET_BYTES]);

/* Blocking I/O of whole buffers: 0 or -1 with errno set (ECONNRESET at end of stream). */
int rt_write_all(int fd, const void *data, size_t length);
int rt_read_all(int fd, void *data, size_t length);

/* Blocking plain frame I/O (a remote daemon's start message): 0 or -1 with errno set. */
int rt_frame_write(int fd, uint32_t type, const void *payload, size_t length);
/* Reads one frame; the payload (malloc'd, NULL when empty) goes to *payload_p. */
int rt_frame_read(int fd, uint32_t *type_p, void **payload_p, size_t *length_p);

#endif
