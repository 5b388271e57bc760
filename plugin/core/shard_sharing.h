// ShardSharing: for one scheduling cycle, the shards each node's GPUs have
// free now and the shard jobs on them (Slurm's gres/shard), which GPU of a
// node Slurm would give a shard job, and what sharing it is predicted to
// cost (docs/design.md, "Sharing GPUs"). Starts planned earlier in the
// cycle take their shards out.
#pragma once

#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/slowdown_table.h"
#include "core/snapshot.h"

namespace accord::core {

// A shard job on one GPU: the jobs it would share it with and the
// predicted slowdowns (speed shared over speed alone).
struct SharedGpu {
    int gpu = 0;                      // Slurm's index on the node
    std::vector<uint32_t> co_runners; // jobs already on it
    bool joined_this_cycle = false;   // one of them is a start planned in this cycle
    bool predicted = false;           // every value below is a prediction
    double slowdown = 1;              // the new job's
    double others_lost = 0;           // the co-runners' speeds lost to it, summed

    // What the cluster loses to this placement, in jobs' speeds alone: the
    // new job's loss plus the added losses of those already there.
    double loss() const { return 1 - slowdown + others_lost; }
};

class ShardSharing {
public:
    ShardSharing(const std::vector<Node> &nodes, const SlowdownTable &slowdowns);

    // Whether some node has shards: without them no job asks.
    bool any() const { return any_; }

    // The GPU a job taking `shards` gets on `node`, with predictions for a
    // job of `family`; empty when no GPU has that many free. Slurm 22.05's
    // cons_tres gives all of a job's shards on a node from one GPU, the
    // first by index with enough free (_pick_specific_topo() in
    // gres_select_filter.c; GPUs local to the job's socket first, which
    // this does not know). On a one_sharing node with shard jobs, only
    // their GPUs give shards.
    std::optional<SharedGpu> share(int node, int shards, const std::string &family) const;

    // Takes the shards share() counted out of that GPU, the job now on it:
    // a co-runner for the rest of the cycle, whose predictions only the
    // queries for one start joining a GPU provide (core/shard_queries.h).
    void take(int node, int shards, uint32_t job_id, const std::string &family);

    // Takes `count` GPUs of `type` whole for a job started now, none of
    // their shards left to later jobs of the cycle: the first by index
    // without shard jobs and not held whole, as cons_tres gives them when
    // the job's socket does not decide. Returns their Slurm indices.
    std::vector<int> take_whole(int node, const std::string &type, int count);

    const std::string &source() const { return slowdowns_.source; }

private:
    int first_with_room(int node, int shards) const;  // index into gpus_[node], or -1
    void predict(const ShardGpu &gpu, const std::string &family, SharedGpu &out) const;

    std::vector<std::vector<ShardGpu>> gpus_;  // per node
    std::vector<bool> one_sharing_;            // per node (Node::one_sharing)
    std::set<std::pair<int, int>> joined_;     // (node, index into gpus_[node]) a start of this cycle took
    const SlowdownTable &slowdowns_;
    bool any_ = false;
};

}  // namespace accord::core
