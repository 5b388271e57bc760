// How fast an emulated training job runs on what Slurm gave it, from the
// same measured throughput table accord-sim reads (sim::JobSpeed), and how
// jobs sharing its GPUs slow it down. Rules (docs/live-comparison.md):
//  - GPUs of one type: the measured steps/s of the job type at the job's
//    GPU count on that type, spread when the GPUs are on several nodes;
//  - GPUs of several types (a typeless request Slurm spread over mixed
//    nodes): the slowest type's rate, since synchronous data-parallel
//    training steps at the pace of its slowest worker (an interpretation);
//  - another job on exactly the same GPUs, a pair the table measured
//    (Gavel's co-location pairs): the measured co-located rate;
//  - other jobs on some of its GPUs, not measured: its rate divided by the
//    number of jobs time-slicing the busiest shared GPU (an interpretation);
//  - jobs on other GPUs of the same node: no slowdown (nothing measured).
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "emulator/job_allocation.h"
#include "sim/job_speed.h"

namespace accord::emu {

struct Neighbour {
    std::string job_type;  // the neighbour's job name: its job type if it is an emulated job
    JobAllocation allocation;
};

struct StepRate {
    double steps_per_second = 0;  // in the table's time (one emulated second)
    std::string why;              // e.g. "v100 x4 on 1 node, alone"
};

// Throws std::runtime_error when the job holds no GPUs or the table has no
// speed for its job type on one of its GPU types.
StepRate step_rate(const sim::JobSpeed &speed, const std::string &job_type, const JobAllocation &mine,
                   const std::vector<Neighbour> &neighbours);

}  // namespace accord::emu
