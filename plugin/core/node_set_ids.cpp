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
    return ids_.try_emplace(nodes, ids_.size()).first->second;
}

}  // namespace accord::core
