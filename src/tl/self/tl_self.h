/*
 * The self transport: a rank's messages to itself. Eager messages go
 * through a ring of TL_SELF_CELLS preallocated cells and are delivered by
 * the rank's own progress, in order; get and put are memcpy, atomics are
 * the CPU's on this process's memory. Nothing arrives from outside, so it
 * has no wait path.
 */
#ifndef VMPL_TL_SELF_TL_SELF_H
#define VMPL_TL_SELF_TL_SELF_H

#include <tl/tl.h>

#define TL_SELF_CELLS 16            /* messages in flight to oneself before INPROGRESS */
#define TL_SELF_HDR_MAX 64
#define TL_SELF_EAGER_MAX 8192      /* payload bytes of one message */

extern const tl_ops_t tl_self_ops;

#endif
