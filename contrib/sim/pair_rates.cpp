#include "sim/pair_rates.h"

#include <stdexcept>

namespace accord::sim {

PairRateMemo::PairRateMemo(const JobSpeed &speed, std::vector<std::string> gpu_types)
    : speed_(&speed), gpu_types_(std::move(gpu_types))
{
}

bool PairRateMemo::serves(const JobSpeed &speed, const std::vector<std::string> &gpu_types) const
{
    return speed_ == &speed && gpu_types_ == gpu_types;
}

int PairRateMemo::job_type_number(const std::string &job_type)
{
    auto [it, added] = job_type_numbers_.try_emplace(job_type, static_cast<int>(job_types_.size()));
    if (added)
        job_types_.push_back(job_type);
    return it->second;
}

const std::optional<PairRates> &PairRateMemo::rates(int gpu_type, int gpus, int job_type, int partner_type)
{
    constexpr int kField = 1 << 16;
    if (gpu_type >= kField || gpus >= kField || job_type >= kField || partner_type >= kField)
        throw std::length_error("lucid: more than 65,535 GPU types, GPUs or job types");
    uint64_t key = static_cast<uint64_t>(gpu_type) << 48 | static_cast<uint64_t>(gpus) << 32 |
                   static_cast<uint64_t>(job_type) << 16 | static_cast<uint64_t>(partner_type);
    auto [it, added] = memo_.try_emplace(key);
    if (added)
        it->second = look_up(gpu_type, gpus, job_type, partner_type);
    return it->second;
}

// Measured pairs only: Gavel measured both jobs together on one node, so
// each is normalised by its one-node throughput alone.
std::optional<PairRates> PairRateMemo::look_up(int gpu_type, int gpus, int job_type, int partner_type) const
{
    const std::string &type = gpu_types_[gpu_type];
    const std::string &mine = job_types_[job_type];
    const std::string &other = job_types_[partner_type];
    auto packed = speed_->colocated(type, mine, other, gpus);
    auto alone = speed_->steps_per_second(type, mine, gpus, false);
    auto partner_alone = speed_->steps_per_second(type, other, gpus, false);
    if (!packed || !alone || !partner_alone)
        return std::nullopt;
    return PairRates{packed->first / *alone + packed->second / *partner_alone, *alone, *partner_alone};
}

}  // namespace accord::sim
