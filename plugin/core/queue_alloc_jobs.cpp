#include "core/queue_alloc_jobs.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>

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

}  // namespace

// Array records with several tasks ready and a job's second and later
// records (one per partition) keep their request: one choice would be
// given to many starts.
QueueAllocJobs queue_alloc_jobs(const ClusterSnapshot &s, const PlanningOrder &order, const GpuTypeRanker &ranker,
                                GpusByNodeSet &gpus_on)
{
    QueueAllocJobs out;
    std::map<OptionsKey, std::shared_ptr<const std::vector<RequestOption>>> known;
    std::set<uint32_t> seen;
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

}  // namespace accord::core
