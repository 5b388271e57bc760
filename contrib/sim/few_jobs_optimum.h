// The exact least sum of ends of a few unstarted jobs (at most kFewJobs)
// on their own, per GPU type and subset, given what already runs: the part
// of the lower bound that sees the conflicts among the largest jobs (two
// jobs that cannot share a type's GPUs run one after the other), which the
// assignment bound (a fluid per type) blurs.
//
// Every order and configuration of every subset is placed by the serial
// schedule generation scheme: each job at the earliest time from its
// earliest start at which its GPUs stay free for its whole run, around the
// running jobs and those placed before. Over all orders this meets every
// active schedule, and an optimal schedule for a sum of ends is active.
#pragma once

#include <cstddef>
#include <vector>

#include "sim/pooled_instance.h"
#include "sim/type_timeline.h"

namespace accord::sim {

constexpr size_t kFewJobs = 5;

class FewJobsTable {
public:
    // `jobs`: up to kFewJobs unstarted jobs; `from[i][c]`: the earliest
    // start of jobs[i] on its configuration c, GPUs aside; `lines`: every
    // type with its running jobs.
    FewJobsTable(const PooledInstance &instance, const std::vector<TypeTimeline> &lines,
                 const std::vector<int> &jobs, const std::vector<std::vector<double>> &from);

    // The least sum of ends of `subset` (bit i: jobs[i]) all on `type` and
    // alone there; infinity when one of them cannot run there.
    double best(size_t type, unsigned subset) const { return best_[type * subsets_ + subset]; }

private:
    size_t subsets_;
    std::vector<double> best_;  // [type][subset]
};

}  // namespace accord::sim
