#include "core/observed_speeds.h"

#include <algorithm>
#include <vector>

#include "core/user_median.h"

namespace accord::core {

ObservedSpeeds::ObservedSpeeds(size_t jobs_kept, size_t families_kept)
    : jobs_kept_(std::max<size_t>(jobs_kept, 1)), families_kept_(std::max<size_t>(families_kept, 1))
{
}

void ObservedSpeeds::add(const ThroughputSample &s)
{
    if (s.family.empty() || s.gpus.size() != 1 || s.gpus.begin()->second <= 0 || !(s.report.rate > 0))
        return;
    const auto &[type, count] = *s.gpus.begin();
    auto &jobs = seen_[s.family][s.report.metric][type];
    JobRate &rate = jobs[s.job_id];
    if (s.time < rate.time)
        return;  // an older sample than the one counted
    rate = {s.time, s.report.rate, count, s.user};
    if (jobs.size() > jobs_kept_) {
        auto oldest = std::min_element(jobs.begin(), jobs.end(),
                                       [](const auto &a, const auto &b) { return a.second.time < b.second.time; });
        jobs.erase(oldest);
    }
    int64_t &last = last_report_[s.family];
    last = std::max(last, s.time);
    if (seen_.size() > families_kept_)
        forget_stalest_family();
}

void ObservedSpeeds::forget_stalest_family()
{
    auto stalest = std::min_element(last_report_.begin(), last_report_.end(),
                                    [](const auto &a, const auto &b) { return a.second < b.second; });
    seen_.erase(stalest->first);
    last_report_.erase(stalest);
}

const ObservedSpeeds::TypeJobs *ObservedSpeeds::main_metric(const std::string &family) const
{
    auto f = seen_.find(family);
    if (f == seen_.end())
        return nullptr;
    const TypeJobs *best = nullptr;
    size_t most = 0;
    for (const auto &[metric, types] : f->second) {  // ties: steps/s, the first metric
        size_t n = 0;
        for (const auto &[type, jobs] : types)
            n += jobs.size();
        if (n > most) {
            most = n;
            best = &types;
        }
    }
    return best;
}

double ObservedSpeeds::user_median(const std::map<uint32_t, JobRate> &jobs, const std::string &type,
                                   const Scaling &scaling)
{
    std::map<std::string, std::vector<double>> by_user;
    for (const auto &[job, rate] : jobs)
        by_user[rate.user].push_back(rate.rate / (rate.gpus * (scaling ? scaling(type, rate.gpus) : 1.0)));
    return median_of_user_medians(by_user);
}

std::optional<double> ObservedSpeeds::per_gpu(const std::string &family, const std::string &type,
                                              const Scaling &scaling) const
{
    const TypeJobs *types = main_metric(family);
    if (!types)
        return std::nullopt;
    auto t = types->find(type);
    if (t == types->end() || t->second.empty())
        return std::nullopt;
    return user_median(t->second, type, scaling);
}

size_t ObservedSpeeds::jobs(const std::string &family) const
{
    size_t n = 0;
    if (const TypeJobs *types = main_metric(family))
        for (const auto &[type, jobs] : *types)
            n += jobs.size();
    return n;
}

std::map<std::string, double> ObservedSpeeds::by_type(const std::string &family, const Scaling &scaling) const
{
    std::map<std::string, double> speeds;
    if (const TypeJobs *types = main_metric(family))
        for (const auto &[type, jobs] : *types)
            if (!jobs.empty())
                speeds[type] = user_median(jobs, type, scaling);
    return speeds;
}

}  // namespace accord::core
