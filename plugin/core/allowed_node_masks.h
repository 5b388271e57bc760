// The nodes a job may use as the allocator reads them (AllocJob::allowed,
// core/allocator.h rule 7): its allowed nodes or, when it names nodes it
// must have (--nodelist), those; null when that is every node of the
// snapshot. The jobs of one partition carry one shared node list
// (core/node_list.h) and get one shared mask.
#pragma once

#include <cstddef>
#include <map>
#include <memory>

#include "core/node_pool.h"
#include "core/snapshot.h"

namespace accord::core {

class AllowedNodeMasks {
public:
    // For a snapshot of `nodes` nodes.
    explicit AllowedNodeMasks(size_t nodes) : nodes_(nodes) {}

    std::shared_ptr<const NodeMask> of(const PendingJob &job);

private:
    std::shared_ptr<const NodeMask> mask_of(const std::vector<int> &nodes) const;

    size_t nodes_;
    std::map<const void *, std::shared_ptr<const NodeMask>> by_list_;  // by NodeList::storage()
};

}  // namespace accord::core
