// The nodes of a started job's allocation, in Slurm's order: what the
// SystemComment notes (GPU topology, shared GPUs) walk to read the GPUs
// Slurm gave the job on each node.
#pragma once

#include "slurm/slurm_headers.h"

namespace accord::slurm {

// Calls fn(slurm_index, offset) for each node of the job's allocation, where
// offset is the node's position in it (job_resources' per-node arrays).
// Nothing when the job has no resources.
template <typename Fn>
void for_each_job_node(job_record_t *job, Fn fn)
{
    if (!job->job_resrcs || !job->job_resrcs->node_bitmap)
        return;
    bitstr_t *nodes = job->job_resrcs->node_bitmap;
    int offset = 0;
    for (int i = bit_ffs(nodes); i >= 0 && i < static_cast<int>(bit_size(nodes)); i++) {
        if (bit_test(nodes, i))
            fn(i, offset++);
    }
}

}  // namespace accord::slurm
