#include "core/plan_cycle.h"

#include "core/allocator_cycle.h"

namespace accord::core {

CyclePlan plan_cycle(const ClusterSnapshot &snapshot, const SchedulerParams &params, const GpuTypeRanker &ranker)
{
    CycleConfig config{params.max_jobs, params.reserve_depth, params.fairness_bound};
    if (params.policy == CyclePolicy::Allocator)
        return allocator_cycle(snapshot, config, ranker);
    return schedule_cycle(snapshot, config, ranker);
}

}  // namespace accord::core
