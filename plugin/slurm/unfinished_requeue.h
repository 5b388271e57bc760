// Finishes requeues that Slurm 22.05 leaves unfinished.
//
// A requeued batch job stays completing until its nodes have taken the
// kill; then Slurm finishes the requeue (batch_requeue_fini: the old
// allocation is cleared and the job held for the credential window, so
// that its next launch credential is newer than the kill). When a node is
// marked DOWN before that, Slurm clears the completing state without
// finishing the requeue (kill_running_job_by_node_name ->
// cleanup_completing): the job is runnable at once with its old allocation
// attached while the kill is still on its way, and the kill ends the next
// run (docs/reliability.md, "A node marked DOWN while a requeued job
// completes on it"). Accord finishes such a requeue before it plans.
#pragma once

#include <cstdint>
#include <vector>

namespace accord::slurm {

// Finishes the requeue of every pending, no longer completing batch job
// that was requeued and still holds its old nodes; one log line each.
// Returns their ids: each keeps Slurm's full hold, as its kill may not
// have reached its nodes yet. Caller holds the job write lock.
std::vector<uint32_t> finish_unfinished_requeues();

}  // namespace accord::slurm
