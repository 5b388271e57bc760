// The core pipeline of one scheduling cycle: walk the queue in priority
// order, start what fits now, and give the first blocked jobs reservations
// that later jobs may not delay (EASY backfill generalised to
// `reserve_depth` reservations). Pure function of its inputs.
//
// With a fairness bound, records whose predicted finish-time fairness
// exceeds it are planned first (core/fairness_order.h): they start, or take
// the reservations, before the jobs they overtake.
//
// With `choices` (the allocator's, core/allocator_cycle.h), a record that
// has one is first tried on that request, in its place in the priority
// order; if that cannot start now, the record is planned on its own
// request as any other.
#pragma once

#include <cstddef>
#include <map>
#include <vector>

#include "core/decision.h"
#include "core/fairness_order.h"
#include "core/gpu_type_ranker.h"
#include "core/queue_views.h"
#include "core/snapshot.h"

namespace accord::core {

struct CycleConfig {
    size_t max_jobs = 1000;  // queue records considered per cycle
    int reserve_depth = 1;   // blocked jobs that get a reservation
    double fairness_bound = 0;  // accord_fairness (core/predicted_fairness.h); 0 = off
};

struct CyclePlan {
    std::vector<Decision> decisions;  // one per considered record (per array task started)
    // Running jobs to requeue before the starts (core/preempt_cycle.h only).
    std::vector<Decision> requeues;
    size_t considered = 0;
    size_t starts = 0;
    size_t reservations = 0;
};

// A request to try first, by index into ClusterSnapshot::queue.
using RequestChoices = std::map<size_t, GpuRequest>;

// `order`, when given, is planning_order() of this snapshot and config,
// computed once by a caller that needs it too (allocator_cycle). `views`,
// when given, are QueueViews of this snapshot for config.max_jobs records,
// kept by a caller that plans the same queue again (preempt_cycle).
CyclePlan schedule_cycle(const ClusterSnapshot &snapshot, const CycleConfig &config,
                         const GpuTypeRanker &ranker, const RequestChoices *choices = nullptr,
                         const PlanningOrder *order = nullptr, QueueViews *views = nullptr);

}  // namespace accord::core
