// Slurm's own view, through libslurm (the calls sinfo and scontrol make):
// GPUs per partition and type now, and where slurmctld keeps its state.
// Call init_slurm_client() first.
#pragma once

#include <map>
#include <string>

#include "slurm/cycle_view.h"

namespace accord::ctl {

using GpusByType = std::map<std::string, slurm::GpuTypeView>;

// Reads slurm.conf for libslurm (slurm_init).
void init_slurm_client();

// Partition name -> GPU type -> counts. A node counts as unavailable when
// it is down, drained, failing, not responding or powered down: not among
// the nodes slurmctld counts available, which Accord plans on.
// Throws std::runtime_error naming the call and Slurm's error.
std::map<std::string, GpusByType> load_partition_gpus();

// StateSaveLocation from slurmctld's configuration.
std::string state_save_location();

}  // namespace accord::ctl
