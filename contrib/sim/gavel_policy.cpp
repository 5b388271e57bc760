#include "sim/gavel_policy.h"

#include <algorithm>
#include <numeric>
#include <set>
#include <stdexcept>

namespace accord::sim {

namespace {

bool contains(const std::vector<size_t> &sorted, size_t index)
{
    return std::binary_search(sorted.begin(), sorted.end(), index);
}

// Gavel fills V100, then P100, then K80 (fastest first, fixed in its code).
// For any table: types by how fast the jobs run there relative to their
// best type, summed over jobs; ties by type name.
std::vector<size_t> fastest_first(const GavelInstance &inst)
{
    std::vector<double> score(inst.pools.size(), 0.0);
    for (const GavelJob &job : inst.jobs) {
        double best = *std::max_element(job.alone.begin(), job.alone.end());
        for (size_t k = 0; k < score.size(); k++)
            score[k] += job.alone[k] / best;
    }
    std::vector<size_t> order(inst.pools.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(),
                     [&](size_t a, size_t b) { return score[a] > score[b]; });
    return order;
}

std::vector<double> seeded(size_t pools) { return std::vector<double>(pools, RoundHistory::kSeed); }

}  // namespace

GavelPolicy::GavelPolicy(std::string name, GavelObjective objective, bool packing, GavelOptions options)
    : name_(std::move(name)), objective_(objective), options_(options), shuffle_rng_(options.seed)
{
    packing_.enabled = packing;
    packing_.partners_per_job = options.partners_per_job;
}

std::vector<Allocation> GavelPolicy::allocate(const RoundView &view)
{
    record_last_round(view);
    std::vector<size_t> active;
    for (const RoundJob &job : view.jobs)
        active.push_back(job.index);
    std::sort(active.begin(), active.end());
    if (active.empty())
        return {};
    bool first = solves_ == 0;
    if (active != solved_jobs_ &&
        (first || view.now_s - last_reset_s_ >= options_.min_reset_interval_s)) {
        reset_history(view, active);
        solve(view, active);
    }
    return assign_round(candidates(view, active), view.pools, pool_order(view.pools.size()),
                        history_);
}

// What each entry held in the last round, from RoundJob::current (a pair
// is counted once, from its lower job index).
void GavelPolicy::record_last_round(const RoundView &view)
{
    for (const RoundJob &job : view.jobs) {
        if (!job.current)
            continue;
        const Assignment &held = *job.current;
        if (held.partner >= 0 && static_cast<size_t>(held.partner) < job.index)
            continue;
        auto pool = std::find_if(view.pools.begin(), view.pools.end(),
                                 [&](const GpuPool &p) { return p.type == held.gpu_type; });
        if (pool == view.pools.end())
            continue;
        EntryKey key{job.index, held.partner};
        auto it = history_.rounds.try_emplace(key, seeded(view.pools.size())).first;
        it->second[static_cast<size_t>(pool - view.pools.begin())] += 1;
    }
}

// Gavel's _reset_time_run_so_far: every entry's deficit grows by the time
// it should have had under the old X minus the time it had (in rounds,
// also for entries that never ran), and the rounds held start again from
// the seed. Entries with a job gone are forgotten.
void GavelPolicy::reset_history(const RoundView &view, const std::vector<size_t> &active)
{
    double elapsed = solves_ > 0 && view.round_s > 0 ? (view.now_s - last_reset_s_) / view.round_s : 0;
    std::set<EntryKey> keys;
    for (const auto *m : {&x_, &history_.rounds, &history_.deficit})
        for (const auto &entry : *m)
            keys.insert(entry.first);
    RoundHistory next;
    for (const EntryKey &key : keys) {
        if (!contains(active, key.job) ||
            (key.partner >= 0 && !contains(active, static_cast<size_t>(key.partner))))
            continue;
        auto old = history_.deficit.find(key);
        auto &deficit = next.deficit[key] = old != history_.deficit.end()
                                                ? old->second
                                                : std::vector<double>(view.pools.size(), 0.0);
        auto held = history_.rounds.find(key);
        auto x = x_.find(key);
        for (size_t k = 0; k < view.pools.size(); k++) {
            double due = x == x_.end() ? 0.0 : x->second[k] * elapsed;
            double had = held == history_.rounds.end() ? 0.0 : held->second[k] - RoundHistory::kSeed;
            deficit[k] += due - had;
        }
    }
    history_ = std::move(next);
}

void GavelPolicy::solve(const RoundView &view, const std::vector<size_t> &active)
{
    std::vector<GavelJob> jobs;
    for (const RoundJob &rj : view.jobs)
        if (auto job = describe_job(view, rj))
            jobs.push_back(std::move(*job));
    solved_ = make_instance(view.pools, std::move(jobs), *view.speed, packing_);
    AllocationResult result = compute_allocation(solved_, objective_, options_.budget, x_);
    x_ = std::move(result.x);
    last_solved_ = result.solved;
    solves_++;
    solved_jobs_ = active;
    last_reset_s_ = view.now_s;
    fastest_first_ = fastest_first(solved_);
    unsolved_.clear();
}

std::vector<Candidate> GavelPolicy::candidates(const RoundView &view, const std::vector<size_t> &active)
{
    std::vector<Candidate> out;
    for (const GavelEntry &e : solved_.entries) {
        EntryKey key = solved_.key(e);
        if (!contains(active, key.job) ||
            (key.partner >= 0 && !contains(active, static_cast<size_t>(key.partner))))
            continue;
        Candidate c;
        c.key = key;
        c.gpus = e.gpus;
        for (size_t k = 0; k < view.pools.size(); k++)
            c.runnable.push_back(e.first_speed[k] > 0 && (e.second < 0 || e.second_speed[k] > 0));
        c.x = &x_.at(key);
        out.push_back(std::move(c));
    }
    for (const RoundJob &rj : view.jobs) {
        if (contains(solved_jobs_, rj.index))
            continue;
        auto it = unsolved_.find(rj.index);
        if (it == unsolved_.end())
            it = unsolved_.emplace(rj.index, describe_job(view, rj)).first;
        if (!it->second)
            continue;
        Candidate c;
        c.key = {rj.index, -1};
        c.gpus = it->second->gpus;
        for (double s : it->second->alone)
            c.runnable.push_back(s > 0);
        out.push_back(std::move(c));
    }
    return out;
}

// Gavel shuffles the type order every round for policies that ignore
// throughputs (the agnostic one) and keeps it fixed for the others.
std::vector<size_t> GavelPolicy::pool_order(size_t pools)
{
    if (objective_ != GavelObjective::max_min_fairness_agnostic)
        return fastest_first_;
    std::vector<size_t> order(pools);
    std::iota(order.begin(), order.end(), 0);
    for (size_t i = pools; i > 1; i--)  // Fisher-Yates, portable given the seed
        std::swap(order[i - 1], order[shuffle_rng_() % i]);
    return order;
}

std::vector<std::string> gavel_policy_names()
{
    return {"gavel-fair", "gavel-fair-agnostic", "gavel-throughput", "gavel-fair-packed",
            "gavel-throughput-packed"};
}

std::unique_ptr<RoundPolicy> make_gavel_policy(const std::string &name, const GavelOptions &options)
{
    if (name == "gavel-fair")
        return std::make_unique<GavelPolicy>(name, GavelObjective::max_min_fairness, false, options);
    if (name == "gavel-fair-agnostic")
        return std::make_unique<GavelPolicy>(name, GavelObjective::max_min_fairness_agnostic, false,
                                             options);
    if (name == "gavel-throughput")
        return std::make_unique<GavelPolicy>(name, GavelObjective::max_sum_throughput, false, options);
    if (name == "gavel-fair-packed")
        return std::make_unique<GavelPolicy>(name, GavelObjective::max_min_fairness, true, options);
    if (name == "gavel-throughput-packed")
        return std::make_unique<GavelPolicy>(name, GavelObjective::max_sum_throughput, true, options);
    throw std::invalid_argument("unknown Gavel policy '" + name + "'");
}

}  // namespace accord::sim
