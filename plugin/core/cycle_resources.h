// CycleResources: what a scheduling cycle's nodes have while it plans: each
// node's timeline (running jobs, then the cycle's starts and reservations),
// what is free at this instant, which free GPUs are close, the shared
// GPUs' shards and whole-GPU holds, and which jobs are on each node. Starts and reservations take from it;
// the planner (core/schedule_cycle.h) asks it what is left.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "core/gpu_closeness.h"
#include "core/node_neighbours.h"
#include "core/node_picker.h"
#include "core/node_timeline.h"
#include "core/shard_sharing.h"
#include "core/shared_gpu_holds.h"
#include "core/snapshot.h"

namespace accord::core {

// A GPU a shard placement shares: held whole over its `gaps`, the parts of
// the placement's `period` its other shard jobs do not cover.
struct SharedGpuHold {
    int node;
    int gpu;
    std::string type;
    Period period;
    std::vector<Period> gaps;
};
using SharedGpuHoldList = std::vector<SharedGpuHold>;

class CycleResources {
public:
    explicit CycleResources(const ClusterSnapshot &snapshot);

    const std::vector<NodeTimeline> &timelines() const { return timelines_; }
    const NodeTimeline &timeline(int node) const { return timelines_[node]; }
    const Resources &free_now(int node) const { return free_now_[node]; }
    const GpuCounts &free_now_total() const { return free_now_total_; }  // over schedulable nodes
    const GpuCloseness &closeness() const { return closeness_; }
    const ShardSharing &sharing() const { return sharing_; }
    const NodeNeighbours &neighbours() const { return neighbours_; }

    // What each schedulable node has free over [start, start + limit), and
    // at this instant (nothing on the others).
    FreeResources free_over(int64_t start, int64_t limit) const;
    FreeResources free_right_now() const;
    // free_now()'s GPUs of `type` per node, made when first asked: every
    // start tests hundreds of nodes against it.
    const std::vector<int> &free_now_gpus(const std::string &type);

    // Whether an allowed node has a GPU with the job's shards free now.
    bool shards_free_now(const PendingJob &job) const;
    // On a one_sharing node with shard jobs at `start`, Slurm gives a shard
    // job only a GPU that has some then: a placement's shards on another
    // GPU move to the first such GPU with room over its period, if any.
    void move_to_open_gpus(Pick &pick, const PendingJob &job, int64_t start) const;
    // What a shard placement from `start` holds beyond its shards; empty
    // when that cannot be planned.
    std::optional<SharedGpuHoldList> shared_gpu_holds(const Pick &pick, const PendingJob &job, int64_t start) const;

    // A job started now on `pick`, or reserved from `start`, with what
    // shared_gpu_holds() gave for it.
    void start(const Pick &pick, const PendingJob &job, const SharedGpuHoldList &holds);
    void reserve(const Pick &pick, int64_t start, int64_t limit, const SharedGpuHoldList &holds);
    // A reservation that goes: its usage leaves the timelines.
    void release(const Pick &pick, int64_t start, int64_t limit);

private:
    void hold(const Pick &pick, int64_t start, int64_t limit);
    void hold_on(int node, int64_t start, int64_t limit, const Resources &used);
    void hold_shared_gpus(const SharedGpuHoldList &holds);
    void take_whole_gpus(const Pick &pick, const PendingJob &job);

    const ClusterSnapshot &snap_;
    // When GPUs with shard jobs are held whole for them (the timelines
    // start from it: declared first).
    SharedGpuHolds shared_holds_;
    std::vector<NodeTimeline> timelines_;
    // What each node has free at this instant: reservations start later,
    // so only starts change it. A job that does not fit here cannot start.
    std::vector<Resources> free_now_;
    GpuCounts free_now_total_;
    std::map<std::string, std::vector<int>> free_now_gpus_;
    // Which GPUs are free now and how close: starts now take theirs out.
    GpuCloseness closeness_;
    // Which GPUs have shards free now, and whose jobs are on them.
    ShardSharing sharing_;
    // The jobs on each node now, with the cycle's starts.
    NodeNeighbours neighbours_;
};

}  // namespace accord::core
