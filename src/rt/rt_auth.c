/* Authentication of the runtime's traffic with libsodium (rt_auth.h). */
#include "rt_auth.h"

#include <base/log.h>

#include <errno.h>
#include <poll.h>
#include <sodium.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int rt_auth_init(void)
{
    if (sodium_init() < 0) {
        base_error("rt", "libsodium cannot start");
        return -1;
    }
    return 0;
}

void rt_auth_mac_key(const uint8_t secret[RT_SECRET_BYTES], uint8_t mac_key_p[RT_KEY_BYTES])
{
    crypto_kdf_derive_from_key(mac_key_p, RT_KEY_BYTES, 1, "vmpl-mac", secret);
}

static void key_derive(const uint8_t mac_key[RT_KEY_BYTES], const char *label, const char *job_id,
                       const void *extra, size_t extra_length, uint8_t key_p[RT_KEY_BYTES])
{
    crypto_generichash_state state;

    crypto_generichash_init(&state, mac_key, RT_KEY_BYTES, RT_KEY_BYTES);
    crypto_generichash_update(&state, (const unsigned char *)label, strlen(label));
    crypto_generichash_update(&state, (const unsigned char *)job_id, strlen(job_id) + 1);
    if (extra_length)
        crypto_generichash_update(&state, extra, extra_length);
    crypto_generichash_final(&state, key_p, RT_KEY_BYTES);
}

void rt_auth_datagram_key(const uint8_t mac_key[RT_KEY_BYTES], const char *job_id,
                          uint8_t key_p[RT_KEY_BYTES])
{
    key_derive(mac_key, "vmpl datagram", job_id, NULL, 0, key_p);
}

void rt_auth_session_key(const uint8_t mac_key[RT_KEY_BYTES], const char *job_id,
                         const uint8_t nonce_l[RT_NONCE_BYTES],
                         const uint8_t nonce_c[RT_NONCE_BYTES], uint8_t key_p[RT_KEY_BYTES])
{
    uint8_t nonces[2 * RT_NONCE_BYTES];

    memcpy(nonces, nonce_l, RT_NONCE_BYTES);
    memcpy(nonces + RT_NONCE_BYTES, nonce_c, RT_NONCE_BYTES);
    key_derive(mac_key, "vmpl frame", job_id, nonces, sizeof(nonces), key_p);
}

void rt_auth_nonce(uint8_t nonce_p[RT_NONCE_BYTES])
{
    randombytes_buf(nonce_p, RT_NONCE_BYTES);
}

void rt_auth_mac(const uint8_t key[RT_KEY_BYTES], const void *a, size_t a_length,
                 const void *b, size_t b_length, uint32_t sender, uint64_t seq,
                 uint8_t mac_p[RT_MAC_BYTES])
{
    crypto_generichash_state state;
    struct {
        uint32_t sender, reserved;
        uint64_t seq;
    } tail = {sender, 0, seq};

    crypto_generichash_init(&state, key, RT_KEY_BYTES, RT_MAC_BYTES);
    crypto_generichash_update(&state, a, a_length);
    if (b_length)
        crypto_generichash_update(&state, b, b_length);
    crypto_generichash_update(&state, (const unsigned char *)&tail, sizeof(tail));
    crypto_generichash_final(&state, mac_p, RT_MAC_BYTES);
}

int rt_auth_mac_equal(const uint8_t *a, const uint8_t *b)
{
    return crypto_verify_16(a, b) == 0;
}

void rt_auth_seal(rt_auth_session_t *s, const rt_frame_header_t *header, const void *payload,
                  rt_auth_trailer_t *trailer_p)
{
    trailer_p->sender = s->self;
    trailer_p->reserved = 0;
    trailer_p->seq = ++s->sent;
    rt_auth_mac(s->key, header, sizeof(*header), payload, header->length, s->self,
                trailer_p->seq, trailer_p->mac);
}

