// The allocator without preemption: one scheduling cycle in which Accord's
// allocator (core/allocator.h) chooses the GPU type and count of every
// pending GPU job for the whole queue at once, and the EASY pipeline
// (core/schedule_cycle.h) starts them, so Slurm's semantics hold as today
// (docs/design.md, "The allocator in Slurm"):
//  1. Running jobs are fixed: they hold their nodes, and the allocator sees
//     only the GPUs they leave free (the same as unmovable jobs, and it
//     counts what a completing job still holds).
//  2. Each pending GPU job's options are what its user allowed, within the
//     time-limit rule (core/request_options.h). The allocator admits jobs
//     in priority order and searches types and counts for the admitted
//     ones together (weights by priority rank, proportional fairness).
//  3. An admitted job's request is pinned to its chosen type and count;
//     the others keep theirs. The EASY pipeline then plans the pinned
//     queue in priority order: the first blocked job gets a reservation
//     that no later start may delay, whatever the allocator chose, and
//     CPU-only jobs, CPUs, memory and node placement are decided as today.
// Starts whose request was changed carry it in Decision::chosen_request,
// with the predicted speed-up over the request as submitted.
#pragma once

#include "core/allocator.h"
#include "core/schedule_cycle.h"

namespace accord::core {

CyclePlan allocator_cycle(const ClusterSnapshot &snapshot, const CycleConfig &config, const GpuTypeRanker &ranker,
                          const AllocConfig &alloc = {});

}  // namespace accord::core
