// Whether a typeless GPU request that no one GPU type of its allowed nodes
// could ever hold would fit on those nodes' GPUs of several types taken
// together, as Slurm alone would place it (gres:gpu:N takes any type). The
// planner gives a job GPUs of one type (a data-parallel job runs at the pace
// of its slowest GPU), so such a job waits for good; this tells its decision
// why, instead of saying the nodes are too small (docs/design.md, "One GPU
// type per job").
#pragma once

#include <functional>

#include "core/resources.h"
#include "core/snapshot.h"

namespace accord::core {

// `capacity_of(node)`: what the node has when idle. Counts only GPUs of
// types the job accepts, and the CPUs and memory each node would need.
bool fits_only_with_types_mixed(const PendingJob &job, const std::function<const Resources &(int)> &capacity_of);

}  // namespace accord::core
