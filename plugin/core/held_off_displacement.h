// Rule 2's exception (core/preempt_cycle.h). The allocator pools a type's
// GPUs over every node, so it may give a waiting job GPUs on a node the
// job may not use (its partition, --nodelist, --exclude, --constraint)
// and keep the movable jobs on the nodes it may use: the job would then
// wait behind them while the allocator counts it as served. Such a job
// displaces movable jobs of lower priority that hold the type on nodes it
// may use: those on its required nodes, then the lowest priority first,
// until they and the free GPUs there cover its count; none when they
// cannot. Rule 3 requeues them only if it starts on their GPUs.
#pragma once

#include <cstddef>
#include <vector>

#include "core/allocator.h"
#include "core/movable_jobs.h"
#include "core/snapshot.h"

namespace accord::core {

// Whether the job may run on these nodes: all among those it may use, its
// required ones among them.
bool may_run_on(const PendingJob &asked, const std::vector<int> &on);

// The movable jobs (indices into `movable`, none of them `displaced`
// already) `waiting` displaces when the allocator gave it `given` on nodes
// `given_on`; empty when it may run there.
std::vector<size_t> displaced_for_held_off(const PendingJob &waiting, const JobOption &given,
                                           const std::vector<int> &given_on, const ClusterSnapshot &s,
                                           const std::vector<Movable> &movable, const std::vector<bool> &displaced);

}  // namespace accord::core
