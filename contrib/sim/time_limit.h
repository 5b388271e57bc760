// What a user asks of Slurm for a trace job that names no GPU type: the
// nodes whose GPU type has a measured speed for it, and a time limit of its
// run time on the slowest configuration it may get (any of those types, on
// one node or spread) times a factor. Shared by the simulator and the live
// comparison (contrib/live-compare), so both submit the same limits.
#pragma once

#include <cstdint>
#include <vector>

#include "core/snapshot.h"
#include "sim/gavel_trace.h"
#include "sim/job_speed.h"

namespace accord::sim {

struct JobLimit {
    std::vector<int> allowed_nodes;  // indices into the cluster's nodes
    int64_t limit_s = 0;             // seconds, rounded up
};

// Throws InputError naming the job when no GPU type of the cluster has a
// measured speed for it.
JobLimit job_limit(const TraceJob &job, const std::vector<core::Node> &nodes, const JobSpeed &speed,
                   double limit_factor);

}  // namespace accord::sim
