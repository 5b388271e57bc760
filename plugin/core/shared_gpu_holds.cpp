#include "core/shared_gpu_holds.h"

#include <algorithm>
#include <climits>

namespace accord::core {

SharedGpuHolds::SharedGpuHolds(const ClusterSnapshot &snapshot) : nodes_(snapshot.nodes)
{
    std::map<uint32_t, int64_t> ends;
    for (const auto &node : nodes_)
        for (const auto &gpu : node.shard_gpus)
            for (const auto &user : gpu.users)
                ends.emplace(user.job_id, kForever);
    if (ends.empty())
        return;
    for (const auto &job : snapshot.running) {
        auto it = ends.find(job.job_id);
        if (it != ends.end())
            it->second = job.end_time;
    }
    // A shard job missing from the running jobs holds its GPU for good.
    for (size_t n = 0; n < snapshot.nodes.size(); n++)
        for (const auto &gpu : snapshot.nodes[n].shard_gpus)
            for (const auto &user : gpu.users)
                add(static_cast<int>(n), gpu.index,
                    Period{snapshot.now, std::max(ends[user.job_id], snapshot.now + 1)});
}

std::string SharedGpuHolds::type(int node, int gpu) const
{
    for (const auto &shard_gpu : nodes_.at(node).shard_gpus)
        if (shard_gpu.index == gpu)
            return shard_gpu.type;
    return {};
}

std::vector<Period> SharedGpuHolds::uncovered(int node, int gpu, Period period) const
{
    std::vector<Period> held;
    auto it = held_.find({node, gpu});
    if (it != held_.end())
        held = it->second;
    std::sort(held.begin(), held.end(), [](const Period &a, const Period &b) { return a.start < b.start; });
    std::vector<Period> gaps;
    int64_t from = period.start;
    for (const auto &h : held) {
        if (h.start >= period.end)
            break;
        if (h.start > from)
            gaps.push_back({from, h.start});
        from = std::max(from, h.end);
    }
    if (from < period.end)
        gaps.push_back({from, period.end});
    return gaps;
}

void SharedGpuHolds::add(int node, int gpu, Period period) { held_[{node, gpu}].push_back(period); }

static bool any_covers(const std::vector<Period> &periods, int64_t when)
{
    return std::any_of(periods.begin(), periods.end(),
                       [when](const Period &p) { return p.start <= when && when < p.end; });
}

bool SharedGpuHolds::held_at(int node, int gpu, int64_t when) const
{
    auto it = held_.find({node, gpu});
    return it != held_.end() && any_covers(it->second, when);
}

int64_t SharedGpuHolds::held_until(int node, int gpu) const
{
    int64_t last = INT64_MIN;
    auto it = held_.find({node, gpu});
    if (it != held_.end())
        for (const auto &p : it->second)
            last = std::max(last, p.end);
    return last;
}

bool SharedGpuHolds::node_held_at(int node, int64_t when) const
{
    for (auto it = held_.lower_bound({node, INT32_MIN}); it != held_.end() && it->first.first == node; ++it)
        if (any_covers(it->second, when))
            return true;
    return false;
}

bool SharedGpuHolds::closed_at(int node, int gpu, int64_t when) const
{
    return nodes_.at(node).one_sharing && !held_at(node, gpu, when) && node_held_at(node, when);
}

}  // namespace accord::core
