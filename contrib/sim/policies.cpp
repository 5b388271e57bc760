#include "sim/policies.h"

#include <stdexcept>

namespace accord::sim {

std::vector<std::string> policy_names()
{
    return {"slurm", "accord"};
}

static core::FamilySpeedRanker::FamilySpeeds one_gpu_speeds(const ThroughputTable &table)
{
    core::FamilySpeedRanker::FamilySpeeds speeds;
    for (const auto &family : table.job_types())
        for (const auto &type : table.gpu_types())
            if (auto rate = table.isolated(type, family, 1))
                speeds[family][type] = *rate;
    return speeds;
}

std::unique_ptr<core::GpuTypeRanker> make_ranker(const std::string &policy, const ThroughputTable &table)
{
    if (policy == "slurm")
        return std::make_unique<core::SpeedTableRanker>(std::map<std::string, double>{});
    if (policy == "accord")
        return std::make_unique<core::FamilySpeedRanker>(one_gpu_speeds(table), std::map<std::string, double>{});
    throw std::invalid_argument("unknown policy '" + policy + "' (known: slurm, accord, all)");
}

}  // namespace accord::sim
