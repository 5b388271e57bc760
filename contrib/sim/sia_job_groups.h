// Jobs that are interchangeable in Sia's integer program (sia_program.h):
// the same candidates (pool, GPU count and value, in the same order). Jobs
// waiting for GPUs are, whenever they share a model and a GPU count: only
// a running job's other configurations carry its restart discount. The
// program is solved over groups, a count per candidate, which halves it
// when many jobs wait (2,048 GPUs, 1,136 jobs: 576 groups) and changes
// neither its optimum nor which answers are optimal.
//
// Which members of a group get the group's chosen configurations is a tie
// in Sia's program; it is broken so that no job is restarted for nothing:
// first every member whose current configuration was chosen keeps it, then
// the others take the rest in job order (the earlier job first).
#pragma once

#include <cstddef>
#include <vector>

#include "sim/sia_candidates.h"

namespace accord::sim {

class SiaJobGroups {
public:
    explicit SiaJobGroups(const std::vector<SiaCandidate> &candidates);

    // One entry per candidate of each group's first member, with `job` the
    // group's number (groups in the order of their first member).
    const std::vector<SiaCandidate> &candidates() const { return group_candidates_; }
    // Jobs per group.
    const std::vector<int> &sizes() const { return sizes_; }

    // How often each group candidate is chosen in `chosen` (indices into
    // the jobs' candidates).
    std::vector<int> counts_of(const std::vector<size_t> &chosen) const;
    // The jobs' candidates (ascending) that give each group candidate
    // counts[k] members; the counts of one group sum to at most its size.
    std::vector<size_t> members_for(const std::vector<int> &counts) const;

private:
    const std::vector<SiaCandidate> &candidates_;
    std::vector<SiaCandidate> group_candidates_;
    std::vector<int> sizes_;
    std::vector<size_t> first_of_group_;                // group -> its first group candidate
    std::vector<std::vector<size_t>> members_;          // group -> its jobs, ascending
    std::vector<std::vector<size_t>> job_candidates_;   // job -> its candidates, in order
    std::vector<size_t> group_candidate_of_;            // job candidate -> group candidate
};

}  // namespace accord::sim
