#include "core/mixed_type_fit.h"

#include <algorithm>

#include "core/node_picker.h"

namespace accord::core {

namespace {

int accepted_gpus(const PendingJob &job, const Resources &capacity)
{
    int gpus = 0;
    for (const auto &[type, count] : capacity.gpus)
        if (job.accepted_types.empty() ||
            std::find(job.accepted_types.begin(), job.accepted_types.end(), type) != job.accepted_types.end())
            gpus += count;
    return gpus;
}

// The node holds its share of the job: `gpus` of any accepted type, and the
// CPUs and memory that share needs.
bool holds_share(const PendingJob &job, const Resources &capacity, int gpus, int node_count)
{
    Resources demand = per_node_demand(job, "", node_count);
    return accepted_gpus(job, capacity) >= gpus && capacity.cpus >= demand.cpus && capacity.mem_mb >= demand.mem_mb;
}

// On `nodes` nodes, each required one among them, each holding its share.
bool fits_on(const PendingJob &job, const std::function<const Resources &(int)> &capacity_of, int nodes)
{
    const GpuRequest &g = job.gpus;
    int per_node = g.per_node > 0 ? g.per_node : (g.per_job + nodes - 1) / nodes;
    for (int node : job.required_nodes)
        if (!holds_share(job, capacity_of(node), per_node, nodes))
            return false;
    int holding = 0;
    for (int node : job.allowed_nodes)
        holding += holds_share(job, capacity_of(node), per_node, nodes) ? 1 : 0;
    return holding >= nodes;
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
    int most = g.per_node > 0 ? fewest
                              : std::min({job.max_nodes, static_cast<int>(job.allowed_nodes.size()), g.per_job});
    for (int nodes = fewest; nodes <= std::max(most, fewest); nodes++)
        if (fits_on(job, capacity_of, nodes))
            return true;
    return false;
}

}  // namespace accord::core
