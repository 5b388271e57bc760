// The heterogeneity-aware allocator: which jobs hold GPUs for the next
// period, and of which type and count, decided for the whole queue at once
// on pooled per-type capacity (the shell then places them on nodes).
//
// The rule (docs/design.md, "Accord's allocator"):
//  1. Order. Job lengths are unknown and heavy-tailed, so the least attained
//     service goes first (Tiresias' discretised 2D-LAS, with geometric
//     queues): a job's queue is the number of thresholds its attained
//     GPU-seconds have passed, the thresholds being first_queue_gpu_s times
//     1, f, f^2, ... Within a queue, jobs that hold GPUs come first (no
//     thrashing), then the shell's priority order.
//  2. Admission. Walk that order; admit a job when one of its options fits
//     the capacity left, on the fewest GPUs it allows (best rate among
//     those). A job that does not fit is skipped, so capacity never idles
//     behind it.
//  3. Matching. The admitted jobs then trade: a job moves to free capacity
//     (another type, or more GPUs), or two jobs of equal GPU count swap
//     types, whenever that raises the sum of normalised rates (rate over
//     the job's slowest option): the fast GPUs end with the jobs that gain
//     most from them.
//  4. Stickiness. A job holding GPUs counts its current option's rate
//     raised by `migrate_gain`, so it moves only for a larger gain.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace accord::core {

// One configuration a job may run in, and its predicted rate (work per
// second, any unit that is the same across the job's options).
struct JobOption {
    std::string gpu_type;
    int gpus = 0;
    double rate = 0;
};

struct AllocJob {
    uint32_t id = 0;
    std::vector<JobOption> options;  // what the user allowed; rate > 0
    double attained_gpu_s = 0;       // GPU-seconds held so far
    int current = -1;                // option it holds now; -1 = waiting
    bool movable = true;             // false: keeps `current` whatever the rule says
};

struct AllocConfig {
    double first_queue_gpu_s = 3600;  // > 0
    double queue_factor = 2;          // > 1
    double migrate_gain = 0.1;        // >= 0
};

// For every job in `jobs`, in the same order, the option it holds in the
// next period, or -1. Jobs that are not movable keep their current option
// (their GPUs are counted first). `capacity` = GPUs per type.
std::vector<int> allocate(const std::vector<AllocJob> &jobs, const std::map<std::string, int> &capacity,
                          const AllocConfig &config);

}  // namespace accord::core
