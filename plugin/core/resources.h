// Resources: an amount of CPUs, memory, GPUs (per GPU type) and GPU shares
// (Slurm's gres/shard) on one node.
// Used both for what a node has free and for what a job takes from it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "core/gpu_counts.h"

namespace accord::core {

using ShardCounts = std::map<int, int>;        // Slurm GPU index -> shards

struct Resources {
    int cpus = 0;
    int64_t mem_mb = 0;
    GpuCounts gpus;
    int shards = 0;  // gres/shard, over all the node's GPUs
    // The same shards per GPU, where the shell knows them (empty: only the
    // total counts). A job's demand leaves it empty, for `shards` from any
    // one GPU; what it takes names the GPU (first_gpu_with_shards()).
    ShardCounts shards_by_gpu;

    Resources &operator+=(const Resources &other);
    Resources &operator-=(const Resources &other);
    int gpus_of(const std::string &type) const;
    int total_gpus() const;
};

// True when every dimension of `demand` is available in `available`; a
// demand for shards from no named GPU needs them all on one GPU when
// `available` counts them per GPU (Slurm 22.05 cons_tres gives a job's
// shards on a node from one GPU: _pick_specific_topo() in
// select/cons_common/gres_select_filter.c; _job_test() in common/gres.c,
// which cons_common/job_test.c reaches through gres_job_test(), counts for
// a shared gres the most one GPU has free).
bool covers(const Resources &available, const Resources &demand);

// The GPU cons_tres gives `shards`: the first by index with that many
// free (GPUs local to the job's socket first, which this does not know);
// -1 when none has, or `free` counts no shards per GPU.
int first_gpu_with_shards(const Resources &free, int shards);

// The shards of `gpus` (Slurm indices of GPUs a job holds whole, as
// gres/gpu), by `capacity`'s count per GPU: cons_tres gives a GPU as
// gres/gpu or as shards, never both, so the job takes them all until it
// ends. GPUs without shards add none.
Resources shards_of_whole_gpus(const Resources &capacity, const std::vector<int> &gpus);

// Per-dimension minimum: the resources free throughout two periods.
Resources elementwise_min(const Resources &a, const Resources &b);

}  // namespace accord::core
