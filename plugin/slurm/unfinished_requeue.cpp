#include "slurm/unfinished_requeue.h"

#include "slurm/slurm_headers.h"

namespace accord::slurm {

namespace {

// batch_requeue_fini() frees node_bitmap; a pending job that was requeued
// (restart_cnt) and still has one never had its requeue finished.
bool requeue_unfinished(const job_record_t *job)
{
    return IS_JOB_PENDING(job) && !IS_JOB_COMPLETING(job) && job->batch_flag && job->restart_cnt > 0 &&
           job->node_bitmap;
}

}  // namespace

std::vector<uint32_t> finish_unfinished_requeues()
{
    std::vector<uint32_t> finished;
    ListIterator it = list_iterator_create(job_list);
    job_record_t *job;
    while ((job = static_cast<job_record_t *>(list_next(it)))) {
        if (!requeue_unfinished(job))
            continue;
        info("sched/accord: %pJ: Slurm left its requeue unfinished (pending with its old allocation on %s, "
             "no longer completing); finishing it so that it cannot start before its nodes took the kill",
             job, job->nodes ? job->nodes : "?");
        batch_requeue_fini(job);
        finished.push_back(job->job_id);
    }
    list_iterator_destroy(it);
    if (!finished.empty())
        last_job_update = time(nullptr);
    return finished;
}

}  // namespace accord::slurm