int rt_auth_open(rt_auth_session_t *s, const rt_frame_header_t *header, const void *payload,
                 const rt_auth_trailer_t *trailer)
{
    uint8_t mac[RT_MAC_BYTES];

    if ((s->peer != RT_AUTH_ANY && trailer->sender != s->peer) || trailer->reserved ||
        trailer->seq != s->received + 1 || trailer->sender == s->self)
        return -1;
    rt_auth_mac(s->key, header, sizeof(*header), payload, header->length, trailer->sender,
                trailer->seq, mac);
    if (!rt_auth_mac_equal(mac, trailer->mac))
        return -1;
    s->received = trailer->seq;
    s->peer = trailer->sender;
    return 0;
}

static int read_timed(int fd, void *data, size_t length, int timeout_ms)
{
    struct pollfd pfd = {.fd = fd, .events = POLLIN};
    char *at = data;

    while (length) {
        int ready = poll(&pfd, 1, timeout_ms);
        if (ready < 0 && errno == EINTR)
            continue;
        if (ready <= 0) {
            errno = ready ? errno : ETIMEDOUT;
            return -1;
        }
        ssize_t n = read(fd, at, length);
        if (n < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (n <= 0) {
            errno = n ? errno : ECONNRESET;
            return -1;
        }
        at += n;
        length -= (size_t)n;
    }
    return 0;
}

int rt_auth_hello(int fd, rt_auth_session_t *s, const uint8_t mac_key[RT_KEY_BYTES],
                  uint32_t self, int timeout_ms, uint32_t type, const void *payload,
                  size_t length)
{
    rt_frame_header_t header;
    uint8_t challenge[RT_NONCE_BYTES + 64], nonce_c[RT_NONCE_BYTES];
    char job_id[64];
    rt_buf_t in, out;
    int rc;

    if (read_timed(fd, &header, sizeof(header), timeout_ms))
        return -1;
    if (header.type != RT_MSG_CHALLENGE || header.length <= RT_NONCE_BYTES ||
        header.length > sizeof(challenge) ||
        read_timed(fd, challenge, header.length, timeout_ms)) {
        errno = errno ? errno : EPROTO;
        return -1;
    }
    rt_buf_wrap(&in, challenge, header.length);
    in.position = RT_NONCE_BYTES;
    const char *id = rt_buf_get_str(&in);
    if (in.failed || strlen(id) >= sizeof(job_id)) {
        errno = EPROTO;
        return -1;
    }
    strcpy(job_id, id);
    memset(s, 0, sizeof(*s));
    rt_auth_nonce(nonce_c);
    rt_auth_session_key(mac_key, job_id, challenge, nonce_c, s->key);
    s->self = self;
    s->peer = RT_AUTH_ANY;
    s->state = RT_AUTH_ON;
    rt_buf_init(&out);
    rt_buf_put_raw(&out, nonce_c, sizeof(nonce_c));
    rt_buf_put_raw(&out, payload, length);
    rc = out.failed ? -1 : rt_frame_write_auth(fd, s, type, out.data, out.length);
    rt_buf_free(&out);
    return rc;
}

int rt_frame_write_auth(int fd, rt_auth_session_t *s, uint32_t type, const void *payload,
                        size_t length)
{
    rt_frame_header_t header = {.type = type, .length = (uint32_t)length};
    rt_auth_trailer_t trailer;

    if (length > RT_FRAME_MAX) {
        errno = EMSGSIZE;
        return -1;
    }
    rt_auth_seal(s, &header, payload, &trailer);
    if (rt_write_all(fd, &header, sizeof(header)) || (length && rt_write_all(fd, payload, length)))
        return -1;
    return rt_write_all(fd, &trailer, sizeof(trailer));
}

int rt_frame_read_auth(int fd, rt_auth_session_t *s, uint32_t *type_p, void **payload_p,
                       size_t *length_p)
{
    rt_frame_header_t header;
    rt_auth_trailer_t trailer;
    void *payload;
    size_t length;

    if (rt_frame_read(fd, &header.type, &payload, &length))
        return -1;
    header.length = (uint32_t)length;
    if (rt_read_all(fd, &trailer, sizeof(trailer)))
        goto err_free;
    if (rt_auth_open(s, &header, payload, &trailer)) {
        errno = EBADMSG;
        goto err_free;
    }
    *type_p = header.type;
    *payload_p = payload;
    *length_p = length;
    return 0;

err_free:
    free(payload);
    return -1;
}
