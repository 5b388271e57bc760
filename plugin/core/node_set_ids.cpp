#include "core/node_set_ids.h"

namespace accord::core {

size_t NodeSetIds::id_of(const NodeList &nodes)
{
    // Neighbours in a queue mostly carry copies of one list.
    if (asked_ && last_.shares_with(nodes))
        return last_id_;
    auto known = by_storage_.find(nodes.storage());
    size_t id = 0;
    if (known != by_storage_.end()) {
        id = known->second.second;
    } else {
        id = ids_.try_emplace(nodes.nodes(), ids_.size()).first->second;
        by_storage_.emplace(nodes.storage(), std::make_pair(nodes, id));
    }
    last_ = nodes;
    last_id_ = id;
    asked_ = true;
    return id;
}

}  // namespace accord::core
