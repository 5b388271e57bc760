#include "sim/job_speed.h"

namespace accord::sim {

std::optional<double> JobSpeed::scaling(const std::string &job_type, int gpus) const
{
    for (const auto &type : table_.gpu_types()) {
        auto one = table_.isolated(type, job_type, 1);
        auto many = table_.isolated(type, job_type, gpus);
        if (one && many)
            return *many / *one;
    }
    return std::nullopt;
}

std::optional<double> JobSpeed::steps_per_second(const std::string &gpu_type, const std::string &job_type,
                                                 int gpus, bool spread) const
{
    if (spread) {
        if (auto measured = table_.isolated(gpu_type, job_type, gpus, true))
            return measured;
    }
    if (auto measured = table_.isolated(gpu_type, job_type, gpus))
        return measured;
    auto one = table_.isolated(gpu_type, job_type, 1);
    if (!one)
        return std::nullopt;
    auto ratio = scaling(job_type, gpus);
    return *one * (ratio ? *ratio : gpus);
}

}  // namespace accord::sim
