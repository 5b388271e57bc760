// accord_order=service or gittins in the snapshot: pending and running
// jobs get, as their priority, their class (core/job_ranking.h: service
// queue, or Gittins index class) first and Slurm's priority within it, and
// the queue is read in that order, so that jobs ranked above a running job
// are planned first and may have it requeued for them
// (core/preempt_cycle.h). Snapshot locks.
#pragma once

#include <cstdint>
#include <ctime>
#include <utility>
#include <vector>

#include "core/finished_job_line.h"
#include "core/job_ranking.h"
#include "core/service_ledger.h"
#include "core/snapshot.h"
#include "slurm/slurm_headers.h"

namespace accord::slurm {

// A queue record, the GPU-seconds its job's earlier runs attained (its
// SCHED_ACCORD_SERVICE record) and its class, read once per cycle (0
// without a ranking).
struct QueueEntry {
    job_queue_rec_t *rec;
    int64_t earlier_service;
    int job_class;
};

// Slurm's sorted queue with each job's earlier service and class,
// reordered stably: within the same reservation class and partition tier
// (Slurm's first keys), lower classes first.
std::vector<QueueEntry> order_queue_by_rank(const std::vector<job_queue_rec_t *> &queue,
                                            const core::JobRanking &ranking);

// Each running job's priority from its service so far, its family and
// Slurm's; the ledger sees what each one holds.
void rank_running_jobs(core::ClusterSnapshot &cluster, time_t now, const core::JobRanking &ranking,
                       core::ServiceLedger &ledger);

// Whether the pending job is one Slurm requeued since the ledger saw it
// run, with service its record lacks: then it is in `requeued` (once) with
// that service, and left out of this cycle's queue, to be ranked with it
// from the next one.
bool requeued_by_slurm(const job_record_t *job, int64_t earlier_service, core::ServiceLedger &ledger,
                       std::vector<std::pair<uint32_t, int64_t>> &requeued);

// Forgets the ledger's jobs that ended or are gone, adding to `completed`
// (when given) those that completed, with the GPU service they held in
// all; ends its cycle.
void end_ledger_cycle(core::ServiceLedger &ledger, std::vector<core::FinishedJob> *completed);

// Jobs Slurm requeued since the ledger saw them run, with the service
// their record lacks: kept as their record. Job write lock.
void keep_requeued_services(const std::vector<std::pair<uint32_t, int64_t>> &services,
                            const core::JobRanking &ranking);

}  // namespace accord::slurm
