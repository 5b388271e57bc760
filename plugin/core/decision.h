// Decision: what the core concluded for one queue record in one cycle.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "core/resources.h"
#include "core/shard_sharing.h"
#include "core/snapshot.h"
#include "core/speed_prediction.h"

namespace accord::core {

enum class Verdict {
    Start,    // start now on `nodes`
    Reserve,  // cannot start now; `nodes` are held for it from `start_time`
    Wait,     // cannot start now and holds nothing
    Requeue,  // a running job to stop and put back in the queue (core/preempt_cycle.h)
};

enum class WaitReason {
    None,
    Resources,  // not enough free resources now
    Priority,   // would fit now, but only by delaying a higher-priority reservation
    NeverFits,  // more than the allowed nodes have even when empty
    OneTypeNeverFits,  // more than their GPUs of any one type, though not of all types together
};

// A record planned ahead of higher-priority ones: its predicted
// finish-time fairness exceeds the admin's bound (core/fairness_order.h).
struct AheadOfPriority {
    double rho = 0;
    double bound = 0;
};

// Why a running job is requeued: the higher-priority jobs that start on its
// GPUs, or the option it moves to (`move_gpus` > 0), and the predicted gain
// against the restart cost, in GPU-seconds.
struct RequeueNote {
    std::vector<uint32_t> for_jobs;
    std::string move_type;
    int move_gpus = 0;
    double move_speedup = 0;  // its predicted rate there over its rate now
    double gain_gpu_s = 0;
    double cost_gpu_s = 0;
};

struct Decision {
    size_t queue_index = 0;  // index into ClusterSnapshot::queue
    uint32_t job_id = 0;
    Verdict verdict = Verdict::Wait;
    WaitReason reason = WaitReason::None;
    std::vector<NodeUsage> placement;  // per node, what the job takes
    std::string gpu_type;              // chosen type ("" for CPU-only jobs)
    int64_t start_time = 0;
    std::string type_rule;             // why this GPU type, for typeless requests
    // For starts of typeless GPU requests: what the chosen type is predicted
    // to gain, and whether the job's request may be rewritten to name it
    // (the time-limit rule of core/speed_prediction.h).
    std::optional<SpeedPrediction> prediction;
    bool rewrite_gpus = false;
    // A start on the allocator's choice (core/allocator_cycle.h): the
    // request it starts with, type and count, in the user's form.
    std::optional<GpuRequest> chosen_request;
    std::optional<AheadOfPriority> ahead;
    // A start of a shard job: the GPU it is expected to share on each node
    // of `placement`, and whether predicted slowdowns chose the nodes among
    // `shard_candidates` (core/node_picker.h), or fit for want of a
    // prediction on a GPU joined earlier in the cycle.
    std::vector<SharedGpu> shared;
    bool by_slowdown = false;
    int shard_candidates = 0;
    bool unpredicted_joined = false;
    // A start whose nodes the slowdowns running jobs measured beside others
    // chose (Pick::by_neighbours), and the loss predicted there.
    bool by_neighbours = false;
    double neighbour_loss = 0;
    // A requeue (queue_index is then an index into ClusterSnapshot::running).
    std::optional<RequeueNote> requeue;
};

// One line an admin reads in `scontrol show job` (SystemComment).
std::string explain(const Decision &decision, const ClusterSnapshot &snapshot);

// The part of that line about a shard job's GPU: "; shares GPU 0 of t4-2
// with JobId=12: predicted slowdown 0.80, 0.05 lost by the others (least
// predicted loss of 2 nodes, learned model m.pt)"; "" for other starts.
std::string sharing_text(const Decision &decision, const ClusterSnapshot &snapshot);

// The line a requeued job gets: "requeued by sched/accord for JobId=N: ...",
// or "requeued by sched/accord to move to 4 a100 GPU(s): ...".
std::string explain_requeue(const Decision &requeue);

// The part of that line about the job's hints: "; hints: ..." with what was
// honoured, then what was ignored and why; "" for a job without hints.
std::string hints_text(const PendingJob &job);

}  // namespace accord::core
