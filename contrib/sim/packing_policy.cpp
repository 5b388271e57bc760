#include "sim/packing_policy.h"

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>
#include <unordered_map>

#include "sim/lone_jobs.h"

namespace accord::sim {

namespace {

// What each job of the view holds this round, by position in view.jobs.
using Held = std::vector<std::optional<Assignment>>;

// Running jobs keep what they hold (non-intrusive). When a partner has
// ended, the survivor continues alone on the same GPUs.
Held keep_running(const RoundView &view)
{
    std::unordered_map<size_t, size_t> position(view.jobs.size());
    for (size_t j = 0; j < view.jobs.size(); j++)
        position[view.jobs[j].index] = j;
    Held held(view.jobs.size());
    for (size_t j = 0; j < view.jobs.size(); j++) {
        const RoundJob &job = view.jobs[j];
        if (!job.current)
            continue;
        Assignment kept = *job.current;
        auto partner = kept.partner >= 0 ? position.find(static_cast<size_t>(kept.partner)) : position.end();
        bool paired = partner != position.end() && view.jobs[partner->second].current &&
                      view.jobs[partner->second].current->partner == static_cast<long>(job.index);
        if (!paired)
            kept.partner = -1;
        held[j] = kept;
    }
    return held;
}

// Free GPUs per type; a packed pair holds its GPUs once.
std::map<std::string, int> free_gpus(const RoundView &view, const Held &held)
{
    std::map<std::string, int> free;
    for (const auto &pool : view.pools)
        free[pool.type] = pool.total();
    for (size_t j = 0; j < view.jobs.size(); j++)
        if (held[j] && (held[j]->partner < 0 || static_cast<long>(view.jobs[j].index) < held[j]->partner))
            free[held[j]->gpu_type] -= held[j]->gpus;
    return free;
}

// Slurm-like, blind to speed differences: the type with the fewest free
// GPUs that still has `gpus` free and can run the job (ties: first by name).
std::optional<std::string> best_fit(const RoundJob &job, int gpus, const RoundView &view,
                                    const std::map<std::string, int> &free)
{
    std::optional<std::string> best;
    for (const auto &pool : view.pools) {
        int left = free.at(pool.type);
        if (left < gpus || (best && left >= free.at(*best)))
            continue;
        if (view.speed->steps_per_second(pool.type, job.trace->job_type, gpus, gpus > pool.gpus_per_node))
            best = pool.type;
    }
    return best;
}

std::vector<std::string> pool_types(const RoundView &view)
{
    std::vector<std::string> types;
    for (const auto &pool : view.pools)
        types.push_back(pool.type);
    return types;
}

// The round's GPU types (the pools' order) and job types by number
// (sim/pair_rates.h).
struct TypeNumbers {
    std::map<std::string, int> gpu_type;
    std::vector<int> job_type;  // per position in view.jobs
};

TypeNumbers number_types(const RoundView &view, PairRateMemo &rates)
{
    TypeNumbers n;
    for (const auto &pool : view.pools)
        n.gpu_type.emplace(pool.type, static_cast<int>(n.gpu_type.size()));
    for (const auto &job : view.jobs)
        n.job_type.push_back(rates.job_type_number(job.trace->job_type));
    return n;
}

LoneJobs::Key lone_key(const TypeNumbers &n, const Held &held, size_t j)
{
    return {n.gpu_type.at(held[j]->gpu_type), held[j]->gpus, n.job_type[j]};
}

LoneJobs lone_jobs(const TypeNumbers &n, const Held &held)
{
    LoneJobs lone;
    for (size_t j = 0; j < held.size(); j++)
        if (held[j] && held[j]->partner < 0)
            lone.add(lone_key(n, held, j), j);
    return lone;
}

}  // namespace

PackingPolicy::PackingPolicy(const PackingParams &params) : params_(params)
{
    if (!(params.min_combined_throughput > 0) || !(params.max_duration_ratio > 0))
        throw std::invalid_argument("lucid: the packing threshold and the duration ratio must be > 0");
}

std::vector<Allocation> PackingPolicy::allocate(const RoundView &view)
{
    if (!view.speed)
        throw std::invalid_argument("lucid: the round view has no job speeds");
    Held held = keep_running(view);
    auto free = free_gpus(view, held);
    auto types = pool_types(view);
    if (!rates_ || !rates_->serves(*view.speed, types))
        rates_.emplace(*view.speed, types);
    TypeNumbers numbers = number_types(view, *rates_);
    LoneJobs lone = lone_jobs(numbers, held);
    for (size_t j = 0; j < view.jobs.size(); j++) {
        const RoundJob &job = view.jobs[j];
        if (held[j])
            continue;
        int gpus = std::clamp(job.trace->scale_factor, job.min_gpus, job.max_gpus);
        if (auto type = best_fit(job, gpus, view, free)) {
            held[j] = Assignment{*type, gpus, -1};
            lone.add(lone_key(numbers, held, j), j);
            free[*type] -= gpus;
        } else if (auto partner = pick_partner(view, lone, j, gpus, numbers.job_type, *rates_)) {
            lone.remove(lone_key(numbers, held, *partner), *partner);
            held[j] = Assignment{held[*partner]->gpu_type, gpus, static_cast<long>(view.jobs[*partner].index)};
            held[*partner]->partner = static_cast<long>(job.index);
        }
    }
    std::vector<Allocation> allocations;
    for (size_t j = 0; j < view.jobs.size(); j++)
        if (held[j])
            allocations.push_back({view.jobs[j].index, *held[j]});
    return allocations;
}

// Lucid pairs a newcomer only with a job running alone on the same GPU
// count; of the acceptable partners, the pair with the highest combined
// normalised throughput (ties: the earlier job). The combined throughput
// is the same for every job of a group (lone_jobs.h); the duration ratio
// is not, so each group offers its earliest job short enough. The best pair
// does not depend on the order groups are weighed in.
std::optional<size_t> PackingPolicy::pick_partner(const RoundView &view, const LoneJobs &lone, size_t j, int gpus,
                                                  const std::vector<int> &job_type, PairRateMemo &rates) const
{
    std::optional<size_t> best;
    double best_combined = 0;
    for (const auto &[key, members] : lone.groups()) {
        const auto &[gpu_type, group_gpus, partner_type] = key;
        if (group_gpus != gpus)
            continue;
        const auto &fit = rates.rates(gpu_type, gpus, job_type[j], partner_type);
        if (!fit || fit->combined < params_.min_combined_throughput)
            continue;
        double duration = view.jobs[j].trace->total_steps / fit->alone;
        for (size_t k : members) {
            double partner_duration = view.jobs[k].trace->total_steps / fit->partner_alone;
            if (duration / partner_duration > params_.max_duration_ratio)
                continue;
            if (!best || fit->combined > best_combined || (fit->combined == best_combined && k < *best)) {
                best = k;
                best_combined = fit->combined;
            }
            break;
        }
    }
    return best;
}

std::unique_ptr<RoundPolicy> make_packing_policy(const PackingParams &params)
{
    return std::make_unique<PackingPolicy>(params);
}

}  // namespace accord::sim
