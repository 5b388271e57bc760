#include "core/request_types.h"

#include <algorithm>

namespace accord::core {

std::vector<std::string> gpu_types_for(const PendingJob &job, const NodeSetGpus &on)
{
    if (!job.gpus.any())
        return {""};
    if (!job.gpus.type.empty())
        return {job.gpus.type};
    std::vector<std::string> types;
    types.reserve(on.counts().size());
    for (const auto &[type, counts] : on.counts())
        if (counts.front() > 0 && accepts_gpu_type(job, type))  // largest first: some node has one
            types.push_back(type);
    return types;
}

std::vector<std::string> gpu_types_for(const PendingJob &job, const std::vector<Node> &nodes)
{
    return gpu_types_for(job, NodeSetGpus(job.allowed_nodes, nodes));
}

std::vector<std::string> types_holding(const PendingJob &job, const NodeSetGpus &on)
{
    // Asked for every start: the list's sums and sorted counts answer
    // without walking its nodes.
    std::vector<std::string> types;
    types.reserve(on.counts().size());
    for (const auto &entry : on.counts()) {
        const std::string &type = entry.first;
        int in_all = on.total_of(type);
        bool holds = job.gpus.per_job > 0 ? in_all >= job.gpus.per_job
                                          : on.nodes_with(type, job.gpus.per_node) >= std::max(job.min_nodes, 1);
        if (in_all > 0 && holds)
            types.push_back(type);
    }
    return types;
}

std::vector<std::string> types_holding(const PendingJob &job, const std::vector<Node> &nodes)
{
    return types_holding(job, NodeSetGpus(job.allowed_nodes, nodes));
}

std::vector<std::string> baseline_types(const PendingJob &job, const NodeSetGpus &on)
{
    if (!job.gpus.type.empty())
        return {job.gpus.type};
    return types_holding(job, on);
}

std::vector<std::string> baseline_types(const PendingJob &job, const std::vector<Node> &nodes)
{
    if (!job.gpus.type.empty())
        return {job.gpus.type};
    return types_holding(job, nodes);
}

}  // namespace accord::core
