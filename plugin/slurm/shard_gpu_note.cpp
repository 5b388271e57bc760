#include "slurm/shard_gpu_note.h"

#include "slurm/slurm_shards.h"

namespace accord::slurm {

std::string shard_gpu_note(job_record_t *job, const core::Decision &d, const SlurmSnapshot &snap)
{
    if (d.shared.size() != d.placement.size() || !job->job_resrcs || !job->job_resrcs->node_bitmap)
        return "";
    bitstr_t *nodes = job->job_resrcs->node_bitmap;
    std::string items;
    int offset = 0;
    for (int i = bit_ffs(nodes); i >= 0 && i < static_cast<int>(bit_size(nodes)); i++) {
        if (!bit_test(nodes, i))
            continue;
        for (size_t p = 0; p < d.placement.size(); p++) {
            if (snap.slurm_index.at(d.placement[p].node) != i)
                continue;
            int gpu = job_shards_on_node(job, offset).gpu;
            if (gpu >= 0 && gpu != d.shared[p].gpu)
                items += (items.empty() ? "" : ", ") + std::string(node_record_table_ptr[i]->name) + " GPU " +
                         std::to_string(gpu) + ", not GPU " + std::to_string(d.shared[p].gpu);
        }
        offset++;
    }
    return items.empty() ? "" : "; Slurm gave it " + items;
}

}  // namespace accord::slurm
