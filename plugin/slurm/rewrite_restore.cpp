#include "slurm/rewrite_restore.h"

#include <optional>
#include <string>

#include "slurm/job_env_entry.h"
#include "slurm/slurm_gres_rewrite.h"
#include "slurm/system_comment.h"

namespace accord::slurm {

namespace {

// Not ACCORD_: those are users' hints, and an unknown one is noted on the job.
constexpr char kSubmittedVar[] = "SCHED_ACCORD_SUBMITTED_GPUS";
constexpr char kChosenVar[] = "SCHED_ACCORD_CHOSEN_GPUS";

std::optional<core::GpuRequestForms> forms_in(const job_record_t *job, const char *name)
{
    std::optional<std::string> text = entry_value(job, name);
    if (!text)
        return std::nullopt;
    std::string error;
    auto forms = core::decode_forms(*text, error);
    if (!forms)
        debug("sched/accord: %pJ: %s not read: %s", job, name, error.c_str());
    return forms;
}

void remove_record(job_record_t *job)
{
    remove_entry(job, kSubmittedVar);
    remove_entry(job, kChosenVar);
}

void restore_submitted_request(job_record_t *job)
{
    auto record = rewrite_record(job);
    if (!record)
        return;
    GpuRewrite back(job, record->submitted, job->user_id);
    if (!back.tried())
        return;
    if (back.result() != SLURM_SUCCESS) {
        error("sched/accord: %pJ: Slurm refused its GPU request back to %s as submitted: %s; it is planned with %s",
              job, back.rewritten().c_str(), slurm_strerror(back.result()), back.requested().c_str());
        remove_record(job);
        return;
    }
    back.commit(nullptr);
    std::string what = "GPU request back to " + back.rewritten() + " as submitted (its last run had " +
                       back.requested() + ")";
    info("sched/accord: %pJ pending again: %s", job, what.c_str());
    set_system_comment(job, "accord: " + what);
}

}  // namespace

std::optional<core::RewriteRecord> rewrite_record(const job_record_t *job)
{
    auto submitted = forms_in(job, kSubmittedVar);
    auto chosen = forms_in(job, kChosenVar);
    if (!submitted || !chosen)
        return std::nullopt;
    return core::RewriteRecord{*submitted, *chosen};
}


void keep_rewrite_record(job_record_t *job, const core::RewriteRecord &record)
{
    set_entry(job, kSubmittedVar, core::encode_forms(record.submitted));
    set_entry(job, kChosenVar, core::encode_forms(record.chosen));
}

bool submitted_request_due(const job_record_t *job)
{
    if (!IS_JOB_PENDING(job) || IS_JOB_COMPLETING(job) || !job->details)
        return false;
    auto record = rewrite_record(job);
    return record && core::back_to_submitted(*record, job_forms(job));
}

void restore_submitted_requests(const std::vector<uint32_t> &job_ids)
{
    for (uint32_t id : job_ids) {
        job_record_t *job = find_job_record(id);
        if (job && submitted_request_due(job))
            restore_submitted_request(job);
    }
}

}  // namespace accord::slurm
