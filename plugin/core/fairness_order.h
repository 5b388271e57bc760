// The order in which one cycle plans its queue under the fairness bound
// (accord_fairness, core/predicted_fairness.h): records of pending GPU jobs
// whose predicted finish-time fairness exceeds the bound first, then the
// rest, each part in priority order. A pending job's prediction:
//  - its time in the system: since its eligible time;
//  - its run time alone: its time limit over the predicted speed-up of its
//    fastest GPU type (at the count it asks for) over the slowest one it
//    could get (core/speed_prediction.h): the limit held for the slowest,
//    so it needs at most limit / speed-up there. A limit over-states the
//    run time, so rho is under-stated: a job goes ahead later than its true
//    rho would send it, never sooner;
//  - the share: GPUs on schedulable nodes over the jobs in the system
//    (running jobs holding GPUs and pending GPU jobs).
// Jobs without GPUs, a time limit or an eligible time keep their place:
// nothing predicts their rho.
#pragma once

#include <cstddef>
#include <map>
#include <vector>

#include "core/gpu_type_ranker.h"
#include "core/snapshot.h"

namespace accord::core {

struct PlanningOrder {
    std::vector<size_t> records;  // indices of the queue's first `count` records
    // Records planned ahead of a higher-priority record below the bound:
    // their predicted rho.
    std::map<size_t, double> ahead;
};

// Priority order, as the queue is, when `bound` is 0.
PlanningOrder planning_order(const ClusterSnapshot &snapshot, size_t count, double bound,
                             const GpuTypeRanker &ranker);

}  // namespace accord::core
