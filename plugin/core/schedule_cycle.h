// The core pipeline of one scheduling cycle: walk the queue in priority
// order, start what fits now, and give the first blocked jobs reservations
// that later jobs may not delay (EASY backfill generalised to
// `reserve_depth` reservations). Pure function of its inputs.
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
#include "core/gpu_type_ranker.h"
#include "core/snapshot.h"

namespace accord::core {

struct CycleConfig {
    size_t max_jobs = 1000;  // queue records considered per cycle
    int reserve_depth = 1;   // blocked jobs that get a reservation
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

CyclePlan schedule_cycle(const ClusterSnapshot &snapshot, const CycleConfig &config,
                         const GpuTypeRanker &ranker, const RequestChoices *choices = nullptr);

}  // namespace accord::core
