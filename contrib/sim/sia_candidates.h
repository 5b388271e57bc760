// The choices Sia's integer program picks from in one round, and what each
// is worth in Sia's objective (Jayaram Subramanya et al., "Sia:
// Heterogeneity-aware, goodput-optimized ML-cluster scheduling", SOSP'23;
// code: siasosp23/artifacts, sia-simulator/sia.py). docs/simulator.md,
// "Sia-like integer program", gives the formulation and where it differs.
#pragma once

#include <cstddef>
#include <vector>

#include "sim/round_policy.h"

namespace accord::sim {

struct SiaParams {
    double p = -0.5;                // fairness exponent (sia_default_p_val); not 0
    double no_alloc_penalty = 1.1;  // |lambda_n| (sia_default_lambda_n); > 0
    int node_limit = 200;           // solver's branch-and-bound subproblems per round; >= 1
    double time_budget_s = 10.0;    // solver's wall-clock safety net per round; 0 = greedy only
};

// One configuration of one job: `gpus` GPUs of view.pools[pool].
struct SiaCandidate {
    size_t job = 0;    // position in RoundView::jobs
    size_t pool = 0;   // position in RoundView::pools
    int gpus = 0;
    double value = 0;  // > 0: what choosing it adds to Sia's objective
    bool current = false;  // the job held this configuration in the last round
};

// Sia's GPU counts on a pool: 1, 2, 4, ... below a node, one node, then
// whole nodes (CONFIGS_4GPU / CONFIGS_8GPU generalised to any node size).
std::vector<int> sia_gpu_counts(const GpuPool &pool);

// Pollux's re-allocation factor, which Sia multiplies into the goodput of
// every configuration other than the job's current one:
// max(age - restarts * restart_s, 0) / (age + restart_s), and 1 while the
// job is younger than one restart.
double sia_realloc_factor(double age_s, int restarts, double restart_s);

// Every configuration of every job in `view` with a positive value.
// `restarts[i]` is how often view.jobs[i] was restarted (Sia's num_restarts).
std::vector<SiaCandidate> sia_candidates(const RoundView &view, const SiaParams &params,
                                         const std::vector<int> &restarts);

}  // namespace accord::sim
