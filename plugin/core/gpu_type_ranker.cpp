#include "core/gpu_type_ranker.h"

#include <utility>

namespace accord::core {

double GpuTypeRanker::scaling(const PendingJob &, const std::string &, int) const
{
    return 1.0;
}

std::string GpuTypeRanker::rule_for(const PendingJob &) const
{
    return rule();
}

std::string GpuTypeRanker::speed_source_of(const PendingJob &, const std::string &) const
{
    return speed_source();
}

SpeedTableRanker::SpeedTableRanker(std::map<std::string, double> relative_speed)
    : speed_(std::move(relative_speed))
{
}

double SpeedTableRanker::score(const PendingJob &job, const std::string &type) const
{
    return speed(job, type).value_or(0.0);
}

std::string SpeedTableRanker::rule() const
{
    return speed_.empty() ? "any type: best fit" : "any type: fastest free by accord_gpu_speed";
}

std::optional<double> SpeedTableRanker::speed(const PendingJob &, const std::string &type) const
{
    auto it = speed_.find(type);
    if (it == speed_.end())
        return std::nullopt;
    return it->second;
}

// The table knows GPU types only, not the job's model family, and users
// are told so. Per-family speeds (the learned model's, measured ones) come
// from FamilySpeedRanker and MeasuredSpeedRanker (core/model_ranker.h).
std::string SpeedTableRanker::speed_source() const
{
    return "admin speed table accord_gpu_speed, not the job's own model";
}

FamilySpeedRanker::FamilySpeedRanker(FamilySpeeds family_speed, std::map<std::string, double> type_speed,
                                     std::string source, FamilyScaling family_scaling)
    : family_speed_(std::move(family_speed)),
      family_scaling_(std::move(family_scaling)),
      fallback_(std::move(type_speed)),
      source_(std::move(source))
{
}

double FamilySpeedRanker::score(const PendingJob &job, const std::string &type) const
{
    return speed(job, type).value_or(0.0);
}

std::string FamilySpeedRanker::rule() const
{
    return "any type: fastest free for the model family";
}

// A job the family figures do not cover was scored by the table alone.
std::string FamilySpeedRanker::rule_for(const PendingJob &job) const
{
    if (family_speed_.count(job.family))
        return rule();
    std::string why = job.family.empty() ? "the job names no model family"
                                         : "no " + source_ + " for model family " + job.family;
    return fallback_.rule() + " (" + why + ")";
}

std::optional<double> FamilySpeedRanker::family_speed(const PendingJob &job, const std::string &type) const
{
    auto family = family_speed_.find(job.family);
    if (family == family_speed_.end())
        return std::nullopt;
    auto speed = family->second.find(type);
    if (speed == family->second.end())
        return std::nullopt;
    return speed->second;
}

std::optional<double> FamilySpeedRanker::speed(const PendingJob &job, const std::string &type) const
{
    if (auto speed = family_speed(job, type))
        return speed;
    return fallback_.speed(job, type);
}

std::string FamilySpeedRanker::speed_source() const
{
    return source_ + " of the job's model family, else accord_gpu_speed";
}

std::string FamilySpeedRanker::speed_source_of(const PendingJob &job, const std::string &type) const
{
    if (family_speed(job, type))
        return source_ + " of the job's model family";
    return fallback_.speed_source();
}

double FamilySpeedRanker::scaling(const PendingJob &job, const std::string &type, int gpus) const
{
    auto family = family_scaling_.find(job.family);
    if (family == family_scaling_.end())
        return 1.0;
    auto of_type = family->second.find(type);
    if (of_type == family->second.end())
        return 1.0;
    auto at = of_type->second.find(gpus);
    return at == of_type->second.end() || at->second <= 0 ? 1.0 : at->second;
}

}  // namespace accord::core
