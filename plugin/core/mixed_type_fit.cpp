#include "core/mixed_type_fit.h"

#include <algorithm>

#include "core/node_picker.h"

namespace accord::core {

namespace {

int accepted_gpus(const PendingJob &job, const Resources &capacity)
{
    int gpus = 0;
    for (const auto &[type, count] : capacity.gpus)
        if (accepts_gpu_type(job, type))
            gpus += count;
    return gpus;
}

// On `nodes` nodes, each required one among them, each holding its share:
// its GPUs of any accepted type, and the CPUs and memory they need.
bool fits_on(const PendingJob &job, const std::function<const Resources &(int)> &capacity_of, int nodes)
{
    const GpuRequest &g = job.gpus;
    int per_node = g.per_node > 0 ? g.per_node : (g.per_job + nodes - 1) / nodes;
    Resources demand = per_node_demand(job, "", nodes);
    auto holds_share = [&](int node) {
        const Resources &capacity = capacity_of(node);
        return accepted_gpus(job, capacity) >= per_node && capacity.cpus >= demand.cpus &&
               capacity.mem_mb >= demand.mem_mb;
    };
    if (!std::all_of(job.required_nodes.begin(), job.required_nodes.end(), holds_share))
        return false;
    return std::count_if(job.allowed_nodes.begin(), job.allowed_nodes.end(), holds_share) >= nodes;
}

}  // namespace

bool fits_only_with_types_mixed(const PendingJob &job, const std::function<const Resources &(int)> &capacity_of)
{
    const GpuRequest &g = job.gpus;
    if (!g.any() || !g.type.empty() || !g.more_types.empty())
        return false;
    int fewest = std::max<int>({job.min_nodes, 1, static_cast<int>(job.required_nodes.size())});
    // A count per job may spread over more nodes, up to the job's most
    // (and one GPU on each at the most).
    int most = g.per_node > 0
                   ? fewest
                   : std::max(fewest, std::min({job.max_nodes, static_cast<int>(job.allowed_nodes.size()), g.per_job}));
    for (int nodes = fewest; nodes <= most; nodes++)
        if (fits_on(job, capacity_of, nodes))
            return true;
    return false;
}

}  // namespace accord::core
