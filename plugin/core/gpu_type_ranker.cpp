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

FamilySpeedRanker::FamilySpeedRanker(FamilySpeeds family_speed, std::map<std::string, double> type_speed)
    : family_speed_(std::move(family_speed)), fallback_(std::move(type_speed))
{
}

double FamilySpeedRanker::score(const PendingJob &job, const std::string &type) const
{
    auto family = family_speed_.find(job.family);
    if (family != family_speed_.end()) {
        auto speed = family->second.find(type);
        if (speed != family->second.end())
            return speed->second;
    }
    return fallback_.score(job, type);
}

std::string FamilySpeedRanker::rule() const
{
    return "any type: fastest free for the model family";
}

}  // namespace accord::core
