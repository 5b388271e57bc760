#include "core/fairness_order.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <tuple>

#include "core/predicted_fairness.h"
#include "core/request_types.h"
#include "core/speed_prediction.h"

namespace accord::core {

namespace {

// Orders jobs by what the speed-up of their fastest type depends on. A
// queue holds many jobs of few shapes, and each computation reads every
// allowed node; the fields are compared in place, not copied.
struct SameShape {
    static auto fields(const PendingJob *j)
    {
        return std::tie(j->family, j->gpus.type, j->gpus.per_node, j->gpus.per_job, j->min_nodes,
                        j->accepted_types, j->allowed_nodes);
    }
    bool operator()(const PendingJob *a, const PendingJob *b) const { return fields(a) < fields(b); }
};

// Its fastest type's predicted speed-up over the slowest it could get; 1
// when a speed is unknown.
double best_speedup(const PendingJob &job, const std::vector<Node> &nodes, const GpuTypeRanker &ranker)
{
    std::optional<double> fastest;
    GpuRequest best = job.gpus;
    for (const auto &type : gpu_types_for(job, nodes)) {
        auto speed = ranker.speed(job, type);
        if (speed && (!fastest || *speed > *fastest)) {
            fastest = speed;
            best.type = type;
        }
    }
    if (!fastest)
        return 1;
    auto prediction = predict_speedup(job, best, baseline_types(job, nodes), ranker);
    return prediction.speedup ? std::max(1.0, *prediction.speedup) : 1.0;
}

int schedulable_gpus(const ClusterSnapshot &s)
{
    int gpus = 0;
    for (const auto &node : s.nodes)
        if (node.schedulable)
            gpus += node.capacity.total_gpus();
    return gpus;
}

size_t jobs_in_system(const ClusterSnapshot &s)
{
    size_t running = 0;
    for (const auto &job : s.running)
        running += std::any_of(job.usage.begin(), job.usage.end(),
                               [](const NodeUsage &use) { return use.used.total_gpus() > 0; });
    std::set<uint32_t> pending;
    for (const auto &job : s.queue)
        if (job.gpus.any())
            pending.insert(job.job_id);
    return running + pending.size();
}

class Predictor {
public:
    Predictor(const ClusterSnapshot &s, const GpuTypeRanker &ranker)
        : snap_(s), ranker_(ranker), gpus_(schedulable_gpus(s)), jobs_(jobs_in_system(s))
    {
    }

    // Nothing for a job whose rho cannot be predicted.
    std::optional<double> rho(const PendingJob &job)
    {
        if (!job.gpus.any() || !job.eligible_time || job.time_limit_s >= kUnlimitedSeconds ||
            job.time_limit_s <= 0)
            return std::nullopt;
        auto known = speedups_.find(&job);
        if (known == speedups_.end())
            known = speedups_.emplace(&job, best_speedup(job, snap_.nodes, ranker_)).first;
        double alone = static_cast<double>(job.time_limit_s) / known->second;
        FairnessInput in{static_cast<double>(snap_.now - *job.eligible_time), alone, alone, requested_gpus(job)};
        return predicted_rho(in, gpus_, jobs_);
    }

private:
    const ClusterSnapshot &snap_;
    const GpuTypeRanker &ranker_;
    int gpus_;
    size_t jobs_;
    std::map<const PendingJob *, double, SameShape> speedups_;  // jobs of the snapshot
};

}  // namespace

PlanningOrder planning_order(const ClusterSnapshot &snapshot, size_t count, double bound,
                             const GpuTypeRanker &ranker)
{
    PlanningOrder order;
    count = std::min(count, snapshot.queue.size());
    order.records.reserve(count);
    if (bound <= 0) {
        for (size_t i = 0; i < count; i++)
            order.records.push_back(i);
        return order;
    }
    Predictor predictor(snapshot, ranker);
    std::vector<size_t> below;
    for (size_t i = 0; i < count; i++) {
        auto rho = predictor.rho(snapshot.queue[i]);
        if (!rho || !over_fairness_bound(*rho, bound)) {
            below.push_back(i);
            continue;
        }
        order.records.push_back(i);
        if (!below.empty())
            order.ahead[i] = *rho;
    }
    order.records.insert(order.records.end(), below.begin(), below.end());
    return order;
}

}  // namespace accord::core
