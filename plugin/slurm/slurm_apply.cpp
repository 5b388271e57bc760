#include "slurm/slurm_apply.h"

#include <algorithm>
#include <string>
#include <vector>

#include "slurm/accounting_limits.h"
#include "slurm/deferred_starts.h"
#include "slurm/gpu_topology_note.h"
#include "slurm/shard_gpu_note.h"
#include "slurm/slurm_gpus.h"
#include "slurm/rewrite_restore.h"
#include "slurm/slurm_gres_rewrite.h"
#include "slurm/slurm_headers.h"
#include "slurm/system_comment.h"

namespace accord::slurm {

namespace {

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

// The record select_nodes() split off for an array's still pending tasks
// when it started one of them, or null.
job_record_t *pending_rest(job_record_t *started, bool was_array_meta)
{
    if (!was_array_meta)
        return nullptr;
    job_record_t *meta = find_job_record(started->array_job_id);
    return meta && meta != started && meta->array_recs && meta->details ? meta : nullptr;
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
    if (job_record_t *meta = pending_rest(job, array_meta)) {
        FREE_NULL_BITMAP(meta->details->exc_node_bitmap);
        meta->details->exc_node_bitmap = user_excluded ? bit_copy(user_excluded) : nullptr;
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

// `snap` gives the nodes' GPU topologies, which the comment and the log
// line say the job's GPUs are in; the log line also says which GPU a
// shard job shares and why (the comment has it from explain()).
void started(job_record_t *job, const core::Decision &d, const std::string &comment, const SlurmSnapshot &snap,
             ApplyResult &result)
{
    std::string note = gpu_topology_note(job, snap) + shard_gpu_note(job, d, snap);
    set_system_comment(job, comment + note);
    sched_info("sched/accord: started %pJ in %s on %s%s%s", job, job->part_ptr->name, job->nodes,
               core::sharing_text(d, snap.cluster).c_str(), note.c_str());
    launch(job);
    result.started++;
    for (auto &view : shard_start_views(d, snap.cluster))
        result.shard_starts.push_back(std::move(view));
}

// The snapshot leaves out jobs over a limit as submitted, so a limit that
// refuses one now (Slurm sets its Reason) was reached by jobs started
// since, most often this cycle's own: it waits, as sched/backfill lets it.
// A job with a count range is kept over its limit: a refused plan.
bool limit_reached_meanwhile(int rc, const core::Decision &d, const SlurmSnapshot &snap)
{
    return rc == ESLURM_ACCOUNTING_POLICY && snap.cluster.queue.at(d.queue_index).gpu_count_max == 0;
}

bool refused(job_record_t *job, const core::Decision &d, const SlurmSnapshot &snap, int rc, const std::string &note,
             ApplyResult &result)
{
    if (limit_reached_meanwhile(rc, d, snap)) {
        set_system_comment(job,
                           "accord: waits: a limit Slurm checks at the start was reached by jobs started meanwhile");
        return false;
    }
    result.refused++;
    set_system_comment(job, "accord: planned start on " + std::to_string(d.placement.size()) +
                                " node(s) refused by Slurm: " + slurm_strerror(rc) + note);
    verbose("sched/accord: %pJ: planned start refused: %s%s", job, slurm_strerror(rc), note.c_str());
    return false;
}

bool start_as_planned(job_record_t *job, const core::Decision &d, const SlurmSnapshot &snap, ApplyResult &result)
{
    int rc = start_on_nodes(job, d, snap);
    if (rc != SLURM_SUCCESS)
        return refused(job, d, snap, rc, "", result);
    started(job, d, core::explain(d, snap.cluster), snap, result);
    return true;
}

// Slurm refused the rewritten request (`rc`), which is undone: the job is
// started as submitted on the same nodes, as Slurm would have placed it.
// Only a refusal that the request as submitted passes is the rewrite's
// doing, and that is logged as an error once (the job then runs).
bool start_as_submitted(job_record_t *job, const core::Decision &d, const SlurmSnapshot &snap,
                        const GpuRewrite &rewrite, int rc, ApplyResult &result)
{
    std::string why = "Slurm refused " + rewrite.rewritten() + ": " + slurm_strerror(rc);
    int rc_submitted = start_on_nodes(job, d, snap);
    if (rc_submitted != SLURM_SUCCESS)
        return refused(job, d, snap, rc_submitted, " (as submitted, " + rewrite.requested() + "; before that " + why + ")",
                       result);
    if (rc == ESLURM_JOB_SETTING_DB_INX)
        verbose("sched/accord: %pJ: %s; started as submitted", job, why.c_str());
    else
        error("sched/accord: %pJ: Slurm refused its GPU request rewritten from %s to %s: %s; started as submitted",
              job, rewrite.requested().c_str(), rewrite.rewritten().c_str(), slurm_strerror(rc));
    started(job, d,
            "accord: started on " + std::string(job->nodes) + " as submitted (" + rewrite.requested() + "); " + why +
                core::hints_text(snap.cluster.queue.at(d.queue_index)),
            snap, result);
    return true;
}

std::string rewritten_comment(job_record_t *job, const core::Decision &d, const core::PendingJob &pending,
                              const GpuRewrite &rewrite)
{
    return "accord: started on " + std::string(job->nodes) + "; requested " + rewrite.requested() + " -> chose " +
           rewrite.rewritten() + " (" + d.type_rule + "); " + core::describe(*d.prediction) +
           core::hints_text(pending);
}

// The counts to rewrite the request to, when the allocator changed them.
std::optional<core::GpuRequest> new_counts(const core::Decision &d, const core::PendingJob &job)
{
    const auto &chosen = d.chosen_request;
    if (!chosen || (chosen->per_job == job.gpus.per_job && chosen->per_node == job.gpus.per_node))
        return std::nullopt;
    return chosen;
}

// Starts a job whose GPU request is rewritten to the chosen type (and the
// count the allocator chose) first (docs/design.md, "Rewriting the GPU
// request").
bool start_rewritten(job_record_t *job, const core::Decision &d, const SlurmSnapshot &snap, ApplyResult &result)
{
    // A rewrite only adds typed counts: a job over a limit as submitted
    // (one with a count range, which the snapshot keeps) is tried as
    // submitted, as Slurm tries it, without a rewrite and its two
    // accounting messages every cycle.
    if (over_limit_as_submitted(job))
        return start_as_planned(job, d, snap, result);
    bool array_meta = job->array_recs != nullptr;
    GpuRewrite rewrite(job, d.gpu_type == kUntypedGpu ? "" : d.gpu_type,
                       new_counts(d, snap.cluster.queue.at(d.queue_index)));
    if (!rewrite.tried())
        return start_as_planned(job, d, snap, result);
    int rc = rewrite.result();
    if (rc == SLURM_SUCCESS) {
        rc = start_on_nodes(job, d, snap);
        if (rc == SLURM_SUCCESS) {
            rewrite.commit(pending_rest(job, array_meta));
            keep_rewrite_record(job, {rewrite.before(), rewrite.after()});
            started(job, d, rewritten_comment(job, d, snap.cluster.queue.at(d.queue_index), rewrite), snap,
                    result);
            return true;
        }
        rewrite.undo();
    }
    return start_as_submitted(job, d, snap, rewrite, rc, result);
}

// GPUs configured without a type cannot be named in a request; their count
// can be changed.
bool rewrites(const core::Decision &d, const core::PendingJob &job)
{
    return d.rewrite_gpus && d.prediction && (d.gpu_type != kUntypedGpu || new_counts(d, job));
}

// The snapshot plans no start on a node that defers starts, but this
// cycle's requeues (accord_policy=preempt) and jobs that ended since the
// snapshot make more of them: a start planned there waits for the next
// cycle rather than being refused.
bool placed_where_starts_wait(const core::Decision &d, const SlurmSnapshot &snap)
{
    return std::any_of(d.placement.begin(), d.placement.end(),
                       [&](const auto &use) { return node_defers_starts(snap.slurm_index.at(use.node)); });
}

bool start(const core::Decision &d, const QueueRef &ref, const SlurmSnapshot &snap, ApplyResult &result)
{
    job_record_t *job = find_pending(ref);
    part_record_t *part = find_part_record(const_cast<char *>(ref.partition.c_str()));
    if (!job || !part)
        return false;
    if (placed_where_starts_wait(d, snap)) {
        set_reason(job, WAIT_RESOURCES);
        set_system_comment(job, "accord: starts next cycle: a job on its node(s) is completing");
        return false;
    }
    job->part_ptr = part;
    if (rewrites(d, snap.cluster.queue.at(d.queue_index)))
        return start_rewritten(job, d, snap, result);
    return start_as_planned(job, d, snap, result);
}

void annotate_waiting(const core::Decision &d, const QueueRef &ref, const SlurmSnapshot &snap)
{
    job_record_t *job = find_pending(ref);
    if (!job)
        return;
    set_reason(job, d.reason == core::WaitReason::Priority ? WAIT_PRIORITY : WAIT_RESOURCES);
    if (d.verdict == core::Verdict::Reserve)
        job->start_time = static_cast<time_t>(d.start_time);
    set_system_comment(job, core::explain(d, snap.cluster));
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
