// Baseline estimates (see baselines.h).
#include "model/baselines.h"

#include <cmath>
#include <limits>

#include "model/gpu_catalog.h"
#include "model/job_type_name.h"

namespace accord::model {

namespace {

double declared(const std::string &gpu)
{
    auto entry = gpu_catalog().find(gpu);
    return entry == gpu_catalog().end() ? 1.0 : entry->second.relative_speed;
}

// The mean of value(s) over the samples at the least distance(s).
template <typename Sample, typename Distance, typename Value>
double nearest_mean(const std::vector<Sample> &samples, Distance distance, Value value)
{
    double best = std::numeric_limits<double>::infinity(), sum = 0;
    int count = 0;
    for (const Sample &s : samples) {
        double d = distance(s);
        if (d < best - 1e-12) {
            best = d;
            sum = 0;
            count = 0;
        }
        if (d <= best + 1e-12) {
            sum += value(s);
            count++;
        }
    }
    return count ? sum / count : std::nan("");
}

}  // namespace

double job_distance(const std::string &a, const std::string &b)
{
    Job x = job_of_type(a), y = job_of_type(b);
    double d = x.family == y.family ? 0 : 4;
    if (x.batch_size > 0 && y.batch_size > 0)
        d += std::fabs(std::log2(x.batch_size) - std::log2(y.batch_size));
    else if ((x.batch_size > 0) != (y.batch_size > 0))
        d += 2;
    return d;
}

double gpu_distance(const std::string &a, const std::string &b)
{
    return (a == b ? 0 : 2) + 2 * std::fabs(std::log(declared(a) / declared(b)));
}

Baselines::Baselines(const TrainingData &train) : train_(train)
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
    return nearest_mean(
        train_.isolated,
        [&](const IsolatedSample &t) {
            return job_distance(s.job_type, t.job_type) + gpu_distance(s.gpu_type, t.gpu_type) +
                   std::fabs(std::log2(s.gpus) - std::log2(t.gpus)) + (s.spread == t.spread ? 0 : 1);
        },
        [](const IsolatedSample &t) { return t.relative; });
}

double Baselines::mean_slowdown(const PairSample &s) const
{
    auto sum = slowdown_sum_.find(s.gpu_type);
    return sum == slowdown_sum_.end() ? slowdown_all_ : sum->second.first / sum->second.second;
}

double Baselines::nearest_slowdown(const PairSample &s) const
{
    return nearest_mean(
        train_.pairs,
        [&](const PairSample &t) {
            return job_distance(s.job_type, t.job_type) + job_distance(s.other_type, t.other_type) +
                   gpu_distance(s.gpu_type, t.gpu_type) + std::fabs(std::log2(s.gpus) - std::log2(t.gpus));
        },
        [](const PairSample &t) { return t.slowdown; });
}

}  // namespace accord::model
