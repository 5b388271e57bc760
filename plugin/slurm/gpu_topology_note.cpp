#include "slurm/gpu_topology_note.h"

#include <algorithm>
#include <vector>

#include "slurm/job_nodes.h"
#include "slurm/slurm_gpus.h"

namespace accord::slurm {

namespace {

// The snapshot's node with Slurm index `slurm_index`, or null.
const core::Node *snapshot_node(const SlurmSnapshot &snap, int slurm_index)
{
    auto it = std::find(snap.slurm_index.begin(), snap.slurm_index.end(), slurm_index);
    return it == snap.slurm_index.end() ? nullptr : &snap.cluster.nodes[it - snap.slurm_index.begin()];
}

std::string node_item(job_record_t *job, int offset, const core::Node &node)
{
    std::vector<int> gpus = job_gpu_indices(job, offset);
    if (gpus.size() < 2 || gpus.back() >= node.topology->gpus())
        return "";
    return core::gpus_text(node.name, gpus, node.topology->span(gpus));
}

}  // namespace

std::string gpu_topology_note(job_record_t *job, const SlurmSnapshot &snap)
{
    std::string items;
    for_each_job_node(job, [&](int slurm_index, int offset) {
        const core::Node *node = snapshot_node(snap, slurm_index);
        std::string item = node && node->topology ? node_item(job, offset, *node) : "";
        if (!item.empty())
            items += (items.empty() ? "" : "; ") + item;
    });
    return items.empty() ? "" : "; GPU topology: " + items;
}

}  // namespace accord::slurm
