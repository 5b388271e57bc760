// The pending queue as the allocator sees it (core/allocator_cycle.h, rule
// 2): one AllocJob per queue record it may choose for, its options from
// request_options(); and the requests the allocator's answer chooses for
// those records.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "core/allocator.h"
#include "core/fairness_order.h"
#include "core/queue_views.h"
#include "core/request_options.h"
#include "core/schedule_cycle.h"

namespace accord::core {

// The records the allocator chooses for, with each one's queue index and
// options.
struct QueueAllocJobs {
    std::vector<AllocJob> jobs;
    std::vector<size_t> record;
    std::vector<std::shared_ptr<const std::vector<RequestOption>>> options;
};

// The records of `order`; `views` are of `snapshot`'s queue and nodes.
QueueAllocJobs queue_alloc_jobs(const ClusterSnapshot &snapshot, const PlanningOrder &order,
                                const GpuTypeRanker &ranker, QueueViews &views);

// The requests chosen for those records; `choice` holds the allocator's
// answer for `queue.jobs` from position `first` on.
RequestChoices queue_choices(const QueueAllocJobs &queue, const std::vector<AllocChoice> &choice, size_t first = 0);

}  // namespace accord::core
