// One scheduling cycle as the admin configured it (SchedulerParameters):
// the pipeline accord_policy names, with the cycle's limits. The one entry
// the Slurm agent calls.
#pragma once

#include "core/gpu_type_ranker.h"
#include "core/schedule_cycle.h"
#include "core/scheduler_params.h"
#include "core/snapshot.h"

namespace accord::core {

CyclePlan plan_cycle(const ClusterSnapshot &snapshot, const SchedulerParams &params, const GpuTypeRanker &ranker);

}  // namespace accord::core
