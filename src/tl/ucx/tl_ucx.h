/*
 * The UCX transport: ranks on other nodes, over UCP (Debian 12's UCX
 * 1.13). One UCP context and worker per iface (the instance opens one per
 * process); a peer is a UCP endpoint in peer error-handling mode, whose
 * errors feed the failure path (params.peer_failed).
 *
 * Messages are UCP active messages sent eagerly: the engine's header and
 * the payload, which the caller's pack callback writes into one of a pool
 * of preallocated send buffers (a partial pack at an offset, so a large
 * or non-contiguous message is never staged whole: the layer above sends
 * it in chunks of at most eager_max bytes). UCX_* variables reach UCP
 * unchanged (ucp_config_read).
 */
#ifndef VMPL_TL_UCX_TL_UCX_H
#define VMPL_TL_UCX_TL_UCX_H

#include <tl/tl.h>

#define TL_UCX_HDR_MAX 64

extern const tl_ops_t tl_ucx_ops;

#endif
