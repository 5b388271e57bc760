// GpuCloseness: for one scheduling cycle, which GPUs of each node are free
// now and how close the closest of them are (core/gpu_topology.h). The
// node picker ranks nodes by it (docs/design.md, "Node choice"); starts
// planned earlier in the cycle take their GPUs out.
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/gpu_topology.h"
#include "core/snapshot.h"

namespace accord::core {

class GpuCloseness {
public:
    explicit GpuCloseness(const std::vector<Node> &nodes);

    // Whether some node has a topology that matches its GPUs: without one
    // every node ranks alike and the picker need not ask.
    bool any() const { return known_ > 0; }

    // How close the `count` closest free GPUs of `type` on `node` are:
    // Same for one GPU (or none), Machine (as far as a node's GPUs can be)
    // when the node has no topology, one that does not match its GPUs, or
    // fewer free GPUs of the type than `count`.
    GpuLink closest(int node, const std::string &type, int count) const;

    // Takes the GPUs closest() counted out of the node's free ones. Slurm
    // chooses the GPUs itself (cons_tres, by gres.conf Links); this is the
    // guess that keeps the rest of the cycle honest, and the next cycle
    // reads what Slurm chose.
    void take(int node, const std::string &type, int count);

private:
    struct NodeGpus {
        std::shared_ptr<const GpuTopology> topology;  // null: unknown
        std::vector<GpuSlot> slots;
        mutable std::map<std::pair<std::string, int>, GpuLink> memo;  // (type, count)
    };
    std::vector<int> free_of(const NodeGpus &node, const std::string &type) const;
    std::vector<int> chosen(int node, const std::string &type, int count) const;

    std::vector<NodeGpus> nodes_;
    int known_ = 0;  // nodes with a matching topology
};

}  // namespace accord::core
