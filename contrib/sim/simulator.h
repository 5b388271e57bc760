// The simulator's clock and bookkeeping around the one scheduling core: at
// every arrival and completion it builds a ClusterSnapshot of the simulated
// cluster, runs core::schedule_cycle (or, with `allocator` set,
// core::allocator_cycle; with `preempt` too, core::preempt_cycle, whose
// requeues it applies first) with the policy's GPU type ranker, starts what the
// core decided and advances time to the next event. Jobs train at the
// measured speed of the configuration they got (JobSpeed), at the GPU count
// the core gave them; an elastic job's count range (Sia workloads) is its
// --accord-gpus hint.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/allocator.h"
#include "core/preempt_cycle.h"
#include "core/scheduler_params.h"
#include "core/gpu_type_ranker.h"
#include "core/model_uncertainty.h"
#include "core/snapshot.h"
#include "sim/gavel_trace.h"
#include "sim/job_speed.h"

namespace accord::sim {

struct SimConfig {
    std::vector<core::Node> nodes;
    // The time limit a job's user gives: its run time on the slowest
    // configuration it may get, times this factor.
    double limit_factor = 1.5;
    size_t max_jobs = 1000;  // queue records the core considers per cycle
    int reserve_depth = 1;
    std::optional<core::AllocConfig> allocator;  // set: the allocator chooses types and counts
    double fairness_bound = 0;  // the plugin's accord_fairness (core/fairness_order.h); 0 = off
    // Set (with `allocator`): core::preempt_cycle at most every
    // `preempt_interval_s` (core/preempt_cadence.h), every job requeue-able,
    // priority by `order`. A requeued job keeps the progress of its last
    // checkpoint (one every `checkpoint_s` of its run) and is back in the
    // queue `restart_delay_s` later.
    std::optional<core::PreemptConfig> preempt;
    bool migrate = false;  // with preempt: running jobs carry their request (core's rule 4)
    // accord-rq's job priority (core/service_order.h), arrival order within
    // a class (as Slurm's priority/basic ranks): Priority is arrival alone;
    // Gittins ranks by the Gittins index of the job's type, the types'
    // samples what their finished jobs held, the pending jobs ranked again
    // at every finish.
    core::JobOrder order = core::JobOrder::Service;
    int64_t preempt_interval_s = 300;  // the plugin's accord_preempt_interval (its default); 0: at every event
    double checkpoint_s = 600;
    double restart_delay_s = 60;
    // Each job reports its measured speed as it starts, and the ranker learns
    // from the reports as the plugin does (core/measured_speed_ranker.h).
    bool learn = false;
    // With learn: accord_explore, the bound on exploring GPU types a job's
    // family has not run on (core/exploring_ranker.h); 0 = off.
    double explore = 0;
    // With explore: the learned model's uncertainty scales the bound per
    // (job type, GPU type) (core/model_uncertainty.h); null: the whole bound.
    std::shared_ptr<const core::ModelUncertainty> uncertainty;
};

struct SimJob {
    TraceJob trace;
    double start_s = -1;   // its first start
    double end_s = -1;
    std::string gpu_type;  // the type it ran on last
    int nodes = 0;
    double gpu_seconds = 0;  // GPUs held x time held, summed over every run
};

struct SimResult {
    std::vector<SimJob> jobs;
    std::vector<double> cycle_seconds;  // wall time of each core cycle
    std::vector<std::string> decisions; // "t=120 start job=3 type=v100 nodes=v100-1", "t=900 requeue job=3"
};

using Progress = std::function<void(size_t finished, size_t total)>;

// Throws InputError when a job can run on none of the cluster's GPU types
// or can never fit, naming the job's trace line.
SimResult simulate(const std::vector<TraceJob> &trace, const JobSpeed &speed, const SimConfig &config,
                   const core::GpuTypeRanker &ranker, const Progress &progress = {});

}  // namespace accord::sim
