// What accord-dl-job asks Slurm, through the real scontrol and squeue (on
// the job's own SLURM_CONF): its allocation, and the other running jobs on
// its nodes with theirs.
#pragma once

#include <string>
#include <vector>

#include "emulator/job_allocation.h"
#include "emulator/step_rate.h"

namespace accord::emu {

// Throws std::runtime_error when scontrol fails or its answer is unreadable.
JobAllocation query_job(const std::string &job_id);

// Running jobs other than `mine` on any of its nodes, each named by its job
// name. Throws std::runtime_error when squeue or scontrol fails.
std::vector<Neighbour> query_neighbours(const JobAllocation &mine);

}  // namespace accord::emu
