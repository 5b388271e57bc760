// Reads a pending job's hints from its slurmctld record: the ACCORD_*
// entries of its SPANK job-control environment, and the GPU limits of its
// QOS and association that bound them. core/job_hints checks and applies
// them. Caller holds the job lock, as for the rest of the snapshot.
#pragma once

#include <string>
#include <vector>

#include "core/snapshot.h"
#include "slurm/slurm_headers.h"

namespace accord::slurm {

// Call once `p` holds the job's request and allowed nodes.
void read_hints(job_record_t *job, const std::vector<core::Node> &nodes, core::PendingJob &p);

// The model family of a running job's --accord-model hint, checked as a
// pending job's is; "" if it has none or an invalid one.
std::string model_family(job_record_t *job);

}  // namespace accord::slurm
