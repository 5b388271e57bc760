#include "sim/sia_candidates.h"

#include <algorithm>
#include <cmath>

namespace accord::sim {

namespace {

struct Config {
    size_t pool = 0;
    int gpus = 0;
    double speed = 0;  // steps/s
};

// A rigid job (one GPU count) is offered exactly that count on every type,
// as sia.py does for its "rigid" jobs; an elastic one Sia's counts within
// its range.
std::vector<Config> measured_configs(const RoundJob &job, const RoundView &view)
{
    bool rigid = job.min_gpus == job.max_gpus;
    std::vector<Config> configs;
    for (size_t p = 0; p < view.pools.size(); p++) {
        const GpuPool &pool = view.pools[p];
        for (int gpus : rigid ? std::vector<int>{job.min_gpus} : sia_gpu_counts(pool)) {
            if (gpus < job.min_gpus || gpus > job.max_gpus || gpus > pool.total())
                continue;
            auto speed = view.speed->steps_per_second(pool.type, job.trace->job_type, gpus,
                                                      gpus > pool.gpus_per_node);
            if (speed && *speed > 0)
                configs.push_back({p, gpus, *speed});
        }
    }
    return configs;
}

// Sia's normalisation (no statistical efficiency here: goodput is the
// measured throughput). Elastic jobs: the least-good configuration is 1.
// Rigid jobs: the slowest type is worth the job's GPU count.
std::vector<double> normalised_goodputs(const std::vector<Config> &configs, bool rigid)
{
    double least = configs.front().speed;
    for (const auto &c : configs)
        least = std::min(least, c.speed);
    std::vector<double> goodputs;
    for (const auto &c : configs)
        goodputs.push_back(c.speed / least * (rigid ? c.gpus : 1));
    return goodputs;
}

bool is_current(const RoundJob &job, const GpuPool &pool, int gpus)
{
    return job.current && job.current->gpu_type == pool.type && job.current->gpus == gpus;
}

}  // namespace

std::vector<int> sia_gpu_counts(const GpuPool &pool)
{
    std::vector<int> counts;
    if (pool.nodes <= 0 || pool.gpus_per_node <= 0)
        return counts;
    for (int gpus = 1; gpus < pool.gpus_per_node; gpus *= 2)
        counts.push_back(gpus);
    for (int nodes = 1; nodes <= pool.nodes; nodes++)
        counts.push_back(nodes * pool.gpus_per_node);
    return counts;
}

double sia_realloc_factor(double age_s, int restarts, double restart_s)
{
    if (age_s < restart_s)
        return 1;
    return std::max(age_s - restarts * restart_s, 0.0) / (age_s + restart_s);
}

std::vector<SiaCandidate> sia_candidates(const RoundView &view, const SiaParams &params,
                                         const std::vector<int> &restarts)
{
    double sign = params.p < 0 ? -1 : 1;
    std::vector<SiaCandidate> candidates;
    for (size_t j = 0; j < view.jobs.size(); j++) {
        const RoundJob &job = view.jobs[j];
        auto configs = measured_configs(job, view);
        if (configs.empty())
            continue;
        auto goodputs = normalised_goodputs(configs, job.min_gpus == job.max_gpus);
        double realloc = sia_realloc_factor(view.now_s - job.trace->arrival_s, restarts[j], view.restart_s);
        for (size_t c = 0; c < configs.size(); c++) {
            const GpuPool &pool = view.pools[configs[c].pool];
            bool current = is_current(job, pool, configs[c].gpus);
            bool change = job.current && !current;
            double goodput = goodputs[c] * (change ? realloc : 1);
            // Sia minimises sum(G^p) + lambda_n * unallocated for p < 0 and
            // maximises sum(G^p) - lambda_n * unallocated for p > 0; both are
            // "maximise the sum of lambda_n + sign(p) * G^p over choices".
            double value = params.no_alloc_penalty + sign * std::pow(goodput, params.p);
            if (value > 0)
                candidates.push_back({j, configs[c].pool, configs[c].gpus, value, current});
        }
    }
    return candidates;
}

}  // namespace accord::sim
