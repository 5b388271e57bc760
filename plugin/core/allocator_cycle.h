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
//     in priority order (under a fairness bound, the jobs over it first:
//     core/fairness_order.h) and searches types and counts for the
//     admitted ones together (weights by rank, proportional fairness).
//  3. The EASY pipeline then plans the queue in the same order, trying
//     each admitted job on its chosen type and count first and, if that
//     cannot start now (the allocator sees GPUs only: not CPUs, memory,
//     partitions or reservations), on its own request, so it is never
//     placed worse than EASY alone would place it. The first blocked job
//     gets a reservation that no later start may delay, whatever the
//     allocator chose; CPU-only jobs, CPUs, memory and nodes are decided
//     as today.
// Starts on the allocator's choice carry it in Decision::chosen_request;
// those that change the request, the predicted speed-up over it.
#pragma once

#include <optional>

#include "core/allocator.h"
#include "core/queue_alloc_memo.h"
#include "core/schedule_cycle.h"

namespace accord::core {

// With `plan_above` (core/preempt_cycle.h), the allocator still decides
// for the whole queue, but the pipeline plans only the records up to the
// last one whose priority is above it (core/requeue_bounds.h): their
// decisions are those of the whole plan.
// `queue`, when given, is a QueueAllocMemo of this snapshot's queue and
// this ranker, kept by a caller that plans the queue more than once
// (core/preempt_cycle.h); without it the cycle makes its own.
CyclePlan allocator_cycle(const ClusterSnapshot &snapshot, const CycleConfig &config, const GpuTypeRanker &ranker,
                          const AllocConfig &alloc = {}, std::optional<double> plan_above = std::nullopt,
                          QueueAllocMemo *queue = nullptr);

}  // namespace accord::core
