// A snapshot with some running jobs gone and their resources free, made in
// place on the caller's snapshot and undone when this goes out of scope:
// preempt_cycle plans such a snapshot in every round, and copying one
// (a queue of thousands of jobs, each listing its allowed nodes) per round
// cost more than planning it.
#pragma once

#include <cstddef>
#include <utility>
#include <vector>

#include "core/snapshot.h"

namespace accord::core {

class RunningRemoved {
public:
    // `gone`: indices into snapshot.running, each once.
    RunningRemoved(ClusterSnapshot &snapshot, const std::vector<size_t> &gone);
    ~RunningRemoved();
    RunningRemoved(const RunningRemoved &) = delete;
    RunningRemoved &operator=(const RunningRemoved &) = delete;

    const ClusterSnapshot &get() const { return snap_; }

private:
    ClusterSnapshot &snap_;
    std::vector<RunningJob> all_;                    // the running jobs as they were
    std::vector<size_t> kept_;                       // index in all_ of each job left running
    std::vector<std::pair<int, Resources>> freed_;  // node and what it had free, in change order
};

}  // namespace accord::core
