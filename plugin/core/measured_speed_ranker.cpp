#include "core/measured_speed_ranker.h"

#include <cmath>
#include <utility>

namespace accord::core {

MeasuredSpeedRanker::MeasuredSpeedRanker(std::unique_ptr<GpuTypeRanker> prior, const ObservedSpeeds &observed)
    : owned_(std::move(prior)), prior_(*owned_), observed_(observed)
{
}

MeasuredSpeedRanker::MeasuredSpeedRanker(const GpuTypeRanker &prior, const ObservedSpeeds &observed)
    : prior_(prior), observed_(observed)
{
}

const MeasuredSpeedRanker::Correction &MeasuredSpeedRanker::correction(const PendingJob &job) const
{
    auto cached = corrections_.find(job.family);
    if (cached != corrections_.end())
        return cached->second;
    Correction c;
    if (!job.family.empty())
        c.measured = observed_.by_type(
            job.family, [&](const std::string &type, int gpus) { return prior_.scaling(job, type, gpus); });
    double log_ratio = 0;
    int rated = 0;
    for (const auto &[type, measured] : c.measured)
        if (auto prior = prior_.speed(job, type); prior && *prior > 0) {
            log_ratio += std::log(measured / *prior);
            rated++;
        }
    c.usable = rated > 0;
    if (c.usable)
        c.scale = std::exp(log_ratio / rated);
    return corrections_.emplace(job.family, std::move(c)).first->second;
}

double MeasuredSpeedRanker::score(const PendingJob &job, const std::string &type) const
{
    if (!correction(job).usable)
        return prior_.score(job, type);
    return speed(job, type).value_or(0.0);
}

static const char kCorrected[] = ", corrected by the family's measured throughput";

std::string MeasuredSpeedRanker::rule() const
{
    return prior_.rule() + kCorrected;
}

std::string MeasuredSpeedRanker::rule_for(const PendingJob &job) const
{
    return prior_.rule_for(job) + (correction(job).usable ? kCorrected : "");
}

std::optional<double> MeasuredSpeedRanker::speed(const PendingJob &job, const std::string &type) const
{
    const Correction &c = correction(job);
    if (!c.usable)
        return prior_.speed(job, type);
    if (auto measured = c.measured.find(type); measured != c.measured.end())
        return measured->second;
    auto prior = prior_.speed(job, type);
    return prior ? std::optional<double>(*prior * c.scale) : std::nullopt;
}

std::string MeasuredSpeedRanker::speed_source() const
{
    return "throughput measured by running jobs of the job's model family, else " + prior_.speed_source();
}

std::string MeasuredSpeedRanker::speed_source_of(const PendingJob &job, const std::string &type) const
{
    const Correction &c = correction(job);
    if (!c.usable)
        return prior_.speed_source_of(job, type);
    if (c.measured.count(type))
        return "throughput measured by running jobs of the job's model family";
    return prior_.speed_source_of(job, type) + " scaled to the family's measured throughput";
}

// The prior's: measured rates are taken per GPU over it (correction()).
double MeasuredSpeedRanker::scaling(const PendingJob &job, const std::string &type, int gpus) const
{
    return prior_.scaling(job, type, gpus);
}

}  // namespace accord::core
