// A schedule of the pooled model (pooled_instance.h) under construction,
// event by event: at each arrival or completion (`now`) every waiting job is
// either started on a configuration or deferred to a later event. The
// branch and bound, its lower bound and the greedy incumbent all grow
// schedules this way.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/pooled_instance.h"
#include "sim/type_timeline.h"

namespace accord::sim {

// Where a job runs: an index into its PooledJob::configs, and when.
struct Start {
    int config = -1;
    double start_s = -1;
};

struct PartialSchedule {
    double now = 0;
    uint32_t unstarted = 0;        // bit j: job j has not started (arrived or not)
    uint32_t undecided = 0;        // arrived, unstarted, not yet started or deferred at now
    std::vector<Run> runs;         // started jobs that end after now
    std::vector<int> free_before;  // per type: GPUs free just before now
    double ends_s = 0;             // sum of the ends of the started jobs
    std::vector<Start> starts;     // per job
};

inline bool has(uint32_t set, int job) { return (set >> job) & 1u; }

// Nothing started, at the first arrival. Job sets are bit sets: at most 31
// jobs (the exact optimum takes 20).
PartialSchedule first_event(const PooledInstance &instance);

int free_now(const PooledInstance &instance, const PartialSchedule &s, int type);

// Whether the job may start on the configuration now: the GPUs are free,
// and either it arrives now, or the type lacked those GPUs just before and
// the job could not have run whole on any configuration in GPUs left idle
// since it arrived (else a schedule that waits is beaten; see
// exact_optimum.h).
bool may_start(const PooledInstance &instance, const PartialSchedule &s, int job, int config);

// Whether the job could have run whole on one of its configurations, from
// its arrival on, in GPUs the started jobs (itself included) left free,
// ending by now and before `end_before`.
bool ran_better_in_the_past(const PooledInstance &instance, const PartialSchedule &s, int job, double end_before);

// Whether a started job that ends after `since` could have run whole in
// GPUs left free and ended earlier (ran_better_in_the_past): moving it there
// would beat this schedule, so no optimal schedule continues it. Checked at
// each event, once the stretch such a run needs lies in the past.
bool beaten_since(const PooledInstance &instance, const PartialSchedule &s, double since);

void start(const PooledInstance &instance, PartialSchedule &s, int job, int config);

// To the next arrival or completion; every arrived job that has not started
// is to be decided again. False when there is none left (nothing runs and
// nothing arrives, so a deferred job could never start).
bool advance(const PooledInstance &instance, PartialSchedule &s);

// No event after now comes earlier: the next arrival, the next end of a
// running job, or the end of an undecided job started now.
double next_event_bound(const PooledInstance &instance, const PartialSchedule &s);

std::vector<TypeTimeline> timelines(const PooledInstance &instance, const PartialSchedule &s);

}  // namespace accord::sim
