#include "core/queue_views.h"

#include "core/request_types.h"

namespace accord::core {

QueueViews::QueueViews(const ClusterSnapshot &snapshot, size_t records)
    : gpus_on_(snapshot.nodes), shapes_(snapshot.queue, records, gpus_on_), jobs_(snapshot.queue, records),
      typed_nodes_(snapshot.nodes)
{
}

const std::vector<std::string> &QueueViews::types_for(size_t record, const PendingJob &job)
{
    size_t node_set = shapes_.node_set(record);
    auto key = std::make_tuple(job.gpus.any(), job.gpus.type, job.accepted_types, node_set);
    auto known = types_.find(key);
    if (known != types_.end())
        return known->second;
    return types_.emplace(std::move(key), gpu_types_for(job, gpus_of(record))).first->second;
}

}  // namespace accord::core
