// GPUs as slurmctld's gres records hold them, counted per GPU type.
#pragma once

#include "core/resources.h"
#include "core/snapshot.h"
#include "slurm/slurm_headers.h"

namespace accord::slurm {

// Name under which GPUs configured without a type are counted.
constexpr const char *kUntypedGpu = "gpu";

core::GpuCounts node_gpu_capacity(node_record_t *node);
core::GpuCounts node_gpu_free(node_record_t *node);

// GPUs `job` holds on `node`, the `node_offset`-th node of its allocation.
core::GpuCounts job_gpus_on_node(job_record_t *job, int node_offset, node_record_t *node);

// The job's GPU request: per node (--gres, --gpus-per-node), or over all
// its nodes (--gpus, and --gpus-per-task times its tasks).
core::GpuRequest job_gpu_request(job_record_t *job);

}  // namespace accord::slurm
