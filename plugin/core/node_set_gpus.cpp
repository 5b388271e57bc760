#include "core/node_set_gpus.h"

#include <algorithm>
#include <functional>

namespace accord::core {

NodeSetGpus::NodeSetGpus(const std::vector<int> &node_list, const std::vector<Node> &nodes)
{
    for (int node : node_list)
        for (const auto &[type, count] : nodes.at(node).capacity.gpus)
            counts_[type].push_back(count);
    for (auto &[type, counts] : counts_) {
        std::sort(counts.begin(), counts.end(), std::greater<int>());
        for (int count : counts)
            totals_[type] += count;
    }
}

int NodeSetGpus::total_of(const std::string &type) const
{
    auto it = totals_.find(type);
    return it == totals_.end() ? 0 : it->second;
}

int NodeSetGpus::nodes_with(const std::string &type, int gpus) const
{
    const std::vector<int> &counts = counts_of(type);  // largest first
    auto past = std::partition_point(counts.begin(), counts.end(), [gpus](int count) { return count >= gpus; });
    return static_cast<int>(past - counts.begin());
}

const std::vector<int> &NodeSetGpus::counts_of(const std::string &type) const
{
    static const std::vector<int> none;
    auto it = counts_.find(type);
    return it == counts_.end() ? none : it->second;
}

}  // namespace accord::core
