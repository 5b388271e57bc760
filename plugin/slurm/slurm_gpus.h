// GPUs as slurmctld's gres records hold them, counted per GPU type.
#pragma once

#include <vector>

#include "core/resources.h"
#include "core/snapshot.h"
#include "slurm/slurm_headers.h"

namespace accord::slurm {

// Name under which GPUs configured without a type are counted.
constexpr const char *kUntypedGpu = "gpu";

core::GpuCounts node_gpu_capacity(node_record_t *node);
core::GpuCounts node_gpu_free(node_record_t *node);

// The node's GPUs by Slurm index (the gres bitmaps: which are allocated,
// and each one's type); empty when Slurm has no per-GPU bitmap (gres.conf
// without File=).
std::vector<core::GpuSlot> node_gpu_slots(node_record_t *node);

// Slurm's indices of the GPUs `job` holds on the `node_offset`-th node of
// its allocation, ascending.
std::vector<int> job_gpu_indices(job_record_t *job, int node_offset);

// GPUs `job` holds on `node`, the `node_offset`-th node of its allocation.
core::GpuCounts job_gpus_on_node(job_record_t *job, int node_offset, node_record_t *node);

// The job's GPU request: per node (--gres, --gpus-per-node), or over all
// its nodes (--gpus, and --gpus-per-task times its tasks).
core::GpuRequest job_gpu_request(job_record_t *job);

}  // namespace accord::slurm
