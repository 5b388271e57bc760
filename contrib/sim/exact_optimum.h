// The exact optimum of a small instance (at most 20 jobs), the yardstick a
// policy's mean job completion time (JCT) is compared with.
//
// The problem. Jobs (TraceJob: arrival, total steps, job type, and a GPU
// count: exactly scale_factor, or any count in [min_gpus, max_gpus] for an
// elastic job) on a cluster whose GPUs of each type are pooled. Minimise
// the mean of end - arrival over non-preemptive schedules: each job runs
// once, from its start to its end, on one GPU type with one allowed GPU
// count, at a constant speed, starting no earlier than its arrival; at
// every moment the GPUs of running jobs of a type add up to at most the
// type's total. The speed is the better of the job's one-node speed (when
// the count fits a node of the type) and its spread speed (when the type
// has more than one node), from JobSpeed (pooled_instance.h).
//
// Why it is a lower bound. Pooling drops node boundaries and a pooled job
// is never slower than on any real placement, so every non-preemptive
// schedule on the real nodes is a schedule of this problem: no such policy
// has a smaller mean JCT. Preemptive policies (and GPU sharing) are outside
// the problem and may go below it.
//
// Why deciding only at events is exact. In an optimal schedule every job
// (a) starts at its arrival or at a moment its GPU type had too few GPUs
// free for it just before (so, when a job of that type ends), and (b)
// could not have run whole, on any configuration, in GPUs left idle
// between its arrival and its start. Otherwise it could start (or run)
// earlier with every other job unchanged and end earlier: for (a) take the
// earliest start s that breaks it, of job j on g GPUs of type k; no job
// starts or ends in some interval just before s (starts before s are at
// events, and an end at s would make the type short just before), so the
// GPUs free there are those free at s without j, at least g, and j can
// start at that interval's beginning or its arrival, whichever is later;
// for (b) the idle GPUs hold it. Either way the mean is strictly smaller.
// So a search that, at every arrival and completion, starts any subset of
// the waiting jobs that follows (a) and (b) (partial_schedule.h:
// may_start), including none (idle GPUs, waiting for a faster type), meets
// every optimal schedule.
//
// The method: branch and bound over those decisions (optimum_search.h), in
// passes with a rising ceiling, from an incumbent found by a greedy list
// schedule and a local search (optimum_greedy.h), pruned by a lower bound
// that solves the largest jobs exactly and bounds the rest by an assignment
// (optimum_bound.h), and by a dominance memo (state_memo.h).
#pragma once

#include <cstddef>
#include <vector>

#include "core/snapshot.h"
#include "sim/gavel_trace.h"
#include "sim/job_speed.h"
#include "sim/optimum_search.h"
#include "sim/simulator.h"

namespace accord::sim {

constexpr size_t kMaxOptimumJobs = 20;

struct OptimumResult {
    // The best schedule found: per job start_s, end_s, gpu_type, nodes (1,
    // or the fewest a spread job needs) and gpu_seconds; decisions as
    // "t=120 start job=3 type=v100 gpus=2".
    SimResult schedule;
    double mean_jct_s = 0;              // of `schedule`
    double lower_bound_mean_jct_s = 0;  // no schedule does better; = mean_jct_s when proven
    bool proven_optimal = false;        // false when a limit stopped the search
    size_t nodes = 0;                   // search nodes explored
};

// Throws InputError naming the trace line of the 21st job when there are
// more than 20, or of a job no configuration of the cluster can run.
OptimumResult exact_optimum(const std::vector<TraceJob> &trace, const JobSpeed &speed,
                            const std::vector<core::Node> &nodes, const OptimumLimits &limits = {});

}  // namespace accord::sim
