// Candidates as the network's input rows (see feature_schema.h).
#include "model/feature_schema.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <tuple>

namespace accord::model {

std::string family_key(const std::string &family)
{
    std::string key;
    for (char c : family)
        if (std::isalnum(static_cast<unsigned char>(c)))
            key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return key;
}

namespace {

std::map<std::string, double> speeds_of(const std::map<std::string, GpuDescriptor> &gpus)
{
    std::map<std::string, double> speeds;
    for (const auto &[name, d] : gpus)
        speeds[name] = d.relative_speed;
    return speeds;
}

}  // namespace

FeatureSchema::FeatureSchema(std::vector<std::string> families, std::map<std::string, GpuDescriptor> gpus,
                             NeighbourSamples neighbours)
    : families_(std::move(families)),
      gpus_(std::move(gpus)),
      neighbours_(std::make_shared<const NeighbourEstimates>(std::move(neighbours), speeds_of(gpus_)))
{
    for (size_t i = 0; i < families_.size(); i++)
        if (!family_index_.emplace(family_key(families_[i]), static_cast<int>(i)).second)
            throw std::invalid_argument("families '" + families_[i] + "' and '" +
                                        families_[family_index_[family_key(families_[i])]] +
                                        "' differ only in case or punctuation");
    for (const auto &entry : gpus_)
        gpu_names_.push_back(entry.first);
}

bool FeatureSchema::declare_gpu(const std::string &name, const GpuDescriptor &d)
{
    if (knows_gpu(name) || !(d.relative_speed > 0) || !(d.fp32_tflops > 0) || !(d.memory_gb > 0) ||
        !(d.memory_bandwidth_gbs > 0))
        return false;
    declared_[name] = d;
    neighbours_->forget();
    return true;
}

bool FeatureSchema::can_encode(const std::string &gpu_type) const
{
    return knows_gpu(gpu_type) || declared_.count(gpu_type) > 0;
}

void FeatureSchema::append_job(const Job &job, std::vector<float> &out) const
{
    size_t start = out.size();
    out.resize(start + job_width(), 0.0f);
    auto family = family_index_.find(family_key(job.family));
    if (family != family_index_.end())
        out[start + family->second] = 1.0f;
    if (job.batch_size > 0) {
        out[start + families_.size()] = static_cast<float>(std::log2(job.batch_size) / 10.0);
        out[start + families_.size() + 1] = 1.0f;
    }
}

const GpuDescriptor &FeatureSchema::descriptor(const std::string &name) const
{
    auto known = gpus_.find(name);
    return known != gpus_.end() ? known->second : declared_.at(name);
}

void FeatureSchema::append_gpu(const std::string &name, std::vector<float> &out) const
{
    size_t start = out.size();
    out.resize(start + gpu_width(), 0.0f);
    auto known = gpus_.find(name);
    const GpuDescriptor &d = descriptor(name);
    if (known != gpus_.end())
        out[start + std::distance(gpus_.begin(), known)] = 1.0f;
    float *numeric = &out[start + gpu_names_.size()];
    numeric[0] = static_cast<float>(std::log(d.relative_speed));
    numeric[1] = static_cast<float>(std::log(d.fp32_tflops / 10.0));
    numeric[2] = static_cast<float>(std::log(d.memory_gb / 16.0));
    numeric[3] = static_cast<float>(std::log(d.memory_bandwidth_gbs / 900.0));
}

void FeatureSchema::append(const Candidate &candidate, EncodedBatch &batch, LeaveOut leave) const
{
    append_job(candidate.job, batch.job);
    append_gpu(candidate.gpu_type, batch.gpu);
    batch.config.push_back(static_cast<float>(std::log2(std::max(1, candidate.gpus)) / 3.0));
    batch.config.push_back(candidate.spread ? 1.0f : 0.0f);
    append_estimates(candidate, leave, batch);
    batch.rows++;
}

void FeatureSchema::append_estimates(const Candidate &c, LeaveOut leave, EncodedBatch &batch) const
{
    const NeighbourEstimates &n = *neighbours_;
    double speed = descriptor(c.gpu_type).relative_speed;
    // With only the co-runner's type left out, the job's own are there.
    LeaveOut leave_alone = leave == LeaveOut::kOwnCoRunnerType ? LeaveOut::kNothing
                           : leave == LeaveOut::kBothTypes     ? LeaveOut::kOwnJobType
                                                               : leave;
    Estimate alone = n.interpolated_log_relative(c.job, c.gpu_type, speed, c.gpus, c.spread, leave_alone);
    batch.config.push_back(static_cast<float>(alone.log_value));
    batch.config.push_back(static_cast<float>(alone.distance / 4));
    batch.relative_kind.push_back(alone.kind);
    std::vector<const Job *> co_runners;
    for (const Job &job : c.co_runners)
        co_runners.push_back(&job);
    std::sort(co_runners.begin(), co_runners.end(), [](const Job *a, const Job *b) {
        return std::tie(a->family, a->batch_size) < std::tie(b->family, b->batch_size);
    });
    for (const Job *co : co_runners) {
        append_job(*co, batch.co_runner);
        Estimate pair = n.interpolated_log_slowdown(c.job, *co, c.gpu_type, speed, c.gpus, leave);
        batch.co_runner.push_back(static_cast<float>(pair.log_value));
        batch.co_runner.push_back(static_cast<float>(pair.distance / 4));
        batch.pair_kind.push_back(pair.kind);
        batch.owner.push_back(static_cast<int64_t>(batch.rows));
    }
}

std::vector<double> FeatureSchema::relative_estimates(const EncodedBatch &batch) const
{
    std::vector<double> estimates(batch.rows);
    for (size_t row = 0; row < batch.rows; row++)
        estimates[row] = batch.config[row * kConfigWidth + kIsolatedEstimateColumn];
    return estimates;
}

std::vector<double> FeatureSchema::slowdown_estimates(const EncodedBatch &batch) const
{
    std::vector<double> sum(batch.rows, 0.0);
    for (size_t c = 0; c < batch.owner.size(); c++)
        sum[batch.owner[c]] += batch.co_runner[c * co_runner_width() + job_width()];
    return sum;
}

std::string FeatureSchema::stamp() const
{
    std::string text = "families=";
    for (size_t i = 0; i < families_.size(); i++)
        text += (i ? "," : "") + families_[i];
    text += ";gpus=";
    for (size_t i = 0; i < gpu_names_.size(); i++) {
        const GpuDescriptor &d = gpus_.at(gpu_names_[i]);
        char figures[128];
        std::snprintf(figures, sizeof figures, ":%.6g/%.6g/%.6g/%.6g", d.relative_speed, d.fp32_tflops,
                      d.memory_gb, d.memory_bandwidth_gbs);
        text += (i ? "," : "") + gpu_names_[i] + figures;
    }
    const NeighbourSamples &n = neighbours_->samples();
    double checksum = 0;
    for (const auto &s : n.isolated)
        checksum += std::log(s.relative) * (s.gpus + (s.spread ? 0.5 : 0)) + s.job.batch_size;
    for (const auto &s : n.pairs)
        checksum += std::log(s.slowdown) * s.gpus + s.job.batch_size - s.other.batch_size;
    char neighbours[96];
    std::snprintf(neighbours, sizeof neighbours, ";neighbours=%zu/%zu/%.6g", n.isolated.size(), n.pairs.size(),
                  checksum);
    return text + neighbours;
}

}  // namespace accord::model
