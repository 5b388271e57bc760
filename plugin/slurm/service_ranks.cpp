#include "slurm/service_ranks.h"

#include <algorithm>
#include <cstdint>
#include <tuple>

#include "core/service_order.h"
#include "slurm/service_record.h"

namespace accord::slurm {

namespace {

// Slurm's queue sort (sort_job_queue2) puts jobs with a reservation first,
// then higher partition tiers; service queues reorder only within those.
std::tuple<int, int64_t, int> service_key(const job_queue_rec_t *rec, const core::AllocConfig &config)
{
    const job_record_t *job = rec->job_ptr;
    bool reserved = job->resv_id != 0 || rec->resv_ptr;
    int64_t tier = rec->part_ptr ? rec->part_ptr->priority_tier : 0;
    return {reserved ? 0 : 1, -tier, core::service_queue(static_cast<double>(earlier_service(job)), config)};
}

}  // namespace

void order_queue_by_service(std::vector<job_queue_rec_t *> &queue, const core::AllocConfig &config)
{
    std::vector<std::pair<std::tuple<int, int64_t, int>, job_queue_rec_t *>> keyed;
    keyed.reserve(queue.size());
    for (auto *rec : queue)
        keyed.emplace_back(rec->job_ptr ? service_key(rec, config) : std::make_tuple(1, INT64_C(0), 0), rec);
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    for (size_t i = 0; i < queue.size(); i++)
        queue[i] = keyed[i].second;
}

double pending_service_priority(const job_record_t *job, double slurm_priority, const core::AllocConfig &config)
{
    return core::service_priority(static_cast<double>(earlier_service(job)), slurm_priority, config);
}

void rank_running_by_service(core::ClusterSnapshot &cluster, time_t now, const core::AllocConfig &config)
{
    for (auto &run : cluster.running) {
        const job_record_t *job = find_job_record(run.job_id);
        if (job)
            run.priority = core::service_priority(
                static_cast<double>(attained_service(job, run.total_gpus(), now)), run.priority, config);
    }
}

}  // namespace accord::slurm
