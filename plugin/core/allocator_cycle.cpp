#include "core/allocator_cycle.h"

#include <map>
#include <set>

#include "core/request_options.h"
#include "core/request_types.h"
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

// The request each admitted queue record is pinned to, by queue index.
// Array records with several tasks ready and a job's second and later
// records (one per partition) keep their request: one choice would be
// given to many starts.
std::map<size_t, GpuRequest> allocator_choices(const ClusterSnapshot &s, const CycleConfig &config,
                                               const GpuTypeRanker &ranker, const AllocConfig &alloc)
{
    std::vector<AllocJob> jobs;
    std::vector<size_t> record;
    std::vector<std::vector<RequestOption>> options;
    std::set<uint32_t> seen;
    size_t count = std::min(config.max_jobs, s.queue.size());
    for (size_t i = 0; i < count; i++) {
        const PendingJob &job = s.queue[i];
        if (!seen.insert(job.job_id).second || job.array_tasks != 1)
            continue;
        auto opts = request_options(job, s.nodes, ranker);
        auto a = alloc_job(job, opts);
        if (!a)
            continue;
        jobs.push_back(std::move(*a));
        record.push_back(i);
        options.push_back(std::move(opts));
    }
    std::vector<AllocChoice> choice = allocate(jobs, free_gpus(s), alloc);
    std::map<size_t, GpuRequest> pinned;
    for (size_t j = 0; j < jobs.size(); j++)
        if (choice[j].option >= 0)
            pinned[record[j]] = options[j][choice[j].option].request;
    return pinned;
}

ClusterSnapshot pinned_snapshot(const ClusterSnapshot &s, const std::map<size_t, GpuRequest> &pinned)
{
    ClusterSnapshot out = s;
    for (const auto &[index, request] : pinned)
        out.queue[index].gpus = request;
    return out;
}

bool same_counts(const GpuRequest &a, const GpuRequest &b)
{
    return a.per_job == b.per_job && a.per_node == b.per_node;
}

// A start on a request the allocator changed: why, what it is predicted to
// gain over the request as submitted, and the request to rewrite to. Every
// option keeps the time limit (request_options), so the rewrite may go.
void describe_start(Decision &d, const PendingJob &job, const GpuRequest &chosen, const ClusterSnapshot &s,
                    const GpuTypeRanker &ranker)
{
    bool count_changed = !same_counts(job.gpus, chosen);
    if (!job.gpus.type.empty() && !count_changed)
        return;
    d.type_rule = kAllocatorRule;
    d.prediction = predict_speedup(job, chosen, baseline_types(job, s.nodes), ranker);
    d.rewrite_gpus = true;
    if (count_changed)
        d.chosen_request = chosen;
}

}  // namespace

CyclePlan allocator_cycle(const ClusterSnapshot &snapshot, const CycleConfig &config, const GpuTypeRanker &ranker,
                          const AllocConfig &alloc)
{
    std::map<size_t, GpuRequest> pinned = allocator_choices(snapshot, config, ranker, alloc);
    CyclePlan plan = schedule_cycle(pinned_snapshot(snapshot, pinned), config, ranker);
    // A pinned job the pipeline does not start (its CPUs, memory, nodes or
    // a reservation stood in the way) is planned again on its own request,
    // so the allocator never leaves a job worse placed than EASY would.
    bool unpinned = false;
    for (const auto &d : plan.decisions)
        if (d.verdict != Verdict::Start && pinned.erase(d.queue_index))
            unpinned = true;
    if (unpinned)
        plan = schedule_cycle(pinned_snapshot(snapshot, pinned), config, ranker);
    for (auto &d : plan.decisions) {
        auto it = pinned.find(d.queue_index);
        if (d.verdict == Verdict::Start && it != pinned.end())
            describe_start(d, snapshot.queue[d.queue_index], it->second, snapshot, ranker);
    }
    return plan;
}

}  // namespace accord::core
