// Resources: an amount of CPUs, memory, GPUs (per GPU type) and GPU shares
// (Slurm's gres/shard) on one node.
// Used both for what a node has free and for what a job takes from it.
#pragma once

#include <cstdint>
#include <map>
#include <string>

namespace accord::core {

using GpuCounts = std::map<std::string, int>;  // GPU type name -> count

struct Resources {
    int cpus = 0;
    int64_t mem_mb = 0;
    GpuCounts gpus;
    int shards = 0;  // gres/shard, over all the node's GPUs

    Resources &operator+=(const Resources &other);
    Resources &operator-=(const Resources &other);
    int gpus_of(const std::string &type) const;
    int total_gpus() const;
};

// True when every dimension of `demand` is available in `available`.
bool covers(const Resources &available, const Resources &demand);

// Per-dimension minimum: the resources free throughout two periods.
Resources elementwise_min(const Resources &a, const Resources &b);

}  // namespace accord::core
