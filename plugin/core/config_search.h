// The allocator's improvement step, on pooled GPUs per type: given the jobs
// admitted for the next period and the type each was admitted on, choose
// every job's type and GPU count so that the sum of the jobs' values is as
// large as this search finds.
//  - Counts, for a fixed set of jobs on a type, are water-filled: every job
//    starts at its fewest GPUs, then the GPUs left go, one step at a time,
//    to the job whose value rises most per added GPU (optimal when values
//    are concave in the count, which measured speedups nearly are).
//  - Types are found by local search: a job moves to another type, or two
//    jobs of equal count on two types trade types, whenever the water-filled
//    values of the two types together rise. A move lets a chain of gains
//    happen that no single job sees alone: a large job moving to a type it
//    likes a little less frees a type on which others gain a lot.
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
