// accord_order=service in the snapshot: pending and running jobs get, as
// their priority, their service queue first and Slurm's priority within it
// (core/service_order.h), and the queue is read in that order, so that
// jobs below a queue are planned first and may have a job past it
// requeued for them (core/preempt_cycle.h). Snapshot locks.
#pragma once

#include <cstdint>
#include <ctime>
#include <utility>
#include <vector>

#include "core/allocator.h"
#include "core/service_ledger.h"
#include "core/snapshot.h"
#include "slurm/slurm_headers.h"

namespace accord::slurm {

// A queue record and the GPU-seconds its job's earlier runs attained
// (its SCHED_ACCORD_SERVICE record, read once per cycle; 0 without
// service order).
struct QueueEntry {
    job_queue_rec_t *rec;
    int64_t earlier_service;
};

// Slurm's sorted queue with each job's earlier service, reordered stably:
// within the same reservation class and partition tier (Slurm's first
// keys), lower service queues first.
std::vector<QueueEntry> order_queue_by_service(const std::vector<job_queue_rec_t *> &queue,
                                               const core::AllocConfig &config);

// Each running job's priority from its service so far and Slurm's; the
// ledger sees each one's service.
void rank_running_by_service(core::ClusterSnapshot &cluster, time_t now, const core::AllocConfig &config,
                             core::ServiceLedger &ledger);

// Whether the pending job is one Slurm requeued since the ledger saw it
// run, with service its record lacks: then it is in `requeued` (once) with
// that service, and left out of this cycle's queue, to be ranked with it
// from the next one.
bool requeued_by_slurm(const job_record_t *job, int64_t earlier_service, core::ServiceLedger &ledger,
                       std::vector<std::pair<uint32_t, int64_t>> &requeued);

// Forgets the ledger's jobs that ended or are gone; ends its cycle.
void end_ledger_cycle(core::ServiceLedger &ledger);

// Jobs Slurm requeued since the ledger saw them run, with the service
// their record lacks: kept as their record. Job write lock.
void keep_requeued_services(const std::vector<std::pair<uint32_t, int64_t>> &services,
                            const core::AllocConfig &config);

}  // namespace accord::slurm
