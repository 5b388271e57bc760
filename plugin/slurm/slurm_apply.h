// Applies a cycle's plan to slurmctld: starts jobs through select_nodes()
// (which re-checks partitions, reservations, limits and GPUs, so anything
// that changed since the snapshot is caught there), and records on every
// considered job what Accord decided and why. Caller holds the apply locks.
#pragma once

#include <cstddef>

#include "core/schedule_cycle.h"
#include "slurm/slurm_snapshot.h"

namespace accord::slurm {

struct ApplyResult {
    size_t started = 0;
    size_t refused = 0;  // planned starts that Slurm refused
};

ApplyResult apply_plan(const core::CyclePlan &plan, const SlurmSnapshot &snap);

}  // namespace accord::slurm
