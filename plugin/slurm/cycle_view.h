// What one scheduling cycle saw, for admins (accord-ctl reads it from
// accord-stats.json): GPUs per type, the speed predictor in use, and the
// predicted speed of the first queued GPU jobs on each GPU type they may
// run on. Built from the core's snapshot outside slurmctld's locks; no
// Slurm header, so it is unit-tested alone.
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/gpu_type_ranker.h"
#include "core/snapshot.h"

namespace accord::slurm {

// Queued GPU jobs listed per cycle: enough for an admin's screen, and the
// file stays small however long the queue is.
constexpr size_t kListedJobs = 50;
// Measured slowdowns beside other jobs listed, most slowed first: likewise.
constexpr size_t kListedNeighbourPairs = 50;

struct GpuTypeView {
    int nodes = 0;        // nodes with GPUs of the type
    int total = 0;        // GPUs on all of them
    int free = 0;         // unallocated GPUs on nodes Accord may schedule
    int unavailable = 0;  // GPUs on nodes slurmctld does not count available
                          // (down, drained, failing, not responding, powered down)
};

struct QueuedJobView {
    uint32_t job_id = 0;
    std::string partition;
    std::string family;          // model family hint, "" if none
    std::string requested_type;  // GPU type the request names, "" for any, "a100+v100" for several
    int gpus = 0;                // GPUs over the whole job, of every type it names
    // Per GPU type the job may run on: one GPU's predicted relative speed,
    // or nothing when the predictor has no figure for it.
    std::map<std::string, std::optional<double>> speed;
};

// The predictor: which kind, and the rule and speed source the ranker
// states. "speed_table" with the admin's table; "none" when there is no
// table (every choice is best fit). A learned model adds its own kind.
struct PredictorView {
    std::string kind;
    std::string rule;
    std::string source;
    std::map<std::string, double> table;  // accord_gpu_speed
};

struct CycleView {
    PredictorView predictor;
    std::map<std::string, GpuTypeView> gpus;
    size_t pending = 0;      // queue records in the cycle's snapshot (that may start: not
                             // held, not waiting for a dependency or a limit)
    size_t pending_gpu = 0;  // of which ask for GPUs
    std::vector<QueuedJobView> queue;  // the first kListedJobs GPU records, priority order
    // Slowdowns running jobs measured beside others on a node
    // (core/neighbour_slowdowns.h): how many pairs, and the first
    // kListedNeighbourPairs, most slowed first.
    size_t neighbour_pairs = 0;
    std::vector<core::NeighbourPair> neighbours;
};

// `table` is the accord_gpu_speed table the ranker was built from.
CycleView view_cycle(const core::ClusterSnapshot &snapshot, const core::GpuTypeRanker &ranker,
                     const std::map<std::string, double> &table);

}  // namespace accord::slurm
