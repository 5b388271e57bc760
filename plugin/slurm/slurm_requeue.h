// Applies the requeues of a preemptive cycle (accord_policy=preempt,
// core/preempt_cycle.h) through Slurm's own requeue path, and lets a
// requeued job run again soon instead of after the credential window.
//
// job_requeue() stops the job as Slurm's preemption does (JOB_PREEMPTED in
// accounting, then pending). When its nodes have finished with it,
// batch_requeue_fini() sets its begin time to now + the credential window
// + 1 s (121 s with Slurm 22.05's default window of 120 s, AuthInfo
// cred_expire): a new launch credential must be newer than
// the revoke the nodes got for the old run, or slurmd refuses it. Accord
// brings that begin time down to a few seconds after the fini it sees in a
// later cycle: the fini comes after the revoke, so the new credential is
// still strictly newer than the revoke, only not two minutes newer.
#pragma once

#include <cstdint>
#include <ctime>
#include <map>
#include <vector>

#include "core/schedule_cycle.h"
#include "slurm/slurm_snapshot.h"

namespace accord::slurm {

// Seconds after the fini that a requeued job may start again: more than
// the one second a revoke and a credential could share.
constexpr time_t kRequeueRestartDelay = 3;

class RequeuedJobs {
public:
    // Requeues the plan's jobs that still run the run the plan saw; each
    // gets one log line and the reason in its SystemComment. Returns how
    // many were requeued. Caller holds the apply locks.
    size_t apply(const core::CyclePlan &plan, const SlurmSnapshot &snap);

    // For each job requeued here whose fini has run: its begin time becomes
    // now + kRequeueRestartDelay. Caller holds the job write lock.
    void release(time_t now);

    // Keeps Slurm's hold on these jobs: Accord finished their requeue
    // itself (unfinished_requeue.h), perhaps before the kill.
    void keep_held(const std::vector<uint32_t> &job_ids);

private:
    std::map<uint32_t, time_t> waiting_;  // job id -> when Accord requeued it
};

}  // namespace accord::slurm
