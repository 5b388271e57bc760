#include "core/allocator_state.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace accord::core {

namespace {

// Per pool type, whether `allowed` leaves out one of its nodes; the jobs
// of a partition share one mask, so each mask is looked at once.
class LeftOutNodes {
public:
    explicit LeftOutNodes(const NodePool &pool) : pool_(pool) {}

    const std::vector<bool> &of(const NodeMask *allowed)
    {
        auto [it, added] = known_.try_emplace(allowed);
        if (added)
            for (int type = 0; type < pool_.types(); type++) {
                const auto &nodes = pool_.nodes_of(type);
                it->second.push_back(std::any_of(nodes.begin(), nodes.end(),
                                                 [&](size_t n) { return !pool_.allows(allowed, n); }));
            }
        return it->second;
    }

private:
    const NodePool &pool_;
    std::map<const NodeMask *, std::vector<bool>> known_;
};

}  // namespace

AllocState::AllocState(const std::vector<AllocJob> &jobs, const std::vector<AllocNode> &nodes,
                       const AllocConfig &config)
    : pool(nodes), choice(jobs.size()), rank(jobs.size(), 0), weight(jobs.size(), 1), jobs_(jobs), config_(config),
      slowest_(jobs.size(), 1), fastest_(jobs.size(), 0), first_option_(jobs.size()), confined_(jobs.size(), false)
{
    LeftOutNodes left_out(pool);
    for (size_t j = 0; j < jobs.size(); j++) {
        double slowest = 0;
        first_option_[j] = type_.size();
        const std::vector<bool> *left_out_of_type = jobs[j].allowed ? &left_out.of(jobs[j].allowed.get()) : nullptr;
        for (int o = 0; o < options(j); o++) {
            type_.push_back(pool.type_id(jobs[j].options[o].gpu_type));
            double rate = type(j, o) >= 0 ? jobs[j].options[o].rate : 0;
            if (rate > 0)
                slowest = slowest == 0 ? rate : std::min(slowest, rate);
            fastest_[j] = std::max(fastest_[j], rate);
            if (left_out_of_type && type(j, o) >= 0 && (*left_out_of_type)[type(j, o)])
                confined_[j] = true;
        }
        slowest_[j] = slowest > 0 ? slowest : 1;
    }
}

// Spread over nodes although one node could hold it.
bool AllocState::spread(size_t j, int o, const Shares &shares) const
{
    return shares.size() > 1 && option(j, o).gpus <= pool.largest_node(type(j, o));
}

// Spreading a job one node could hold is allowed when it is no slower than
// the job's slowest one-node option: never a waste of GPUs.
bool AllocState::may_spread(size_t j, int o) const
{
    return option(j, o).gpus > pool.largest_node(type(j, o)) || option(j, o).spread_rate >= slowest_[j];
}

// The job's worth on an option placed on `shares`: the log of its rate
// there (proportional fairness: a job's unit of work cancels out, and the
// same relative speedup counts the same for every job), its rate raised by
// the migration threshold when nothing changes.
double AllocState::value(size_t j, int o, const Shares &shares) const
{
    const JobOption &opt = option(j, o);
    double rate = spread(j, o, shares) ? opt.spread_rate : opt.rate;
    bool kept = o == jobs_[j].current && shares == jobs_[j].held;
    return weight[j] * std::log(kept ? rate * (1 + config_.migrate_gain) : rate);
}

int AllocState::option_with(size_t j, int on_type, int gpus) const
{
    for (int o = 0; o < options(j); o++)
        if (type(j, o) == on_type && option(j, o).gpus == gpus && option(j, o).rate > 0)
            return o;
    return -1;
}

void AllocState::take(size_t j, int o, Shares shares)
{
    pool.take(shares);
    choice[j] = AllocChoice{o, std::move(shares)};
}

AllocChoice AllocState::release(size_t j)
{
    pool.release(choice[j].shares);
    AllocChoice held = std::move(choice[j]);
    choice[j] = AllocChoice{};
    return held;
}

// Where option o could go on free GPUs: back on its own nodes when it is
// the option it holds, else one node, else spread when allowed.
std::optional<Shares> AllocState::free_placement(size_t j, int o) const
{
    if (!usable(j, o))
        return std::nullopt;
    const AllocJob &job = jobs_[j];
    if (o == job.current && !job.held.empty() &&
        std::all_of(job.held.begin(), job.held.end(),
                    [&](const NodeShare &s) { return pool.free_on(s.node) >= s.gpus; }))
        return job.held;
    int t = type(j, o), gpus = option(j, o).gpus;
    if (gpus <= pool.largest_node(t))
        if (auto node = pool.best_fit(t, gpus, confined_to(j)))
            return Shares{NodeShare{*node, gpus}};
    if (!may_spread(j, o))
        return std::nullopt;
    Shares shares = pool.spread(t, gpus, confined_to(j));
    return shares.empty() ? std::nullopt : std::optional<Shares>(shares);
}

// Fewest GPUs first (every job that can run does; growth comes later),
// then the better normalised rate, a displacing placement counting its
// rate lowered by the migration threshold.
bool AllocState::better(size_t j, const Candidate &a, const Candidate &b) const
{
    int ga = option(j, a.option).gpus, gb = option(j, b.option).gpus;
    if (ga != gb)
        return ga < gb;
    auto worth = [&](const Candidate &c) {
        double v = value(j, c.option, c.shares);
        return c.victims.empty() ? v : v / (1 + config_.migrate_gain);
    };
    return worth(a) > worth(b) + kAllocEpsilon;
}

bool AllocState::place_on_free(size_t j)
{
    std::optional<Candidate> best;
    for (int o = 0; o < options(j); o++)
        if (auto shares = free_placement(j, o)) {
            Candidate c{o, std::move(*shares), {}};
            if (!best || better(j, c, *best))
                best = std::move(c);
        }
    if (!best)
        return false;
    take(j, best->option, std::move(best->shares));
    return true;
}

}  // namespace accord::core
