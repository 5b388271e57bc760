// The round-based engine (Gavel's mechanism) under every RoundPolicy
// (round_policy.h):
//  - Time is cut into rounds of `round_s`. At each round start the policy
//    says who runs on what; the engine checks the allocation
//    (round_validation.h), keeps the GPUs of every job whose assignment is
//    unchanged and places the others (round_placement.h).
//  - A job whose assignment changed since the last round (a new type, count
//    or partner, a resume after a pause, a migration) loses `restart_s` of
//    the round to checkpoint-restore, except at its very first start; a
//    restart longer than what is left of the round carries into the next.
//    A job that keeps its assignment keeps its GPUs, so it never restarts.
//  - Within the round a job trains at its measured speed (job_speed.h):
//    alone, on one node or spread over several; packed, at the measured
//    co-located speed of the pair (spread pairs: that speed times the job's
//    own spread / one-node ratio, no pair was measured spread). Rates are
//    fixed for the round: a job whose partner finishes keeps its packed rate.
//  - A job that finishes mid-round ends at that exact time; its GPUs stay
//    idle until the next round, as in Gavel. Jobs arriving mid-round wait
//    for the next round. When no job is waiting or running, the next round
//    starts at the next arrival (the round grid restarts there).
//  - A policy that gives nothing while jobs wait (every job fits the empty
//    cluster, checked up front) leaves the whole cluster idle: refused as a
//    policy bug (std::logic_error), which also keeps a run from never ending.
// The policy sees each running job's placement (RoundJob::placement), as a
// Slurm scheduler sees its jobs' nodes, and the jobs that ended in the last
// round with the GPU-seconds they held (RoundView::finished), as Slurm
// knows a finished job's elapsed time and GPUs.
// GPU-seconds: GPUs held x time held, restarts included, up to the job's end;
// a packed pair's GPUs count once, half to each job. This is also the
// attained service RoundJob::attained_gpu_s shows the policy.
//
// Default restart: 30 s, the checkpoint-restore delay Pollux's simulator
// charges on every reallocation (petuum/adaptdl simulator/simulator.py,
// Job.reallocate: rescale_time = 30) and Sia's simulator keeps for models it
// did not time (siasosp23/artifacts sia-simulator/applications.py, measured
// 15-250 s per model, 30 s otherwise). Gavel's job types were not timed there.
#pragma once

#include <vector>

#include "core/snapshot.h"
#include "sim/gavel_trace.h"
#include "sim/job_speed.h"
#include "sim/round_policy.h"
#include "sim/simulator.h"

namespace accord::sim {

struct RoundConfig {
    std::vector<core::Node> nodes;
    double round_s = 360;   // Gavel's default round: 6 minutes
    double restart_s = 30;  // see above
};

// Throws InputError before simulating for a job no pool can run (no
// measured speed on any type at a count it may get, or more GPUs than any
// pool has), naming its trace line, and for a GPU type whose nodes differ in
// size (a pool is nodes x GPUs per node). Throws std::logic_error when the
// policy breaks a rule of round_policy.h.
SimResult simulate_rounds(const std::vector<TraceJob> &trace, const JobSpeed &speed, const RoundConfig &config,
                          RoundPolicy &policy, const Progress &progress = {});

}  // namespace accord::sim
