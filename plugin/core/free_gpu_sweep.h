// The GPUs of one type free on a list of nodes at successive instants,
// from their timelines. What a node has free over a period is at most what
// it has free when the period begins (core/node_timeline.h), so a job
// needing more GPUs of the type than this cannot be placed over any period
// starting then: the earliest-start search for a job spanning nodes skips
// those times instead of searching every node at each.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/node_timeline.h"

namespace accord::core {

class FreeGpuSweep {
public:
    // Over the schedulable nodes of `nodes` (indexes into `timelines`,
    // a node listed twice counts twice) that have GPUs of `type`.
    FreeGpuSweep(const std::vector<NodeTimeline> &timelines, const std::vector<int> &nodes, const std::string &type);

    // GPUs of the type free at instant `when`; `when` must not decrease
    // from one call to the next.
    int free_at(int64_t when);

private:
    // (when, change) not yet applied. The first call applies every change
    // up to its instant at once (the running jobs' starts, most of them)
    // and makes the rest a heap with the earliest on top: a search mostly
    // stops within the first few of hundreds of times, so the changes are
    // put in order only as far as it asks.
    std::vector<std::pair<int64_t, int>> changes_;
    bool heaped_ = false;
    int free_ = 0;
};

}  // namespace accord::core
