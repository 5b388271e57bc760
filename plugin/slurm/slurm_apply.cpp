#include "slurm/slurm_apply.h"

#include <string>

#include "slurm/slurm_headers.h"

namespace accord::slurm {

namespace {

void set_comment(job_record_t *job, const std::string &text)
{
    if (job->system_comment && text == job->system_comment)
        return;
    xfree(job->system_comment);
    job->system_comment = xstrdup(text.c_str());
    last_job_update = time(nullptr);
}

// Only reasons that mean "waiting to be scheduled" are ours to replace;
// dependency, limit or hold reasons stay as Slurm set them.
void set_reason(job_record_t *job, uint32_t reason)
{
    uint32_t now = job->state_reason;
    if (now != WAIT_NO_REASON && now != WAIT_RESOURCES && now != WAIT_PRIORITY)
        return;
    if (now != reason) {
        job->state_reason = reason;
        xfree(job->state_desc);
        last_job_update = time(nullptr);
    }
}

bitstr_t *excluded_nodes(const core::Decision &d, const SlurmSnapshot &snap)
{
    bitstr_t *exclude = bit_alloc(node_record_count);
    for (const auto &use : d.placement)
        bit_set(exclude, snap.slurm_index.at(use.node));
    bit_not(exclude);
    return exclude;
}

// As sched/backfill starts a job: exclude every node but the chosen ones
// for the duration of select_nodes(), then restore the user's exclusions.
int start_on_nodes(job_record_t *job, const core::Decision &d, const SlurmSnapshot &snap)
{
    struct job_details *details = job->details;
    bitstr_t *user_excluded = details->exc_node_bitmap;
    details->exc_node_bitmap = excluded_nodes(d, snap);
    if (user_excluded)
        bit_or(details->exc_node_bitmap, user_excluded);
    bool array_meta = job->array_recs != nullptr;
    int rc = select_nodes(job, false, nullptr, nullptr, false, SLURMDB_JOB_FLAG_SCHED);
    if (array_meta) {
        // The pending rest of the array was split off into a new meta record.
        job_record_t *meta = find_job_record(job->array_job_id);
        if (meta && meta != job && meta->array_recs && meta->details) {
            FREE_NULL_BITMAP(meta->details->exc_node_bitmap);
            meta->details->exc_node_bitmap = user_excluded ? bit_copy(user_excluded) : nullptr;
        }
    }
    if (job->details) {
        FREE_NULL_BITMAP(job->details->exc_node_bitmap);
        job->details->exc_node_bitmap = user_excluded;
    } else {
        FREE_NULL_BITMAP(user_excluded);
    }
    return rc;
}

void launch(job_record_t *job)
{
    last_job_update = time(nullptr);
    if (job->batch_flag == 0)
        srun_allocate(job);
    else if (!IS_JOB_CONFIGURING(job))
        launch_job(job);
}

job_record_t *find_pending(const QueueRef &ref)
{
    job_record_t *job = find_job_record(ref.job_id);
    if (!job || !IS_JOB_PENDING(job) || job->priority == 0 || !job->details)
        return nullptr;
    if (ref.array_meta && !job->array_recs)
        return nullptr;  // every task has started meanwhile
    return job;
}

bool start(const core::Decision &d, const QueueRef &ref, const SlurmSnapshot &snap, ApplyResult &result)
{
    job_record_t *job = find_pending(ref);
    part_record_t *part = find_part_record(const_cast<char *>(ref.partition.c_str()));
    if (!job || !part)
        return false;
    job->part_ptr = part;
    int rc = start_on_nodes(job, d, snap);
    if (rc != SLURM_SUCCESS) {
        result.refused++;
        set_comment(job, "accord: planned start on " + std::to_string(d.placement.size()) +
                             " node(s) refused by Slurm: " + slurm_strerror(rc));
        verbose("sched/accord: %pJ: planned start refused: %s", job, slurm_strerror(rc));
        return false;
    }
    set_comment(job, core::explain(d, snap.cluster));
    sched_info("sched/accord: started %pJ in %s on %s", job, part->name, job->nodes);
    launch(job);
    result.started++;
    return true;
}

void annotate_waiting(const core::Decision &d, const QueueRef &ref, const SlurmSnapshot &snap)
{
    job_record_t *job = find_pending(ref);
    if (!job)
        return;
    set_reason(job, d.reason == core::WaitReason::Priority ? WAIT_PRIORITY : WAIT_RESOURCES);
    if (d.verdict == core::Verdict::Reserve)
        job->start_time = static_cast<time_t>(d.start_time);
    set_comment(job, core::explain(d, snap.cluster));
}

}  // namespace

size_t apply_decisions(const core::CyclePlan &plan, const SlurmSnapshot &snap, size_t next,
                       std::chrono::steady_clock::time_point deadline, ApplyResult &result)
{
    do {
        const core::Decision &d = plan.decisions[next];
        const QueueRef &ref = snap.refs.at(d.queue_index);
        if (d.verdict == core::Verdict::Start)
            start(d, ref, snap, result);
        else
            annotate_waiting(d, ref, snap);
        next++;
    } while (next < plan.decisions.size() && std::chrono::steady_clock::now() < deadline);
    return next;
}

}  // namespace accord::slurm
