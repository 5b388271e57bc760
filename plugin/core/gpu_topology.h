// GpuTopology: how close a node's GPUs are to each other, by Slurm's GPU
// index on the node. The link of two GPUs is where their paths to the CPUs
// meet (as nvidia-smi topo -m calls them: PIX/PXB, PHB, NODE, SYS), so the
// links of one node form a hierarchy: GPUs under one PCIe switch are also
// under one host bridge, one NUMA node, one package. The shells fill it
// from an admin-provided hwloc XML file (plugin/topology/); the core only
// compares links, so it needs neither hwloc nor Slurm.
#pragma once

#include <string>
#include <vector>

namespace accord::core {

// Closest first; the order is the rule.
enum class GpuLink {
    Same,        // one GPU
    PciSwitch,   // under one PCIe switch (or bridge) below the host bridge
    HostBridge,  // under one PCIe host bridge (root complex)
    NumaNode,    // local to one NUMA node, through its host bridges
    Package,     // in one package (socket), across its NUMA nodes
    Machine,     // across packages: the farthest two GPUs of a node can be
};

// "same PCIe switch", ..., "across packages".
const char *gpu_link_text(GpuLink link);

// Most GPUs one node's topology may have: the hierarchy check costs n^3.
constexpr int kMaxTopologyGpus = 128;

class GpuTopology {
public:
    // `links[a][b]` for GPUs a and b. Throws std::invalid_argument naming
    // the first fault unless the matrix is square with 1 to
    // kMaxTopologyGpus rows, Same exactly on the diagonal, symmetric, and a
    // hierarchy: link(a, c) is never farther than the farther of link(a, b)
    // and link(b, c).
    explicit GpuTopology(std::vector<std::vector<GpuLink>> links);

    int gpus() const { return static_cast<int>(links_.size()); }
    GpuLink link(int a, int b) const { return links_.at(a).at(b); }

    // The farthest link among `gpus` (Same for fewer than two).
    GpuLink span(const std::vector<int> &gpus) const;

    // `count` of `candidates` (GPU indices, ascending) with the smallest
    // span; among the groups of GPUs that close together, the one with the
    // fewest candidates, and in it the GPUs whose closer groups are the
    // smallest, so that larger close groups stay whole for later jobs.
    // Empty when there are fewer candidates than `count`, or count < 1.
    std::vector<int> closest(const std::vector<int> &candidates, int count) const;

private:
    // [link][i]: how many candidates are no farther than `link` from
    // candidates[i] (itself included): the size of its group at that link.
    std::vector<std::vector<int>> group_sizes(const std::vector<int> &candidates) const;

    std::vector<std::vector<GpuLink>> links_;
};

// "a100-2 GPUs 2,3: same PCIe switch" (what a start says about its GPUs).
std::string gpus_text(const std::string &node, const std::vector<int> &gpus, GpuLink span);

}  // namespace accord::core
