// Baseline estimates (see baselines.h).
#include "model/baselines.h"

#include <cmath>

#include "model/gpu_catalog.h"
#include "model/job_type_name.h"
#include "model/model_training.h"

namespace accord::model {

namespace {

double declared(const std::string &gpu)
{
    auto entry = gpu_catalog().find(gpu);
    return entry == gpu_catalog().end() ? 1.0 : entry->second.relative_speed;
}

std::map<std::string, double> catalog_speeds()
{
    std::map<std::string, double> speeds;
    for (const auto &[name, descriptor] : gpu_catalog())
        speeds[name] = descriptor.relative_speed;
    return speeds;
}

}  // namespace

Baselines::Baselines(const TrainingData &train) : neighbours_(neighbour_samples(train), catalog_speeds())
{
    for (const IsolatedSample &s : train.isolated) {
        auto &sum = log_relative_sum_[{s.gpu_type, s.gpus, s.spread}];
        sum.first += std::log(s.relative);
        sum.second++;
    }
    for (const PairSample &s : train.pairs) {
        auto &sum = slowdown_sum_[s.gpu_type];
        sum.first += s.slowdown;
        sum.second++;
        slowdown_all_ += s.slowdown / train.pairs.size();
    }
}

double Baselines::declared_speed(const IsolatedSample &s) const { return declared(s.gpu_type) * s.gpus; }

double Baselines::mean_relative(const IsolatedSample &s) const
{
    auto sum = log_relative_sum_.find({s.gpu_type, s.gpus, s.spread});
    if (sum == log_relative_sum_.end())
        return declared_speed(s);
    return std::exp(sum->second.first / sum->second.second);
}

double Baselines::nearest_relative(const IsolatedSample &s) const
{
    return std::exp(neighbours_.log_relative(job_of_type(s.job_type), s.gpu_type, declared(s.gpu_type), s.gpus,
                                             s.spread, LeaveOut::kNothing)
                        .log_value);
}

double Baselines::interpolated_relative(const IsolatedSample &s) const
{
    return std::exp(neighbours_
                        .interpolated_log_relative(job_of_type(s.job_type), s.gpu_type, declared(s.gpu_type), s.gpus,
                                                   s.spread, LeaveOut::kNothing)
                        .log_value);
}

double Baselines::mean_slowdown(const PairSample &s) const
{
    auto sum = slowdown_sum_.find(s.gpu_type);
    return sum == slowdown_sum_.end() ? slowdown_all_ : sum->second.first / sum->second.second;
}

double Baselines::nearest_slowdown(const PairSample &s) const
{
    return std::exp(neighbours_.log_slowdown(job_of_type(s.job_type), job_of_type(s.other_type), s.gpu_type,
                                             declared(s.gpu_type), s.gpus, LeaveOut::kNothing)
                        .log_value);
}

double Baselines::interpolated_slowdown(const PairSample &s) const
{
    return std::exp(neighbours_
                        .interpolated_log_slowdown(job_of_type(s.job_type), job_of_type(s.other_type), s.gpu_type,
                                                   declared(s.gpu_type), s.gpus, LeaveOut::kNothing)
                        .log_value);
}

}  // namespace accord::model
