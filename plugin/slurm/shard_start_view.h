// The shard jobs Accord started lately, for admins (accord-ctl shards
// reads them from accord-stats.json): the GPU each was predicted to share,
// with whom, and the predicted slowdowns (core::SharedGpu), as the start's
// SystemComment gives them. Built from a started decision; no Slurm header,
// so it is unit-tested alone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/decision.h"
#include "core/snapshot.h"

namespace accord::slurm {

// Shard starts kept in the stats file, newest last: enough for an admin's
// screen at any queue length.
constexpr size_t kRecentShardStarts = 20;

// One node of a started shard job.
struct ShardStartView {
    uint32_t job_id = 0;
    int64_t time = 0;    // the cycle's snapshot time (Unix time)
    std::string node;
    int gpu = 0;         // the GPU Accord predicted Slurm gives (Slurm's index)
    std::vector<uint32_t> co_runners;
    bool predicted = false;    // slowdown and others_lost are predictions
    double slowdown = 1;       // the job's speed shared over alone
    double others_lost = 0;    // the co-runners' speeds lost to it, summed
    bool by_slowdown = false;  // the least predicted loss chose the node (else fit)
};

// One view per node of a started shard job's placement; none for other jobs.
std::vector<ShardStartView> shard_start_views(const core::Decision &decision, const core::ClusterSnapshot &snapshot);

}  // namespace accord::slurm
