// Nearest-neighbour estimates from the training samples (see
// neighbour_estimates.h).
#include "model/neighbour_estimates.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

#include "model/feature_schema.h"

namespace accord::model {

namespace {

constexpr size_t kCacheLimit = 1 << 16;

// Running mean of the values at the least distance (ties within 1e-12):
// arithmetic (the baseline) or geometric (the stacking inputs, chosen on
// the inner split).
struct Nearest {
    double best = std::numeric_limits<double>::infinity(), sum = 0, log_sum = 0;
    int count = 0;

    void add(double distance, double value)
    {
        if (distance < best - 1e-12) {
            best = distance;
            sum = 0;
            log_sum = 0;
            count = 0;
        }
        if (distance <= best + 1e-12) {
            sum += value;
            log_sum += std::log(value);
            count++;
        }
    }
    Estimate estimate(bool geometric) const
    {
        if (!count)
            return Estimate{0.0, kFarthest, EstimateKind::kNearest};
        return Estimate{geometric ? log_sum / count : std::log(sum / count), std::min(best, kFarthest),
                        best == 0 ? EstimateKind::kMeasured : EstimateKind::kNearest};
    }
};

// Whether a pair sample ({job type, co-runner type, GPU}) is left out.
bool left_out(const std::array<int, 3> &index, LeaveOut leave, int own_type, int own_other)
{
    auto involves = [&](int type) { return type >= 0 && (index[0] == type || index[1] == type); };
    bool job = leave == LeaveOut::kOwnJobType || leave == LeaveOut::kBothTypes;
    bool other = leave == LeaveOut::kOwnCoRunnerType || leave == LeaveOut::kBothTypes;
    return (job && involves(own_type)) || (other && involves(own_other));
}

double log2_distance(int a, int b) { return std::fabs(std::log2(a) - std::log2(b)); }

// The nearest estimate with the fit's value, when there is a fit and the
// candidate's own samples are not the estimate.
Estimate with_fit(Estimate nearest, const std::optional<double> &fit)
{
    if (!fit || nearest.kind == EstimateKind::kMeasured)
        return nearest;
    nearest.log_value = *fit;
    nearest.kind = EstimateKind::kFamily;
    return nearest;
}

}  // namespace

double job_distance(const Job &a, const Job &b)
{
    double d = family_key(a.family) == family_key(b.family) ? 0 : 4;
    if (a.batch_size > 0 && b.batch_size > 0)
        d += std::fabs(std::log2(a.batch_size) - std::log2(b.batch_size));
    else if ((a.batch_size > 0) != (b.batch_size > 0))
        d += 2;
    return d;
}

double gpu_distance(const std::string &a, double speed_a, const std::string &b, double speed_b)
{
    return (a == b ? 0 : 2) + 2 * std::fabs(std::log(speed_a / speed_b));
}

bool same_job_type(const Job &a, const Job &b)
{
    return a.batch_size == b.batch_size && family_key(a.family) == family_key(b.family);
}

NeighbourEstimates::NeighbourEstimates(NeighbourSamples samples, const std::map<std::string, double> &speeds)
    : samples_(std::move(samples))
{
    auto speed_of = [&](const std::string &gpu) {
        auto entry = speeds.find(gpu);
        if (entry == speeds.end())
            throw std::invalid_argument("no declared speed for GPU type '" + gpu + "' of a neighbour sample");
        return entry->second;
    };
    for (const NeighbourSamples::Isolated &s : samples_.isolated) {
        speed_of(s.gpu_type);
        isolated_index_.push_back({type_index(s.job), gpu_index(s.gpu_type)});
    }
    for (const NeighbourSamples::Pair &s : samples_.pairs) {
        speed_of(s.gpu_type);
        pair_index_.push_back({type_index(s.job), type_index(s.other), gpu_index(s.gpu_type)});
    }
    for (const std::string &gpu : gpu_types_)
        gpu_speeds_.push_back(speed_of(gpu));
    std::vector<ConfigCompletion::Sample> by_config;
    for (size_t i = 0; i < samples_.isolated.size(); i++) {
        const auto &s = samples_.isolated[i];
        by_config.push_back({isolated_index_[i][0], isolated_index_[i][1], s.gpus, s.spread, std::log(s.relative)});
    }
    configs_ = std::make_shared<const ConfigCompletion>(by_config, types_.size());
}

int NeighbourEstimates::type_index(const Job &job)
{
    for (size_t t = 0; t < types_.size(); t++)
        if (same_job_type(types_[t], job))
            return static_cast<int>(t);
    types_.push_back(job);
    return static_cast<int>(types_.size() - 1);
}

int NeighbourEstimates::gpu_index(const std::string &gpu_type)
{
    for (size_t g = 0; g < gpu_types_.size(); g++)
        if (gpu_types_[g] == gpu_type)
            return static_cast<int>(g);
    gpu_types_.push_back(gpu_type);
    return static_cast<int>(gpu_types_.size() - 1);
}

std::vector<double> NeighbourEstimates::job_distances(const Job &job, int &own) const
{
    std::vector<double> d(types_.size());
    own = -1;
    for (size_t t = 0; t < types_.size(); t++) {
        d[t] = job_distance(job, types_[t]);
        if (same_job_type(job, types_[t]))
            own = static_cast<int>(t);
    }
    return d;
}

std::vector<double> NeighbourEstimates::gpu_distances(const std::string &gpu_type, double speed) const
{
    std::vector<double> d(gpu_types_.size());
    for (size_t g = 0; g < gpu_types_.size(); g++)
        d[g] = gpu_distance(gpu_type, speed, gpu_types_[g], gpu_speeds_[g]);
    return d;
}

int NeighbourEstimates::type_of(const Job &job) const
{
    for (size_t t = 0; t < types_.size(); t++)
        if (same_job_type(job, types_[t]))
            return static_cast<int>(t);
    return -1;
}

std::vector<bool> NeighbourEstimates::same_family(const Job &job) const
{
    std::vector<bool> same(types_.size());
    for (size_t t = 0; t < types_.size(); t++)
        same[t] = family_key(types_[t].family) == family_key(job.family);
    return same;
}

Estimate NeighbourEstimates::remembered(const Job &job, const Job &other, const std::string &gpu_type, double speed,
                                        int gpus, bool spread, LeaveOut leave, bool interpolated,
                                        const std::function<Estimate()> &compute) const
{
    Key key{family_key(job.family), job.batch_size, family_key(other.family), other.batch_size, gpu_type,
            speed, gpus, spread, static_cast<int>(leave), interpolated};
    auto cached = cache_->find(key);
    if (cached != cache_->end())
        return cached->second;
    Estimate estimate = compute();
    if (cache_->size() >= kCacheLimit)
        cache_->clear();
    return (*cache_)[key] = estimate;
}

Estimate NeighbourEstimates::log_relative(const Job &job, const std::string &gpu_type, double speed, int gpus,
                                        bool spread, LeaveOut leave) const
{
    return remembered(job, Job{}, gpu_type, speed, gpus, spread, leave, false,
                      [&] { return nearest_relative(job, gpu_type, speed, gpus, spread, leave, false); });
}

Estimate NeighbourEstimates::log_slowdown(const Job &job, const Job &other, const std::string &gpu_type, double speed,
                                        int gpus, LeaveOut leave) const
{
    return remembered(job, other, gpu_type, speed, gpus, false, leave, false,
                      [&] { return nearest_slowdown(job, other, gpu_type, speed, gpus, leave, false); });
}

Estimate NeighbourEstimates::nearest_relative(const Job &job, const std::string &gpu_type, double speed, int gpus,
                                              bool spread, LeaveOut leave, bool geometric) const
{
    if (leave == LeaveOut::kOwnCoRunnerType || leave == LeaveOut::kBothTypes)
        throw std::invalid_argument("an isolated estimate has no co-runner to leave out");
    int own_type;
    std::vector<double> jd = job_distances(job, own_type), gd = gpu_distances(gpu_type, speed);
    Nearest nearest;
    for (size_t i = 0; i < samples_.isolated.size(); i++) {
        const auto &s = samples_.isolated[i];
        const auto &[type, gpu] = isolated_index_[i];
        if (leave == LeaveOut::kOwnJobType && type == own_type)
            continue;
        nearest.add(jd[type] + gd[gpu] + log2_distance(gpus, s.gpus) + (spread == s.spread ? 0 : 1), s.relative);
    }
    return nearest.estimate(geometric);
}

Estimate NeighbourEstimates::nearest_slowdown(const Job &job, const Job &other, const std::string &gpu_type,
                                              double speed, int gpus, LeaveOut leave, bool geometric) const
{
    int own_type, own_other;
    std::vector<double> jd = job_distances(job, own_type), od = job_distances(other, own_other),
                        gd = gpu_distances(gpu_type, speed);
    Nearest nearest;
    for (size_t i = 0; i < samples_.pairs.size(); i++) {
        const auto &index = pair_index_[i];
        if (left_out(index, leave, own_type, own_other))
            continue;
        nearest.add(jd[index[0]] + od[index[1]] + gd[index[2]] + log2_distance(gpus, samples_.pairs[i].gpus),
                    samples_.pairs[i].slowdown);
    }
    return nearest.estimate(geometric);
}

Estimate NeighbourEstimates::interpolated_log_relative(const Job &job, const std::string &gpu_type, double speed,
                                                       int gpus, bool spread, LeaveOut leave) const
{
    return remembered(job, Job{}, gpu_type, speed, gpus, spread, leave, true, [&] {
        Estimate estimate = nearest_relative(job, gpu_type, speed, gpus, spread, leave, true);
        std::optional<double> fit = family_over_batch(job, gpu_type, gpus, spread, leave);
        if (!fit)
            fit = completed(job, gpu_type, gpus, spread, leave);
        return with_fit(estimate, fit);
    });
}

std::optional<double> NeighbourEstimates::family_over_batch(const Job &job, const std::string &gpu_type, int gpus,
                                                            bool spread, LeaveOut leave) const
{
    if (job.batch_size <= 0)
        return std::nullopt;
    int own_type = type_of(job);
    std::vector<bool> family = same_family(job);
    std::vector<BatchPoint> points;
    for (size_t i = 0; i < samples_.isolated.size(); i++) {
        const auto &s = samples_.isolated[i];
        const auto &[type, gpu] = isolated_index_[i];
        if (family[type] && types_[type].batch_size > 0 && gpu_types_[gpu] == gpu_type && s.gpus == gpus &&
            s.spread == spread && !(leave == LeaveOut::kOwnJobType && type == own_type))
            points.push_back({std::log2(types_[type].batch_size), std::log(s.relative)});
    }
    return interpolate_over_batch(points, std::log2(job.batch_size), true);
}

std::optional<double> NeighbourEstimates::completed(const Job &job, const std::string &gpu_type, int gpus,
                                                    bool spread, LeaveOut leave) const
{
    auto g = std::find(gpu_types_.begin(), gpu_types_.end(), gpu_type) - gpu_types_.begin();
    if (g == static_cast<long>(gpu_types_.size()))
        return std::nullopt;
    std::vector<bool> family = same_family(job);
    ConfigCompletion::Asker asker{family, type_of(job), leave == LeaveOut::kOwnJobType};
    if (auto across_gpus = configs_->complete_across_gpus(asker, static_cast<int>(g), gpus, spread))
        return across_gpus;
    return configs_->complete(asker, static_cast<int>(g), gpus, spread);
}

Estimate NeighbourEstimates::interpolated_log_slowdown(const Job &job, const Job &other, const std::string &gpu_type,
                                                       double speed, int gpus, LeaveOut leave) const
{
    return remembered(job, other, gpu_type, speed, gpus, false, leave, true, [&] {
        return with_fit(nearest_slowdown(job, other, gpu_type, speed, gpus, leave, true),
                        interpolate_slowdown(job, other, gpu_type, gpus, leave));
    });
}

std::optional<double> NeighbourEstimates::interpolate_slowdown(const Job &job, const Job &other,
                                                               const std::string &gpu_type, int gpus,
                                                               LeaveOut leave) const
{
    int own_type = type_of(job), own_other = type_of(other);
    std::vector<bool> job_family = same_family(job), other_family = same_family(other);
    bool job_seen = false, other_seen = false;
    // Over the job's batch size next to the co-runner's type, and over the
    // co-runner's next to the job's type.
    std::vector<BatchPoint> over_job, over_other;
    for (size_t i = 0; i < samples_.pairs.size(); i++) {
        const auto &[type, other_type, gpu] = pair_index_[i];
        if (left_out(pair_index_[i], leave, own_type, own_other))
            continue;
        job_seen = job_seen || type == own_type || other_type == own_type;
        other_seen = other_seen || type == own_other || other_type == own_other;
        if (gpu_types_[gpu] != gpu_type || samples_.pairs[i].gpus != gpus)
            continue;
        double log_value = std::log(samples_.pairs[i].slowdown);
        if (other_type == own_other && job_family[type] && types_[type].batch_size > 0)
            over_job.push_back({std::log2(types_[type].batch_size), log_value});
        if (type == own_type && other_family[other_type] && types_[other_type].batch_size > 0)
            over_other.push_back({std::log2(types_[other_type].batch_size), log_value});
    }
    if (!job_seen && other_seen && job.batch_size > 0)
        return interpolate_over_batch(over_job, std::log2(job.batch_size), false);
    if (job_seen && !other_seen && other.batch_size > 0)
        return interpolate_over_batch(over_other, std::log2(other.batch_size), false);
    return std::nullopt;
}

}  // namespace accord::model
