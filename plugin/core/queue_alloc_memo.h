// The allocator's view of one cycle's queue (core/queue_alloc_jobs.h), kept
// while the cycle plans that queue again: a preemptive cycle
// (core/preempt_cycle.h) plans it once to find the displaced jobs and again
// in every round, with only running jobs and free resources changed
// (core/running_removed.h). Neither is read here: options read node
// capacities (core/node_set_gpus.h), and a ranker rates by family alone
// (an exploring ranker reads the running jobs once, when it is built). The
// planning order may differ between plans (under a fairness bound it counts
// the running jobs: core/fairness_order.h), so the view is made again when
// the order's records differ from those it was made for.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "core/queue_alloc_jobs.h"
#include "core/queue_views.h"

namespace accord::core {

class QueueAllocMemo {
public:
    // `snapshot`'s queue and node capacities, and `ranker`, must stay as they
    // are while this lives; `records` is the cycle's config.max_jobs.
    QueueAllocMemo(const ClusterSnapshot &snapshot, const GpuTypeRanker &ranker, size_t records);
    QueueAllocMemo(const QueueAllocMemo &) = delete;
    QueueAllocMemo &operator=(const QueueAllocMemo &) = delete;

    // queue_alloc_jobs() of the snapshot for `order`.
    const QueueAllocJobs &jobs(const PlanningOrder &order);
    // The queue's requests and node lists, for every plan of the cycle.
    QueueViews &views() { return views_; }

private:
    const ClusterSnapshot &snapshot_;
    const GpuTypeRanker &ranker_;
    QueueViews views_;
    std::optional<std::vector<size_t>> records_;  // the order's records `jobs_` was made for
    QueueAllocJobs jobs_;
};

}  // namespace accord::core
