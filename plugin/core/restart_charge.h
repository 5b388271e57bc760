// What moving a running job costs in the allocator's values (rule 6 of
// core/allocator.h): Sia's restart discount, Pollux's re-allocation factor.
// A job that has restarted often for its age loses a large share of its
// life to restarts, so it should move only for a large gain; an old job
// that rarely moved loses little by one more restart.
#pragma once

#include "core/allocator.h"

namespace accord::core {

// The share of its rate a running job keeps when it moves:
// max(age - restarts * restart_s, 0) / (age + restart_s) (Sia, as
// sim/sia_candidates.h), 1 while it is younger than one restart or when
// restart_s is 0, and never below kMinRestartFactor (the allocator takes
// logs of rates; Sia's factor 0 forbids the move, so does a factor that
// small against any measured speedup).
constexpr double kMinRestartFactor = 1e-3;
double restart_factor(const AllocJob &job, double restart_s);

}  // namespace accord::core
