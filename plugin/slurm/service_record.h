// The GPU service a job attained in runs Accord requeued
// (core/service_record.h), kept with the job as SCHED_ACCORD_SERVICE
// (slurm/job_env_entry.h), and what it has attained in all, this run
// included: what accord_order=service ranks it by. Slurm's own requeues (a
// node failure, scontrol requeue) are counted from what Accord last saw of
// the run (core/service_ledger.h, slurm/service_ranks.h).
#pragma once

#include <cstdint>
#include <ctime>

#include "slurm/slurm_headers.h"

namespace accord::slurm {

// GPU-seconds of the job's earlier runs; 0 without a record or with one
// that does not read (logged at debug level). Job read lock.
int64_t earlier_service(const job_record_t *job);

// Earlier runs plus this one, of `gpus` GPUs, up to `now`. Job read lock.
int64_t attained_service(const job_record_t *job, int gpus, time_t now);

// Keeps `gpu_s` as the job's earlier service. Job write lock.
void keep_service(job_record_t *job, int64_t gpu_s);

}  // namespace accord::slurm
