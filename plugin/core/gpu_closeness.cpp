#include "core/gpu_closeness.h"

namespace accord::core {

GpuCloseness::GpuCloseness(const std::vector<Node> &nodes) : nodes_(nodes.size())
{
    for (size_t i = 0; i < nodes.size(); i++) {
        const Node &n = nodes[i];
        // A topology of another GPU count than Slurm's would pair the
        // wrong GPUs: the node is treated as having none.
        if (!n.topology || n.topology->gpus() != static_cast<int>(n.gpu_slots.size()))
            continue;
        nodes_[i].topology = n.topology;
        nodes_[i].slots = n.gpu_slots;
        known_++;
    }
}

std::vector<int> GpuCloseness::free_of(const NodeGpus &node, const std::string &type) const
{
    std::vector<int> gpus;
    for (size_t g = 0; g < node.slots.size(); g++)
        if (node.slots[g].free && node.slots[g].type == type)
            gpus.push_back(static_cast<int>(g));
    return gpus;
}

std::vector<int> GpuCloseness::chosen(int node, const std::string &type, int count) const
{
    const NodeGpus &n = nodes_.at(node);
    return n.topology ? n.topology->closest(free_of(n, type), count) : std::vector<int>{};
}

GpuLink GpuCloseness::closest(int node, const std::string &type, int count) const
{
    if (count <= 1)
        return GpuLink::Same;
    const NodeGpus &n = nodes_.at(node);
    if (!n.topology)
        return GpuLink::Machine;
    auto [at, fresh] = n.memo.try_emplace({type, count}, GpuLink::Machine);
    if (fresh) {
        std::vector<int> gpus = chosen(node, type, count);
        if (!gpus.empty())
            at->second = n.topology->span(gpus);
    }
    return at->second;
}

void GpuCloseness::take(int node, const std::string &type, int count)
{
    NodeGpus &n = nodes_.at(node);
    if (!n.topology)
        return;
    for (int g : chosen(node, type, count))
        n.slots[g].free = false;
    n.memo.clear();
}

}  // namespace accord::core
