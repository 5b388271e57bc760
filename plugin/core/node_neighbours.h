// NodeNeighbours: for one scheduling cycle, the model families of the jobs
// holding GPUs or shards on each node (running, then the cycle's starts),
// and what a new job would lose to them and cost them there, by the
// measured slowdowns of jobs side by side on a node (core/neighbour_table.h).
// The node picker ranks a start's nodes by it (docs/design.md, "Jobs side
// by side on a node"). Slurm-free and torch-free.
#pragma once

#include <string>
#include <vector>

#include "core/neighbour_table.h"
#include "core/snapshot.h"

namespace accord::core {

// A predicted loss below this share of one job's speed ranks as none:
// repeated measurements of one job differ by about as much, and it should
// not cost a tighter fit.
constexpr double kNoticeableNeighbourLoss = 0.1;

class NodeNeighbours {
public:
    NodeNeighbours(const ClusterSnapshot &snapshot);

    // Whether measurements could rank nodes for the job: they name its family.
    bool weighs(const PendingJob &job) const { return !job.family.empty() && table_.concerns(job.family); }

    // What the job's start on the node would lose (NeighbourTable::loss),
    // 0 when below kNoticeableNeighbourLoss.
    double loss(int node, const PendingJob &job) const;

    // A job started now on these nodes: a neighbour for the rest of the cycle.
    void add(const std::vector<NodeUsage> &placement, const std::string &family);

private:
    const NeighbourTable &table_;
    std::vector<std::vector<std::string>> families_;  // per node; kUnnamedNeighbour for a job without one
};

}  // namespace accord::core
