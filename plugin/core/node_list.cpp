#include "core/node_list.h"

#include <cstdint>
#include <utility>

namespace accord::core {

NodeList::NodeList(std::vector<int> nodes)
{
    if (!nodes.empty())
        nodes_ = std::make_shared<const std::vector<int>>(std::move(nodes));
}

const std::vector<int> &NodeList::empty_list()
{
    static const std::vector<int> none;
    return none;
}

size_t hash_of(const std::vector<int> &nodes)
{
    uint64_t h = 1469598103934665603ull;  // FNV-1a over the node numbers
    for (int node : nodes)
        h = (h ^ static_cast<uint32_t>(node)) * 1099511628211ull;
    return static_cast<size_t>(h ^ nodes.size());
}

NodeList NodeListPool::list_of(std::vector<int> nodes)
{
    std::vector<NodeList> &same_hash = by_hash_[hash_of(nodes)];
    for (const auto &list : same_hash)
        if (list.nodes() == nodes)
            return list;
    same_hash.emplace_back(std::move(nodes));
    return same_hash.back();
}

}  // namespace accord::core
