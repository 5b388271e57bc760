// The exact optimum's first incumbent: a good schedule of the pooled model,
// fast. At every event the waiting jobs, in a priority order, each take the
// configuration that would end soonest given what runs now (among the GPU
// types the job is not steered away from); a job whose soonest end is on
// GPUs still busy waits for them. A seeded local search then tries other
// orders and steerings.
#pragma once

#include <cstdint>
#include <vector>

#include "sim/partial_schedule.h"
#include "sim/pooled_instance.h"

namespace accord::sim {

struct GreedyPlan {
    std::vector<int> order;        // every job once, first served first
    std::vector<uint32_t> banned;  // per job: bit k = avoid type k, unless every type is avoided
};

// Every job's start under the plan.
std::vector<Start> greedy_schedule(const PooledInstance &instance, const GreedyPlan &plan);

// The best schedule the local search finds from `order` with no type
// avoided: `rounds` times, swap two jobs of the best plan so far or steer
// one job away from (or back to) a type, and keep the change when the sum
// of ends is no larger. Seeded: the same instance gives the same schedule.
std::vector<Start> improved_greedy_schedule(const PooledInstance &instance, const std::vector<int> &order,
                                            size_t rounds);

// The sum of the job ends of a complete schedule.
double sum_of_ends(const PooledInstance &instance, const std::vector<Start> &starts);

}  // namespace accord::sim
