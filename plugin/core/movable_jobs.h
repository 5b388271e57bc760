// The running jobs accord_policy=preempt may displace or move
// (core/preempt_cycle.h, rule 1): requeue-able, past their minimum run,
// holding GPUs of one rated type on schedulable nodes.
#pragma once

#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "core/allocator.h"
#include "core/gpu_type_ranker.h"
#include "core/preempt_cycle.h"
#include "core/snapshot.h"

namespace accord::core {

// A running job the allocator may move: `gpus` GPUs of `type`.
struct Movable {
    size_t running = 0;  // index into ClusterSnapshot::running
    std::string type;
    int gpus = 0;
    double rate = 0;
    std::vector<std::pair<int, int>> held;  // (node, its GPUs there), by node
    std::vector<JobOption> options;         // what it holds, or with migration all its user allowed
    int current = 0;                        // the option it holds
    int target = -1;                        // the option it is requeued to move to (rule 4)
};

// The snapshot's movable running jobs, in its order.
std::vector<Movable> movable_jobs(const ClusterSnapshot &s, const GpuTypeRanker &ranker, const PreemptConfig &p);

}  // namespace accord::core
