#include "core/exploring_ranker.h"

#include <utility>

namespace accord::core {

ExploringRanker::ExploringRanker(std::unique_ptr<GpuTypeRanker> learned, const ObservedSpeeds &observed,
                                 const ClusterSnapshot &snapshot, double bound,
                                 std::shared_ptr<const ModelUncertainty> uncertainty)
    : ExploringRanker(*learned, observed, snapshot, bound, std::move(uncertainty))
{
    owned_ = std::move(learned);
}

ExploringRanker::ExploringRanker(const GpuTypeRanker &learned, const ObservedSpeeds &observed,
                                 const ClusterSnapshot &snapshot, double bound,
                                 std::shared_ptr<const ModelUncertainty> uncertainty)
    : learned_(learned), observed_(observed), bound_(bound), uncertainty_(std::move(uncertainty))
{
    for (const auto &job : snapshot.running) {
        if (job.family.empty())
            continue;
        for (const auto &use : job.usage)
            for (const auto &[type, count] : use.used.gpus)
                if (count > 0)
                    held_.emplace(job.family, type);
    }
}

const std::map<std::string, double> &ExploringRanker::measured_types(const PendingJob &job) const
{
    auto known = measured_.find(job.family);
    if (known == measured_.end())
        known = measured_.emplace(job.family, observed_.by_type(job.family)).first;
    return known->second;
}

bool ExploringRanker::explores(const PendingJob &job, const std::string &type) const
{
    if (job.family.empty() || held_.count({job.family, type}))
        return false;
    const auto &types = measured_types(job);
    return !types.empty() && !types.count(type) && learned_.speed(job, type).has_value();
}

double ExploringRanker::bonus(const PendingJob &job, const std::string &type) const
{
    if (!explores(job, type))
        return 1;
    return 1 + bound_ * (uncertainty_ ? uncertainty_->share(job.family, type) : 1.0);
}

double ExploringRanker::score(const PendingJob &job, const std::string &type) const
{
    return learned_.score(job, type) * bonus(job, type);
}

std::string ExploringRanker::raised_text() const
{
    std::string text = ", types the family has not run on raised by accord_explore";
    return uncertainty_ && !uncertainty_->empty() ? text + " times the model's uncertainty" : text;
}

std::string ExploringRanker::rule() const
{
    return learned_.rule() + raised_text();
}

// A family without samples is not explored (the header's rule).
std::string ExploringRanker::rule_for(const PendingJob &job) const
{
    bool raised = !job.family.empty() && !measured_types(job).empty();
    return learned_.rule_for(job) + (raised ? raised_text() : "");
}

std::optional<double> ExploringRanker::speed(const PendingJob &job, const std::string &type) const
{
    return learned_.speed(job, type);
}

std::string ExploringRanker::speed_source() const
{
    return learned_.speed_source();
}

std::string ExploringRanker::speed_source_of(const PendingJob &job, const std::string &type) const
{
    return learned_.speed_source_of(job, type);
}

double ExploringRanker::scaling(const PendingJob &job, const std::string &type, int gpus) const
{
    return learned_.scaling(job, type, gpus);
}

}  // namespace accord::core
