// Builds the core's ClusterSnapshot from slurmctld's node and job records.
// Caller holds the snapshot locks (see agent.cpp); nothing here keeps a
// pointer into Slurm's state past the call.
#pragma once

#include <ctime>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/family_history.h"
#include "core/finished_job_line.h"
#include "core/job_ranking.h"
#include "core/scheduler_params.h"
#include "core/service_ledger.h"
#include "core/snapshot.h"
#include "slurm/node_topologies.h"

namespace accord::slurm {

// How to find a queue record's job again when the plan is applied.
struct QueueRef {
    uint32_t job_id = 0;
    bool array_meta = false;  // the record that holds an array's pending tasks
    std::string partition;
};

struct SlurmSnapshot {
    core::ClusterSnapshot cluster;
    std::vector<QueueRef> refs;      // parallel to cluster.queue
    std::vector<int> slurm_index;    // cluster node i is node_record_table_ptr[slurm_index[i]]
    // Requeued jobs to get their submitted GPU request back (slurm/rewrite_restore.h),
    // left out of this cycle's queue: planned next cycle, as submitted.
    std::vector<uint32_t> restores;
    // Set with accord_order=service or gittins: how jobs were ranked.
    std::optional<core::JobRanking> ranking;
    // With it, jobs Slurm requeued and the service their record lacks
    // (slurm/service_ranks.h), left out of this cycle's queue.
    std::vector<std::pair<uint32_t, int64_t>> requeued_services;
    // With accord_order=gittins, the jobs that completed since the last
    // cycle and the GPU service they held.
    std::vector<core::FinishedJob> completed;
};

// The first accord_max_jobs queue records, in Slurm's order or, with
// accord_order=service or gittins, by rank (slurm/service_ranks.h; the
// ledger then sees running jobs' service, cycle to cycle; `history`, the
// completed jobs' service, must outlive the snapshot). Nodes with a
// topology in `topologies` also get their GPUs by index; with
// `running_requests` (accord_migrate), running jobs that allow a requeue
// also get their request (core::RunningJob::request).
SlurmSnapshot take_snapshot(time_t now, const core::SchedulerParams &params, NodeTopologies &topologies,
                           bool running_requests, core::ServiceLedger &ledger, const core::FamilyHistory &history);

}  // namespace accord::slurm
