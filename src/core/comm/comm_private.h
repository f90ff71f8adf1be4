/* Communicator internals shared by the creation functions. */
#ifndef VMPL_CORE_COMM_COMM_PRIVATE_H
#define VMPL_CORE_COMM_COMM_PRIVATE_H

#include "comm.h"

/* A communicator object over group, this process at rank, with context id. */
vmpl_status_t comm_object_new(comm_t *parent, group_t *group, int rank, int id, comm_t **comm_p);
/* The lowest context id free everywhere in parent; taken only when participate. */
vmpl_status_t comm_context_agree(comm_t *parent, int participate, int *id_p);

#endif
