// One scheduling cycle as the admin configured it (SchedulerParameters):
// the pipeline accord_policy names, with the cycle's limits. The one entry
// the Slurm agent calls; `cadence`, kept by the caller across cycles, says
// which cycles of accord_policy=preempt consider requeues.
#pragma once

#include "core/allocator.h"
#include "core/gpu_type_ranker.h"
#include "core/preempt_cadence.h"
#include "core/schedule_cycle.h"
#include "core/scheduler_params.h"
#include "core/snapshot.h"

namespace accord::core {

// The allocator's settings the admin's parameters give (its service queues).
AllocConfig alloc_config(const SchedulerParams &params);

CyclePlan plan_cycle(const ClusterSnapshot &snapshot, const SchedulerParams &params, const GpuTypeRanker &ranker,
                     PreemptCadence &cadence);

}  // namespace accord::core
