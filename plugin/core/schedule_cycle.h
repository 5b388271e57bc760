// The core pipeline of one scheduling cycle: walk the queue in priority
// order, start what fits now, and give the first blocked jobs reservations
// that later jobs may not delay (EASY backfill generalised to
// `reserve_depth` reservations). Pure function of its inputs.
#pragma once

#include <cstddef>
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
    size_t considered = 0;
    size_t starts = 0;
    size_t reservations = 0;
};

CyclePlan schedule_cycle(const ClusterSnapshot &snapshot, const CycleConfig &config,
                         const GpuTypeRanker &ranker);

}  // namespace accord::core
