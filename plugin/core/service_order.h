// Jobs ranked by the GPU service they have attained, least first, in
// Tiresias' geometric queues (2D-LAS, Gu et al., NSDI'19): queue 0 below
// first_queue_gpu_s GPU-seconds, queue k below first_queue_gpu_s x
// queue_factor^k. Job lengths are unknown and heavy-tailed, so a job that
// has run little is likely to end soon. The allocator orders by these
// queues (core/allocator.h, rule 1); with accord_order=service the Slurm
// shell also gives them as job priorities (docs/design.md, "Order by
// attained service"), so that a job past a queue can be requeued for one
// below it (core/preempt_cycle.h), as the simulator's accord-rq assumes.
// Slurm-free and pure.
#pragma once

#include <cstdint>
#include <string>

#include "core/allocator.h"

namespace accord::core {

// The number of thresholds `attained_gpu_s` has passed.
int service_queue(double attained_gpu_s, const AllocConfig &config);

// A priority (higher first) that ranks every job of a lower class above
// every job of a higher one, and jobs of one class by `within_class`
// (|within_class| < 2^32, so the sum is exact).
double class_priority(int job_class, double within_class);

// A priority (higher first) that ranks every job of a lower service queue
// above every job of a higher one, and jobs of one queue by `within_queue`
// (the site's priority; |within_queue| < 2^32, so the sum is exact).
double service_priority(double attained_gpu_s, double within_queue, const AllocConfig &config);

// A job's class by its Gittins index (core/gittins_index.h), lowest
// first: indices within a factor queue_factor of each other form one
// class, highest index first (as a service queue holds services within
// that factor); index 0 (its kind presumed long) after every other, by
// service queue. The round accord's order and accord-rq's --order gittins.
int gittins_class(double index, double attained_gpu_s, const AllocConfig &config);

// As service_priority, ranking by gittins_class instead of service queue.
double gittins_priority(double index, double attained_gpu_s, double within_class, const AllocConfig &config);

// "ranked by attained service: 840 GPU-s so far, queue 2", as a requeue
// under accord_order=service is explained.
std::string explain_service(int64_t attained_gpu_s, const AllocConfig &config);

}  // namespace accord::core
