#include "core/node_set_ids.h"

#include <cstdint>

namespace accord::core {

size_t NodeSetIds::Hash::operator()(const std::vector<int> &nodes) const
{
    uint64_t h = 1469598103934665603ull;  // FNV-1a over the node numbers
    for (int node : nodes)
        h = (h ^ static_cast<uint32_t>(node)) * 1099511628211ull;
    return static_cast<size_t>(h ^ nodes.size());
}

size_t NodeSetIds::id_of(const std::vector<int> &nodes)
{
    // Neighbours in a queue mostly carry the same list, and comparing two
    // lists is cheaper than hashing one.
    if (last_ && *last_ == nodes)
        return last_id_;
    auto it = ids_.try_emplace(nodes, ids_.size()).first;
    last_ = &it->first;  // the map's elements stay where they are
    last_id_ = it->second;
    return last_id_;
}

}  // namespace accord::core
