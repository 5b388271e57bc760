// The lower bound on job completion time that every policy is measured
// against: each job alone on the fastest configuration the cluster offers
// it (any GPU type, on one node or spread), started the moment it arrives.
#pragma once

#include <vector>

#include "core/snapshot.h"
#include "sim/gavel_trace.h"
#include "sim/job_speed.h"
#include "sim/simulator.h"

namespace accord::sim {

// A SimResult in which every job starts at its arrival and runs at its
// fastest speed on the cluster. Throws InputError for a job no
// configuration can run.
SimResult isolated_fastest(const std::vector<TraceJob> &trace, const JobSpeed &speed,
                           const std::vector<core::Node> &nodes);

}  // namespace accord::sim
