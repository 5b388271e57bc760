#include "core/free_gpu_sweep.h"

#include <algorithm>

namespace accord::core {

// The heap's order: the earliest change on top (changes at one instant add
// up in any order).
static bool later(const std::pair<int64_t, int> &a, const std::pair<int64_t, int> &b) { return a.first > b.first; }

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
}

int FreeGpuSweep::free_at(int64_t when)
{
    if (!heaped_) {
        auto after = std::partition(changes_.begin(), changes_.end(),
                                    [when](const std::pair<int64_t, int> &c) { return c.first <= when; });
        for (auto it = changes_.begin(); it != after; ++it)
            free_ += it->second;
        changes_.erase(changes_.begin(), after);
        std::make_heap(changes_.begin(), changes_.end(), later);
        heaped_ = true;
    }
    while (!changes_.empty() && changes_.front().first <= when) {
        free_ += changes_.front().second;
        std::pop_heap(changes_.begin(), changes_.end(), later);
        changes_.pop_back();
    }
    return free_;
}

}  // namespace accord::core
