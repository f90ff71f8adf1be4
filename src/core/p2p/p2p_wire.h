/*
 * Point-to-point messages on the wire (the transport's message header).
 *
 *   EAGER     header + the whole packed message (size <= eager limit)
 *   RTS       request to send: size, and the sender's data address when
 *             it is one contiguous run (the receiver may copy it itself)
 *   FIN       receiver -> sender: single copy done, the send completes
 *   CTS       receiver -> sender: stream the data (rreq names the receive),
 *             or with P2P_FLAG_TAGGED send it whole by tagged_send (tag rreq)
 *   DATA      one chunk of a streamed message at offset
 *   SYNC_ACK  receiver -> sender: a synchronous eager send was matched
 *   PULL      receiver -> sender: help copy (rreq is the transport's pull
 *             job); a FIN follows when the copy is over
 */
#ifndef VMPL_CORE_P2P_P2P_WIRE_H
#define VMPL_CORE_P2P_P2P_WIRE_H

#include <stddef.h>
#include <stdint.h>

enum {
    P2P_EAGER = 1,
    P2P_RTS = 2,
    P2P_FIN = 3,
    P2P_CTS = 4,
    P2P_DATA = 5,
    P2P_SYNC_ACK = 6,
    P2P_PULL = 7,
};

enum {
    P2P_FLAG_SYNC = 1,
    P2P_FLAG_TAGGED = 2, /* CTS: send the whole message by the transport's tagged_send, tag rreq */
};

typedef struct {
    uint8_t type;
    uint8_t flags;
    uint16_t reserved;
    uint32_t ctx;    /* communication context */
    int32_t src;     /* sender's rank */
    int32_t tag;
    uint64_t size;   /* bytes of the packed message */
    uint64_t sreq;   /* the sender's request, echoed by FIN / CTS / SYNC_ACK */
    uint64_t rreq;   /* the receiver's request, echoed by DATA */
    uint64_t addr;   /* RTS: contiguous data in the sender, 0 when not */
    uint64_t offset; /* DATA: position of this chunk in the message */
} p2p_hdr_t;

_Static_assert(sizeof(p2p_hdr_t) == 56, "p2p header fits the transport header limit");

/*
 * An eager message that needs no answer travels with the header up to
 * `size` only: with the transport's 16-byte slot header and up to 24
 * bytes of data it is one cache line, the single line the receiver pulls
 * from the sender's cache. Missing fields arrive as zero.
 */
#define P2P_HDR_SHORT 24
_Static_assert(P2P_HDR_SHORT == __builtin_offsetof(p2p_hdr_t, sreq), "short header ends at size");

static inline size_t p2p_hdr_len(const p2p_hdr_t *hdr)
{
    return hdr->type == P2P_EAGER && !(hdr->flags & P2P_FLAG_SYNC) ? P2P_HDR_SHORT
                                                                   : sizeof(p2p_hdr_t);
}

#endif
