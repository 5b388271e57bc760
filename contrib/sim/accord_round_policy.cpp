#include "sim/accord_round_policy.h"

namespace accord::sim {

namespace {

// The rate the engine will give: consolidated when one node holds the
// count, otherwise spread over nodes.
double predicted_rate(const RoundView &view, const GpuPool &pool, const std::string &job_type, int gpus)
{
    bool spread = gpus > pool.gpus_per_node;
    auto rate = view.speed->steps_per_second(pool.type, job_type, gpus, spread);
    return rate ? *rate : 0;
}

core::AllocJob alloc_job(const RoundView &view, const RoundJob &job)
{
    core::AllocJob a;
    a.id = static_cast<uint32_t>(job.index);
    a.attained_gpu_s = job.attained_gpu_s;
    for (const auto &pool : view.pools) {
        for (int gpus = job.min_gpus; gpus <= std::min(job.max_gpus, pool.total()); gpus++) {
            double rate = predicted_rate(view, pool, job.trace->job_type, gpus);
            if (rate <= 0)
                continue;
            if (job.current && job.current->gpu_type == pool.type && job.current->gpus == gpus)
                a.current = static_cast<int>(a.options.size());
            a.options.push_back(core::JobOption{pool.type, gpus, rate});
        }
    }
    return a;
}

}  // namespace

std::vector<Allocation> AccordRoundPolicy::allocate(const RoundView &view)
{
    std::vector<core::AllocJob> jobs;
    jobs.reserve(view.jobs.size());
    for (const auto &job : view.jobs)
        jobs.push_back(alloc_job(view, job));
    std::map<std::string, int> capacity;
    for (const auto &pool : view.pools)
        capacity[pool.type] = pool.total();
    std::vector<int> choice = core::allocate(jobs, capacity, config_);
    std::vector<Allocation> out;
    for (size_t j = 0; j < jobs.size(); j++) {
        if (choice[j] < 0)
            continue;
        const core::JobOption &o = jobs[j].options[choice[j]];
        out.push_back(Allocation{view.jobs[j].index, Assignment{o.gpu_type, o.gpus, -1}});
    }
    return out;
}

}  // namespace accord::sim
