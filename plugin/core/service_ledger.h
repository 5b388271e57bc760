// What Accord last saw of running jobs' attained GPU service, so that a job
// Slurm requeues itself (a node failure, `scontrol requeue`) keeps the
// service of the run it lost, as one Accord requeues does
// (core/service_record.h): Slurm forgets a run's start when it requeues the
// job, and Accord sees only that the job is pending again with a higher
// restart count. Also what a job that has ended held: its GPUs and family
// (accord_order=gittins records the service of those that completed).
// Kept in memory, cycle to cycle: a requeue between a slurmctld restart
// and the first cycle after it is not seen, and a run's last seconds since
// the last cycle are not counted. Slurm-free and pure.
#pragma once

#include <cstdint>
#include <iterator>
#include <map>
#include <optional>
#include <string>

namespace accord::core {

// A running job as last seen.
struct SeenRun {
    uint32_t restarts = 0;
    int64_t service = 0;  // in all: earlier runs and this one so far
    int gpus = 0;
    std::string family;
    uint64_t cycle = 0;
};

class ServiceLedger {
public:
    // A job seen running this cycle.
    void see_running(uint32_t job_id, SeenRun run);

    // For a pending job with `restarts` and `recorded` service, once it was
    // seen running in a run it has since been requeued from (a higher
    // restart count): forgets that run, and returns its service when the
    // record lacks it (Accord's own requeue records it itself).
    std::optional<int64_t> take_requeued(uint32_t job_id, uint32_t restarts, int64_t recorded);

    // Ends a cycle: forgets the jobs not seen running in it for which
    // `waiting(job_id, last_seen)` is false (ended, or gone); the others
    // may be pending again, requeued, by the next cycle.
    template <class Waiting>
    void end_cycle(Waiting waiting)
    {
        for (auto it = seen_.begin(); it != seen_.end();)
            it = it->second.cycle != cycle_ && !waiting(it->first, it->second) ? seen_.erase(it) : std::next(it);
        cycle_++;
    }

    size_t size() const { return seen_.size(); }

private:
    std::map<uint32_t, SeenRun> seen_;
    uint64_t cycle_ = 0;
};

}  // namespace accord::core
