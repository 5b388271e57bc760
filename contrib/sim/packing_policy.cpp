#include "sim/packing_policy.h"

#include <algorithm>
#include <map>
#include <optional>
#include <stdexcept>

#include "sim/lone_jobs.h"

namespace accord::sim {

namespace {

// What each job of the view holds this round, by position in view.jobs.
using Held = std::vector<std::optional<Assignment>>;

// Running jobs keep what they hold (non-intrusive). When a partner has
// ended, the survivor continues alone on the same GPUs.
Held keep_running(const RoundView &view)
{
    std::map<size_t, size_t> position;
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

struct PairFit {
    double combined = 0;       // sum of both jobs' packed / alone throughput
    double duration_ratio = 0; // newcomer's run time alone / partner's
};

// Measured pairs only: Gavel measured both jobs together on one node, so
// each is normalised by its one-node throughput alone.
std::optional<PairFit> pair_fit(const RoundView &view, const std::string &type, int gpus, const RoundJob &job,
                                const RoundJob &partner)
{
    auto packed = view.speed->colocated(type, job.trace->job_type, partner.trace->job_type, gpus);
    auto alone = view.speed->steps_per_second(type, job.trace->job_type, gpus, false);
    auto partner_alone = view.speed->steps_per_second(type, partner.trace->job_type, gpus, false);
    if (!packed || !alone || !partner_alone)
        return std::nullopt;
    double duration = job.trace->total_steps / *alone;
    double partner_duration = partner.trace->total_steps / *partner_alone;
    return PairFit{packed->first / *alone + packed->second / *partner_alone, duration / partner_duration};
}

LoneJobs::Key lone_key(const RoundView &view, const Held &held, size_t j)
{
    return {held[j]->gpu_type, held[j]->gpus, view.jobs[j].trace->job_type};
}

LoneJobs lone_jobs(const RoundView &view, const Held &held)
{
    LoneJobs lone;
    for (size_t j = 0; j < view.jobs.size(); j++)
        if (held[j] && held[j]->partner < 0)
            lone.add(lone_key(view, held, j), j);
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
    LoneJobs lone = lone_jobs(view, held);
    for (size_t j = 0; j < view.jobs.size(); j++) {
        const RoundJob &job = view.jobs[j];
        if (held[j])
            continue;
        int gpus = std::clamp(job.trace->scale_factor, job.min_gpus, job.max_gpus);
        if (auto type = best_fit(job, gpus, view, free)) {
            held[j] = Assignment{*type, gpus, -1};
            lone.add(lone_key(view, held, j), j);
            free[*type] -= gpus;
        } else if (auto partner = pick_partner(view, lone, j, gpus)) {
            lone.remove(lone_key(view, held, *partner), *partner);
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
// is not, so each group offers its earliest job short enough.
std::optional<size_t> PackingPolicy::pick_partner(const RoundView &view, const LoneJobs &lone, size_t j,
                                                  int gpus) const
{
    std::optional<size_t> best;
    double best_combined = 0;
    for (const auto &[key, members] : lone.groups()) {
        if (std::get<1>(key) != gpus)
            continue;
        for (size_t k : members) {
            auto fit = pair_fit(view, std::get<0>(key), gpus, view.jobs[j], view.jobs[k]);
            if (!fit || fit->combined < params_.min_combined_throughput)
                break;  // the same for the whole group
            if (fit->duration_ratio > params_.max_duration_ratio)
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
