#include "core/typed_nodes.h"

namespace accord::core {

const std::vector<int> &TypedNodes::of(size_t number, const std::vector<int> &node_list, const std::string &type)
{
    auto key = std::make_pair(number, type);
    auto it = lists_.find(key);
    if (it != lists_.end())
        return it->second;
    std::vector<int> nodes;
    for (int node : node_list)
        if (nodes_.at(node).capacity.gpus_of(type) > 0)
            nodes.push_back(node);
    return lists_.emplace(std::move(key), std::move(nodes)).first->second;
}

}  // namespace accord::core
