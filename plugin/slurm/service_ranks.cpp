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
std::tuple<int, int64_t, int> service_key(const QueueEntry &entry, const core::AllocConfig &config)
{
    const job_queue_rec_t *rec = entry.rec;
    if (!rec->job_ptr)
        return {1, 0, 0};
    bool reserved = rec->job_ptr->resv_id != 0 || rec->resv_ptr;
    int64_t tier = rec->part_ptr ? rec->part_ptr->priority_tier : 0;
    return {reserved ? 0 : 1, -tier, core::service_queue(static_cast<double>(entry.earlier_service), config)};
}

}  // namespace

std::vector<QueueEntry> order_queue_by_service(const std::vector<job_queue_rec_t *> &queue,
                                               const core::AllocConfig &config)
{
    std::vector<std::pair<std::tuple<int, int64_t, int>, QueueEntry>> keyed;
    keyed.reserve(queue.size());
    for (auto *rec : queue) {
        QueueEntry entry{rec, rec->job_ptr ? earlier_service(rec->job_ptr) : 0};
        keyed.emplace_back(service_key(entry, config), entry);
    }
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<QueueEntry> ordered;
    ordered.reserve(keyed.size());
    for (const auto &[key, entry] : keyed)
        ordered.push_back(entry);
    return ordered;
}

void rank_running_by_service(core::ClusterSnapshot &cluster, time_t now, const core::AllocConfig &config,
                             core::ServiceLedger &ledger)
{
    for (auto &run : cluster.running) {
        const job_record_t *job = find_job_record(run.job_id);
        if (!job)
            continue;
        int64_t service = attained_service(job, run.total_gpus(), now);
        ledger.see_running(run.job_id, job->restart_cnt, service);
        run.priority = core::service_priority(static_cast<double>(service), run.priority, config);
    }
}

bool requeued_by_slurm(const job_record_t *job, int64_t earlier_service, core::ServiceLedger &ledger,
                       std::vector<std::pair<uint32_t, int64_t>> &requeued)
{
    // A job in several partitions has a record in each.
    if (std::any_of(requeued.begin(), requeued.end(), [&](const auto &r) { return r.first == job->job_id; }))
        return true;
    auto service = ledger.take_requeued(job->job_id, job->restart_cnt, earlier_service);
    if (service)
        requeued.emplace_back(job->job_id, *service);
    return service.has_value();
}

void end_ledger_cycle(core::ServiceLedger &ledger)
{
    ledger.end_cycle([](uint32_t id) {
        const job_record_t *job = find_job_record(id);
        return job && !IS_JOB_FINISHED(job);
    });
}

void keep_requeued_services(const std::vector<std::pair<uint32_t, int64_t>> &services,
                            const core::AllocConfig &config)
{
    for (const auto &[id, service] : services) {
        job_record_t *job = find_job_record(id);
        if (!job || !IS_JOB_PENDING(job))
            continue;
        keep_service(job, service);
        info("sched/accord: %pJ pending again, requeued by Slurm: keeps its service, %s", job,
             core::explain_service(service, config).c_str());
    }
}

}  // namespace accord::slurm
