// What the simulator's Accord policies know of how each job type scales
// with its GPU count: the measured throughput (JobSpeed's rules) of every
// count a type's GPUs in the cluster allow, over the count times one GPU's,
// on one node where the cluster's largest node of the type holds the count
// and spread over nodes otherwise (the fewest nodes the pipeline places a
// job on). Where the plugin's prior has no per-count figure it is linear
// (docs/design.md, "The allocator in Slurm").
#pragma once

#include <vector>

#include "core/gpu_type_ranker.h"
#include "core/snapshot.h"
#include "sim/throughput_table.h"

namespace accord::sim {

core::FamilySpeedRanker::FamilyScaling measured_scaling(const ThroughputTable &table,
                                                        const std::vector<core::Node> &nodes);

}  // namespace accord::sim
