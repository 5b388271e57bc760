#include "slurm/shard_gpu_note.h"

#include "slurm/job_nodes.h"
#include "slurm/slurm_shards.h"

namespace accord::slurm {

std::string shard_gpu_note(job_record_t *job, const core::Decision &d, const SlurmSnapshot &snap)
{
    if (d.shared.size() != d.placement.size())
        return "";
    std::string items;
    for_each_job_node(job, [&](int slurm_index, int offset) {
        for (size_t p = 0; p < d.placement.size(); p++) {
            if (snap.slurm_index.at(d.placement[p].node) != slurm_index)
                continue;
            int gpu = job_shards_on_node(job, offset).gpu;
            if (gpu >= 0 && gpu != d.shared[p].gpu)
                items += (items.empty() ? "" : ", ") + std::string(node_record_table_ptr[slurm_index]->name) +
                         " GPU " + std::to_string(gpu) + ", not GPU " + std::to_string(d.shared[p].gpu);
        }
    });
    return items.empty() ? "" : "; Slurm gave it " + items;
}

}  // namespace accord::slurm
