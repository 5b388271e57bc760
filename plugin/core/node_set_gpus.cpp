#include "core/node_set_gpus.h"

#include <algorithm>
#include <functional>

namespace accord::core {

NodeSetGpus::NodeSetGpus(const std::vector<int> &node_list, const std::vector<Node> &nodes)
{
    for (int node : node_list)
        for (const auto &[type, count] : nodes.at(node).capacity.gpus)
            counts_[type].push_back(count);
    for (auto &entry : counts_)
        std::sort(entry.second.begin(), entry.second.end(), std::greater<int>());
}

const std::vector<int> &NodeSetGpus::counts_of(const std::string &type) const
{
    static const std::vector<int> none;
    auto it = counts_.find(type);
    return it == counts_.end() ? none : it->second;
}

}  // namespace accord::core
