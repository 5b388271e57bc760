// ClusterSnapshot: the value copy of the cluster and the queue that one
// scheduling cycle works on. Built by a shell (the slurmctld plugin or the
// simulator) and never shared with live state, so planning needs no locks.
#pragma once

#include <algorithm>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

#include "core/gpu_topology.h"
#include "core/neighbour_table.h"
#include "core/node_list.h"
#include "core/resources.h"
#include "core/slowdown_table.h"

namespace accord::core {

// A time limit of "unlimited" is planned as this long.
constexpr int64_t kUnlimitedSeconds = 365LL * 24 * 3600;

// End time of usage that no known event releases.
constexpr int64_t kForever = INT64_MAX / 4;

// One GPU of a node, at its Slurm index.
struct GpuSlot {
    std::string type;
    bool free = true;  // unallocated now
};

// A job holding shards of one GPU (Slurm's gres/shard: its shards on a
// node all come from one GPU).
struct ShardUser {
    uint32_t job_id = 0;
    std::string family;  // model family, "" if unknown
};

// One GPU of a node that has shards, at its Slurm index.
struct ShardGpu {
    int index = 0;
    std::string type;
    int free = 0;  // shards free now; 0 while the GPU is allocated whole (gres/gpu)
    std::vector<ShardUser> users;
};

struct Node {
    std::string name;
    Resources capacity;      // what the node has in all
    Resources free;          // what is unallocated now
    bool schedulable = true; // up, responding, not drained or reserved for maintenance
    // Slurm starts no job on it this instant: a job's epilog runs there
    // (completing) or it reboots to resume. What it has free is held until
    // the next second (build_timelines()), as sched/backfill plans its jobs
    // there from now + 1.
    bool starts_deferred = false;
    // The node's GPUs by Slurm index; empty when the shell does not know
    // which are free (the simulator).
    std::vector<GpuSlot> gpu_slots;
    // How close those GPUs are; null when the admin gave no topology.
    std::shared_ptr<const GpuTopology> topology;
    // Its GPUs that have shards, by index; empty without gres/shard.
    // Slurm's gres/mps is counted the same way, as shards.
    std::vector<ShardGpu> shard_gpus;
    // Slurm's one_sharing (gres.conf Flags, the default for gres/mps):
    // while a GPU of the node has shard jobs, new shards come only from
    // such a GPU (gres_use_busy_dev() in Slurm 22.05's common/gres.c).
    bool one_sharing = false;
};

struct NodeUsage {
    int node = 0;  // index into ClusterSnapshot::nodes
    Resources used;
};

struct PendingJob;

struct RunningJob {
    uint32_t job_id = 0;
    int64_t end_time = 0;  // when its time limit ends
    std::vector<NodeUsage> usage;
    // What the preemptive cycle (core/preempt_cycle.h) reads; the others
    // never look at them.
    int64_t start_time = 0;    // when it started this run
    double priority = 0;       // the shell's job priority, higher first (as PendingJob::priority)
    bool requeueable = false;  // its user allows a requeue (Slurm's --requeue / JobRequeue)
    std::string family;        // model family, "" if unknown (rates its GPUs as a pending job's)
    // What it asked for, as a pending job (its request as submitted, its
    // hints): with PreemptConfig::migrate the preemptive cycle may move it
    // to another of its options; null, it can only keep what it holds.
    std::shared_ptr<const PendingJob> request;

    int total_gpus() const  // whole GPUs it holds on all its nodes
    {
        int gpus = 0;
        for (const auto &use : usage)
            gpus += use.used.total_gpus();
        return gpus;
    }
};

// GPUs of one more type a request names beside its first
// (--gres=gpu:a100:2,gpu:v100:1): they are planned alongside it, never
// chosen or rewritten.
struct GpuPart {
    std::string type;
    int per_node = 0;
    int per_job = 0;

