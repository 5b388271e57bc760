#include "slurm/slurm_requeue.h"

#include <string>

#include "core/decision.h"
#include "core/service_order.h"
#include "slurm/service_record.h"
#include "slurm/slurm_headers.h"
#include "slurm/system_comment.h"

namespace accord::slurm {

namespace {

// The job as the plan saw it: still running the same run.
job_record_t *same_run(const core::Decision &d, const SlurmSnapshot &snap)
{
    job_record_t *job = find_job_record(d.job_id);
    const core::RunningJob &seen = snap.cluster.running.at(d.queue_index);
    if (!job || !IS_JOB_RUNNING(job) || IS_JOB_COMPLETING(job) || job->start_time != seen.start_time)
        return nullptr;
    return job;
}

}  // namespace

size_t RequeuedJobs::apply(const core::CyclePlan &plan, const SlurmSnapshot &snap)
{
    size_t requeued = 0;
    for (const auto &d : plan.requeues) {
        job_record_t *job = same_run(d, snap);
        if (!job)
            continue;  // ended or changed since the snapshot: nothing to requeue
        // Counted before the requeue ends the run (slurm/service_record.h).
        const core::RunningJob &run = snap.cluster.running.at(d.queue_index);
        int64_t service = attained_service(job, run.total_gpus(), time(nullptr));
        // As Slurm's own preemption requeues (preempt.c): as root, preempt=true.
        int rc = job_requeue(0, d.job_id, nullptr, true, 0);
        std::string why = core::explain_requeue(d);
        if (snap.ranking)
            why += "; " + snap.ranking->explain(run.family, service);
        if (rc != SLURM_SUCCESS) {
            verbose("sched/accord: %pJ: planned requeue refused by Slurm: %s", job, slurm_strerror(rc));
            continue;
        }
        keep_service(job, service);
        set_system_comment(job, "accord: " + why);
        info("sched/accord: %pJ %s", job, why.c_str());
        waiting_[d.job_id] = time(nullptr);
        requeued++;
    }
    if (requeued)
        last_job_update = time(nullptr);
    return requeued;
}

void RequeuedJobs::release(time_t now)
{
    for (auto it = waiting_.begin(); it != waiting_.end();) {
        job_record_t *job = find_job_record(it->first);
        if (job && IS_JOB_PENDING(job) && IS_JOB_COMPLETING(job)) {
            ++it;  // its nodes are not done with it: the fini is still to come
            continue;
        }
        // Pending and no longer completing: the fini has run.
        if (job && IS_JOB_PENDING(job) && job->details && job->details->begin_time > now + kRequeueRestartDelay) {
            job->details->begin_time = now + kRequeueRestartDelay;
            last_job_update = now;
            debug("sched/accord: %pJ, requeued %lds ago, may start again in %lds", job,
                  static_cast<long>(now - it->second), static_cast<long>(kRequeueRestartDelay));
        }
        it = waiting_.erase(it);
    }
}

void RequeuedJobs::keep_held(const std::vector<uint32_t> &job_ids)
{
    for (uint32_t id : job_ids)
        waiting_.erase(id);
}

}  // namespace accord::slurm
