#include "core/node_neighbours.h"

#include "core/throughput_sample.h"

namespace accord::core {

namespace {

bool holds_gpus(const Resources &used) { return used.total_gpus() > 0 || used.shards > 0; }

}  // namespace

NodeNeighbours::NodeNeighbours(const ClusterSnapshot &snapshot)
    : table_(snapshot.neighbour_slowdowns), families_(snapshot.nodes.size())
{
    if (table_.empty())
        return;
    for (const RunningJob &run : snapshot.running)
        add(run.usage, run.family);
}

double NodeNeighbours::loss(int node, const PendingJob &job) const
{
    double loss = table_.loss(job.family, families_.at(node));
    return loss < kNoticeableNeighbourLoss ? 0 : loss;
}

void NodeNeighbours::add(const std::vector<NodeUsage> &placement, const std::string &family)
{
    if (table_.empty())
        return;
    for (const NodeUsage &use : placement)
        if (holds_gpus(use.used) && use.node >= 0 && use.node < static_cast<int>(families_.size()))
            families_[use.node].push_back(family.empty() ? kUnnamedNeighbour : family);
}

}  // namespace accord::core
