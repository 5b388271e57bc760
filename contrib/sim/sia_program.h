// Sia's integer program for one round: choose at most one candidate
// configuration per job, at most each pool's GPUs per pool, maximising the
// summed value (sia_candidates.h). Solved with GLPK's branch and bound on
// an equivalent program with few integer variables (sia_count_model.h),
// seeded with the greedy answer, under a node limit (deterministic) and a
// time budget (a safety net); at a limit or on a solver failure the best
// integer answer found is used, and the greedy one if there is none.
// Solver trouble never throws.
#pragma once

#include <cstddef>
#include <vector>

#include "sim/sia_candidates.h"

namespace accord::sim {

enum class SiaSolve {
    optimal,     // proven optimal (within Sia's relative gap of 1e-4)
    best_found,  // a limit reached or solver failed: its best integer answer
    greedy,      // no integer answer from the solver, or a time budget of 0
};

struct SiaChoice {
    std::vector<size_t> chosen;  // indices into the candidates, ascending
    SiaSolve how = SiaSolve::greedy;
};

struct SiaLimits {
    // Branch-and-bound subproblems (>= 1): the limit that decides results,
    // the same way on every machine. Sia's solver has none; how often it is
    // reached is measured in docs/simulator.md.
    int nodes = 200;
    // Wall-clock seconds for the relaxation and branch and bound together,
    // a safety net; 0 = the greedy answer only. A round that ends here
    // depends on the machine's speed.
    double time_s = 10.0;
};

// `capacity[p]` = GPUs of pool p; every candidate's `gpus` >= 1.
SiaChoice solve_sia_program(const std::vector<SiaCandidate> &candidates, const std::vector<int> &capacity,
                            const SiaLimits &limits);

// The fallback: candidates by value per GPU (ties: earlier job, then
// earlier candidate), each taken if its job has none yet and its GPUs fit.
std::vector<size_t> greedy_sia_program(const std::vector<SiaCandidate> &candidates,
                                       const std::vector<int> &capacity);

}  // namespace accord::sim
