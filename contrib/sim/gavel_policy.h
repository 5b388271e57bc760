// Gavel's heterogeneity-aware policies (Narayanan et al., OSDI 2020) as
// RoundPolicy: the allocation X from an LP (gavel_allocation.h), re-solved
// when the set of active jobs has changed and at least
// `min_reset_interval_s` has passed since the last solve (Gavel's
// simulator: minimum_time_between_allocation_resets), and Gavel's
// round-based mechanism (gavel_mechanism.h) turning X into each round's
// assignments. Jobs that arrived after the last solve have no share yet
// and only get GPUs that allocated entries leave free, as in Gavel.
//   gavel-fair               heterogeneity-aware max-min fairness (LAS)
//   gavel-fair-agnostic      the same, throughput type-independent
//   gavel-throughput         max-sum-throughput
//   gavel-fair-packed        max-min fairness with pairs sharing GPUs
//   gavel-throughput-packed  max-sum-throughput with pairs sharing GPUs
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "sim/gavel_allocation.h"
#include "sim/gavel_mechanism.h"
#include "sim/round_policy.h"

namespace accord::sim {

struct GavelOptions {
    LpBudget budget;
    double min_reset_interval_s = 1920;
    int partners_per_job = 4;  // packing: see gavel_pairs.h
    uint32_t seed = 0;         // the agnostic policy's shuffle of GPU types
};

class GavelPolicy : public RoundPolicy {
public:
    GavelPolicy(std::string name, GavelObjective objective, bool packing, GavelOptions options = {});
    std::string name() const override { return name_; }
    std::vector<Allocation> allocate(const RoundView &view) override;

    // The allocation in use, the instance it was solved for, whether the
    // last solve found an optimum (false: the fallback is in use), how many
    // solves there were, and the mechanism's rounds held and deficits.
    const GavelAllocation &allocation() const { return x_; }
    const GavelInstance &instance() const { return solved_; }
    bool last_solve_succeeded() const { return last_solved_; }
    size_t solves() const { return solves_; }
    const RoundHistory &history() const { return history_; }

private:
    void record_last_round(const RoundView &view);
    void reset_history(const RoundView &view, const std::vector<size_t> &active);
    void solve(const RoundView &view, const std::vector<size_t> &active);
    std::vector<Candidate> candidates(const RoundView &view, const std::vector<size_t> &active);
    std::vector<size_t> pool_order(size_t pools);

    std::string name_;
    GavelObjective objective_;
    PackingOptions packing_;
    GavelOptions options_;
    std::mt19937 shuffle_rng_;

    GavelInstance solved_;
    std::vector<size_t> solved_jobs_;  // sorted RoundJob::index values at the last solve
    GavelAllocation x_;
    bool last_solved_ = false;
    size_t solves_ = 0;
    double last_reset_s_ = 0;
    std::vector<size_t> fastest_first_;
    std::map<size_t, std::optional<GavelJob>> unsolved_;  // jobs new since the last solve
    RoundHistory history_;
};

std::vector<std::string> gavel_policy_names();

// Throws std::invalid_argument for a name not in gavel_policy_names().
std::unique_ptr<RoundPolicy> make_gavel_policy(const std::string &name, const GavelOptions &options = {});

}  // namespace accord::sim
