#include "core/free_gpu_sweep.h"

#include <algorithm>

namespace accord::core {

FreeGpuSweep::FreeGpuSweep(const std::vector<NodeTimeline> &timelines, const std::vector<int> &nodes,
                           const std::string &type)
{
    for (int node : nodes) {
        const NodeTimeline &tl = timelines.at(node);
        int capacity = tl.capacity().gpus_of(type);
        if (!tl.schedulable() || capacity <= 0)
            continue;
        free_ += capacity;
        tl.gpu_changes(type, changes_);
    }
    std::sort(changes_.begin(), changes_.end());
}

int FreeGpuSweep::free_at(int64_t when)
{
    for (; next_ < changes_.size() && changes_[next_].first <= when; next_++)
        free_ += changes_[next_].second;
    return free_;
}

}  // namespace accord::core
