#include "sim/gavel_instance.h"

#include <algorithm>
#include <stdexcept>

#include "sim/gavel_pairs.h"

namespace accord::sim {

EntryKey GavelInstance::key(const GavelEntry &e) const
{
    size_t a = jobs[e.first].index;
    if (e.second < 0)
        return {a, -1};
    size_t b = jobs[static_cast<size_t>(e.second)].index;
    return {std::min(a, b), static_cast<long>(std::max(a, b))};
}

int gavel_gpus(const RoundJob &job)
{
    return std::clamp(job.trace->scale_factor, job.min_gpus, std::max(job.min_gpus, job.max_gpus));
}

std::optional<GavelJob> describe_job(const RoundView &view, const RoundJob &rj)
{
    if (!view.speed)
        throw std::logic_error("gavel: RoundView without speeds");
    GavelJob job;
    job.index = rj.index;
    job.job_type = rj.trace->job_type;
    job.gpus = gavel_gpus(rj);
    job.weight = rj.trace->priority_weight;
    job.alone.assign(view.pools.size(), 0.0);
    double cluster_gpus = 0;
    for (const auto &p : view.pools)
        cluster_gpus += p.total();
    for (size_t k = 0; k < view.pools.size(); k++) {
        const GpuPool &pool = view.pools[k];
        if (job.gpus > pool.total())
            continue;
        // A job wider than a node runs spread over nodes.
        auto s = view.speed->steps_per_second(pool.type, job.job_type, job.gpus,
                                              job.gpus > pool.gpus_per_node);
        if (!s || !(*s > 0))
            continue;
        job.alone[k] = *s;
        // Gavel's X^equal: an equal share of time on every GPU of the
        // cluster, so each type counts with its share of the GPUs.
        job.equal_share += *s * pool.total() / cluster_gpus;
    }
    if (!(job.equal_share > 0))
        return std::nullopt;
    return job;
}

GavelInstance make_instance(const std::vector<GpuPool> &pools, std::vector<GavelJob> jobs,
                            const JobSpeed &speed, const PackingOptions &packing)
{
    GavelInstance inst;
    inst.pools = pools;
    inst.jobs = std::move(jobs);
    for (size_t j = 0; j < inst.jobs.size(); j++) {
        GavelEntry e;
        e.first = j;
        e.first_speed = inst.jobs[j].alone;
        e.second_speed.assign(pools.size(), 0.0);
        e.gpus = inst.jobs[j].gpus;
        inst.entries.push_back(std::move(e));
    }
    if (packing.enabled) {
        auto pairs = candidate_pairs(inst, speed, packing.partners_per_job);
        inst.entries.insert(inst.entries.end(), pairs.begin(), pairs.end());
    }
    return inst;
}

GavelInstance build_instance(const RoundView &view, const PackingOptions &packing)
{
    if (!view.speed)
        throw std::logic_error("gavel: RoundView without speeds");
    std::vector<GavelJob> jobs;
    for (const RoundJob &rj : view.jobs)
        if (auto job = describe_job(view, rj))
            jobs.push_back(std::move(*job));
    return make_instance(view.pools, std::move(jobs), *view.speed, packing);
}

}  // namespace accord::sim
