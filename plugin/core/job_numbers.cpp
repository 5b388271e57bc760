#include "core/job_numbers.h"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace accord::core {

JobNumbers::JobNumbers(const std::vector<PendingJob> &queue, size_t count)
{
    size_t records = std::min(count, queue.size());
    std::vector<std::pair<uint32_t, size_t>> by_id;  // (job id, record)
    by_id.reserve(records);
    for (size_t i = 0; i < records; i++)
        by_id.emplace_back(queue[i].job_id, i);
    std::sort(by_id.begin(), by_id.end());
    number_of_.resize(records);
    for (size_t k = 0; k < by_id.size(); k++) {
        if (k > 0 && by_id[k].first != by_id[k - 1].first)
            jobs_++;
        number_of_[by_id[k].second] = jobs_;
    }
    if (!by_id.empty())
        jobs_++;
}

}  // namespace accord::core
