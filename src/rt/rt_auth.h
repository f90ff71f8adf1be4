/*
 * Authentication of the runtime's traffic (DESIGN.md 3.3). The job's
 * 32-byte secret never goes on the wire: a MAC key is derived from it
 * (crypto_kdf, context "vmpl-mac", subkey 1), and every message carries a
 * MAC (keyed BLAKE2b, 16 bytes) over the job id, the sender, a per-sender
 * sequence number and the whole message. libsodium supplies every
 * primitive.
 *
 * Stream connections (TCP, and a rank's Unix socket) open with a
 * challenge-response: the listener sends RT_MSG_CHALLENGE {nonce_l (16
 * bytes), job id (str)} as a plain frame; every later frame, both ways, is
 * followed by an rt_auth_trailer_t whose MAC is keyed with the
 * connection's session key
 *     BLAKE2b(key = MAC key, "vmpl frame" job_id NUL nonce_l nonce_c)
 * where nonce_c is the connector's nonce: the first 16 bytes of the
 * connector's first frame. Within a connection sequence numbers start at 1
 * and go up by one per frame and direction, so a frame replayed, dropped,
 * reordered or taken from another connection fails the check; the MAC of
 * the listener's replies (which cover nonce_c) authenticates the listener.
 *
 * The connector takes the job id from the challenge (a rank learns it
 * there); a wrong one only makes the MACs fail. The listener checks that
 * the sender id of the first frame is the identity its hello claims.
 *
 * Datagrams use BLAKE2b(key = MAC key, "vmpl datagram" job_id NUL) as key.
 */
#ifndef VMPL_RT_AUTH_H
#define VMPL_RT_AUTH_H

#include "rt_wire.h"

#include <stddef.h>
#include <stdint.h>

#define RT_KEY_BYTES 32
#define RT_NONCE_BYTES 16
#define RT_MAC_BYTES 16

/* Sender ids: a daemon is its node number; vmplrun and ranks have their own ranges. */
#define RT_AUTH_LAUNCHER UINT32_MAX
#define RT_AUTH_RANK(rank) (0x80000000u | (uint32_t)(rank))
#define RT_AUTH_ANY (UINT32_MAX - 1) /* peer: learnt from its first authentic frame */

/* Follows the payload of every frame on an authenticated connection. */
typedef struct {
    uint32_t sender;              /* the sender's id (above) */
    uint32_t reserved;            /* 0 */
    uint64_t seq;                 /* 1, 2, ... per connection and direction */
    uint8_t mac[RT_MAC_BYTES];    /* over header, payload, sender, reserved, seq */
} rt_auth_trailer_t;

typedef struct {
    uint8_t key[RT_KEY_BYTES];       /* the session key, once established */
    uint8_t nonce[RT_NONCE_BYTES];   /* listener: the challenge it sent */
    uint32_t self, peer;             /* ids; peer RT_AUTH_ANY: set by the first frame */
    const uint8_t *mac_key;          /* listener: the job's MAC key and id (live as long) */
    const char *job_id;
    uint64_t sent, received;         /* sequence numbers used so far */
    int state;                       /* RT_AUTH_OFF, _CHALLENGED, _ON */
} rt_auth_session_t;

enum { RT_AUTH_OFF = 0, RT_AUTH_CHALLENGED = 1, RT_AUTH_ON = 2 };

/*
 * How long a connector (a daemon, a rank) waits for the listener's
 * challenge: the listener sends it as soon as it accepts, but a daemon
 * may be busy spawning ranks on a loaded node first.
 */
#define RT_CHALLENGE_WAIT_MS 30000

/* 0, or -1 when libsodium cannot start (logged). Safe to call repeatedly. */
int rt_auth_init(void);
/* The job's MAC key from its secret. */
void rt_auth_mac_key(const uint8_t secret[RT_SECRET_BYTES], uint8_t mac_key_p[RT_KEY_BYTES]);
void rt_auth_datagram_key(const uint8_t mac_key[RT_KEY_BYTES], const char *job_id,
                          uint8_t key_p[RT_KEY_BYTES]);
void rt_auth_session_key(const uint8_t mac_key[RT_KEY_BYTES], const char *job_id,
                         const uint8_t nonce_l[RT_NONCE_BYTES],
                         const uint8_t nonce_c[RT_NONCE_BYTES], uint8_t key_p[RT_KEY_BYTES]);
void rt_auth_nonce(uint8_t nonce_p[RT_NONCE_BYTES]);

/* MAC over a (a_length bytes) then b (b_length bytes), then sender, 0 and seq. */
void rt_auth_mac(const uint8_t key[RT_KEY_BYTES], const void *a, size_t a_length,
                 const void *b, size_t b_length, uint32_t sender, uint64_t seq,
                 uint8_t mac_p[RT_MAC_BYTES]);
/* Constant-time comparison of two MACs: 1 when equal. */
int rt_auth_mac_equal(const uint8_t *a, const uint8_t *b);

/* Frames of an established session: seal fills the trailer, open checks one (0 or -1). */
void rt_auth_seal(rt_auth_session_t *s, const rt_frame_header_t *header, const void *payload,
                  rt_auth_trailer_t *trailer_p);
int rt_auth_open(rt_auth_session_t *s, const rt_frame_header_t *header, const void *payload,
                 const rt_auth_trailer_t *trailer);

/*
 * Connector side of a stream's hello, blocking: waits up to timeout_ms for
 * the challenge, then sends `type` with nonce_c and `payload` as its
 * payload. On success the session is established and 0 is returned.
 */
int rt_auth_hello(int fd, rt_auth_session_t *s, const uint8_t mac_key[RT_KEY_BYTES],
                  uint32_t self, int timeout_ms, uint32_t type, const void *payload,
                  size_t length);

/* Blocking frame I/O on an established session (ranks): 0 or -1 with errno set. */
int rt_frame_write_auth(int fd, rt_auth_session_t *s, uint32_t type, const void *payload,
                        size_t length);
/* Reads and checks one frame; the payload (malloc'd, NULL when empty) goes to *payload_p. */
int rt_frame_read_auth(int fd, rt_auth_session_t *s, uint32_t *type_p, void **payload_p,
                       size_t *length_p);

#endif
