#include "core/requeue_bounds.h"

#include <algorithm>

namespace accord::core {

bool could_be_requeued(const RunningJob &job, const ClusterSnapshot &snapshot, const CycleConfig &config,
                       const PreemptConfig &preempt)
{
    int64_t wait_spared = std::min(job.end_time - snapshot.now, snapshot.now - job.start_time);
    if (preempt.restart_cost_s >= 0 && wait_spared <= preempt.restart_cost_s)
        return false;
    size_t considered = std::min(config.max_jobs, snapshot.queue.size());
    return std::any_of(snapshot.queue.begin(), snapshot.queue.begin() + static_cast<long>(considered),
                       [&job](const PendingJob &p) { return p.priority > job.priority; });
}

size_t records_above(const PlanningOrder &order, const ClusterSnapshot &snapshot, double priority)
{
    size_t n = order.records.size();
    while (n > 0 && snapshot.queue[order.records[n - 1]].priority <= priority)
        n--;
    return n;
}

}  // namespace accord::core
