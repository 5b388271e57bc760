// accord-sim's command line: what to replay, on what, under which policies,
// and where the figures go. A bad option exits with status 2 and a message
// naming the option and what it accepts.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "sim/philly_generator.h"
#include "sim/round_simulator.h"
#include "sim/simulator.h"

namespace accord::sim {

struct SimOptions {
    // Throughputs: Gavel's schema, or Sia's profiles.
    std::string throughputs, sia_profiles, sia_clusters = "aws,rtx,dgx-ext";
    bool sia_uncalibrated = false;
    // Jobs: a Gavel/Shockwave trace, a Sia/Pollux workload, or generated.
    std::string trace, sia_workload, sia_batch = "adaptive", philly;
    bool rigid = false;
    GeneratorConfig generate = {0};  // 0 jobs: not generated
    size_t first = 0;
    // Cluster: a spec, or Alibaba PAI's machine list scaled down.
    std::string cluster, alibaba_cluster;
    double scale_down = 10;
    std::vector<std::string> policies;
    std::map<std::string, double> gpu_speed;  // --gpu-speed; empty: measured speeds
    std::vector<double> fairness_bounds;      // --fairness; empty: each policy once, off
    // What accord's packer is told pairs do (pair_choice.h): oracle, none or
    // model (the learned models in `models`, through accord_model.so found in
    // `model_module` or beside the program).
    std::string pair_predictor = "oracle", model_module;
    std::vector<std::string> models;
    // The learned model the Accord event policies rank GPU types by
    // (speed_model.h); flat_explore: --explore ignores its spread.
    std::string speed_model;
    bool flat_explore = false;
    SimConfig config;
    RoundConfig rounds;
    std::string out, summary_csv, decision_log, jobs_csv, write_trace;
    bool progress = false;
};

// The default cluster: Gavel's 36 V100 + 36 P100 + 36 K80, or with Sia's
// profiles Sia's 64-GPU simulated cluster.
constexpr const char *kGavelCluster = "v100:9x4,p100:9x4,k80:9x4";
constexpr const char *kSiaCluster = "t4:6x4,rtx2080ti:3x8,a100:2x8";

SimOptions parse_sim_options(int argc, char **argv);

}  // namespace accord::sim
