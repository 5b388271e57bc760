#include "slurm/service_ranks.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <tuple>

#include "slurm/service_record.h"
#include "slurm/slurm_hints.h"

namespace accord::slurm {

namespace {

// Slurm's queue sort (sort_job_queue2) puts jobs with a reservation first,
// then higher partition tiers; classes reorder only within those.
std::tuple<int, int64_t, int> rank_key(const QueueEntry &entry)
{
    const job_queue_rec_t *rec = entry.rec;
    if (!rec->job_ptr)
        return {1, 0, 0};
    bool reserved = rec->job_ptr->resv_id != 0 || rec->resv_ptr;
    int64_t tier = rec->part_ptr ? rec->part_ptr->priority_tier : 0;
    return {reserved ? 0 : 1, -tier, entry.job_class};
}

QueueEntry entry_of(job_queue_rec_t *rec, const core::JobRanking &ranking)
{
    if (!rec->job_ptr)
        return {rec, 0, 0};
    int64_t earlier = earlier_service(rec->job_ptr);
    std::string family = ranking.by_index() ? model_family(rec->job_ptr) : "";
    return {rec, earlier, ranking.job_class(family, static_cast<double>(earlier))};
}

}  // namespace

std::vector<QueueEntry> order_queue_by_rank(const std::vector<job_queue_rec_t *> &queue,
                                            const core::JobRanking &ranking)
{
    std::vector<std::pair<std::tuple<int, int64_t, int>, QueueEntry>> keyed;
    keyed.reserve(queue.size());
    for (auto *rec : queue) {
        QueueEntry entry = entry_of(rec, ranking);
        keyed.emplace_back(rank_key(entry), entry);
    }
    std::stable_sort(keyed.begin(), keyed.end(), [](const auto &a, const auto &b) { return a.first < b.first; });
    std::vector<QueueEntry> ordered;
    ordered.reserve(keyed.size());
    for (const auto &[key, entry] : keyed)
        ordered.push_back(entry);
    return ordered;
}

void rank_running_jobs(core::ClusterSnapshot &cluster, time_t now, const core::JobRanking &ranking,
                       core::ServiceLedger &ledger)
{
    for (auto &run : cluster.running) {
        const job_record_t *job = find_job_record(run.job_id);
        if (!job)
            continue;
        int64_t service = attained_service(job, run.total_gpus(), now);
        // A job Slurm requeued holds its nodes while it completes, already
        // pending with its restart count raised: seen now, it would replace
        // the run it was requeued from, and lose that run's service.
        if (!IS_JOB_PENDING(job))
            ledger.see_running(run.job_id, core::SeenRun{job->restart_cnt, service, run.total_gpus(), run.family});
        run.priority = ranking.priority(run.family, static_cast<double>(service), run.priority);
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

void end_ledger_cycle(core::ServiceLedger &ledger, std::vector<core::FinishedJob> *completed)
{
    ledger.end_cycle([&](uint32_t id, const core::SeenRun &seen) {
        const job_record_t *job = find_job_record(id);
        if (!job)
            return false;
        if (!IS_JOB_FINISHED(job))
            return true;
        if (completed && IS_JOB_COMPLETE(job) && seen.gpus > 0)
            completed->push_back(
                core::FinishedJob{job->end_time, id, seen.family, attained_service(job, seen.gpus, job->end_time)});
        return false;
    });
}

void keep_requeued_services(const std::vector<std::pair<uint32_t, int64_t>> &services,
                            const core::JobRanking &ranking)
{
    for (const auto &[id, service] : services) {
        job_record_t *job = find_job_record(id);
        if (!job || !IS_JOB_PENDING(job))
            continue;
        keep_service(job, service);
        info("sched/accord: %pJ pending again, requeued by Slurm: keeps its service, %s", job,
             ranking.explain(model_family(job), service).c_str());
    }
}

}  // namespace accord::slurm
