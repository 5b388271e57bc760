// Tiresias' Discretized 2D-LAS (Gu et al., NSDI'19), as its simulator
// implements it (SymbioticLab/Tiresias simulator/run_sim.py, dlas_sim_jobs
// with gputime, the `dlas-gpu` schedules):
//  - A job's service is the GPU-seconds it attained since it last entered
//    the highest queue (arrival or promotion). K queues split by K-1
//    thresholds; a job starts in queue 0 and moves down one queue per
//    threshold its service passes (checked at round starts).
//  - Within a queue, first come first served by entry into the queue, with
//    the jobs that ran in the last round kept ahead of the waiting ones (the
//    code moves waiting jobs behind running ones after every pass), so a
//    running job is preempted only by jobs of a higher queue.
//  - Each round, queues in order, every job that fits the GPUs still free
//    runs (a job that does not fit is skipped, not waited for); a running
//    job that no longer fits is preempted.
//  - Starvation: a job below queue 0 that has waited, since it first ran
//    after entering queue 0, `promote_knob` times the time it ran since then
//    goes back to queue 0 with its service counted afresh (the code's
//    solve_starvation; 0 turns it off).
//  - Heterogeneity-agnostic: a job asks for its GPU count (scale_factor,
//    clamped to its range) of any type. It stays on its current type when
//    that still has room; otherwise it takes the type with the most free
//    GPUs (ties by type name) among those it has a measured speed on, with
//    no regard for which is faster.
//  - Placement (consolidated when a node has room, else spread) is the
//    round engine's; Tiresias relaxes consolidation only for models that do
//    not need it, so always preferring one node is never worse than it.
// Defaults (interpretations, stated in docs/simulator.md): the thresholds of
// the code's jobs.py (3 queues, 3,250 and 7,200 GPU-seconds); promote_knob 8,
// the largest of the code's moderate dlas-gpu-1/2/4/8 variants (its plain
// dlas-gpu turns starvation prevention off).
#pragma once

#include <string>
#include <vector>

#include "sim/round_policy.h"

namespace accord::sim {

struct TiresiasConfig {
    std::vector<double> thresholds_gpu_s = {3250, 7200};  // K-1 ascending thresholds: K queues
    double promote_knob = 8;
};

class TiresiasPolicy : public RoundPolicy {
public:
    // Throws std::invalid_argument for thresholds that are not positive and
    // ascending, or a negative knob.
    explicit TiresiasPolicy(TiresiasConfig config = {});
    std::string name() const override { return "tiresias"; }
    std::vector<Allocation> allocate(const RoundView &view) override;

    // The queue job `job` (a trace index) is in, or -1 when unknown.
    int queue_of(size_t job) const;

private:
    struct JobState {
        bool known = false;
        int queue = 0;
        double service_base_gpu_s = 0;  // attained service when it entered queue 0
        double run_base_s = 0;          // run time when it entered queue 0
        double waited_s = 0;            // waiting since it first ran after entering queue 0
        std::vector<char> runs_on;      // per pool: a measured speed at its GPU count
    };
    void update(const RoundView &view);
    void admit(const RoundView &view, const RoundJob &job);
    void requeue(const RoundJob &job, double elapsed_s);
    void enter(size_t job, int queue);
    void rebuild_queues(const std::vector<char> &present);
    std::vector<Allocation> pass(const RoundView &view);
    long pick_pool(const RoundView &view, const RoundJob &job, int gpus, const std::vector<int> &free) const;
    void reorder(const std::vector<char> &runs);

    TiresiasConfig config_;
    std::vector<JobState> state_;               // by job index
    std::vector<std::vector<size_t>> queues_;   // job indices, queue 0 first
    std::vector<std::vector<size_t>> entered_;  // joined a queue this round, in order
    double last_now_s_ = 0;
};

}  // namespace accord::sim
