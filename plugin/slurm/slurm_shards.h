// GPU shares as slurmctld's gres/shard records hold them (Slurm 22.05:
// a node's shards are spread over its GPUs; a job's shards on a node all
// come from one GPU, which no job holds whole as gres/gpu meanwhile).
// gres/mps, Slurm's other shared gres, is read the same way and counted
// as shards: cons_tres places both by the same code (GRES_CONF_SHARED).
#pragma once

#include <cstdint>
#include <vector>

#include "core/snapshot.h"
#include "slurm/slurm_headers.h"

namespace accord::slurm {

// The node's shared gres: "shard", else "mps", else null.
const char *node_share_gres(node_record_t *node);

// Whether the node's shared gres has Slurm's one_sharing flag (the
// default for gres/mps, core::Node::one_sharing).
bool node_one_sharing(node_record_t *node);

// The node's GPUs that have shards, by index, with the shards free now
// (none on a GPU allocated as gres/gpu); empty without a shared gres.
std::vector<core::ShardGpu> node_shard_gpus(node_record_t *node);

// All shards the node has.
int node_shard_capacity(node_record_t *node);

// The same per GPU, by Slurm index (GPUs kept from sharing left out).
core::ShardCounts node_shard_capacity_by_gpu(node_record_t *node);

// Where `job` holds shards on the `node_offset`-th node of its allocation.
struct ShardHold {
    int count = 0;
    int gpu = -1;  // Slurm's GPU index; -1 when unknown
};
ShardHold job_shards_on_node(job_record_t *job, int node_offset);

// The job's shards per node: --gres=shard:N or --gres=mps:N, the only way
// sbatch 22.05 asks for them (its --gpus* options are for gres/gpu alone).
// A request built otherwise is taken per job only for one node, per task
// only for one task and per socket only for one socket per node
// (gres_job_state_validate() in common/gres.c): the count on the job's one
// node too.
int job_shard_request(job_record_t *job);

// The shared gres the job asks for: "shard", "mps" or null.
const char *job_share_gres(job_record_t *job);

// Marks the node's GPUs that shard jobs use as not free for whole-GPU jobs
// (cons_tres gives a GPU as gres/gpu or as shards, never both at once).
void hide_shared_gpus(core::Node &node);

}  // namespace accord::slurm
