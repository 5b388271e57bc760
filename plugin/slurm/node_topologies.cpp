#include "slurm/node_topologies.h"

#include <vector>

#include "slurm/slurm_headers.h"
#include "topology/topology_reader.h"

namespace accord::slurm {

namespace {

// Nodes whose slurm.conf line gives them GPUs. Read from the node's
// configuration, not its gres state: at start-up the nodes have not
// registered yet.
std::vector<std::string> gpu_node_names()
{
    std::vector<std::string> names;
    slurmctld_lock_t node_read = {.conf = READ_LOCK, .node = READ_LOCK};
    lock_slurmctld(node_read);
    node_record_t *node;
    for (int i = 0; (node = next_node(&i)); i++) {
        const char *gres = node->config_ptr && node->config_ptr->gres ? node->config_ptr->gres : node->gres;
        if (gres && xstrcasestr(gres, "gpu"))
            names.push_back(node->name);
    }
    unlock_slurmctld(node_read);
    return names;
}

}  // namespace

void NodeTopologies::load(const std::string &dir)
{
    dir_ = dir;
    by_node_.clear();
    mismatch_logged_.clear();
    if (dir.empty())
        return;
    std::vector<std::string> names = gpu_node_names();
    std::string program = topology::find_topology_program(topology::topology_program_dirs());
    if (program.empty()) {
        error("sched/accord: accord_topology=%s: %s not found beside the plugin nor in %s; nodes are placed "
              "without GPU topology",
              dir.c_str(), topology::kTopologyProgram, ACCORD_SBINDIR);
        return;
    }
    std::vector<std::string> paths;
    for (const auto &name : names)
        paths.push_back(dir + "/" + name + ".xml");
    std::vector<topology::TopologyFile> files = topology::read_topology_files(program, paths);
    for (size_t i = 0; i < names.size(); i++) {
        if (files[i].topology)
            by_node_[names[i]] = files[i].topology;
        else
            error("sched/accord: accord_topology: %s; node %s is placed without GPU topology",
                  files[i].error.c_str(), names[i].c_str());
    }
    info("sched/accord: accord_topology=%s: read the GPU topology of %zu of %zu GPU node(s)", dir.c_str(), by_node_.size(),
         names.size());
}

std::shared_ptr<const core::GpuTopology> NodeTopologies::of(const std::string &node, int gpus)
{
    auto it = by_node_.find(node);
    if (it == by_node_.end())
        return nullptr;
    if (it->second->gpus() == gpus)
        return it->second;
    // No GPU bitmaps yet: the node has not registered since slurmctld started.
    if (gpus == 0 || !mismatch_logged_.insert(node).second)
        return nullptr;
    error("sched/accord: accord_topology: %s/%s.xml has %d GPU(s), Slurm has %d; node %s is placed without GPU "
          "topology",
          dir_.c_str(), node.c_str(), it->second->gpus(), gpus, node.c_str());
    return nullptr;
}

}  // namespace accord::slurm
