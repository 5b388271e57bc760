// What a started job's GPUs are, by the node topologies of accord_topology
// (docs/admin-guide.md), for its SystemComment and the start log line.
// It reads the GPUs Slurm actually gave (cons_tres chooses them inside a
// node), so it also shows when they are not the close ones Accord counted
// on (gres.conf Links not matching the topology).
#pragma once

#include <string>

#include "slurm/slurm_headers.h"
#include "slurm/slurm_snapshot.h"

namespace accord::slurm {

// "; GPU topology: a100-2 GPUs 2,3: same PCIe switch", an item per node
// with a topology on which the job holds two GPUs or more; "" when none.
std::string gpu_topology_note(job_record_t *job, const SlurmSnapshot &snap);

}  // namespace accord::slurm
