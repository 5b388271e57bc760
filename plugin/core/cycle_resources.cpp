#include "core/cycle_resources.h"

#include <utility>

namespace accord::core {

CycleResources::CycleResources(const ClusterSnapshot &snapshot)
    : snap_(snapshot), shared_holds_(snapshot), timelines_(build_timelines(snapshot, shared_holds_)),
      closeness_(snapshot.nodes), sharing_(snapshot.nodes, snapshot.slowdowns), neighbours_(snapshot)
{
    free_now_.reserve(timelines_.size());
    for (const auto &tl : timelines_) {
        free_now_.push_back(tl.free_during(snapshot.now, snapshot.now + 1));
        if (tl.schedulable())
            for (const auto &[type, count] : free_now_.back().gpus)
                free_now_total_[type] += count;
    }
}

FreeResources CycleResources::free_over(int64_t start, int64_t limit) const
{
    return [this, start, limit](int node) {
        const NodeTimeline &tl = timelines_[node];
        return tl.schedulable() ? tl.free_during(start, start + limit) : Resources{};
    };
}

FreeResources CycleResources::free_right_now() const
{
    return [this](int node) { return timelines_[node].schedulable() ? free_now_[node] : Resources{}; };
}

const std::vector<int> &CycleResources::free_now_gpus(const std::string &type)
{
    auto it = free_now_gpus_.find(type);
    if (it != free_now_gpus_.end())
        return it->second;
    std::vector<int> &gpus = free_now_gpus_[type];
    for (const auto &free : free_now_)
        gpus.push_back(free.gpus_of(type));
    return gpus;
}

void CycleResources::hold(const Pick &pick, int64_t start, int64_t limit)
{
    for (const auto &use : pick.placement)
        hold_on(use.node, start, limit, use.used);
}

void CycleResources::hold_on(int node, int64_t start, int64_t limit, const Resources &used)
{
    timelines_[node].add_usage(start, start + limit, used);
    if (start != snap_.now)
        return;
    free_now_[node] -= used;
    for (auto &[type, gpus] : free_now_gpus_)
        gpus[node] = free_now_[node].gpus_of(type);
    for (const auto &[type, count] : used.gpus)
        closeness_.take(node, type, count);
    if (timelines_[node].schedulable())
        for (const auto &[type, count] : used.gpus)
            free_now_total_[type] -= count;
}

// What a shard placement from `start` holds beyond its shards: each GPU it
// shares, whole, where no other shard job holds it already (cons_tres gives
// a GPU as gres/gpu or as shards, never both). Empty when that does not fit
// around what the cycle planned (a whole-GPU job reserved on the node would
// find the GPU shared), or when a one_sharing node would not give that GPU
// then (it has shard jobs on others only).
std::optional<SharedGpuHoldList> CycleResources::shared_gpu_holds(const Pick &pick, const PendingJob &job,
                                                                  int64_t start) const
{
    SharedGpuHoldList holds;
    if (job.shards_per_node <= 0 || job.exclusive)  // an exclusive job holds all GPUs anyway
        return holds;
    Period period{start, start + job.time_limit_s};
    for (const auto &use : pick.placement)
        for (const auto &[gpu, count] : use.used.shards_by_gpu) {
            if (shared_holds_.closed_at(use.node, gpu, start))
                return std::nullopt;
            SharedGpuHold hold{use.node, gpu, shared_holds_.type(use.node, gpu), period,
                               shared_holds_.uncovered(use.node, gpu, period)};
            for (const auto &gap : hold.gaps)
                if (timelines_[use.node].free_during(gap.start, gap.end).gpus_of(hold.type) < 1)
                    return std::nullopt;
            holds.push_back(std::move(hold));
        }
    return holds;
}

void CycleResources::move_to_open_gpus(Pick &pick, const PendingJob &job, int64_t start) const
{
    if (job.shards_per_node <= 0 || job.exclusive)
        return;
    for (auto &use : pick.placement) {
        if (use.used.shards_by_gpu.size() != 1 ||
            !shared_holds_.closed_at(use.node, use.used.shards_by_gpu.begin()->first, start))
            continue;
        Resources free = timelines_[use.node].free_during(start, start + job.time_limit_s);
        for (const auto &[gpu, count] : free.shards_by_gpu)  // by index
            if (count >= job.shards_per_node && shared_holds_.held_at(use.node, gpu, start)) {
                use.used.shards_by_gpu = {{gpu, job.shards_per_node}};
                break;
            }
    }
}

// Kept for the rest of the cycle, also when a reservation goes: later shard
// placements on the GPU may count on them.
void CycleResources::hold_shared_gpus(const SharedGpuHoldList &holds)
{
    for (const auto &hold : holds) {
        Resources whole;
        whole.gpus[hold.type] = 1;
        for (const auto &gap : hold.gaps)
            hold_on(hold.node, gap.start, gap.end - gap.start, whole);
        shared_holds_.add(hold.node, hold.gpu, hold.period);
    }
}

// A whole-GPU job takes all shards of the GPUs it gets.
void CycleResources::take_whole_gpus(const Pick &pick, const PendingJob &job)
{
    for (const auto &use : pick.placement)
        for (const auto &[type, count] : use.used.gpus) {
            std::vector<int> taken = sharing_.take_whole(use.node, type, count);
            if (!taken.empty())
                hold_on(use.node, snap_.now, job.time_limit_s,
                        shards_of_whole_gpus(timelines_[use.node].capacity(), taken));
        }
}

// Whether an allowed node has a GPU with the job's shards free now: the
// node's free total (in Resources) may be spread over several GPUs.
bool CycleResources::shards_free_now(const PendingJob &job) const
{
    if (job.shards_per_node <= 0)
        return true;
    for (int node : job.allowed_nodes)
        if (timelines_[node].schedulable() && sharing_.share(node, job.shards_per_node, job.family))
            return true;
    return false;
}

void CycleResources::start(const Pick &pick, const PendingJob &job, const SharedGpuHoldList &holds)
{
    hold(pick, snap_.now, job.time_limit_s);
    hold_shared_gpus(holds);
    if (job.shards_per_node > 0)
        for (const auto &use : pick.placement)
            sharing_.take(use.node, job.shards_per_node, job.job_id, job.family);
    else if (sharing_.any())
        take_whole_gpus(pick, job);
    neighbours_.add(pick.placement, job.family);
}

void CycleResources::reserve(const Pick &pick, int64_t start, int64_t limit, const SharedGpuHoldList &holds)
{
    hold(pick, start, limit);
    hold_shared_gpus(holds);
}

void CycleResources::release(const Pick &pick, int64_t start, int64_t limit)
{
    for (const auto &use : pick.placement) {
        Resources cancel;
        cancel -= use.used;
        timelines_[use.node].add_usage(start, start + limit, cancel);
    }
}

}  // namespace accord::core
