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
//     thrashing), then the shell's priority order. With a fairness bound,
//     jobs whose predicted finish-time fairness exceeds it
//     (core/predicted_fairness.h) come before all others, in that order
//     among themselves.
//  2. Admission, node by node (node_pool.h). Walk that order. A job that
//     holds GPUs keeps its nodes. Any other job takes the option with the
//     fewest GPUs that can be placed, best rate among those: on one node
//     when one has room, else spread if that is no slower than its slowest
//     one-node option; only when nothing is free, by displacing holders
//     later in the order (on the node where that displaces the fewest
//     GPUs; they are placed again or wait when their turn comes). A job
//     that cannot be placed is skipped, so capacity never idles behind it.
//  3. Types and counts. The admitted jobs' types and counts are then
//     searched on pooled GPUs (config_search.h) for the largest sum of
//     w x log(rate): proportional fairness (a job's unit of work cancels
//     out, a doubling of speed is worth the same to every job), weighted by
//     the order as heSRPT weights jobs by their rank in size: w = (jobs from
//     this one to the last in the order)^rank_weight, so jobs likely to
//     finish first get larger shares; with queue_weights, from the first of
//     this one's queue (allocator_order.h says when and why). Elastic jobs grow only to counts that
//     tile nodes (powers of two up to a node, then whole nodes). A job whose
//     option the search kept keeps its nodes; the others are placed largest
//     first.
//  4. Leftovers. Jobs still waiting take what is free; admitted jobs move to
//     free GPUs, or two jobs of equal count swap nodes of two types, when
//     that raises their values.
//  5. Packing (when the shell knows pair rates), onto the GPUs of a job
//     running alone on one node with the same count (the host). First an
//     admitted job running alone moves onto a host when the pair raises the
//     two jobs' sum of w x log(rate) (rule 3's objective, each job's rate
//     raised by the migration threshold when it keeps what it has): sharing
//     a fast type can beat a slow type alone, as in Gavel's packed
//     policies. Jobs still waiting then take the GPUs this freed. Then jobs
//     still waiting, earliest in the order first, share a host's GPUs when
//     the pair does at least as much as the host alone (each rate over its
//     rate alone), the best such pair.
//  6. Stickiness. A job that keeps its option keeps its nodes and counts
//     its rate raised by `migrate_gain`, so it moves only for a larger gain;
//     a new pair must also beat that threshold (it restarts both jobs).
//  7. Allowed nodes. A job that may not use some nodes of its options'
//     types (AllocJob::allowed) is admitted, displaces and moves only on
//     nodes it may use. Rule 3 searches it only at counts its nodes' free
//     GPUs could hold and places it before the others, and it never loses
//     what admission gave it there; it takes no part in swaps or packing.
//     Pooled GPUs alone would count it as served where it cannot run, and
//     keep another job from GPUs it could have used.
//
// Each step has its file: allocator_order.h (1), allocator_admission.h (2),
// allocator_types.h (3), allocator_leftovers.h (4), allocator_packing.h (5);
// allocator_state.h holds what they share, values and free placement (6,
// 7).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
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
    uint32_t kind = 0;               // jobs of one kind share pair rates (PairRates)
    std::vector<JobOption> options;  // what the user allowed; rate > 0
    double attained_gpu_s = 0;       // GPU-seconds held so far
    int current = -1;                // option it holds now; -1 = waiting
    Shares held;                     // where it holds them
    bool movable = true;             // false: keeps `current` where it is
    long partner = -1;               // the job (index in the list) it shares its GPUs with now
    double rho = 0;                  // predicted finish-time fairness; 0 = unknown
    double gittins = -1;             // Gittins index (core/gittins_index.h); < 0: LAS queues
    // The nodes it may use (its partition, --nodelist, --exclude, ...);
    // null: every node. Where that leaves out nodes of a type it has
    // options on, it is placed only on the others, grows in the search
    // only to what they could hold, and is not swapped or packed (rule 7).
    std::shared_ptr<const NodeMask> allowed;
};

struct AllocConfig {
    double first_queue_gpu_s = 3600;  // > 0
    double queue_factor = 2;          // > 1
    double migrate_gain = 0.1;        // >= 0
    double rank_weight = 0.5;         // >= 0 (rule 3)
    bool queue_weights = false;       // rule 3: jobs of one queue weigh alike (allocator_order.h)
    double fairness_bound = 0;        // 0 = off (rule 1, core/predicted_fairness.h)
};

// What two jobs do when they share the same GPUs (packing), as the shell
// knows it (a measured table, or nothing).
class PairRates {
public:
    virtual ~PairRates() = default;
    // The rates of a job of kind `a` and one of kind `b` sharing `gpus` GPUs
    // of `gpu_type` on one node; empty when unknown (they are never packed).
    virtual std::optional<std::pair<double, double>> rates(uint32_t a, uint32_t b, const std::string &gpu_type,
                                                           int gpus) const = 0;
};

// What a job holds in the next period: option -1 = nothing.
struct AllocChoice {
    int option = -1;
    Shares shares;
    long partner = -1;  // the job (index) it shares these GPUs with
};

// For every job in `jobs`, in the same order, what it holds in the next
// period. Jobs that are not movable keep their current option and nodes
// (counted first).
std::vector<AllocChoice> allocate(const std::vector<AllocJob> &jobs, const std::vector<AllocNode> &nodes,
                                  const AllocConfig &config, const PairRates *pairs = nullptr);

}  // namespace accord::core
