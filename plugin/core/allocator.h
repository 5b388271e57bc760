// The heterogeneity-aware allocator: which jobs hold GPUs for the next
// period, of which type and count, and on which nodes, decided for the
// whole queue at once (the shell then starts, stops and moves jobs).
//
// The rule (docs/design.md, "Accord's allocator"):
//  1. Order. Job lengths are unknown and heavy-tailed, so the least attained
//     service goes first (Tiresias' discretised 2D-LAS, with geometric
//     queues): a job's queue is the number of thresholds its attained
//     GPU-seconds have passed, the thresholds being first_queue_gpu_s times
//     1, f, f^2, ... Within a queue, jobs that hold GPUs come first (no
//     thrashing), then the shell's priority order.
//  2. Admission, node by node (node_pool.h). Walk that order. A job that
//     holds GPUs keeps its nodes. Any other job takes the option with the
//     fewest GPUs that can be placed, best rate among those: on one node
//     when one has room, else spread if that is no slower than its slowest
//     one-node option; only when nothing is free, by displacing holders
//     later in the order (on the node where that displaces the fewest
//     GPUs; they are placed again or wait when their turn comes). A job
//     that cannot be placed is skipped, so capacity never idles behind it.
//  3. Types and counts. The admitted jobs' types and counts are then
//     searched on pooled GPUs (config_search.h) for the largest sum of the
//     log of their rates (proportional fairness: a job's unit of work
//     cancels out, and a doubling of speed is worth the same to every job).
//     Elastic jobs grow only to counts that tile nodes (powers of two up to
//     a node, then whole nodes). A job whose option the search kept keeps
//     its nodes; the others are placed largest first.
//  4. Leftovers. Jobs still waiting take what is free; admitted jobs move to
//     free GPUs, or two jobs of equal count swap nodes of two types, when
//     that raises their values.
//  5. Stickiness. A job that keeps its option keeps its nodes and counts
//     its rate raised by `migrate_gain`, so it moves only for a larger gain.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "core/node_pool.h"

namespace accord::core {

// One configuration a job may run in, and its predicted rates (work per
// second, any unit that is the same across the job's options).
struct JobOption {
    std::string gpu_type;
    int gpus = 0;
    double rate = 0;         // on one node; when no node of the type holds `gpus`, spread
    double spread_rate = 0;  // spread over nodes although one could hold it; 0 = never spread
};

struct AllocJob {
    uint32_t id = 0;
    std::vector<JobOption> options;  // what the user allowed; rate > 0
    double attained_gpu_s = 0;       // GPU-seconds held so far
    int current = -1;                // option it holds now; -1 = waiting
    Shares held;                     // where it holds them
    bool movable = true;             // false: keeps `current` where it is
};

struct AllocConfig {
    double first_queue_gpu_s = 3600;  // > 0
    double queue_factor = 2;          // > 1
    double migrate_gain = 0.1;        // >= 0
};

// What a job holds in the next period: option -1 = nothing.
struct AllocChoice {
    int option = -1;
    Shares shares;
};

// For every job in `jobs`, in the same order, what it holds in the next
// period. Jobs that are not movable keep their current option and nodes
// (counted first).
std::vector<AllocChoice> allocate(const std::vector<AllocJob> &jobs, const std::vector<AllocNode> &nodes,
                                  const AllocConfig &config);

}  // namespace accord::core
