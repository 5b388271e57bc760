#include "core/queue_alloc_jobs.h"

#include <functional>
#include <optional>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>

#include "core/allowed_node_masks.h"

namespace accord::core {

namespace {

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
    a.options.reserve(options.size());
    for (const auto &o : options)
        a.options.push_back(JobOption{o.request.type, o.gpus, o.rate, may_spread ? o.rate : 0});
    return a;
}

// What request_options() reads of a job, its allowed nodes by number
// (core/queue_views.h), and what it copies into each option's request (the
// CPUs and memory per GPU, the other GPU types named). A queue holds many
// jobs of one shape, so their options are computed once per cycle. The
// rankers rate a job by its model family alone (gpu_type_ranker.h). The
// fields are hashed and compared in place, not copied: every record of
// every cycle looks its shape up.
using OptionsKey = std::pair<size_t, const PendingJob *>;  // node list number, job

auto options_fields(const OptionsKey &k)
{
    const PendingJob &j = *k.second;
    return std::tie(k.first, j.gpus.per_node, j.gpus.per_job, j.gpus.cpus_per_gpu, j.gpus.mem_per_gpu_mb, j.min_nodes,
                    j.max_nodes, j.gpu_count_min, j.gpu_count_max, j.gpus.type, j.family, j.accepted_types,
                    j.gpus.more_types);
}

struct SameOptions {
    bool operator()(const OptionsKey &a, const OptionsKey &b) const { return options_fields(a) == options_fields(b); }
};

struct OptionsHash {
    size_t operator()(const OptionsKey &k) const
    {
        const PendingJob &j = *k.second;
        size_t h = k.first;
        for (int n : {j.gpus.per_node, j.gpus.per_job, j.gpus.cpus_per_gpu, j.min_nodes, j.max_nodes, j.gpu_count_min,
                      j.gpu_count_max})
            h = h * 31 + static_cast<size_t>(n);
        h = h * 31 + static_cast<size_t>(j.gpus.mem_per_gpu_mb);
        std::hash<std::string> of;
        h = h * 31 + of(j.gpus.type);
        h = h * 31 + of(j.family);
        for (const auto &type : j.accepted_types)
            h = h * 31 + of(type);
        for (const auto &part : j.gpus.more_types)
            h = h * 31 + of(part.type);
        return h;
    }
};

}  // namespace

// Array records with several tasks ready and a job's second and later
// records (one per partition) keep their request: one choice would be
// given to many starts.
QueueAllocJobs queue_alloc_jobs(const ClusterSnapshot &s, const PlanningOrder &order, const GpuTypeRanker &ranker,
                                QueueViews &views)
{
    QueueAllocJobs out;
    std::unordered_map<OptionsKey, std::shared_ptr<const std::vector<RequestOption>>, OptionsHash, SameOptions> known;
    std::vector<bool> seen(views.jobs().size(), false);  // by job number
    AllowedNodeMasks masks(s.nodes.size());
    out.jobs.reserve(order.records.size());
    out.record.reserve(order.records.size());
    out.options.reserve(order.records.size());
    for (size_t i : order.records) {
        const PendingJob &job = s.queue[i];
        size_t number = views.jobs().of(i);
        bool first = !seen[number];
        seen[number] = true;
        if (!first || job.array_tasks != 1)
            continue;
        size_t node_set = views.shapes().node_set(i);
        OptionsKey key{node_set, &job};
        auto it = known.find(key);
        if (it == known.end())
            it = known.emplace(key, std::make_shared<const std::vector<RequestOption>>(
                                        request_options(job, views.gpus_of(i), ranker))).first;
        auto a = alloc_job(job, *it->second);
        if (!a)
            continue;
        a->allowed = masks.of(job);
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

}  // namespace accord::core
