// The allocator with preemption by requeue (accord_policy=preempt; the
// simulator's accord-rq): the allocator without preemption
// (core/allocator_cycle.h), except that running GPU jobs its rules allow
// may be stopped and put back in the queue so that higher-priority pending
// jobs start in their place (docs/design.md, "Preemption by requeue"):
//  1. Movable: a running job whose user allows a requeue (RunningJob::
//     requeueable), that has run at least `min_run_s` in this run (bounds
//     thrash and lets its restart cost be earned back), holds GPUs of one
//     type on schedulable nodes and has a rated option there. The others
//     stay fixed, as in the allocator's cycle.
//  2. The allocator decides for the movable jobs (holding their GPUs, their
//     attained service counted) and the pending queue together; a movable
//     job it does not keep where it is, is displaced.
//  3. A displaced job is requeued only when the EASY pipeline, planned with
//     the displaced jobs' GPUs free, starts jobs of higher priority on its
//     GPUs (priority is never inverted), and the predicted gain exceeds the
//     restart cost: gain = GPUs those jobs take of its GPUs x the wait they
//     are spared, estimated as min(its time-limit left, its run so far)
//     (heavy-tailed run times: a job that has run t is expected to run about
//     t more; the limit bounds it); cost = its GPUs x `restart_cost_s` (the
//     progress lost since its last checkpoint plus its start-up). The
//     pipeline is planned again without the jobs that fail, until none does.
//  4. Migration (PreemptConfig::migrate; only jobs that carry their request,
//     RunningJob::request): a movable job then has every option its user
//     allowed, not only what it holds. One the allocator moves to another
//     option is requeued for itself when its new GPUs are free now (or its
//     own) and the time it saves, min(its time-limit left, its run so far)
//     x (1 - rate now / rate there), exceeds `restart_cost_s`; it starts
//     again from its request as submitted, as any requeued job.
// The plan's `requeues` (by running index) are then applied before its starts.
#pragma once

#include <cstdint>

#include "core/allocator.h"
#include "core/schedule_cycle.h"

namespace accord::core {

struct PreemptConfig {
    int64_t min_run_s = 600;       // a job runs at least this long before it may be requeued
    int64_t restart_cost_s = 300;  // what a requeue costs the job, in seconds of its GPUs
    bool migrate = false;          // rule 4: move jobs to a better option by requeue
};

CyclePlan preempt_cycle(const ClusterSnapshot &snapshot, const CycleConfig &config, const GpuTypeRanker &ranker,
                        const AllocConfig &alloc, const PreemptConfig &preempt);

// The same on the caller's snapshot, which each round changes in place and
// puts back (core/running_removed.h): unchanged on return, no copy made.
// preempt_cycle() copies its snapshot for that, only when a round is planned.
CyclePlan preempt_cycle_in_place(ClusterSnapshot &snapshot, const CycleConfig &config, const GpuTypeRanker &ranker,
                                 const AllocConfig &alloc, const PreemptConfig &preempt);

}  // namespace accord::core
