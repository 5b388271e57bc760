#include "sim/accord_round_policy.h"

#include <algorithm>
#include <map>

#include "core/predicted_fairness.h"

namespace accord::sim {

using PairRatesByKind = AccordRoundPolicy::PairRatesByKind;

namespace {

double rate_of(const RoundView &view, const GpuPool &pool, const std::string &job_type, int gpus, bool spread)
{
    auto rate = view.speed->steps_per_second(pool.type, job_type, gpus, spread);
    return rate ? *rate : 0;
}

bool same_pools(const std::vector<GpuPool> &a, const std::vector<GpuPool> &b)
{
    return std::equal(a.begin(), a.end(), b.begin(), b.end(), [](const GpuPool &x, const GpuPool &y) {
        return x.type == y.type && x.nodes == y.nodes && x.gpus_per_node == y.gpus_per_node &&
               x.node_ids == y.node_ids;
    });
}

// Every count the job allows on every type with a measured speed: the rate
// on one node (spread when no node holds the count) and spread.
std::vector<core::JobOption> options_of(const RoundView &view, const RoundJob &job)
{
    std::vector<core::JobOption> options;
    const std::string &job_type = job.trace->job_type;
    for (const auto &pool : view.pools) {
        for (int gpus = job.min_gpus; gpus <= std::min(job.max_gpus, pool.total()); gpus++) {
            bool fits_node = gpus <= pool.gpus_per_node;
            double rate = rate_of(view, pool, job_type, gpus, !fits_node);
            if (rate <= 0)
                continue;
            double spread = fits_node && gpus > 1 ? rate_of(view, pool, job_type, gpus, true) : 0;
            options.push_back(core::JobOption{pool.type, gpus, rate, spread});
        }
    }
    return options;
}

// The job as the allocator sees it, written over `a` (whose vectors keep
// their memory from round to round), all but its partner.
void set_alloc_job(core::AllocJob &a, const RoundJob &job, const std::vector<core::JobOption> &options,
                   uint32_t kind, const std::vector<size_t> &of_cluster_node)
{
    a.id = static_cast<uint32_t>(job.index);
    a.kind = kind;
    a.options = options;
    a.attained_gpu_s = job.attained_gpu_s;
    a.current = -1;
    for (size_t o = 0; job.current && o < options.size(); o++)
        if (options[o].gpu_type == job.current->gpu_type && options[o].gpus == job.current->gpus)
            a.current = static_cast<int>(o);
    a.held.clear();
    for (const auto &slice : job.placement)
        a.held.push_back(core::NodeShare{of_cluster_node.at(slice.node), slice.gpus});
    a.movable = true;
    a.partner = -1;
    a.gittins = -1;
}

// Pair rates by kind: the predictor's, by job type. A predictor's answers
// never change, so each is asked once per run and kept in `known`.
class PredictedPairs : public core::PairRates {
public:
    PredictedPairs(const PairPredictor &pairs, const std::vector<std::string> &kinds, PairRatesByKind &known)
        : pairs_(pairs), kinds_(kinds), known_(known)
    {
    }
    std::optional<std::pair<double, double>> rates(uint32_t a, uint32_t b, const std::string &gpu_type,
                                                   int gpus) const override
    {
        auto key = std::make_tuple(a, b, gpu_type, gpus);
        auto it = known_.find(key);
        if (it == known_.end())
            it = known_.emplace(key, pairs_.rates(gpu_type, kinds_[a], kinds_[b], gpus)).first;
        return it->second;
    }

private:
    const PairPredictor &pairs_;
    const std::vector<std::string> &kinds_;
    PairRatesByKind &known_;
};

}  // namespace

uint32_t AccordRoundPolicy::kind(const std::string &job_type)
{
    auto [it, added] = kind_ids_.emplace(job_type, static_cast<uint32_t>(kinds_.size()));
    if (added)
        kinds_.push_back(job_type);
    return it->second;
}

// A job's options and kind never change, so they are looked up once.
const AccordRoundPolicy::Known &AccordRoundPolicy::known(const RoundView &view, const RoundJob &job)
{
    if (job.index >= known_.size())
        known_.resize(job.index + 1);
    Known &k = known_[job.index];
    if (k.seen == 0) {
        k = Known{options_of(view, job), kind(job.trace->job_type), 0};
        active_.push_back(job.index);
    }
    k.seen = calls_;
    return k;
}

// The cluster's nodes change only with the pools (never, in one run).
const AccordRoundPolicy::Nodes &AccordRoundPolicy::nodes(const RoundView &view)
{
    if (!nodes_.nodes.empty() && same_pools(nodes_.pools, view.pools))
        return nodes_;
    nodes_ = Nodes{view.pools, {}, {}};
    for (const auto &pool : view.pools)
        for (size_t id : pool.node_ids) {
            if (id >= nodes_.of_cluster_node.size())
                nodes_.of_cluster_node.resize(id + 1);
            nodes_.of_cluster_node[id] = nodes_.nodes.size();
            nodes_.nodes.push_back(core::AllocNode{pool.type, pool.gpus_per_node});
        }
    return nodes_;
}

// Jobs not active in this call have finished: they are forgotten.
void AccordRoundPolicy::forget_finished()
{
    size_t kept = 0;
    for (size_t index : active_) {
        if (known_[index].seen == calls_)
            active_[kept++] = index;
        else
            known_[index] = Known{};
    }
    active_.resize(kept);
}

// Each job's Gittins index, once a job has finished. Jobs of one kind that
// have held the same (every waiting one that never ran) share one
// computation, found by sorting: each costs the samples above it, up to
// the window.
void AccordRoundPolicy::set_gittins_indices(std::vector<core::AllocJob> &jobs)
{
    if (finished_.empty())
        return;
    auto key = [&](size_t j) { return std::make_pair(jobs[j].kind, jobs[j].attained_gpu_s); };
    by_service_.resize(jobs.size());
    for (size_t j = 0; j < jobs.size(); j++)
        by_service_[j] = j;
    std::sort(by_service_.begin(), by_service_.end(), [&](size_t a, size_t b) { return key(a) < key(b); });
    for (size_t r = 0; r < by_service_.size(); r++) {
        size_t j = by_service_[r];
        bool same = r > 0 && key(by_service_[r - 1]) == key(j);
        jobs[j].gittins = same ? jobs[by_service_[r - 1]].gittins : finished_.index(jobs[j].kind, jobs[j].attained_gpu_s);
    }
}

// The job's predicted finish-time fairness (see the header).
double AccordRoundPolicy::rho(const RoundView &view, const RoundJob &job,
                              const std::vector<core::JobOption> &options) const
{
    const TraceJob &t = *job.trace;
    double fastest = 0, fastest_asked = 0;
    for (const auto &o : options) {
        fastest = std::max(fastest, o.rate);
        if (o.gpus == t.scale_factor)
            fastest_asked = std::max(fastest_asked, o.rate);
    }
    double rate = fastest_asked > 0 ? fastest_asked : fastest;
    int cluster_gpus = 0;
    for (const auto &pool : view.pools)
        cluster_gpus += pool.total();
    double work = limit_factor_ * static_cast<double>(t.total_steps);
    double done = static_cast<double>(t.total_steps) - job.remaining_steps;
    core::FairnessInput in{view.now_s - t.arrival_s, (work - done) / rate, work / rate, t.scale_factor};
    return core::predicted_rho(in, cluster_gpus, view.jobs.size());
}

std::vector<Allocation> AccordRoundPolicy::allocate(const RoundView &view)
{
    calls_++;
    const Nodes &cluster = nodes(view);
    std::vector<core::AllocJob> &jobs = jobs_;
    jobs.resize(view.jobs.size());
    for (size_t j = 0; j < view.jobs.size(); j++) {
        const Known &k = known(view, view.jobs[j]);
        set_alloc_job(jobs[j], view.jobs[j], k.options, k.kind, cluster.of_cluster_node);
        if (view.jobs[j].index >= position_.size())
            position_.resize(view.jobs[j].index + 1, -1);
        position_[view.jobs[j].index] = static_cast<long>(j);
        jobs[j].rho = config_.fairness_bound > 0 ? rho(view, view.jobs[j], jobs[j].options) : 0;
    }
    for (size_t j = 0; j < view.jobs.size(); j++)
        if (view.jobs[j].current && view.jobs[j].current->partner >= 0) {
            size_t partner = static_cast<size_t>(view.jobs[j].current->partner);
            jobs[j].partner = partner < position_.size() ? position_[partner] : -1;  // -1: the partner finished
        }
    for (const auto &job : view.jobs)
        position_[job.index] = -1;
    forget_finished();
    for (const auto &f : view.finished)
        finished_.add(kind(f.trace->job_type), f.attained_gpu_s);
    set_gittins_indices(jobs);
    PredictedPairs pairs(pairs_, kinds_, pair_rates_);
    std::vector<core::AllocChoice> choice = core::allocate(jobs, cluster.nodes, config_, &pairs);
    std::vector<Allocation> out;
    out.reserve(jobs.size());
    for (size_t j = 0; j < jobs.size(); j++) {
        if (choice[j].option < 0)
            continue;
        const core::JobOption &o = jobs[j].options[choice[j].option];
        long partner = choice[j].partner < 0 ? -1 : static_cast<long>(view.jobs[choice[j].partner].index);
        out.push_back(Allocation{view.jobs[j].index, Assignment{o.gpu_type, o.gpus, partner}});
    }
    return out;
}

}  // namespace accord::sim
