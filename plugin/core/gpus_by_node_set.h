// The GPUs by type (core/node_set_gpus.h) of each distinct node list one
// cycle meets, summed up the first time the list is seen: a queue's jobs
// share a few lists, and every rule reading them would otherwise walk
// hundreds of nodes per job.
#pragma once

#include <cstddef>
#include <deque>
#include <vector>

#include "core/node_set_gpus.h"
#include "core/node_set_ids.h"
#include "core/snapshot.h"

namespace accord::core {

class GpusByNodeSet {
public:
    explicit GpusByNodeSet(const std::vector<Node> &nodes) : nodes_(nodes) {}

    // The list's number (core/node_set_ids.h); its GPUs are summed up here
    // if it is new.
    size_t number_of(const NodeList &node_list);
    const NodeSetGpus &gpus(size_t number) const { return gpus_[number]; }
    const NodeSetGpus &gpus_of(const NodeList &node_list) { return gpus(number_of(node_list)); }

private:
    const std::vector<Node> &nodes_;
    NodeSetIds ids_;
    std::deque<NodeSetGpus> gpus_;  // by list number
};

}  // namespace accord::core
