// A job's SystemComment, where Accord tells users and admins what it did
// with the job (`scontrol show job`). Written only when the text changes:
// every change marks the job state to be saved again.
#pragma once

#include <string>

#include "slurm/slurm_headers.h"

namespace accord::slurm {

// Caller holds the job write lock.
void set_system_comment(job_record_t *job, const std::string &text);

}  // namespace accord::slurm
