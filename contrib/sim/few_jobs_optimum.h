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
//
// Neighbouring nodes of the search mostly differ on one type, so the
// per-type results are cached by what determines them.
#pragma once

#include <cstddef>
#include <memory>
#include <unordered_map>
#include <vector>

#include "sim/pooled_instance.h"
#include "sim/type_timeline.h"

namespace accord::sim {

constexpr size_t kFewJobs = 8;

// Per-type results by their inputs; forgets everything when full.
class FewJobsCache {
public:
    explicit FewJobsCache(size_t capacity) : capacity_(capacity) {}

    using Results = std::shared_ptr<const std::vector<double>>;

    // The results for `key`, or null. Shared, so that forgetting
    // everything never pulls results from under a table still using them.
    Results find(const std::vector<double> &key) const;
    Results store(std::vector<double> key, std::vector<double> best);

private:
    struct Hash {
        size_t operator()(const std::vector<double> &key) const;
    };

    size_t capacity_;
    std::unordered_map<std::vector<double>, Results, Hash> entries_;
};

class FewJobsTable {
public:
    // `jobs`: up to kFewJobs unstarted jobs; `from[i][c]`: the earliest
    // start of jobs[i] on its configuration c, GPUs aside; `lines`: every
    // type with its running jobs.
    FewJobsTable(const PooledInstance &instance, const std::vector<TypeTimeline> &lines,
                 const std::vector<int> &jobs, const std::vector<std::vector<double>> &from, FewJobsCache &cache);

    // The least sum of ends of `subset` (bit i: jobs[i]) all on `type` and
    // alone there; infinity when one of them cannot run there.
    double best(size_t type, unsigned subset) const { return (*best_[type])[subset]; }

private:
    std::vector<FewJobsCache::Results> best_;  // per type: per subset
};

}  // namespace accord::sim
