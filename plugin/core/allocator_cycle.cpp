#include "core/allocator_cycle.h"

#include "core/node_set_gpus.h"
#include "core/request_types.h"
#include "core/requeue_bounds.h"
#include "core/speed_prediction.h"

namespace accord::core {

namespace {

constexpr const char *kAllocatorRule = "Accord's allocator for the whole queue";

// The allocator's nodes: one per node and GPU type it has free now. Where
// a job goes is the EASY pipeline's choice; the allocator only needs to
// know which counts of a type can be placed.
std::vector<AllocNode> free_gpus(const ClusterSnapshot &s)
{
    std::vector<AllocNode> out;
    for (size_t n = 0; n < s.nodes.size(); n++) {
        const Node &node = s.nodes[n];
        if (node.schedulable && !node.starts_deferred)
            for (const auto &[type, count] : node.free.gpus)
                if (count > 0)
                    out.push_back(AllocNode{type, count, static_cast<int>(n)});
    }
    return out;
}

// The request each admitted queue record is to try first, by queue index.
// Jobs are admitted in the order the pipeline plans them (priority, or
// under a fairness bound the jobs over it first: core/fairness_order.h).
// Nothing when no GPU is free: no job can be admitted.
RequestChoices allocator_choices(const ClusterSnapshot &s, const PlanningOrder &order, const AllocConfig &alloc,
                                 QueueAllocMemo &queue)
{
    std::vector<AllocNode> nodes = free_gpus(s);
    if (nodes.empty())
        return {};
    const QueueAllocJobs &jobs = queue.jobs(order);
    return queue_choices(jobs, allocate(jobs.jobs, nodes, alloc));
}

bool same_counts(const GpuRequest &a, const GpuRequest &b)
{
    return a.per_job == b.per_job && a.per_node == b.per_node;
}

// A start on the allocator's choice that changes the request (its type
// was open, or its count changed): why, and what it is predicted to gain
// over the request as submitted. Every option keeps the time limit
// (request_options), so the request may be rewritten to it.
void describe_start(Decision &d, const PendingJob &job, const GpuRequest &chosen, const NodeSetGpus &on,
                    const GpuTypeRanker &ranker)
{
    if (!job.gpus.type.empty() && same_counts(job.gpus, chosen))
        return;
    d.type_rule = kAllocatorRule;
    d.prediction = predict_speedup(job, chosen, baseline_types(job, on), ranker);
    d.rewrite_gpus = true;
}

}  // namespace

CyclePlan allocator_cycle(const ClusterSnapshot &snapshot, const CycleConfig &config, const GpuTypeRanker &ranker,
                          const AllocConfig &alloc, std::optional<double> plan_above, QueueAllocMemo *queue)
{
    std::optional<QueueAllocMemo> own;
    if (!queue)
        queue = &own.emplace(snapshot, ranker, config.max_jobs);
    PlanningOrder order = planning_order(snapshot, config.max_jobs, config.fairness_bound, ranker);
    RequestChoices chosen = allocator_choices(snapshot, order, alloc, *queue);
    if (plan_above)
        order.records.resize(records_above(order, snapshot, *plan_above));
    CyclePlan plan = schedule_cycle(snapshot, config, ranker, &chosen, &order, &queue->views());
    for (auto &d : plan.decisions)
        if (d.verdict == Verdict::Start && d.chosen_request)
            describe_start(d, snapshot.queue[d.queue_index], *d.chosen_request,
                           queue->views().gpus_of(d.queue_index), ranker);
    return plan;
}

}  // namespace accord::core
