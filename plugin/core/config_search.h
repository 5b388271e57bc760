// The allocator's improvement step, on pooled GPUs per type: given the jobs
// admitted for the next period and the type each was admitted on, choose
// every job's type and GPU count so that the sum of the jobs' values is as
// large as this search finds.
//  - Counts, for a fixed set of jobs on a type, are water-filled: every job
//    starts at its fewest GPUs, then the GPUs left go, one step at a time,
//    to the job whose value rises most per added GPU (optimal when values
//    are concave in the count, which measured speedups nearly are).
//  - Types, by local search, repeated while anything gains:
//    1. moves, best first: one job to another type when the two types'
//       water-filled values together rise (a large job moving to a type it
//       likes a little less can free a type on which others gain a lot);
//    2. splits: the jobs of two types divided between them optimally at
//       their counts, a knapsack solved by dynamic programming (this trades
//       one 4-GPU job for two 2-GPU ones, which no single move does);
//    3. chains, on small sets: a job takes a type while one of its jobs
//       moves on to a third, two moves that only gain together.
//    On random instances of 2-6 jobs and 2-3 types (tests/unit/
//    test_config_search.cpp) this finds the enumerated optimum almost
//    always (docs/design.md, "Accord's allocator").
#pragma once

#include <vector>

namespace accord::core {

struct SearchOption {
    int option = 0;  // the caller's option number
    int type = 0;    // 0 .. types-1
    int gpus = 0;
    double value = 0;
};

struct SearchJob {
    std::vector<SearchOption> options;
    int type = -1;  // admitted on; must have an option there
};

// The chosen option number for every job, in order. `capacity[type]` is the
// GPUs of each type the jobs may share; the admitted types must fit it at
// the jobs' fewest GPUs.
std::vector<int> search_configs(const std::vector<SearchJob> &jobs, const std::vector<int> &capacity);

}  // namespace accord::core
