// Round-based scheduling, as Gavel, Tiresias and Sia simulate it: time is
// cut into rounds; at the start of every round a RoundPolicy says which jobs
// run in it and on what (GPU type, GPU count, and whether two jobs share the
// same GPUs). The engine (round_simulator.h) places them on nodes, charges a
// restart to every job whose placement changed, and advances each job at its
// measured speed. A non-preemptive policy returns running jobs unchanged.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "sim/gavel_trace.h"
#include "sim/job_speed.h"
#include "sim/round_placement.h"

namespace accord::sim {

// The GPUs of one type: `nodes` nodes of `gpus_per_node` GPUs each, the
// cluster's nodes `node_ids` (ascending; GpuSlice::node names them too).
struct GpuPool {
    std::string type;
    int nodes = 0;
    int gpus_per_node = 0;
    std::vector<size_t> node_ids{};
    int total() const { return nodes * gpus_per_node; }
};

// What one job gets for a round. `partner` is the index of the job that
// shares these same GPUs (packing), or -1.
struct Assignment {
    std::string gpu_type;
    int gpus = 0;
    long partner = -1;
    bool operator==(const Assignment &o) const
    {
        return gpu_type == o.gpu_type && gpus == o.gpus && partner == o.partner;
    }
    bool operator!=(const Assignment &o) const { return !(*this == o); }
};

// A job that has arrived and not finished, as the policy sees it.
struct RoundJob {
    size_t index = 0;                 // into the trace and SimResult::jobs
    const TraceJob *trace = nullptr;  // type, steps, arrival, request, weight
    int min_gpus = 1;                 // counts the policy may give; both equal
    int max_gpus = 1;                 //   the request unless the job is elastic
    double remaining_steps = 0;
    double attained_gpu_s = 0;        // GPU-seconds held so far (Tiresias' service)
    double run_s = 0;                 // seconds it has held GPUs
    int rounds_run = 0;               // rounds in which it held GPUs
    std::optional<Assignment> current;  // what it held in the last round
    Placement placement;              // where: its GPUs in the last round, by node
};

// A job that ended in the last round, and the GPU-seconds it held in all.
struct FinishedJob {
    size_t index = 0;
    const TraceJob *trace = nullptr;
    double attained_gpu_s = 0;
};

struct RoundView {
    double now_s = 0;
    double round_s = 0;
    double restart_s = 0;             // progress a job loses when its placement changes
    size_t round = 0;                 // 0, 1, 2, ...
    std::vector<GpuPool> pools;       // sorted by type
    std::vector<RoundJob> jobs;       // by arrival, ties by index
    std::vector<FinishedJob> finished;  // since the last round's view
    const JobSpeed *speed = nullptr;  // measured steps/s, alone and in pairs
};

// One job's entry in a round's allocation. A job appears at most once; a
// packed pair appears as two entries naming each other as partner, with the
// same GPU type and count. Per type, the GPUs given (a pair counts once)
// must fit the pool; a count outside [min_gpus, max_gpus], a configuration
// with no measured speed, or a pair never measured together is a policy bug
// the engine refuses (std::logic_error).
struct Allocation {
    size_t job = 0;  // RoundJob::index
    Assignment assignment;
};

class RoundPolicy {
public:
    virtual ~RoundPolicy() = default;
    virtual std::string name() const = 0;
    // The jobs that run in the round starting at view.now_s, and on what.
    virtual std::vector<Allocation> allocate(const RoundView &view) = 0;
};

}  // namespace accord::sim
