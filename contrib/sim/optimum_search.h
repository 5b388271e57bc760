// The exact optimum's branch and bound over event-driven decisions
// (exact_optimum.h states the problem and why the search is exact).
//
// A node is a partial schedule at an event. Its undecided jobs are decided
// one at a time, shortest run first: start on each configuration the start
// rule allows (partial_schedule.h: may_start), or defer to a later event.
// When none is left undecided the schedule advances to the next event.
// Children are searched in the order of their lower bound (optimum_bound.h)
// and dropped when that bound reaches the level: the best schedule found so
// far, or the pass's ceiling if lower. The first pass's ceiling is just
// above the root's bound; a pass that ends without a schedule below its
// ceiling proves that none exists and the next pass raises it. So however
// poor the incumbent, the search walks no subtree whose bound lies more
// than a step above the optimum. States at the start of an event that a
// fully searched state of the same pass beats (state_memo.h) are dropped.
#pragma once

#include <cstddef>
#include <vector>

#include "sim/partial_schedule.h"
#include "sim/pooled_instance.h"

namespace accord::sim {

struct OptimumLimits {
    size_t max_nodes = 50'000'000;  // search nodes (deterministic)
    double max_seconds = 600;       // wall time (the result then depends on the machine)
    size_t memo_states = 200'000;   // states remembered for the dominance check
    size_t bound_cache = 20'000;    // large jobs' per-type results kept (optimum_bound.h)
};

struct SearchOutcome {
    std::vector<Start> best;  // per job
    double best_ends_s = 0;   // sum of the job ends of `best`
    double bound_ends_s = 0;  // no schedule has a smaller sum
    bool proven_optimal = false;
    size_t nodes = 0;
};

// `incumbent`: a complete schedule to beat (e.g. greedy_schedule).
SearchOutcome branch_and_bound(const PooledInstance &instance, const std::vector<Start> &incumbent,
                               const OptimumLimits &limits);

// Jobs by shortest run (their fastest configuration), ties by index: the
// order in which the search decides waiting jobs.
std::vector<int> decision_order(const PooledInstance &instance);

}  // namespace accord::sim
