#include "core/allowed_node_masks.h"

#include <algorithm>

namespace accord::core {

std::shared_ptr<const NodeMask> AllowedNodeMasks::mask_of(const std::vector<int> &nodes) const
{
    auto mask = std::make_shared<NodeMask>(nodes_, false);
    size_t set = 0;
    for (int n : nodes)
        if (n >= 0 && static_cast<size_t>(n) < nodes_ && !(*mask)[n]) {
            (*mask)[n] = true;
            set++;
        }
    if (set == nodes_)
        return nullptr;
    return mask;
}

std::shared_ptr<const NodeMask> AllowedNodeMasks::of(const PendingJob &job)
{
    if (!job.required_nodes.empty()) {
        std::vector<int> required;
        for (int n : job.required_nodes)
            if (std::find(job.allowed_nodes.begin(), job.allowed_nodes.end(), n) != job.allowed_nodes.end())
                required.push_back(n);
        return mask_of(required);
    }
    auto [it, added] = by_list_.try_emplace(job.allowed_nodes.storage());
    if (added)
        it->second = mask_of(job.allowed_nodes);
    return it->second;
}

}  // namespace accord::core
