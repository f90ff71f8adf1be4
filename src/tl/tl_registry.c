/*
 * The transports of this build, nearest scope first: the instance opens
 * the built ones and connects each peer through the first that reaches it.
 * A transport listed without ops is one this build lacks; a peer only it
 * could reach makes set-up fail with its name.
 */
#include "tl.h"

#include "self/tl_self.h"
#include "shm/tl_shm.h"
#ifdef VMPL_WITH_UCX
#include "ucx/tl_ucx.h"
#define TL_UCX_OPS (&tl_ucx_ops)
#else
#define TL_UCX_OPS NULL /* configured without UCX (VMPL_WITH_UCX) */
#endif

const tl_component_t tl_components[] = {
    {"self", TL_SCOPE_SELF, &tl_self_ops},
    {"shm", TL_SCOPE_NODE, &tl_shm_ops},
    {"ucx", TL_SCOPE_NETWORK, TL_UCX_OPS},
};

const size_t tl_component_count = sizeof(tl_components) / sizeof(tl_components[0]);
