#include "slurm/service_record.h"

#include <algorithm>
#include <optional>
#include <string>

#include "core/service_record.h"
#include "slurm/job_env_entry.h"

namespace accord::slurm {

namespace {

constexpr char kServiceVar[] = "SCHED_ACCORD_SERVICE";

// Seconds the job has run in this run, its suspensions left out, as Slurm
// counts them (slurmctld/agent.c, the run time it mails).
int64_t run_seconds(const job_record_t *job, time_t now)
{
    if (!job->start_time)
        return 0;
    if (IS_JOB_SUSPENDED(job))
        return job->pre_sus_time;
    if (job->suspend_time)
        return job->pre_sus_time + std::max<int64_t>(now - job->suspend_time, 0);
    return std::max<int64_t>(now - job->start_time, 0);
}

}  // namespace

int64_t earlier_service(const job_record_t *job)
{
    std::optional<std::string> text = entry_value(job, kServiceVar);
    if (!text)
        return 0;
    std::string error;
    std::optional<int64_t> gpu_s = core::decode_service(*text, error);
    if (!gpu_s)
        debug("sched/accord: %pJ: %s not read: %s", job, kServiceVar, error.c_str());
    return gpu_s.value_or(0);
}

int64_t attained_service(const job_record_t *job, int gpus, time_t now)
{
    int64_t run = static_cast<int64_t>(std::max(gpus, 0)) * run_seconds(job, now);
    return std::min(earlier_service(job) + run, core::kMaxServiceGpuS);
}

void keep_service(job_record_t *job, int64_t gpu_s) { set_entry(job, kServiceVar, core::encode_service(gpu_s)); }

}  // namespace accord::slurm
