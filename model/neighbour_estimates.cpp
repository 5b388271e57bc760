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

// Running mean of the values at the least distance (ties within 1e-12).
struct Nearest {
    double best = std::numeric_limits<double>::infinity(), sum = 0;
    int count = 0;

    void add(double distance, double value)
    {
        if (distance < best - 1e-12) {
            best = distance;
            sum = 0;
            count = 0;
        }
        if (distance <= best + 1e-12) {
            sum += value;
            count++;
        }
    }
    Estimate estimate() const
    {
        return count ? Estimate{std::log(sum / count), std::min(best, kFarthest)} : Estimate{0.0, kFarthest};
    }
};

double log2_distance(int a, int b) { return std::fabs(std::log2(a) - std::log2(b)); }

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

Estimate NeighbourEstimates::log_relative(const Job &job, const std::string &gpu_type, double speed, int gpus,
                                        bool spread, LeaveOut leave) const
{
    if (leave == LeaveOut::kOwnCoRunnerType)
        throw std::invalid_argument("an isolated estimate has no co-runner to leave out");
    Key key{family_key(job.family), job.batch_size, "", 0, gpu_type, speed, gpus, spread, static_cast<int>(leave)};
    auto cached = cache_->find(key);
    if (cached != cache_->end())
        return cached->second;
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
    if (cache_->size() >= kCacheLimit)
        cache_->clear();
    return (*cache_)[key] = nearest.estimate();
}

Estimate NeighbourEstimates::log_slowdown(const Job &job, const Job &other, const std::string &gpu_type, double speed,
                                        int gpus, LeaveOut leave) const
{
    Key key{family_key(job.family), job.batch_size, family_key(other.family), other.batch_size, gpu_type, speed,
            gpus, false, static_cast<int>(leave)};
    auto cached = cache_->find(key);
    if (cached != cache_->end())
        return cached->second;
    int own_type, own_other;
    std::vector<double> jd = job_distances(job, own_type), od = job_distances(other, own_other),
                        gd = gpu_distances(gpu_type, speed);
    auto involves = [](const std::array<int, 3> &index, int type) {
        return type >= 0 && (index[0] == type || index[1] == type);
    };
    Nearest nearest;
    for (size_t i = 0; i < samples_.pairs.size(); i++) {
        const auto &index = pair_index_[i];
        if ((leave == LeaveOut::kOwnJobType && involves(index, own_type)) ||
            (leave == LeaveOut::kOwnCoRunnerType && involves(index, own_other)))
            continue;
        nearest.add(jd[index[0]] + od[index[1]] + gd[index[2]] + log2_distance(gpus, samples_.pairs[i].gpus),
                    samples_.pairs[i].slowdown);
    }
    if (cache_->size() >= kCacheLimit)
        cache_->clear();
    return (*cache_)[key] = nearest.estimate();
}

}  // namespace accord::model
