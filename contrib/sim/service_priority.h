// The job priority accord-rq's simulated site gives (simulator.h): less
// attained GPU service first, in Tiresias' geometric queues (the allocator's
// thresholds, core/allocator.h rule 1), then arrival. Under FIFO priority
// every running job outranks every waiting one, so a cycle that never
// requeues for a lower-priority job (core/preempt_cycle.h) would never
// requeue; a site that wants preemption ranks jobs by service (for example
// with a job_submit or priority plugin), as the round-based accord does.
#pragma once

#include <cstddef>

#include "core/allocator.h"

namespace accord::sim {

// Higher first; distinct for distinct arrival ranks.
double service_priority(double attained_gpu_s, size_t arrival_rank, const core::AllocConfig &config);

}  // namespace accord::sim
