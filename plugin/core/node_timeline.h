// NodeTimeline: a node's capacity and what is planned to use it when, so
// the scheduler can ask what stays free over a future period. It holds
// running jobs (until their time limit ends) and the starts and
// reservations planned earlier in the same cycle.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/resources.h"
#include "core/shared_gpu_holds.h"
#include "core/snapshot.h"

namespace accord::core {

class NodeTimeline {
public:
    NodeTimeline(const Resources &capacity, bool schedulable);

    // `used` is held from `start` (inclusive) to `end` (exclusive). A
    // negated copy of an earlier usage over the same period cancels it.
    void add_usage(int64_t start, int64_t end, const Resources &used);
    // Room for `count` usages in all without moving them as they are
    // added (build_timelines() knows how many each node gets).
    void reserve(size_t count) { intervals_.reserve(count); }

    // What stays free at every instant of [start, end): per dimension, the
    // least free amount (exact for testing whether one demand fits).
    Resources free_during(int64_t start, int64_t end) const;

    // Times after `after` at which some usage ends (a job may start then).
    void release_times(int64_t after, std::vector<int64_t> &out) const;

    // How the node's free GPUs of `type` change: (when, by how much) for
    // each usage's start and end, appended to `out` in no order.
    void gpu_changes(const std::string &type, std::vector<std::pair<int64_t, int>> &out) const;

    const Resources &capacity() const { return capacity_; }
    bool schedulable() const { return schedulable_; }

private:
    struct Interval {
        int64_t start;
        int64_t end;
        Resources used;
    };
    Resources usage_at(int64_t when) const;
    const Resources &free_after_starts(int64_t start) const;

    Resources capacity_;
    bool schedulable_;
    std::vector<Interval> intervals_;
    int64_t latest_start_ = INT64_MIN;  // of any usage
    // What is free from `from` on, once every usage has begun: it stays so
    // until the first usage end after `from`. A cycle asks every node this
    // for each job it tries, mostly at the same start.
    struct FreeMemo {
        bool valid = false;
        int64_t from = 0;
        int64_t until = 0;
        Resources free;
    };
    mutable FreeMemo memo_;
};

// One timeline per snapshot node: running jobs until their end time, and
// whatever the node reports allocated that no running job explains (for
// example a completing job) held for good, so nothing is double-booked.
// A GPU with shard jobs is held whole until the last of them ends, and on
// a one_sharing node with shard jobs the other GPUs' free shards until the
// last of those jobs ends (Node::one_sharing). A node whose starts Slurm
// defers (Node::starts_deferred) has nothing free until the next second.
// The shard jobs' ends come from `holds` (before any placement is added),
// or from a SharedGpuHolds of the snapshot.
std::vector<NodeTimeline> build_timelines(const ClusterSnapshot &snapshot, const SharedGpuHolds &holds);
std::vector<NodeTimeline> build_timelines(const ClusterSnapshot &snapshot);

}  // namespace accord::core