    auto fields() const { return std::tie(type, per_node, per_job); }
    bool operator==(const GpuPart &o) const { return fields() == o.fields(); }
    bool operator<(const GpuPart &o) const { return fields() < o.fields(); }
};

struct GpuRequest {
    std::string type;  // "" = the user accepts any GPU type
    int per_node = 0;  // GPUs on each node (--gres, --gpus-per-node)
    int per_job = 0;   // or GPUs over all nodes (--gpus), spread evenly
    int cpus_per_gpu = 0;
    int64_t mem_per_gpu_mb = 0;
    std::vector<GpuPart> more_types{};  // other types named (Slurm then wants every part typed)

    bool any() const { return per_node > 0 || per_job > 0; }
};

struct PendingJob {
    uint32_t job_id = 0;
    std::string family;       // model family (e.g. "ResNet-50 (batch size 64)"), "" if unknown
    int array_tasks = 1;      // tasks of an array record that may start now
    std::string partition;
    int64_t time_limit_s = kUnlimitedSeconds;
    int min_nodes = 1;
    int max_nodes = 1;
    int cpus_total = 1;       // CPUs over all nodes
    int cpus_per_node = 1;    // at least this many on each node
    int64_t mem_per_node_mb = 0;
    int64_t mem_per_cpu_mb = 0;
    bool whole_node_memory = false;  // --mem=0, or no request and no default
    GpuRequest gpus;
    int shards_per_node = 0;  // gres/shard (or gres/mps) on each node, all from one GPU
    bool exclusive = false;   // whole nodes
    NodeList allowed_nodes;           // partition, reservation and exclusions applied
    std::vector<int> required_nodes;  // must be part of the allocation
    // The job's hints (core/job_hints.h), checked against its request and limits.
    std::vector<std::string> accepted_types;  // a typeless GPU request goes only to these; empty = any type
    // GPUs over the whole job it can run with, its requested count inside,
    // bounded by its limits; 0/0 = only the requested count. The allocator
    // (core/allocator_cycle.h) chooses among them; the EASY pipeline alone
    // starts the requested count.
    int gpu_count_min = 0;
    int gpu_count_max = 0;
    std::string hint_note;  // hints left out or cut, and why; shown with every decision
    // When it became eligible to start (Slurm's begin time, the simulator's
    // arrival); empty when unknown. Its finish-time fairness counts from here.
    std::optional<int64_t> eligible_time;
    // The shell's job priority, higher first: the queue is in this order.
    // Only the preemptive cycle reads it (a job is requeued only for a
    // higher-priority one).
    double priority = 0;
};

// GPUs a request (or one part of it) takes over all its nodes: per job, or
// per node on each of at least `min_nodes` nodes (computed wide, capped, so
// no request's figures overflow).
inline int gpus_in_all(int per_job, int per_node, int min_nodes)
{
    if (per_job > 0)
        return per_job;
    int64_t all = static_cast<int64_t>(per_node) * std::max(min_nodes, 1);
    return static_cast<int>(std::min<int64_t>(all, std::numeric_limits<int>::max()));
}

// Whether the job's accepted-types hint lets a typeless request use GPUs of
// `type` (no hint: every type).
inline bool accepts_gpu_type(const PendingJob &job, const std::string &type)
{
    const auto &accepted = job.accepted_types;
    return accepted.empty() || std::find(accepted.begin(), accepted.end(), type) != accepted.end();
}

// Fewest GPUs the job takes in all, on however many nodes.
inline int requested_gpus(const PendingJob &job)
{
    return gpus_in_all(job.gpus.per_job, job.gpus.per_node, job.min_nodes);
}

struct ClusterSnapshot {
    int64_t now = 0;
    std::vector<Node> nodes;
    std::vector<RunningJob> running;
    std::vector<PendingJob> queue;  // in priority order, highest first
    // Predicted slowdowns of shard jobs next to each other, filled by the
    // shell (core/slowdown_table.h); empty without a model.
    SlowdownTable slowdowns;
    // Measured slowdowns of jobs next to others on a node, filled by the
    // shell (core/neighbour_slowdowns.h); empty without measurements.
    NeighbourTable neighbour_slowdowns;
};

}  // namespace accord::core
