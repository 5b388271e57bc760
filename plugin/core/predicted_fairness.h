// Finish-time fairness (Themis, NSDI'20) predicted for a job still in the
// system, and the bound an admin puts on it (accord_fairness).
//
// A job's rho is its completion time over its run time alone on an equal
// share of the cluster: with N jobs in the system and G GPUs the share is
// G/N, so a job asking for g <= G/N GPUs runs as fast as alone and one
// asking for more is slowed by g*N/G (contrib/sim/finish_time_fairness.h
// measures the same after a run). Predicted now: the time it has been in
// the system plus what it still needs alone, over its whole run time alone
// times that slowdown. rho > 1: it is doing worse than an equal share
// would have let it.
//
// The bound: a job whose predicted rho exceeds it goes ahead of jobs below
// it (each group keeps its order). Themis offers resources only to the
// fraction of apps with the worst rho; a fraction moves jobs ahead even
// when every job is fine, so Accord bounds rho instead (an interpretation).
#pragma once

#include <cstddef>
#include <string>

namespace accord::core {

// 0 turns the bound off; otherwise it is in [kFairnessBoundMin, kFairnessBoundMax].
constexpr double kFairnessBoundMin = 1;
constexpr double kFairnessBoundMax = 1000;

struct FairnessInput {
    double elapsed_s = 0;    // in the system so far (since it became eligible)
    double remaining_s = 0;  // predicted to finish, alone on its best configuration
    double alone_s = 0;      // predicted whole run time there; > 0
    int gpus = 0;            // what it asks for
};

double predicted_rho(const FairnessInput &job, int cluster_gpus, size_t jobs_in_system);

// Whether a job with this predicted rho goes ahead; never when bound is 0.
bool over_fairness_bound(double rho, double bound);

// "0", or a number in [kFairnessBoundMin, kFairnessBoundMax]; false (and
// `out` unchanged) otherwise.
bool parse_fairness_bound(const std::string &text, double &out);

// What an error says the accepted values are.
std::string fairness_bound_range();

}  // namespace accord::core
