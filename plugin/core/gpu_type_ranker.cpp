#include "core/gpu_type_ranker.h"

#include <utility>

namespace accord::core {

SpeedTableRanker::SpeedTableRanker(std::map<std::string, double> relative_speed)
    : speed_(std::move(relative_speed))
{
}

double SpeedTableRanker::score(const PendingJob &, const std::string &type) const
{
    auto it = speed_.find(type);
    return it == speed_.end() ? 0.0 : it->second;
}

std::string SpeedTableRanker::rule() const
{
    return speed_.empty() ? "any type: best fit" : "any type: fastest free by accord_gpu_speed";
}

}  // namespace accord::core
