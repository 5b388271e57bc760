// The jobs of a queue's first records, numbered: a job queued in several
// partitions has one record per partition, and a cycle counts its starts
// once over all of them. Numbered once per queue by sorting, so that
// counting per job in every plan is an array, not a map node per record.
#pragma once

#include <cstddef>
#include <vector>

#include "core/snapshot.h"

namespace accord::core {

class JobNumbers {
public:
    // Numbers the jobs of the first `count` records of `queue`: records of
    // one job id share a number, 0 .. size() - 1.
    JobNumbers(const std::vector<PendingJob> &queue, size_t count);

    size_t of(size_t record) const { return number_of_[record]; }
    size_t size() const { return jobs_; }

private:
    std::vector<size_t> number_of_;  // by record
    size_t jobs_ = 0;
};

}  // namespace accord::core
