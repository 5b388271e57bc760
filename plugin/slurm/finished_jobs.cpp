#include "slurm/finished_jobs.h"

#include <iterator>

#include "slurm/slurm_config.h"
#include "slurm/slurm_headers.h"

namespace accord::slurm {

void FinishedJobs::reconfigure()
{
    std::string dir = state_save_location();
    std::string path = dir.empty() ? "" : dir + "/" + kFinishedFileName;
    if (store_ && store_->path() == path)
        return;
    history_ = core::FamilyHistory();
    store_.reset();
    if (path.empty()) {
        error("sched/accord: no StateSaveLocation: completed jobs' service is not kept for accord_order=gittins");
        return;
    }
    store_.emplace(path);
    core::FinishedJobLog log = store_->load();
    if (!log.error.empty())
        error("sched/accord: %s", log.error.c_str());
    if (log.skipped)
        error("sched/accord: skipped %zu damaged completed-job lines; first: %s", log.skipped,
              log.first_problem.c_str());
    for (const core::FinishedJob &job : log.jobs)
        history_.add(job.family, static_cast<double>(job.gpu_s));
    info("sched/accord: %zu completed jobs' GPU service found in %s", log.jobs.size(), path.c_str());
}

void FinishedJobs::hold(std::vector<core::FinishedJob> jobs)
{
    held_.insert(held_.end(), std::make_move_iterator(jobs.begin()), std::make_move_iterator(jobs.end()));
}

void FinishedJobs::add_held()
{
    if (held_.empty())
        return;
    std::vector<core::FinishedJob> jobs;
    jobs.swap(held_);
    if (store_) {
        std::string failed = store_->append(jobs);
        if (!failed.empty() && failed != last_failure_)
            error("sched/accord: completed jobs' service not stored: %s", failed.c_str());
        last_failure_ = failed;
    }
    for (const core::FinishedJob &job : jobs) {
        history_.add(job.family, static_cast<double>(job.gpu_s));
        debug("sched/accord: JobId=%u completed having held %lld GPU-s (family '%s')", job.job_id,
              static_cast<long long>(job.gpu_s), job.family.c_str());
    }
}

}  // namespace accord::slurm
