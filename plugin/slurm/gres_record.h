// Finding a gres kind ("gpu", "shard", "mps") among slurmctld's gres records.
#pragma once

#include "slurm/slurm_headers.h"

namespace accord::slurm {

inline bool is_gres(gres_state_t *gres, const char *name)
{
    return gres && gres->gres_name && !xstrcmp(gres->gres_name, name);
}

// The node's gres record of kind `name`; null when it has none.
inline gres_state_t *node_gres_record(node_record_t *node, const char *name)
{
    if (!node->gres_list)
        return nullptr;
    gres_state_t *found = nullptr;
    ListIterator it = list_iterator_create(node->gres_list);
    while (auto *gres = static_cast<gres_state_t *>(list_next(it)))
        if (is_gres(gres, name)) {
            found = gres;
            break;
        }
    list_iterator_destroy(it);
    return found;
}

// The node's gres state of kind `name`; null when it has none.
inline gres_node_state_t *node_gres_state(node_record_t *node, const char *name)
{
    gres_state_t *gres = node_gres_record(node, name);
    return gres ? static_cast<gres_node_state_t *>(gres->gres_data) : nullptr;
}

}  // namespace accord::slurm
