// A job whose GPU request Accord rewrote for a run is planned again from
// the request its user submitted once it is requeued (core/rewrite_record.h):
// the rewrite keeps both requests in the job's spank_job_env, which Slurm
// saves with the job in its state, so the record outlives a slurmctld
// restart; a pending job still asking for the chosen request gets the
// submitted one back through update_job(), before it is planned again.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "core/rewrite_record.h"
#include "slurm/slurm_headers.h"

namespace accord::slurm {

// Keeps with the job what a rewrite made of its request. Job write lock.
void keep_rewrite_record(job_record_t *job, const core::RewriteRecord &record);

// What the last rewrite of the job's request kept, if any. Job read lock.
std::optional<core::RewriteRecord> rewrite_record(const job_record_t *job);

// Whether the job, pending and done with any earlier run, is to get its
// submitted request back before it is planned. Job read lock.
bool submitted_request_due(const job_record_t *job);

// Gives each of these jobs that is still due its submitted request back,
// as its user could (update_job() with the owner's uid), and says so in the
// log and its SystemComment. On a refusal the record is dropped, so it is
// not tried again: the job is then planned with the request it has, as
// before Accord kept records. Apply locks.
void restore_submitted_requests(const std::vector<uint32_t> &job_ids);

}  // namespace accord::slurm
