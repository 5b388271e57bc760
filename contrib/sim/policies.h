// The policies accord-sim compares, by name. Two kinds:
//  - event-engine policies (simulator.h): the core pipeline with a GPU type
//    ranker (plugin/core/gpu_type_ranker.h)
//      slurm  - Slurm today: FIFO + EASY backfill, GPU-type agnostic (a job
//               takes whichever GPUs fit best)
//      accord-easy - the Slurm plugin with accord_policy=easy: the same queue, each
//               job on the free GPU type where its model family trains
//               fastest (measured, one GPU); never preempts. Given
//               --gpu-speed, it ranks types by that table instead, as the
//               plugin does without a learned model (so does accord-np)
//      accord-np - Accord's allocator without preemption
//               (core/allocator_cycle.h): types and counts for the whole
//               queue at once, started by the same EASY pipeline, with the
//               same one-GPU speeds scaled linearly in the count
//      accord-rq - accord-np with preemption by requeue (core/preempt_cycle.h):
//               every job requeue-able, priority by attained service
//               (core/service_order.h), checkpoints and restart delay as in
//               SimConfig
//  - round-based policies (round_simulator.h)
//      tiresias - Tiresias' discretized 2D-LAS (tiresias_policy.h)
//      gavel-*  - Gavel's max-min fairness (aware, agnostic, packed) and
//                 max-sum-throughput (plain, packed) (gavel_policy.h)
//      sia      - a Sia-like goodput integer program (sia_policy.h)
//      lucid    - Gandiva/Lucid-like interference-aware packing (packing_policy.h)
//      accord   - Accord's allocator (plugin/core/allocator.h) each round,
//                 packing by the pair predictor (pair_predictor.h)
// A new round policy is one line in policies.cpp.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "core/allocator.h"
#include "core/gpu_type_ranker.h"
#include "core/preempt_cycle.h"
#include "sim/pair_predictor.h"
#include "sim/round_policy.h"
#include "sim/throughput_table.h"

namespace accord::sim {

// `gpu_speed`: the admin's relative speed per GPU type (accord-sim's
// --gpu-speed, the plugin's accord_gpu_speed); empty when not given.
using GpuSpeeds = std::map<std::string, double>;
// `nodes`: the simulated cluster.
using RankerFactory = std::function<std::unique_ptr<core::GpuTypeRanker>(
    const ThroughputTable &, const GpuSpeeds &gpu_speed, const std::vector<core::Node> &nodes)>;
// What accord-sim's options tell the Accord policies.
struct PolicySettings {
    // --fairness: the bound on predicted finish-time fairness, the plugin's
    // accord_fairness (core/predicted_fairness.h); 0 = off.
    double fairness_bound = 0;
    // --limit-factor: a job's time limit is its slowest run time times this,
    // and that is all Accord knows of its length (the round engine's jobs
    // have no limit: accord estimates their work the same way).
    double limit_factor = 1.5;
};

// `pairs` is what a packing policy that takes a pair predictor is told
// (accord); it must outlive the policy.
using RoundFactory = std::function<std::unique_ptr<RoundPolicy>(const ThroughputTable &, const PairPredictor &pairs,
                                                                const PolicySettings &settings)>;

// Exactly one of the factories is set.
struct PolicyEntry {
    std::string name;
    RankerFactory ranker;    // an event-engine policy
    RoundFactory round;      // a round-based policy
    std::optional<core::AllocConfig> allocator;  // an event-engine policy run by core::allocator_cycle
    std::optional<core::PreemptConfig> preempt;  // with allocator: run by core::preempt_cycle
    bool takes_fairness = false;  // Accord's: it honours PolicySettings::fairness_bound
};

// In the order `--policy all` runs them.
const std::vector<PolicyEntry> &registered_policies();

std::vector<std::string> policy_names();

// Throws std::invalid_argument for a name not registered, listing the known.
const PolicyEntry &find_policy(const std::string &name);

}  // namespace accord::sim
