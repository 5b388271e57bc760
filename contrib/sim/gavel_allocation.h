// Gavel's policies as optimisation problems over an instance (Narayanan et
// al., OSDI 2020, section 4 and scheduler/policies/ in its code): each
// returns X, the fraction of time every entry (a job alone, or a packed
// pair) should hold GPUs of each type. Formulas and the places where we had
// to interpret Gavel are in docs/simulator.md, "Gavel".
#pragma once

#include <map>
#include <vector>

#include "sim/gavel_instance.h"
#include "sim/glpk_lp.h"

namespace accord::sim {

// X[entry][pool]: fraction of time, per pool in GavelInstance::pools order.
using GavelAllocation = std::map<EntryKey, std::vector<double>>;

enum class GavelObjective {
    max_min_fairness,           // heterogeneity-aware LAS
    max_min_fairness_agnostic,  // the same with type-independent throughput
    max_sum_throughput,
};

struct AllocationResult {
    GavelAllocation x;
    bool solved = false;  // false: the LP failed or ran out of budget; x is the fallback
};

// Every entry of `inst` gets a row in the result. The budget's time limit
// covers both passes of the max-min policies. On solver trouble the result
// is fallback_allocation(inst, previous); never throws for it.
AllocationResult compute_allocation(const GavelInstance &inst, GavelObjective objective,
                                    const LpBudget &budget, const GavelAllocation &previous);

// Effective throughput of job `job` (position in inst.jobs) under x, in
// steps/s: sum over its entries and pools of X * its speed there.
double effective_throughput(const GavelInstance &inst, const GavelAllocation &x, size_t job);

}  // namespace accord::sim
