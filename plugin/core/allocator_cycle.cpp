#include "core/allocator_cycle.h"

#include <map>
#include <set>
#include <tuple>

#include "core/gpus_by_node_set.h"
#include "core/request_options.h"
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
    for (const auto &node : s.nodes)
        if (node.schedulable)
            for (const auto &[type, count] : node.free.gpus)
                if (count > 0)
                    out.push_back(AllocNode{type, count});
    return out;
}

// The job as the allocator sees it, or nothing when it has no rated
// option. The table knows no cost of spreading: a job that may span nodes
// does as well spread.
std::optional<AllocJob> alloc_job(const PendingJob &job, const std::vector<RequestOption> &options)
{
    if (options.empty())
        return std::nullopt;
    AllocJob a;
    a.id = job.job_id;
    bool may_spread = job.max_nodes > 1;
    for (const auto &o : options)
        a.options.push_back(JobOption{o.request.type, o.gpus, o.rate, may_spread ? o.rate : 0});
    return a;
}

// What request_options() reads of a job, its allowed nodes by number
// (core/node_set_ids.h). A queue holds many jobs of one shape, so their
// options are computed once per cycle. The rankers rate a job by its model
// family alone (gpu_type_ranker.h).
using OptionsKey = std::tuple<std::string, std::string, std::vector<int>, std::vector<std::string>, size_t>;

OptionsKey options_key(const PendingJob &job, size_t node_set)
{
    const GpuRequest &g = job.gpus;
    return {job.family, g.type, {g.per_node, g.per_job, job.min_nodes, job.max_nodes, job.gpu_count_min,
                                 job.gpu_count_max},
            job.accepted_types, node_set};
}

// The request each admitted queue record is to try first, by queue index.
// Jobs are admitted in the order the pipeline plans them (priority, or
// under a fairness bound the jobs over it first: core/fairness_order.h).
// Nothing when no GPU is free: no job can be admitted.
RequestChoices allocator_choices(const ClusterSnapshot &s, const PlanningOrder &order, const GpuTypeRanker &ranker,
                                 const AllocConfig &alloc)
{
    std::vector<AllocNode> nodes = free_gpus(s);
    if (nodes.empty())
        return {};
    QueueAllocJobs queue = queue_alloc_jobs(s, order, ranker);
    return queue_choices(queue, allocate(queue.jobs, nodes, alloc));
}

bool same_counts(const GpuRequest &a, const GpuRequest &b)
{
    return a.per_job == b.per_job && a.per_node == b.per_node;
}

// A start on the allocator's choice that changes the request (its type
// was open, or its count changed): why, and what it is predicted to gain
// over the request as submitted. Every option keeps the time limit
// (request_options), so the request may be rewritten to it.
void describe_start(Decision &d, const PendingJob &job, const GpuRequest &chosen, GpusByNodeSet &gpus_on,
                    const GpuTypeRanker &ranker)
{
    if (!job.gpus.type.empty() && same_counts(job.gpus, chosen))
        return;
    d.type_rule = kAllocatorRule;
    d.prediction = predict_speedup(job, chosen, baseline_types(job, gpus_on.gpus_of(job.allowed_nodes)), ranker);
    d.rewrite_gpus = true;
}

}  // namespace

// Array records with several tasks ready and a job's second and later
// records (one per partition) keep their request: one choice would be
// given to many starts.
QueueAllocJobs queue_alloc_jobs(const ClusterSnapshot &s, const PlanningOrder &order, const GpuTypeRanker &ranker)
{
    QueueAllocJobs out;
    std::map<OptionsKey, std::shared_ptr<const std::vector<RequestOption>>> known;
    std::set<uint32_t> seen;
    GpusByNodeSet gpus_on(s.nodes);
    for (size_t i : order.records) {
        const PendingJob &job = s.queue[i];
        if (!seen.insert(job.job_id).second || job.array_tasks != 1)
            continue;
        size_t node_set = gpus_on.number_of(job.allowed_nodes);
        OptionsKey key = options_key(job, node_set);
        auto it = known.find(key);
        if (it == known.end())
            it = known.emplace(std::move(key), std::make_shared<const std::vector<RequestOption>>(
                                                   request_options(job, gpus_on.gpus(node_set), ranker))).first;
        auto a = alloc_job(job, *it->second);
        if (!a)
            continue;
        out.jobs.push_back(std::move(*a));
        out.record.push_back(i);
        out.options.push_back(it->second);
    }
    return out;
}

RequestChoices queue_choices(const QueueAllocJobs &queue, const std::vector<AllocChoice> &choice, size_t first)
{
    RequestChoices chosen;
    for (size_t j = 0; j < queue.jobs.size(); j++)
        if (choice[first + j].option >= 0)
            chosen[queue.record[j]] = (*queue.options[j])[choice[first + j].option].request;
    return chosen;
}

CyclePlan allocator_cycle(const ClusterSnapshot &snapshot, const CycleConfig &config, const GpuTypeRanker &ranker,
                          const AllocConfig &alloc, std::optional<double> plan_above)
{
    PlanningOrder order = planning_order(snapshot, config.max_jobs, config.fairness_bound, ranker);
    RequestChoices chosen = allocator_choices(snapshot, order, ranker, alloc);
    if (plan_above)
        order.records.resize(records_above(order, snapshot, *plan_above));
    CyclePlan plan = schedule_cycle(snapshot, config, ranker, &chosen, &order);
    GpusByNodeSet gpus_on(snapshot.nodes);
    for (auto &d : plan.decisions)
        if (d.verdict == Verdict::Start && d.chosen_request)
            describe_start(d, snapshot.queue[d.queue_index], *d.chosen_request, gpus_on, ranker);
    return plan;
}

}  // namespace accord::core
