#include "core/plan_cycle.h"

#include "core/allocator_cycle.h"
#include "core/preempt_cycle.h"

namespace accord::core {

AllocConfig alloc_config(const SchedulerParams &params)
{
    AllocConfig alloc;
    alloc.first_queue_gpu_s = static_cast<double>(params.first_queue_gpu_s);
    return alloc;
}

CyclePlan plan_cycle(const ClusterSnapshot &snapshot, const SchedulerParams &params, const GpuTypeRanker &ranker,
                     PreemptCadence &cadence)
{
    CycleConfig config{params.max_jobs, params.reserve_depth, params.fairness_bound};
    if (params.policy == CyclePolicy::Easy)
        return schedule_cycle(snapshot, config, ranker);
    if (params.policy == CyclePolicy::Preempt && cadence.take(snapshot.now, params.preempt_interval_s))
        return preempt_cycle(snapshot, config, ranker, alloc_config(params),
                             PreemptConfig{params.min_run_s, params.restart_cost_s, params.migrate});
    return allocator_cycle(snapshot, config, ranker, alloc_config(params));
}

}  // namespace accord::core
