#include "core/request_types.h"

#include <algorithm>
#include <map>
#include <set>

namespace accord::core {

std::vector<std::string> gpu_types_for(const PendingJob &job, const std::vector<Node> &nodes)
{
    if (!job.gpus.any())
        return {""};
    if (!job.gpus.type.empty())
        return {job.gpus.type};
    const auto &accepted = job.accepted_types;
    auto accepts = [&accepted](const std::string &type) {
        return accepted.empty() || std::find(accepted.begin(), accepted.end(), type) != accepted.end();
    };
    std::set<std::string> types;
    for (int node : job.allowed_nodes)
        for (const auto &[type, count] : nodes.at(node).capacity.gpus)
            if (count > 0 && accepts(type))
                types.insert(type);
    return {types.begin(), types.end()};
}

std::vector<std::string> types_holding(const PendingJob &job, const std::vector<Node> &nodes)
{
    std::map<std::string, int> in_all, nodes_enough;
    for (int node : job.allowed_nodes)
        for (const auto &[type, count] : nodes.at(node).capacity.gpus) {
            in_all[type] += count;
            if (count >= job.gpus.per_node)
                nodes_enough[type]++;
        }
    std::vector<std::string> types;
    for (const auto &[type, count] : in_all) {
        bool holds = job.gpus.per_job > 0 ? count >= job.gpus.per_job
                                          : nodes_enough[type] >= std::max(job.min_nodes, 1);
        if (count > 0 && holds)
            types.push_back(type);
    }
    return types;
}

std::vector<std::string> baseline_types(const PendingJob &job, const std::vector<Node> &nodes)
{
    if (!job.gpus.type.empty())
        return {job.gpus.type};
    return types_holding(job, nodes);
}

}  // namespace accord::core
