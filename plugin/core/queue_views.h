// What a cycle reads of its queue's requests and of the nodes' capacities,
// made once and kept while a preemptive cycle (core/preempt_cycle.h) plans
// the same queue again in every round: a round changes running jobs and
// free resources only (core/running_removed.h), and nothing here reads
// them.
#pragma once

#include <cstddef>
#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "core/gpus_by_node_set.h"
#include "core/job_numbers.h"
#include "core/request_shapes.h"
#include "core/snapshot.h"
#include "core/typed_nodes.h"

namespace accord::core {

class QueueViews {
public:
    // The first `records` records of `snapshot`'s queue (all, when it has
    // fewer); its queue and nodes must stay as they are while this lives.
    QueueViews(const ClusterSnapshot &snapshot, size_t records);
    QueueViews(const QueueViews &) = delete;
    QueueViews &operator=(const QueueViews &) = delete;

    const RequestShapes &shapes() const { return shapes_; }
    const JobNumbers &jobs() const { return jobs_; }
    // The GPUs by type on `record`'s allowed nodes.
    const NodeSetGpus &gpus_of(size_t record) const { return gpus_on_.gpus(shapes_.node_set(record)); }
    TypedNodes &typed_nodes() { return typed_nodes_; }
    // gpu_types_for(job) of a request for `record`'s nodes: its own or
    // one chosen for it.
    const std::vector<std::string> &types_for(size_t record, const PendingJob &job);

private:
    GpusByNodeSet gpus_on_;
    RequestShapes shapes_;  // numbers node lists through gpus_on_
    JobNumbers jobs_;
    TypedNodes typed_nodes_;
    // By whether the request asks for GPUs at all (a CPU-only job and a
    // typeless GPU job differ in nothing else here), its GPU type, the
    // types it accepts, its node list's number.
    std::map<std::tuple<bool, std::string, std::vector<std::string>, size_t>, std::vector<std::string>> types_;
};

}  // namespace accord::core
