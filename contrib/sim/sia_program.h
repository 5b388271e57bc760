// Sia's integer program for one round: choose at most one candidate
// configuration per job, at most each pool's GPUs per pool, maximising the
// summed value (sia_candidates.h). Solved with GLPK's branch and bound
// under a time budget, seeded with the greedy answer; on a timeout or a
// solver failure the best integer answer found is used, and the greedy one
// if there is none. Solver trouble never throws.
#pragma once

#include <cstddef>
#include <vector>

#include "sim/sia_candidates.h"

namespace accord::sim {

enum class SiaSolve {
    optimal,     // proven optimal (within Sia's relative gap of 1e-4)
    best_found,  // time budget spent or solver failed: its best integer answer
    greedy,      // no integer answer from the solver, or a budget of 0
};

struct SiaChoice {
    std::vector<size_t> chosen;  // indices into the candidates, ascending
    SiaSolve how = SiaSolve::greedy;
};

// `capacity[p]` = GPUs of pool p.
SiaChoice solve_sia_program(const std::vector<SiaCandidate> &candidates, const std::vector<int> &capacity,
                            double time_budget_s);

// The fallback: candidates by value per GPU (ties: earlier job, then
// earlier candidate), each taken if its job has none yet and its GPUs fit.
std::vector<size_t> greedy_sia_program(const std::vector<SiaCandidate> &candidates,
                                       const std::vector<int> &capacity);

}  // namespace accord::sim
