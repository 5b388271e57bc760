#include "core/queue_alloc_memo.h"

namespace accord::core {

QueueAllocMemo::QueueAllocMemo(const ClusterSnapshot &snapshot, const GpuTypeRanker &ranker, size_t records)
    : snapshot_(snapshot), ranker_(ranker), views_(snapshot, records)
{
}

// queue_alloc_jobs() reads the order's records only, not `ahead`.
const QueueAllocJobs &QueueAllocMemo::jobs(const PlanningOrder &order)
{
    if (!records_ || *records_ != order.records) {
        jobs_ = queue_alloc_jobs(snapshot_, order, ranker_, views_);
        records_ = order.records;
    }
    return jobs_;
}

}  // namespace accord::core
