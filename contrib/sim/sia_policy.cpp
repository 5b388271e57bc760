#include "sim/sia_policy.h"

#include <cmath>
#include <stdexcept>
#include <utility>

#include "sim/sia_tie_break.h"

namespace accord::sim {

namespace {

bool same_configuration(const Assignment &a, const Assignment &b)
{
    return a.gpu_type == b.gpu_type && a.gpus == b.gpus;
}

std::vector<int> capacities(const RoundView &view)
{
    std::vector<int> capacity;
    for (const auto &pool : view.pools)
        capacity.push_back(pool.total());
    return capacity;
}

}  // namespace

SiaPolicy::SiaPolicy(const SiaParams &params) : params_(params)
{
    if (!std::isfinite(params.p) || params.p == 0)
        throw std::invalid_argument("sia: the fairness exponent p must be a non-zero number");
    if (!(params.no_alloc_penalty > 0) || !std::isfinite(params.no_alloc_penalty))
        throw std::invalid_argument("sia: the no-allocation penalty must be > 0");
    if (!(params.time_budget_s >= 0) || !std::isfinite(params.time_budget_s))
        throw std::invalid_argument("sia: the solver time budget must be >= 0 seconds");
    if (params.node_limit < 1)
        throw std::invalid_argument("sia: the solver node limit must be >= 1");
}

// Sia's num_restarts: the first start is not a restart; every later start
// on a different configuration (after a change or a suspension) is. The
// engine reports what each job held in the last round; the policy counts.
std::vector<int> SiaPolicy::count_restarts(const RoundView &view)
{
    std::map<size_t, Seen> now;
    std::vector<int> restarts;
    for (const auto &job : view.jobs) {
        Seen seen = seen_.count(job.index) ? seen_.at(job.index) : Seen{};
        if (job.current && !(seen.held && same_configuration(*seen.held, *job.current)))
            seen.starts++;
        seen.held = job.current;
        restarts.push_back(seen.starts > 0 ? seen.starts - 1 : 0);
        now[job.index] = seen;
    }
    seen_ = std::move(now);
    return restarts;
}

void SiaPolicy::record(SiaSolve how)
{
    switch (how) {
    case SiaSolve::optimal: solves_.optimal++; break;
    case SiaSolve::best_found: solves_.best_found++; break;
    case SiaSolve::greedy: solves_.greedy++; break;
    }
}

std::vector<Allocation> SiaPolicy::allocate(const RoundView &view)
{
    if (!view.speed)
        throw std::invalid_argument("sia: the round view has no job speeds");
    auto candidates = sia_candidates(view, params_, count_restarts(view));
    SiaChoice choice = solve_sia_program(candidates, capacities(view),
                                         SiaLimits{params_.node_limit, params_.time_budget_s});
    record(choice.how);
    std::vector<Allocation> allocations;
    for (size_t k : keep_running_jobs_on_ties(candidates, choice.chosen)) {
        const SiaCandidate &c = candidates[k];
        allocations.push_back({view.jobs[c.job].index, Assignment{view.pools[c.pool].type, c.gpus, -1}});
    }
    return allocations;
}

std::unique_ptr<RoundPolicy> make_sia_policy(const SiaParams &params)
{
    return std::make_unique<SiaPolicy>(params);
}

}  // namespace accord::sim
