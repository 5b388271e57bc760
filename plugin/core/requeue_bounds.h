// What bounds preempt_cycle's requeue test (core/preempt_cycle.h, rule 3)
// before any planning, so that a cycle plans no more than can change its
// answer:
//  - a running job can be requeued only if some considered pending record
//    outranks it (only their starts count for it) and the wait it could
//    spare exceeds the restart cost (the gain is at most its GPUs times that
//    wait, the cost its GPUs times the restart cost);
//  - the requeue test reads only the starts of records that outrank a
//    displaced job, and the pipeline plans records one after another, so
//    records after the last of those in the planning order cannot change
//    it.
#pragma once

#include <cstddef>

#include "core/fairness_order.h"
#include "core/preempt_cycle.h"
#include "core/schedule_cycle.h"

namespace accord::core {

// Whether the requeue test could ever pass for `job`, whatever is planned.
bool could_be_requeued(const RunningJob &job, const ClusterSnapshot &snapshot, const CycleConfig &config,
                       const PreemptConfig &preempt);

// How many records of `order`, from its first, reach the last one whose
// priority is above `priority`.
size_t records_above(const PlanningOrder &order, const ClusterSnapshot &snapshot, double priority);

}  // namespace accord::core
