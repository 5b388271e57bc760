// Slurm's accounting limits that depend on what a job is given (TRES such
// as GPUs: GrpTRES, MaxTRESPerUser...), which Slurm checks only when it
// starts the job (acct_policy_job_runnable_post_select()).
#pragma once

#include "slurm/slurm_headers.h"

namespace accord::slurm {

// Whether such a limit holds the job back as submitted; Slurm then sets
// the job's reason (AssocGrpGRES, say). What the job is given can only add
// to its request (more CPUs, a GPU type named), so such a job is refused
// whatever Accord plans for it, unless a count range lets it ask fewer
// GPUs. Needs slurmctld's job lock; takes the association manager's.
bool over_limit_as_submitted(job_record_t *job);

}  // namespace accord::slurm
