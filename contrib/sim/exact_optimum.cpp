#include "sim/exact_optimum.h"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "sim/input_error.h"
#include "sim/optimum_greedy.h"
#include "sim/pooled_instance.h"

namespace accord::sim {

namespace {

// Swaps the local search tries on the greedy incumbent (a fraction of a
// second for 20 jobs).
constexpr size_t kGreedyRounds = 2000;

SimResult to_sim_result(const std::vector<TraceJob> &trace, const PooledInstance &instance,
                        const std::vector<Start> &starts)
{
    SimResult result;
    for (size_t j = 0; j < trace.size(); j++) {
        const JobConfig &c = instance.jobs[j].configs[starts[j].config];
        double end = starts[j].start_s + c.duration_s;
        result.jobs.push_back(SimJob{trace[j], starts[j].start_s, end, instance.types[c.type].name, c.nodes,
                                     c.gpus * c.duration_s});
    }
    std::vector<size_t> by_start(trace.size());
    std::iota(by_start.begin(), by_start.end(), 0);
    std::stable_sort(by_start.begin(), by_start.end(),
                     [&](size_t a, size_t b) { return starts[a].start_s < starts[b].start_s; });
    for (size_t j : by_start) {
        const JobConfig &c = instance.jobs[j].configs[starts[j].config];
        result.decisions.push_back("t=" + std::to_string(static_cast<int64_t>(std::floor(starts[j].start_s))) +
                                   " start job=" + std::to_string(j + 1) + " type=" + instance.types[c.type].name +
                                   " gpus=" + std::to_string(c.gpus));
    }
    return result;
}

double mean_jct(const std::vector<TraceJob> &trace, double sum_of_ends)
{
    double arrivals = 0;
    for (const auto &t : trace)
        arrivals += t.arrival_s;
    return (sum_of_ends - arrivals) / trace.size();
}

}  // namespace

OptimumResult exact_optimum(const std::vector<TraceJob> &trace, const JobSpeed &speed,
                            const std::vector<core::Node> &nodes, const OptimumLimits &limits)
{
    if (trace.size() > kMaxOptimumJobs)
        throw InputError("trace line " + std::to_string(trace[kMaxOptimumJobs].line) +
                         ": the exact optimum takes at most " + std::to_string(kMaxOptimumJobs) +
                         " jobs; this trace has " + std::to_string(trace.size()));
    OptimumResult result;
    result.proven_optimal = true;
    if (trace.empty())
        return result;
    PooledInstance instance = pooled_instance(trace, speed, nodes);
    SearchOutcome found = branch_and_bound(instance, improved_greedy_schedule(instance, decision_order(instance), kGreedyRounds), limits);
    result.schedule = to_sim_result(trace, instance, found.best);
    result.mean_jct_s = mean_jct(trace, found.best_ends_s);
    result.lower_bound_mean_jct_s = mean_jct(trace, found.bound_ends_s);
    result.proven_optimal = found.proven_optimal;
    result.nodes = found.nodes;
    return result;
}

}  // namespace accord::sim
