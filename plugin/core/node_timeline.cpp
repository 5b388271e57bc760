#include "core/node_timeline.h"

#include <algorithm>
#include <utility>

namespace accord::core {

NodeTimeline::NodeTimeline(const Resources &capacity, bool schedulable)
    : capacity_(capacity), schedulable_(schedulable)
{
}

void NodeTimeline::add_usage(int64_t start, int64_t end, const Resources &used)
{
    if (end <= start)
        return;
    intervals_.push_back({start, end, used});
    latest_start_ = std::max(latest_start_, start);
    memo_.valid = false;
}

Resources NodeTimeline::usage_at(int64_t when) const
{
    Resources sum;
    for (const auto &iv : intervals_)
        if (iv.start <= when && when < iv.end)
            sum += iv.used;
    return sum;
}

// After the latest usage start, usage only falls, at usage ends: what is
// free at `start` holds until the next end.
const Resources &NodeTimeline::free_after_starts(int64_t start) const
{
    if (memo_.valid && memo_.from <= start && start < memo_.until)
        return memo_.free;
    memo_.free = capacity_;
    memo_.free -= usage_at(start);
    memo_.until = INT64_MAX;
    for (const auto &iv : intervals_)
        if (iv.end > start)
            memo_.until = std::min(memo_.until, iv.end);
    memo_.from = start;
    memo_.valid = true;
    return memo_.free;
}

Resources NodeTimeline::free_during(int64_t start, int64_t end) const
{
    if (start >= latest_start_)
        return free_after_starts(start);
    // Usage only rises where an interval begins, so checking `start` and
    // every interval start inside the period finds the peak.
    Resources least = capacity_;
    least -= usage_at(start);
    for (const auto &iv : intervals_) {
        if (iv.start > start && iv.start < end) {
            Resources free_then = capacity_;
            free_then -= usage_at(iv.start);
            least = elementwise_min(least, free_then);
        }
    }
    return least;
}

void NodeTimeline::release_times(int64_t after, std::vector<int64_t> &out) const
{
    for (const auto &iv : intervals_)
        if (iv.end > after && iv.end < kForever)
            out.push_back(iv.end);
}

void NodeTimeline::gpu_changes(const std::string &type, std::vector<std::pair<int64_t, int>> &out) const
{
    for (const auto &iv : intervals_) {
        int used = iv.used.gpus_of(type);
        if (used == 0)
            continue;
        out.emplace_back(iv.start, -used);
        out.emplace_back(iv.end, used);
    }
}

static Resources clamp_at_zero(Resources r)
{
    r.cpus = std::max(r.cpus, 0);
    r.mem_mb = std::max<int64_t>(r.mem_mb, 0);
    r.shards = std::max(r.shards, 0);
    for (auto &entry : r.gpus)
        entry.second = std::max(entry.second, 0);
    for (auto &entry : r.shards_by_gpu)
        entry.second = std::max(entry.second, 0);
    return r;
}

// For amounts clamped at zero: none of anything.
static bool is_nothing(const Resources &r)
{
    bool no_shards = std::all_of(r.shards_by_gpu.begin(), r.shards_by_gpu.end(),
                                 [](const auto &entry) { return entry.second == 0; });
    return r.cpus == 0 && r.mem_mb == 0 && r.total_gpus() == 0 && r.shards == 0 && no_shards;
}

// A GPU with shard jobs is not given whole (gres/gpu) until the last of
// them ends (cons_tres's gres_sched.c filters out GPUs the shared gres has
// allocated): held whole until then. The shell counts such a GPU as not
// free, so holding it explains it. Returns the GPUs held.
static Resources hold_shared_gpus(int n, const Node &node, const SharedGpuHolds &holds, int64_t now,
                                  NodeTimeline &timeline)
{
    Resources held;
    for (const auto &gpu : node.shard_gpus) {
        int64_t until = holds.held_until(n, gpu.index);
        if (until == INT64_MIN)
            continue;
        Resources whole;
        whole.gpus[gpu.type] = 1;
        timeline.add_usage(now, until, whole);
        held += whole;
    }
    return held;
}

// On a one_sharing node with shard jobs, the GPUs without any take no
// shards until the last of those jobs ends (Slurm counts any shard
// allocated on the node; Accord the running jobs it knows).
static void hold_unshared_gpus(int n, const Node &node, const SharedGpuHolds &holds, int64_t now,
                               NodeTimeline &timeline)
{
    if (!node.one_sharing)
        return;
    int64_t last_end = INT64_MIN;
    Resources unshared;
    for (const auto &gpu : node.shard_gpus) {
        last_end = std::max(last_end, holds.held_until(n, gpu.index));
        auto free = node.free.shards_by_gpu.find(gpu.index);
        if (gpu.users.empty() && free != node.free.shards_by_gpu.end() && free->second > 0) {
            unshared.shards += free->second;
            unshared.shards_by_gpu[gpu.index] = free->second;
        }
    }
    if (last_end > INT64_MIN && unshared.shards > 0)
        timeline.add_usage(now, last_end, unshared);
}

// What shard jobs hold beyond their shards, until they end (as `holds`
// has it): their GPUs whole, and on one_sharing nodes the other GPUs'
// shards.
static void hold_for_shard_jobs(const ClusterSnapshot &snapshot, const SharedGpuHolds &holds,
                                std::vector<NodeTimeline> &timelines, std::vector<Resources> &unexplained)
{
    for (size_t i = 0; i < snapshot.nodes.size(); i++) {
        if (snapshot.nodes[i].shard_gpus.empty())
            continue;
        int n = static_cast<int>(i);
        unexplained[i] -= hold_shared_gpus(n, snapshot.nodes[i], holds, snapshot.now, timelines[i]);
        hold_unshared_gpus(n, snapshot.nodes[i], holds, snapshot.now, timelines[i]);
    }
}

std::vector<NodeTimeline> build_timelines(const ClusterSnapshot &snapshot, const SharedGpuHolds &holds)
{
    std::vector<NodeTimeline> timelines;
    // Per node, what it reports allocated less what running jobs hold there.
    std::vector<Resources> unexplained;
    timelines.reserve(snapshot.nodes.size());
    unexplained.reserve(snapshot.nodes.size());
    for (const auto &node : snapshot.nodes) {
        timelines.emplace_back(node.capacity, node.schedulable);
        unexplained.push_back(node.capacity);
        unexplained.back() -= node.free;
    }
    // The running jobs' usages; what they leave unexplained is seldom
    // anything, and an idle node then allocates nothing.
    std::vector<size_t> usages(snapshot.nodes.size(), 0);
    for (const auto &job : snapshot.running)
        for (const auto &use : job.usage)
            usages.at(use.node)++;
    for (size_t i = 0; i < timelines.size(); i++)
        if (usages[i] > 0)
            timelines[i].reserve(usages[i]);

    for (const auto &job : snapshot.running) {
        int64_t end = std::max(job.end_time, snapshot.now + 1);
        for (const auto &use : job.usage) {
            timelines.at(use.node).add_usage(snapshot.now, end, use.used);
            unexplained[use.node] -= use.used;
        }
    }
    hold_for_shard_jobs(snapshot, holds, timelines, unexplained);
    for (size_t i = 0; i < snapshot.nodes.size(); i++) {
        Resources held = clamp_at_zero(std::move(unexplained[i]));
        if (!is_nothing(held))  // usually all explained: holding nothing would change no free amount
            timelines[i].add_usage(snapshot.now, kForever, held);
        if (snapshot.nodes[i].starts_deferred)
            timelines[i].add_usage(snapshot.now, snapshot.now + 1,
                                   clamp_at_zero(timelines[i].free_during(snapshot.now, snapshot.now + 1)));
    }
    return timelines;
}

std::vector<NodeTimeline> build_timelines(const ClusterSnapshot &snapshot)
{
    return build_timelines(snapshot, SharedGpuHolds(snapshot));
}

}  // namespace accord::core
