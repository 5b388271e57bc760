// Node picker: which nodes (and how much of each) a job takes if it runs
// with a given GPU type over a given period. Fewest nodes first; then,
// when GPU closeness is given, the nodes whose closest free GPUs for the
// job are closest together; then, for a job that shares a GPU through
// gres/shard, the nodes where sharing is predicted to cost least; then,
// where running jobs measured how much jobs beside each other on a node
// slow down, the nodes where that is least; then the tightest fit, so
// large holes stay open for large jobs.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "core/gpu_closeness.h"
#include "core/node_neighbours.h"
#include "core/node_timeline.h"
#include "core/shard_sharing.h"
#include "core/snapshot.h"

namespace accord::core {

struct Pick {
    std::vector<NodeUsage> placement;
    long idle_gpus_left = 0;  // GPUs of the chosen type left free on those nodes
    // For a shard job started now: the GPU it shares on each node of the
    // placement, and whether predicted slowdowns chose the nodes (among
    // `shard_candidates` that could take it).
    std::vector<SharedGpu> shared;
    bool by_slowdown = false;
    int shard_candidates = 0;
    // Fit chose: a candidate's GPU lacked a prediction because a start
    // planned earlier in this cycle joined it.
    bool unpredicted_joined = false;
    // For a start now: whether measured slowdowns beside other jobs changed
    // the nodes chosen, and the loss predicted on those chosen
    // (core/node_neighbours.h).
    bool by_neighbours = false;
    double neighbour_loss = 0;
};

// What a node can give the job; the caller decides over which period, and
// a node that is down or drained gives nothing.
using FreeResources = std::function<Resources(int node)>;

// What the caller knows that narrows pick_nodes()'s search (a start tries
// hundreds of nodes); neither changes the pick.
struct NodeScope {
    // Per node, at least the GPUs of the type `free_of` gives (for a start
    // now, what it has free at this instant): nodes with fewer than the job
    // takes on any node are passed over without asking `free_of`.
    const std::vector<int> *free_gpus_at_most = nullptr;
    // The job's allowed nodes whose capacity has GPUs of the type, in the
    // job's order (core/typed_nodes.h); used when no node is required.
    const std::vector<int> *typed_nodes = nullptr;
};

// A placement for `job` with GPUs of `gpu_type` ("" for a CPU-only job),
// or nothing when the nodes cannot hold it. `closeness` (the GPUs free
// now, for a start now) ranks nodes of equal node count by how close the
// GPUs the job would get are; without it, or with no node's topology
// known, nodes rank by fit alone. `sharing` (the shards free now, for a
// start now) takes only nodes with a GPU that has the job's shards free
// (now, and over the period on that GPU when `free_of` counts shards per
// GPU), and ranks them by predicted loss (SharedGpu::loss()) when it is known on
// every one of them; otherwise by fit, fewest shards left first.
// `neighbours` (the jobs on each node now, for a start now) ranks nodes of
// equal closeness and sharing by the loss predicted beside those jobs.
std::optional<Pick> pick_nodes(const PendingJob &job, const std::string &gpu_type,
                               const std::vector<NodeTimeline> &timelines,
                               const FreeResources &free_of, const GpuCloseness *closeness = nullptr,
                               const ShardSharing *sharing = nullptr, const NodeScope &scope = {},
                               const NodeNeighbours *neighbours = nullptr);

// Whether one node with `free` of its `capacity` holds the whole job with
// GPUs of `gpu_type` (the test pick_nodes makes of each node for one node).
// `demand` is per_node_demand(job, gpu_type, 1), made once for all nodes.
bool one_node_holds(const PendingJob &job, const std::string &gpu_type, const Resources &demand,
                    const Resources &free, const Resources &capacity);

// What the job takes on one node when spread over `node_count` nodes. A
// per-job GPU count is spread evenly, rounded up on every node.
Resources per_node_demand(const PendingJob &job, const std::string &gpu_type, int node_count);

}  // namespace accord::core
