// SharedGpuHolds: when each GPU with shards is held whole for its shard
// jobs. cons_tres gives a GPU as gres/gpu or as shards, never both, so a
// GPU with shard jobs goes to no whole-GPU job until the last of them ends.
// Running shard jobs hold theirs from the snapshot; every shard placement a
// cycle plans (a start or a reservation) adds its period, and the planner
// holds a GPU of the type in the node's timeline over what the GPU's other
// shard jobs do not already cover (docs/design.md, "Sharing GPUs").
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "core/snapshot.h"

namespace accord::core {

struct Period {
    int64_t start;
    int64_t end;  // exclusive
};

class SharedGpuHolds {
public:
    // Each running shard job holds its GPU until its end time. Keeps a
    // reference to the snapshot's nodes.
    explicit SharedGpuHolds(const ClusterSnapshot &snapshot);

    // The GPU type of `node`'s shard GPU `gpu` (Slurm's index); empty when
    // the node has no such GPU.
    std::string type(int node, int gpu) const;
    // The parts of `period` in which no shard job holds the GPU yet, in
    // order.
    std::vector<Period> uncovered(int node, int gpu, Period period) const;
    void add(int node, int gpu, Period period);

    // Whether a shard job is on `node`'s GPU `gpu` at `when`, and on any
    // of its GPUs (Slurm's one_sharing then gives new shards only from
    // such a GPU).
    bool held_at(int node, int gpu, int64_t when) const;
    // The end of the last period `node`'s GPU `gpu` is held for, INT64_MIN
    // when none: before any add(), when its running shard jobs end.
    int64_t held_until(int node, int gpu) const;
    bool node_held_at(int node, int64_t when) const;
    // Whether `node` gives no shards of `gpu` at `when`: it is one_sharing
    // and has shard jobs then, on other GPUs only.
    bool closed_at(int node, int gpu, int64_t when) const;

private:
    using Key = std::pair<int, int>;  // (node, Slurm GPU index)
    const std::vector<Node> &nodes_;
    std::map<Key, std::vector<Period>> held_;
};

}  // namespace accord::core
