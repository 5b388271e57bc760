// Applies a cycle's plan to slurmctld: starts jobs through select_nodes()
// (which re-checks partitions, reservations, limits and GPUs, so anything
// that changed since the snapshot is caught there), and records on every
// considered job what Accord decided and why. Caller holds the apply locks.
#pragma once

#include <chrono>
#include <cstddef>
#include <vector>

#include "core/schedule_cycle.h"
#include "slurm/shard_start_view.h"
#include "slurm/slurm_snapshot.h"

namespace accord::slurm {

struct ApplyResult {
    size_t started = 0;
    size_t refused = 0;  // planned starts that Slurm refused
    std::vector<ShardStartView> shard_starts;  // of the started shard jobs
};

// Applies decisions from `next` on until all are applied or `deadline`
// passes (at least one is applied); returns the index of the next one.
// Every decision finds its job again by id, so the caller may release the
// locks between calls.
size_t apply_decisions(const core::CyclePlan &plan, const SlurmSnapshot &snap, size_t next,
                       std::chrono::steady_clock::time_point deadline, ApplyResult &result);

}  // namespace accord::slurm
