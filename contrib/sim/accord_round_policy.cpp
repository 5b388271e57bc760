#include "sim/accord_round_policy.h"

#include <algorithm>
#include <map>

#include "core/predicted_fairness.h"

namespace accord::sim {

namespace {

double rate_of(const RoundView &view, const GpuPool &pool, const std::string &job_type, int gpus, bool spread)
{
    auto rate = view.speed->steps_per_second(pool.type, job_type, gpus, spread);
    return rate ? *rate : 0;
}

// The cluster's nodes as the allocator sees them, and the allocator's node
// number of each of the cluster's nodes.
struct Nodes {
    std::vector<core::AllocNode> nodes;
    std::vector<size_t> of_cluster_node;  // by the cluster's node index
};

Nodes alloc_nodes(const RoundView &view)
{
    Nodes out;
    for (const auto &pool : view.pools)
        for (size_t id : pool.node_ids) {
            if (id >= out.of_cluster_node.size())
                out.of_cluster_node.resize(id + 1);
            out.of_cluster_node[id] = out.nodes.size();
            out.nodes.push_back(core::AllocNode{pool.type, pool.gpus_per_node});
        }
    return out;
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

core::AllocJob alloc_job(const RoundJob &job, const std::vector<core::JobOption> &options, const Nodes &nodes)
{
    core::AllocJob a;
    a.id = static_cast<uint32_t>(job.index);
    a.attained_gpu_s = job.attained_gpu_s;
    a.options = options;
    for (size_t o = 0; job.current && o < options.size(); o++)
        if (options[o].gpu_type == job.current->gpu_type && options[o].gpus == job.current->gpus)
            a.current = static_cast<int>(o);
    for (const auto &slice : job.placement)
        a.held.push_back(core::NodeShare{nodes.of_cluster_node.at(slice.node), slice.gpus});
    return a;
}

// Pair rates by kind: the predictor's, by job type.
class PredictedPairs : public core::PairRates {
public:
    PredictedPairs(const PairPredictor &pairs, const std::vector<std::string> &kinds) : pairs_(pairs), kinds_(kinds)
    {
    }
    std::optional<std::pair<double, double>> rates(uint32_t a, uint32_t b, const std::string &gpu_type,
                                                   int gpus) const override
    {
        return pairs_.rates(gpu_type, kinds_[a], kinds_[b], gpus);
    }

private:
    const PairPredictor &pairs_;
    const std::vector<std::string> &kinds_;
};

}  // namespace

uint32_t AccordRoundPolicy::kind(const std::string &job_type)
{
    auto [it, added] = kind_ids_.emplace(job_type, static_cast<uint32_t>(kinds_.size()));
    if (added)
        kinds_.push_back(job_type);
    return it->second;
}

// A job's options never change, so they are computed once (finished jobs
// are forgotten).
const std::vector<core::JobOption> &AccordRoundPolicy::options(const RoundView &view, const RoundJob &job)
{
    auto it = options_.find(job.index);
    if (it == options_.end())
        it = options_.emplace(job.index, options_of(view, job)).first;
    return it->second;
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
    Nodes nodes = alloc_nodes(view);
    std::vector<core::AllocJob> jobs;
    jobs.reserve(view.jobs.size());
    std::vector<size_t> active;
    for (const auto &job : view.jobs) {
        jobs.push_back(alloc_job(job, options(view, job), nodes));
        active.push_back(job.index);
    }
    std::map<size_t, long> position;
    for (size_t j = 0; j < view.jobs.size(); j++)
        position[view.jobs[j].index] = static_cast<long>(j);
    for (size_t j = 0; j < view.jobs.size(); j++) {
        jobs[j].kind = kind(view.jobs[j].trace->job_type);
        if (config_.fairness_bound > 0)
            jobs[j].rho = rho(view, view.jobs[j], jobs[j].options);
        if (view.jobs[j].current && view.jobs[j].current->partner >= 0) {
            auto partner = position.find(static_cast<size_t>(view.jobs[j].current->partner));
            jobs[j].partner = partner == position.end() ? -1 : partner->second;  // -1: the partner finished
        }
    }
    std::sort(active.begin(), active.end());
    for (auto it = options_.begin(); it != options_.end();)
        it = std::binary_search(active.begin(), active.end(), it->first) ? std::next(it) : options_.erase(it);
    PredictedPairs pairs(pairs_, kinds_);
    std::vector<core::AllocChoice> choice = core::allocate(jobs, nodes.nodes, config_, &pairs);
    std::vector<Allocation> out;
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
