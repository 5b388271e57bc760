// The GPU topologies the admin provides (accord_topology=DIR: an hwloc XML
// file DIR/NODENAME.xml per GPU node), read at start-up and on every
// `scontrol reconfigure` through accord-topology in child processes
// (topology/topology_reader.h). A file that is missing or cannot be used is
// one error line naming it and the reason; that node has no topology and
// scheduling goes on (docs/admin-guide.md).
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>

#include "core/gpu_topology.h"

namespace accord::slurm {

class NodeTopologies {
public:
    // Reads DIR/NODE.xml for every node slurm.conf gives GPUs; "" forgets
    // them all. Takes the node read lock to list the nodes, none while
    // the files are read.
    void load(const std::string &dir);

    // Whether some node has a topology.
    bool any() const { return !by_node_.empty(); }

    // The node's topology, or null. One whose GPU count differs from
    // Slurm's (`gpus`) is not used, and logged once per load; with 0 (no
    // GPU bitmaps: the node has not registered yet) it is not used.
    std::shared_ptr<const core::GpuTopology> of(const std::string &node, int gpus);

private:
    std::string dir_;
    std::map<std::string, std::shared_ptr<const core::GpuTopology>> by_node_;
    std::set<std::string> mismatch_logged_;
};

}  // namespace accord::slurm
