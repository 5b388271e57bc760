#include "core/node_set_ids.h"

namespace accord::core {

size_t NodeSetIds::id_of(const NodeList &nodes)
{
    auto known = by_storage_.find(nodes.storage());
    if (known != by_storage_.end())
        return known->second.second;
    size_t id = ids_.try_emplace(nodes.nodes(), ids_.size()).first->second;
    by_storage_.emplace(nodes.storage(), std::make_pair(nodes, id));
    return id;
}

}  // namespace accord::core
