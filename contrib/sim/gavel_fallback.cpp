#include "sim/gavel_fallback.h"

#include <algorithm>

namespace accord::sim {

GavelAllocation fallback_allocation(const GavelInstance &inst, const GavelAllocation &previous)
{
    size_t pools = inst.pools.size();
    GavelAllocation x;
    std::vector<double> free_gpus(pools);
    for (size_t k = 0; k < pools; k++)
        free_gpus[k] = inst.pools[k].total();
    std::vector<size_t> new_jobs;
    for (const GavelEntry &e : inst.entries) {
        EntryKey key = inst.key(e);
        auto it = previous.find(key);
        bool kept = it != previous.end() && it->second.size() == pools;
        x[key] = kept ? it->second : std::vector<double>(pools, 0.0);
        for (size_t k = 0; kept && k < pools; k++)
            free_gpus[k] -= e.gpus * it->second[k];
        if (e.second < 0 && !kept)
            new_jobs.push_back(e.first);
    }

    std::vector<int> takers(pools, 0);  // new jobs that can run on each pool
    for (size_t j : new_jobs)
        for (size_t k = 0; k < pools; k++)
            takers[k] += inst.jobs[j].alone[k] > 0;
    for (size_t j : new_jobs) {
        const GavelJob &job = inst.jobs[j];
        std::vector<double> &row = x[{job.index, -1}];
        double total = 0;
        for (size_t k = 0; k < pools; k++) {
            if (job.alone[k] > 0)
                row[k] = std::max(0.0, free_gpus[k]) / (takers[k] * job.gpus);
            total += row[k];
        }
        if (total > 1)
            for (double &v : row)
                v /= total;
    }
    return x;
}

}  // namespace accord::sim
