// The pooled model of a trace on a cluster, the problem the exact optimum
// (exact_optimum.h) solves: each GPU type is one pool of all its GPUs, and
// each job has a list of configurations (GPU type, GPU count, run time).
// A configuration's speed is the better of the job's one-node speed (when
// the count fits the type's largest node) and its spread speed (when the
// type has more than one node): whatever the placement on real nodes, the
// pooled run time is never longer.
#pragma once

#include <string>
#include <vector>

#include "core/snapshot.h"
#include "sim/gavel_trace.h"
#include "sim/job_speed.h"

namespace accord::sim {

struct PoolType {
    std::string name;
    int gpus = 0;  // all GPUs of the type in the cluster
};

struct JobConfig {
    int type = 0;  // index into PooledInstance::types
    int gpus = 0;
    double duration_s = 0;
    int nodes = 1;  // 1 on one node; the fewest nodes it spreads over otherwise
    double area() const { return gpus * duration_s; }  // GPU-seconds
};

struct PooledJob {
    double arrival_s = 0;
    // Shortest first. A configuration another one of the same type beats
    // in both GPU count and run time is left out: it can only do worse.
    std::vector<JobConfig> configs;
};

struct PooledInstance {
    std::vector<PoolType> types;  // sorted by name
    std::vector<PooledJob> jobs;  // in trace order
};

// A fixed job gets exactly scale_factor GPUs; an elastic one (min_gpus > 0)
// any count in [min_gpus, max_gpus]. Throws InputError naming the trace line
// of a job with an empty count range or that no configuration can run.
PooledInstance pooled_instance(const std::vector<TraceJob> &trace, const JobSpeed &speed,
                               const std::vector<core::Node> &nodes);

}  // namespace accord::sim
