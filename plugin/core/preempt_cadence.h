// How often accord_policy=preempt considers requeues (accord_preempt_interval,
// opt-in; docs/design.md, "Preemption by requeue"): a cycle runs the
// preemptive cycle (core/preempt_cycle.h) only when at least `interval_s`
// seconds have passed since the last cycle that did; the cycles between plan
// as the allocator without preemption. Why a site would: the preemptive
// cycle plans the queue again with hundreds of running jobs' GPUs free,
// several times the work of a plain cycle, and deferring a requeue by up to
// the restart cost costs the jobs waiting for it at most what the requeue
// test already charges for it. The caller (the Slurm agent, the simulator)
// keeps one across cycles.
#pragma once

#include <cstdint>
#include <optional>

namespace accord::core {

class PreemptCadence {
public:
    // Whether a cycle at `now` considers requeues; if it does, it is the
    // last that did. The first cycle always does, and so does one whose
    // clock went back (a stepped clock must not stop preemption for long).
    bool take(int64_t now, int64_t interval_s);
    // Whether a cycle at `now` would consider them (take() without taking):
    // the Slurm agent reads running jobs' requests only then.
    bool due(int64_t now, int64_t interval_s) const;
    // When a cycle would next consider requeues; empty before the first. (An
    // event-driven caller, the simulator, wakes then: the plugin's cycles run
    // every few seconds anyway.)
    std::optional<int64_t> next_due(int64_t interval_s) const;

private:
    std::optional<int64_t> last_;
};

}  // namespace accord::core
